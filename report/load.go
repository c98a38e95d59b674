package report

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

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
// some kind reads, as crosscheck walks them; only: that kind's), Arrows
// reference folders, FILE#SEL for one puzzle of a file, "-" for stdin.
// What cannot be read becomes a malformed item, with the others read all
// the same. skipped counts the files of the folders no kind reads.
func Load(args []string, opt kinds.Options, only *kinds.Kind, stdin io.Reader) (items []Item, skipped int) {
	add := func(file string, inst kinds.Instance, err error) {
		items = append(items, Item{Index: len(items), File: file, Inst: inst, Err: err})
	}
	for _, arg := range args {
		if st, err := os.Stat(arg); err == nil && st.IsDir() && !kinds.IsArrowsFolder(arg) {
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
	if kinds.IsArrowsFolder(name) {
		name = filepath.Join(name, "puzzle.txt")
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
	k := only
	if k == nil {
		if k, err = kinds.Detect(name, data); err != nil {
			if mk := kinds.DetectMoves(name, data); mk != nil {
				err = fmt.Errorf("%s: a %s puzzle, played by moves: puzzlesat %s solve answers it", name, mk.Name, mk.Name)
			}
			add(name, nil, err)
			return
		}
	}
	if sel != "" {
		inst, err := k.Select(name, data, opt, sel)
		add(name, inst, err)
		return
	}
	insts, err := k.Parse(name, data, opt)
	var partial *kinds.PartialError
	if errors.As(err, &partial) {
		err = partial.Err
	}
	for _, inst := range insts {
		add(name, inst, nil)
	}
	if err == nil && len(insts) == 0 {
		err = fmt.Errorf("%s: no puzzle in input", name)
	}
	if err == nil {
		return
	}
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
