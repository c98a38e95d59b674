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
}

// maxErrors bounds the malformed entries reported of one file; the last
// one says how many more there are.
const maxErrors = 20

// Load reads every puzzle of args: files, folders (walked for the files
// some kind reads, as crosscheck walks them; only: that kind's), puzzle
// folders (Kind.Folder: Arrows' reference folders), FILE#SEL for one puzzle of a file, "-" for stdin.
// What cannot be read becomes a malformed item, with the others read all
// the same. skipped counts the files of the folders no kind reads.
func Load(args []string, opt kinds.Options, only *kinds.Kind, stdin io.Reader) (items []Item, skipped int) {
	add := func(file string, inst kinds.Instance, err error) {
		items = append(items, Item{Index: len(items), File: file, Inst: inst, Err: err})
	}
	for _, arg := range args {
		if st, err := os.Stat(arg); err == nil && st.IsDir() && kinds.PuzzleFolder(arg) == "" {
			files, n, err := kinds.Files(arg, only)
			skipped += n
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
	var (
		data []byte
		err  error
	)
	if name == "-" {
		name = "<stdin>"
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		add(name, nil, err)
		return
	}
	kind := ""
	if only != nil {
		kind = only.Name
	}
	// The load every front end runs (answer.Load); the report keeps the
	// puzzles of an input beside its malformed entries, each entry's error
	// its own item.
	l, err := answer.Load(kind, name, data, sel, opt)
	if err != nil {
		addErrors(name, err, add)
		return
	}
	for _, inst := range l.Puzzles {
		add(name, inst, nil)
	}
	if l.Partial != nil {
		addErrors(name, l.Partial, add)
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
