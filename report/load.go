package report

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Item is one entry of a collection: a puzzle of any kind (a grid kind's
// or one played by moves), or a malformed entry (Err, positioned
// file:line:col where the reader knows where; Puzzle nil).
type Item struct {
	// Index is the entry's place in the whole run (Record.Index).
	Index  int
	File   string
	Puzzle *answer.One
	Err    error
	// Input is the entry's fingerprint (Identify sets it).
	Input string
}

// Label names the item as the report's messages do: FILE#N, or FILE.
func (it *Item) Label() string {
	if it.Puzzle == nil {
		return it.File
	}
	return it.Puzzle.Address(it.File)
}

// maxErrors bounds the malformed entries reported of one file; the last
// one says how many more there are.
const maxErrors = 20

// Load reads every puzzle of args: files, folders (walked for the files
// some kind reads, as crosscheck walks them, and the puzzles played by
// moves, in the walk's order; only: that kind's files alone), puzzle
// folders (Kind.Folder: Arrows' reference folders), FILE#SEL for one puzzle of a file, "-" for stdin.
// What cannot be read becomes a malformed item, with the others read all
// the same: a file a walk lists because it is meant as a puzzle but no
// kind reads it (kinds.Files) is one too. A file is read as a stream
// (answer.Open), its puzzles kept, not its bytes. skipped are the closing
// lines of the folders whose walk passed over files on purpose (hidden,
// of no puzzle kind): "skipped 3 files in DIR: ...".
func Load(reg *kinds.Registry, args []string, opt kind.Options, only *kind.Kind, stdin io.Reader) (items []Item, skipped []string) {
	add := func(file string, p *answer.One, err error) {
		items = append(items, Item{Index: len(items), File: file, Puzzle: p, Err: err})
	}
	for _, arg := range args {
		if st, err := os.Stat(arg); err == nil && st.IsDir() && reg.PuzzleFolder(arg) == "" {
			files, sk, err := reg.Files(arg, only)
			if only == nil {
				var moves int
				files, moves = withMoves(reg, arg, files)
				sk.NoKind -= moves
			}
			if note := sk.Note(arg); note != "" {
				skipped = append(skipped, note)
			}
			if err != nil {
				add(arg, nil, err)
			}
			for _, f := range files {
				loadFile(reg, f, "", opt, only, stdin, add)
			}
			continue
		}
		name, sel := arg, ""
		if i := strings.LastIndex(arg, "#"); i > 0 {
			name, sel = arg[:i], arg[i+1:]
		}
		loadFile(reg, name, sel, opt, only, stdin, add)
	}
	return items, skipped
}

// loadFile reads the puzzles of one file (sel: only that one).
func loadFile(reg *kinds.Registry, name, sel string, opt kind.Options, only *kind.Kind, stdin io.Reader,
	add func(string, *answer.One, error)) {
	if f := reg.PuzzleFolder(name); f != "" {
		name = f
	}
	var in io.Reader = stdin
	if name == "-" {
		name = "<stdin>"
	} else {
		f, err := os.Open(name)
		if err != nil {
			add(name, nil, err)
			return
		}
		defer f.Close()
		in = f
	}
	kindName := ""
	if only != nil {
		kindName = only.Name
	}
	if only == nil && sel == "" {
		// A puzzle played by moves is told by its own format's head.
		br := bufio.NewReaderSize(in, puzzle.DetectWindow)
		head, _ := br.Peek(puzzle.DetectWindow)
		in = br
		if reg.DetectMoves(name, head) != nil {
			loadMoves(reg, name, in, add)
			return
		}
	}
	if sel != "" {
		// A selection reads its file whole (answer.Load).
		data, err := io.ReadAll(in)
		if err != nil {
			add(name, nil, err)
			return
		}
		l, err := answer.Load(reg, kindName, name, data, sel, opt)
		if err != nil {
			addErrors(name, err, add)
			return
		}
		for _, inst := range l.Puzzles {
			add(name, &answer.One{Kind: l.Kind, Grid: inst}, nil)
		}
		return
	}
	// The read every front end runs (answer.Open); the report keeps the
	// puzzles of an input beside its malformed entries, each entry's error
	// its own item, in file order.
	st, err := answer.Open(reg, kindName, name, in)
	if err != nil {
		addErrors(name, err, add)
		return
	}
	some, bad := false, 0
	err = st.Each(opt, func(inst kind.Instance, err error) bool {
		if err != nil {
			if bad < maxErrors {
				addErrors(name, err, add)
			}
			bad++
			return true
		}
		some = true
		add(name, &answer.One{Kind: st.Kind, Grid: inst}, nil)
		return true
	})
	if bad > maxErrors {
		add(name, nil, fmt.Errorf("%s: and %d more malformed entries", name, bad-maxErrors))
	}
	switch {
	case err != nil:
		addErrors(name, err, add)
	case !some && bad == 0:
		add(name, nil, fmt.Errorf("%s: no puzzle in input", name))
	}
}

// withMoves is files (a walk of root's files some grid kind reads) with
// the files under root in the format of a kind played by moves put in
// among them, in the walk's order, and how many were put in.
func withMoves(reg *kinds.Registry, root string, files []string) ([]string, int) {
	listed := map[string]bool{}
	for _, f := range files {
		listed[f] = true
	}
	var out []string
	moves := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
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
		if listed[path] {
			out = append(out, path)
			return nil
		}
		if head, err := readHead(path); err == nil && reg.DetectMoves(path, head) != nil {
			out = append(out, path)
			moves++
		}
		return nil
	})
	if err != nil || len(out) < len(files) {
		// The walk did not see what the kinds' walk saw: keep theirs.
		return files, 0
	}
	return out, moves
}

// readHead is the first puzzle.DetectWindow bytes of the file at path.
func readHead(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, puzzle.DetectWindow)
	n, err := io.ReadFull(f, head)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		err = nil
	}
	return head[:n], err
}

// loadMoves reads one puzzle played by moves (answer.LoadMoves): an item
// of its own, or a malformed one saying why it does not read.
func loadMoves(reg *kinds.Registry, name string, in io.Reader, add func(string, *answer.One, error)) {
	data, err := io.ReadAll(in)
	if err != nil {
		add(name, nil, err)
		return
	}
	k, p, err := answer.LoadMoves(reg, name, data)
	if err != nil {
		add(name, nil, err)
		return
	}
	add(name, &answer.One{Kind: k, Moves: p}, nil)
}

// addErrors adds err as items: each of a list of positioned errors its
// own (up to maxErrors), anything else one.
func addErrors(name string, err error, add func(string, *answer.One, error)) {
	var list srcpos.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		add(name, nil, err)
		return
	}
	for i, e := range list {
		if i == maxErrors-1 && len(list) > maxErrors {
			add(name, nil, fmt.Errorf("%v (and %d more errors)", e, len(list)-i-1))
			break
		}
		add(name, nil, e)
	}
}
