package puzzlecmd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
)

// item is one puzzle to work on, with where it came from.
type item struct {
	file string // the argument as given (file name, "<stdin>" or URL)
	kind *kinds.Kind
	inst kinds.Instance
}

// label names the item in messages: the file, plus the puzzle's name when
// the file holds several.
func (it item) label(multi bool) string {
	if multi && it.inst.Name() != "" {
		return it.file + "#" + it.inst.Name()
	}
	return it.file
}

var (
	kindFlag = &cli.StringFlag{Name: "kind", Usage: "puzzle kind (default: detect from the input)"}
	cardFlag = &cli.StringFlag{Name: "card", Usage: "cardinality encoding (encode/card; default totalizer)"}
)

// puzzleFlags are --kind, --card and the kinds' own flags.
func puzzleFlags() []cli.Flag {
	return append([]cli.Flag{kindFlag, cardFlag}, appio.KindFlags()...)
}

func options(c *cli.Context) (kinds.Options, error) { return appio.KindOptions(c) }

// isURL reports whether arg is a puzzle URL rather than a file name.
func isURL(arg string) bool {
	return strings.HasPrefix(arg, "http://") || strings.HasPrefix(arg, "https://") ||
		strings.Contains(arg, "puzz.link/p?") || strings.Contains(arg, "pzv.jp/p")
}

// load reads every puzzle named by args. An argument is a file, "-" for
// standard input, a puzz.link URL, or FILE#SEL (-#SEL for standard input)
// picking one puzzle of a file that holds several: #N the file's N-th
// entry, malformed ones counted, anything else a name (puzzle.Selection
// has the rule). A bad argument (unreadable, malformed, or holding
// malformed puzzles beside good ones) is reported on stderr with its
// position and the others are read all the same: load returns the good
// puzzles, and ExitBadInput as the exit code to start from; it fails only
// when no argument gave a puzzle. For commands with --solver it also
// returns the back-end, resolved once (nil for the others).
func load(c *cli.Context, args []string) ([]item, sat.Factory, int, error) {
	if len(args) == 0 {
		return nil, nil, 0, appio.Exit(appio.ExitBadInput, "no puzzle given (a file, - for stdin, or a puzz.link URL)")
	}
	opt, err := options(c)
	if err != nil {
		return nil, nil, 0, err
	}
	// Reject an unknown --solver before any work (exit 2).
	var newSolver sat.Factory
	if c.IsSet("solver") || c.String("solver") != "" {
		if newSolver, err = appio.Factory(c); err != nil {
			return nil, nil, 0, err
		}
	}
	var out []item
	code := appio.ExitOK
	for _, arg := range args {
		items, err := loadArg(c, arg, opt)
		if err != nil {
			// Report it, go on with the others, and exit 2 at the end.
			appio.Report(c.App.ErrWriter, err)
			code = appio.ExitBadInput
		}
		out = append(out, items...)
	}
	if len(out) == 0 {
		return nil, nil, 0, cli.Exit("", appio.ExitBadInput)
	}
	return out, newSolver, code, nil
}

// loadArg reads the puzzles of one argument. Puzzles may come back with an
// error: the good ones of an input that also holds malformed ones.
func loadArg(c *cli.Context, arg string, opt kinds.Options) ([]item, error) {
	name, sel := arg, ""
	var data []byte
	if isURL(arg) {
		data = []byte(arg)
	} else {
		if i := strings.LastIndex(arg, "#"); i > 0 {
			name, sel = arg[:i], arg[i+1:]
		}
		// A reference Arrows folder holds puzzle.txt (and its solution
		// and metadata beside it).
		if st, err := os.Stat(name); err == nil && st.IsDir() {
			inner := filepath.Join(name, "puzzle.txt")
			if _, err := os.Stat(inner); err != nil {
				return nil, fmt.Errorf("%s: a folder, with no puzzle.txt in it (a reference Arrows folder holds one)", name)
			}
			name = inner
		}
		var err error
		if name, data, err = appio.ReadInput(c, name); err != nil {
			return nil, err
		}
	}
	k, err := pickKind(c, name, data)
	if err != nil {
		return nil, err
	}
	if sel != "" {
		// Only the selected puzzle is read (kinds.Kind.Select).
		inst, err := k.Select(name, data, opt, sel)
		if err != nil {
			return nil, err
		}
		return []item{{file: name, kind: k, inst: inst}}, nil
	}
	insts, err := k.Parse(name, data, opt)
	var partial *kinds.PartialError
	switch {
	case errors.As(err, &partial):
		err = partial.Err
	case err != nil:
		return nil, err
	}
	if len(insts) == 0 && err == nil {
		return nil, fmt.Errorf("%s: no puzzle in input", name)
	}
	out := make([]item, len(insts))
	for i, inst := range insts {
		out[i] = item{file: name, kind: k, inst: inst}
	}
	return out, err
}

func pickKind(c *cli.Context, name string, data []byte) (*kinds.Kind, error) {
	if k := c.String("kind"); k != "" {
		if mk, err := kinds.Find(k); err == nil && !mk.Grid() {
			return nil, fmt.Errorf("%s puzzles are played by moves: use puzzlesat %s solve", k, k)
		}
		return kinds.Lookup(k)
	}
	k, err := kinds.Detect(name, data)
	if mk := kinds.DetectMoves(name, data); err != nil && mk != nil {
		// Say what the input is and which command answers it.
		return nil, fmt.Errorf("%w (this is a %s puzzle: use puzzlesat %s solve)", err, mk.Name, mk.Name)
	}
	return k, err
}
