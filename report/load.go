package report

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Item is one entry of a collection: a puzzle, or a malformed entry (Err,
// positioned file:line:col where the reader knows where).
type Item struct {
	// Index is the entry's place in the whole run (Record.Index).
	Index int
	File  string
	Inst  kinds.Instance
	Err   error
	// Input is the entry's fingerprint (Identify sets it).
	Input string
}

// maxErrors bounds the malformed entries reported of one file; the last
// one says how many more there are.
const maxErrors = 20

// Load reads every puzzle of args: files, folders (walked for the files
// some kind reads, as crosscheck walks them; only: that kind's), puzzle
// folders (Kind.Folder: Arrows' reference folders), FILE#SEL for one puzzle of a file, "-" for stdin.
// What cannot be read becomes a malformed item, with the others read all
// the same: a file a walk lists because it is meant as a puzzle but no
// kind reads it (kinds.Files) is one too. A file is read as a stream
// (answer.Open), its puzzles kept, not its bytes. skipped are the closing
// lines of the folders whose walk passed over files on purpose (hidden,
// of no puzzle kind): "skipped 3 files in DIR: ...".
func Load(args []string, opt kinds.Options, only *kinds.Kind, stdin io.Reader) (items []Item, skipped []string) {
	add := func(file string, inst kinds.Instance, err error) {
		items = append(items, Item{Index: len(items), File: file, Inst: inst, Err: err})
	}
	for _, arg := range args {
		if st, err := os.Stat(arg); err == nil && st.IsDir() && kinds.PuzzleFolder(arg) == "" {
			files, sk, err := kinds.Files(arg, only)
			if note := sk.Note(arg); note != "" {
				skipped = append(skipped, note)
			}
			if err != nil {
				add(arg, nil, err)
			}
			for _, f := range files {
				loadFile(f, "", opt, only, stdin, add)
			}
			continue
		}
		name, sel := arg, ""
		if i := strings.LastIndex(arg, "#"); i > 0 {
			name, sel = arg[:i], arg[i+1:]
		}
		loadFile(name, sel, opt, only, stdin, add)
	}
	return items, skipped
}

// loadFile reads the puzzles of one file (sel: only that one).
func loadFile(name, sel string, opt kinds.Options, only *kinds.Kind, stdin io.Reader, add func(string, kinds.Instance, error)) {
	if f := kinds.PuzzleFolder(name); f != "" {
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
	kind := ""
	if only != nil {
		kind = only.Name
	}
	if sel != "" {
		// A selection reads its file whole (answer.Load).
		data, err := io.ReadAll(in)
		if err != nil {
			add(name, nil, err)
			return
		}
		l, err := answer.Load(kind, name, data, sel, opt)
		if err != nil {
			addErrors(name, err, add)
			return
		}
		for _, inst := range l.Puzzles {
			add(name, inst, nil)
		}
		return
	}
	// The read every front end runs (answer.Open); the report keeps the
	// puzzles of an input beside its malformed entries, each entry's error
	// its own item, in file order.
	st, err := answer.Open(kind, name, in)
	if err != nil {
		addErrors(name, err, add)
		return
	}
	some, bad := false, 0
	err = st.Each(opt, func(inst kinds.Instance, err error) bool {
		if err != nil {
			if bad < maxErrors {
				addErrors(name, err, add)
			}
			bad++
			return true
		}
		some = true
		add(name, inst, nil)
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

// addErrors adds err as items: each of a list of positioned errors its
// own (up to maxErrors), anything else one.
func addErrors(name string, err error, add func(string, kinds.Instance, error)) {
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
