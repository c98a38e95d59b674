package kinds

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Files walks the folder root (in lexical order) for the files some kind
// reads (only's, when only is set), for commands that take folders of
// puzzles. Hidden entries are skipped, and so are the files a puzzle
// folder holds beside its puzzle (Kind.Folder: a reference Arrows folder's
// solution.txt, not a puzzle of its own). A file is listed when a kind
// tells it from its head, or when it is meant as a puzzle and cannot be
// one: named as a kind's own files (Kind.Exts), or a .json file that is
// no JSON (empty, binary, broken); the loader then reports what is wrong
// with it, so that no such file is passed over in silence. skipped counts
// the files passed over on purpose.
func (r *Registry) Files(root string, only *kind.Kind) (files []string, skipped Skipped, err error) {
	return r.FilesUpTo(root, only, 0)
}

// Skipped counts the files a folder walk passed over on purpose.
type Skipped struct {
	NoKind  int // read, and of no puzzle kind (a README, a solution, a record)
	Hidden  int // hidden files and folders (names starting with ".")
	OverCap int // larger than the cap on one input: not read
}

// Total is the number of files passed over.
func (s Skipped) Total() int { return s.NoKind + s.Hidden + s.OverCap }

// Add adds o's counts to s's.
func (s *Skipped) Add(o Skipped) {
	s.NoKind += o.NoKind
	s.Hidden += o.Hidden
	s.OverCap += o.OverCap
}

// Note is the closing line of a walk of where that passed over files:
// "skipped 3 files in DIR: 2 of no puzzle kind, 1 over --max-input"; ""
// when it passed over none.
func (s Skipped) Note(where string) string {
	if s.Total() == 0 {
		return ""
	}
	var parts []string
	for _, c := range []struct {
		n    int
		what string
	}{{s.NoKind, "of no puzzle kind"}, {s.Hidden, "hidden"}, {s.OverCap, "over --max-input"}} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	files := "files"
	if s.Total() == 1 {
		files = "file"
	}
	return fmt.Sprintf("skipped %d %s in %s: %s", s.Total(), files, where, strings.Join(parts, ", "))
}

// FilesUpTo is Files passing over, unread, every file larger than limit
// bytes (0: no limit), counted in skipped.OverCap. A file is told by its
// head (its first puzzle.DetectWindow bytes), never read whole.
func (r *Registry) FilesUpTo(root string, only *kind.Kind, limit int64) (files []string, skipped Skipped, err error) {
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != root && strings.HasPrefix(d.Name(), ".") {
			skipped.Hidden++
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		if r.besidePuzzle(path) {
			return nil
		}
		if limit > 0 {
			if info, err := d.Info(); err == nil && info.Size() > limit {
				skipped.OverCap++
				return nil
			}
		}
		head, whole, err := readHead(path)
		if err != nil {
			files = append(files, path) // the loader says why it cannot be read
			return nil
		}
		if r.isPuzzle(path, head, whole, only) || r.meantAsPuzzle(path, head, whole, only) {
			files = append(files, path)
		} else {
			skipped.NoKind++
		}
		return nil
	})
	return files, skipped, err
}

// readHead reads the first puzzle.DetectWindow bytes of the file at path,
// cut after their last whole line, and whether they are all of it.
func readHead(path string) (head []byte, whole bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	head = make([]byte, puzzle.DetectWindow)
	n, err := io.ReadFull(f, head)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return head[:n], true, nil
	case err != nil:
		return nil, false, err
	}
	if i := bytes.LastIndexByte(head, '\n'); i >= 0 {
		head = head[:i+1]
	}
	return head, false, nil
}

// isPuzzle reports whether a kind (only, when set) takes head, the head
// of the file at path (DetectHead).
func (r *Registry) isPuzzle(path string, head []byte, whole bool, only *kind.Kind) bool {
	if only != nil {
		return only.Detect(path, head)
	}
	_, err := r.DetectHead(path, head, whole)
	return err == nil
}

// meantAsPuzzle reports whether the file at path is meant as a puzzle
// though no kind tells it from its content: named as a kind's own files
// (only's, when set), or a .json file that is not JSON (empty, binary,
// broken), which a folder of puzzles holds only as a puzzle gone bad. A
// well-formed JSON document of no kind (a generator's record) is not.
func (r *Registry) meantAsPuzzle(path string, head []byte, whole bool, only *kind.Kind) bool {
	if k := r.ByExt(path); k != nil && (only == nil || k == only) {
		return true
	}
	if !strings.EqualFold(filepath.Ext(path), ".json") {
		return false
	}
	data := srcpos.TrimBOM(head)
	if len(bytes.TrimSpace(data)) == 0 {
		return true
	}
	return notText(path, data) != nil || brokenJSON(path, data, whole) != nil
}

// PuzzleFolder returns the file that stands for the folder dir when dir
// is one puzzle of a kind (Kind.Folder: a reference Arrows folder's
// puzzle.txt), or "".
func (r *Registry) PuzzleFolder(dir string) string {
	for _, k := range r.all {
		if f := puzzleIn(k, dir); f != "" {
			return f
		}
	}
	return ""
}

// puzzleIn is k's puzzle file in dir, or "" when dir is no puzzle folder
// of k.
func puzzleIn(k *kind.Kind, dir string) string {
	if k.Folder == nil {
		return ""
	}
	f := filepath.Join(dir, k.Folder.File)
	if st, err := os.Stat(f); err != nil || st.IsDir() {
		return ""
	}
	return f
}

// FolderNote says what makes a folder a puzzle (Kind.Folder), for
// messages: "arrows: a folder holding puzzle.txt".
func (r *Registry) FolderNote() string {
	var out []string
	for _, k := range r.all {
		if k.Folder != nil {
			out = append(out, fmt.Sprintf("%s: a folder holding %s", k.Name, k.Folder.File))
		}
	}
	if len(out) == 0 {
		return "no kind reads a folder as a puzzle"
	}
	return strings.Join(out, "; ")
}

// besidePuzzle reports whether the file at path is one that a puzzle
// folder holds beside its puzzle.
func (r *Registry) besidePuzzle(path string) bool {
	dir, name := filepath.Split(path)
	for _, k := range r.all {
		if k.Folder != nil && slices.Contains(k.Folder.Beside, name) && puzzleIn(k, dir) != "" {
			return true
		}
	}
	return false
}
