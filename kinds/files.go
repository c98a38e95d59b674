package kinds

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Files walks the folder root (in lexical order) for the files some kind
// reads (only's, when only is set), for commands that take folders of
// puzzles. Hidden entries are skipped, and so are the files a puzzle
// folder holds beside its puzzle (Kind.Folder: a reference Arrows folder's
// solution.txt, not a puzzle of its own). skipped counts the regular files
// no kind reads.
func Files(root string, only *Kind) (files []string, skipped int, err error) {
	return FilesUpTo(root, only, 0)
}

// FilesUpTo is Files reading no file larger than limit bytes (0: no
// limit) to tell its kind: such a file is listed unread, for the loader
// to refuse by the same cap.
func FilesUpTo(root string, only *Kind, limit int64) (files []string, skipped int, err error) {
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		if besidePuzzle(path) {
			return nil
		}
		if limit > 0 {
			if info, err := d.Info(); err == nil && info.Size() > limit {
				files = append(files, path)
				return nil
			}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		ok := false
		if only != nil {
			ok = only.Detect(path, data)
		} else {
			_, derr := Detect(path, data)
			ok = derr == nil
		}
		if ok {
			files = append(files, path)
		} else {
			skipped++
		}
		return nil
	})
	return files, skipped, err
}

// PuzzleFolder returns the file that stands for the folder dir when dir
// is one puzzle of a kind (Kind.Folder: a reference Arrows folder's
// puzzle.txt), or "".
func PuzzleFolder(dir string) string {
	for _, k := range all {
		if f := puzzleIn(k, dir); f != "" {
			return f
		}
	}
	return ""
}

// puzzleIn is k's puzzle file in dir, or "" when dir is no puzzle folder
// of k.
func puzzleIn(k *Kind, dir string) string {
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
func FolderNote() string {
	var out []string
	for _, k := range all {
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
func besidePuzzle(path string) bool {
	dir, name := filepath.Split(path)
	for _, k := range all {
		if k.Folder != nil && slices.Contains(k.Folder.Beside, name) && puzzleIn(k, dir) != "" {
			return true
		}
	}
	return false
}
