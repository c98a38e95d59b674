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
	ruleFlag = &cli.StringFlag{Name: "rule", Value: "either", Usage: "Juosan clue reading: either or majority"}
	cardFlag = &cli.StringFlag{Name: "card", Usage: "cardinality encoding (encode/card; default totalizer)"}
	rulesFlg = &cli.StringFlag{Name: "rules", Usage: "rules file for kinds whose rules are data (arrows)"}
)

func puzzleFlags() []cli.Flag {
	return []cli.Flag{kindFlag, ruleFlag, cardFlag, rulesFlg}
}

func options(c *cli.Context) (kinds.Options, error) {
	o := kinds.Options{Rule: c.String("rule"), Card: c.String("card"), Rules: c.String("rules")}
	switch o.Rule {
	case "", "either", "majority":
	default:
		return o, appio.Exit(appio.ExitBadInput, "unknown --rule %q (want either or majority)", o.Rule)
	}
	return o, nil
}

// isURL reports whether arg is a puzzle URL rather than a file name.
func isURL(arg string) bool {
	return strings.HasPrefix(arg, "http://") || strings.HasPrefix(arg, "https://") ||
		strings.Contains(arg, "puzz.link/p?") || strings.Contains(arg, "pzv.jp/p")
}

// load reads every puzzle named by args. An argument is a file, "-" for
// standard input, a puzz.link URL, or FILE#SEL (-#SEL for standard input)
// picking one puzzle of a file that holds several: #N the file's N-th
// entry, malformed ones counted, anything else a name (puzzle.Selection
// has the rule). When an input holds
// malformed puzzles beside good ones, load reports them on stderr, returns the
// good ones, and returns ExitBadInput as the exit code to start from. For
// commands with --solver it also returns the back-end, resolved once (nil
// for the others).
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
		name, sel := arg, ""
		var data []byte
		if isURL(arg) {
			data = []byte(arg)
		} else {
			if i := strings.LastIndex(arg, "#"); i > 0 {
				name, sel = arg[:i], arg[i+1:]
			}
			// A reference Arrows folder holds puzzle.txt (and its
			// solution and metadata beside it).
			if st, err := os.Stat(name); err == nil && st.IsDir() {
				name = filepath.Join(name, "puzzle.txt")
			}
			name2, d, err := appio.ReadInput(c, name)
			if err != nil {
				return nil, nil, 0, err
			}
			name, data = name2, d
		}
		k, err := pickKind(c, name, data)
		if err != nil {
			return nil, nil, 0, appio.BadInput(err)
		}
		if sel != "" {
			// Only the selected puzzle is read (kinds.Kind.Select).
			inst, err := k.Select(name, data, opt, sel)
			if err != nil {
				return nil, nil, 0, appio.BadInput(err)
			}
			out = append(out, item{file: name, kind: k, inst: inst})
			continue
		}
		insts, err := k.Parse(name, data, opt)
		var partial *kinds.PartialError
		switch {
		case errors.As(err, &partial):
			// Report the bad entries, go on with the good ones, and exit 2
			// at the end.
			fmt.Fprintln(c.App.ErrWriter, "puzzlesat:", partial.Err)
			code = appio.ExitBadInput
		case err != nil:
			return nil, nil, 0, appio.BadInput(err)
		}
		if len(insts) == 0 {
			return nil, nil, 0, appio.Exit(appio.ExitBadInput, "%s: no puzzle in input", name)
		}
		for _, inst := range insts {
			out = append(out, item{file: name, kind: k, inst: inst})
		}
	}
	return out, newSolver, code, nil
}

func pickKind(c *cli.Context, name string, data []byte) (*kinds.Kind, error) {
	if k := c.String("kind"); k != "" {
		return kinds.Lookup(k)
	}
	return kinds.Detect(name, data)
}
