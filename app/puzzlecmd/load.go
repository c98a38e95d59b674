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
// standard input, a puzz.link URL, a folder (walked as Expand walks it:
// the files of every kind, Arrows reference folders), or FILE#SEL
// (-#SEL for standard input) picking one puzzle of a file that holds
// several: #N the file's N-th entry, malformed ones counted, anything else
// a name (puzzle.Selection has the rule). Each input is read once. A bad
// argument (unreadable, malformed, or holding malformed puzzles beside
// good ones) is reported on stderr with its position and the others are
// read all the same: load returns the good puzzles, and ExitBadInput as
// the exit code to start from; it fails only when no argument gave a
// puzzle. For commands with --solver it also returns the back-end,
// resolved once (nil for the others).
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
	files, code, err := expandReported(c, args)
	if err != nil {
		return nil, nil, 0, err
	}
	var out []item
	for _, arg := range files {
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

// expandReported is Expand for the puzzle commands: a folder with no
// puzzle in it is reported on stderr, and ExitBadInput returned as the
// code to start from.
func expandReported(c *cli.Context, args []string) ([]string, int, error) {
	only, err := onlyKind(c)
	if err != nil {
		return nil, 0, err
	}
	code := appio.ExitOK
	var files []string
	for _, arg := range args {
		fs, _, err := expandArg(arg, only)
		if err == nil && len(fs) == 0 {
			err = fmt.Errorf("%s: a folder with no puzzle in it (no file of a known kind, no puzzle.txt of a reference Arrows folder)", arg)
		}
		if err != nil {
			appio.Report(c.App.ErrWriter, err)
			code = appio.ExitBadInput
			continue
		}
		files = append(files, fs...)
	}
	return files, code, nil
}

// Expand lists the inputs args name, as every puzzle command reads them: a
// folder is walked for the files some kind reads (--kind: that kind;
// kinds.Files: puzzles of every kind mixed, .in files with their .ans
// beside, reference Arrows folders as one puzzle each); a reference Arrows
// folder and every other argument (files, "-", URLs, FILE#SEL) are kept
// as they are. skipped counts the files in folders no kind reads.
func Expand(c *cli.Context, args []string) (files []string, skipped int, err error) {
	only, err := onlyKind(c)
	if err != nil {
		return nil, 0, err
	}
	for _, arg := range args {
		fs, n, err := expandArg(arg, only)
		if err != nil {
			return nil, 0, appio.BadInput(err)
		}
		files = append(files, fs...)
		skipped += n
	}
	return files, skipped, nil
}

// onlyKind is --kind's kind, or nil without it.
func onlyKind(c *cli.Context) (*kinds.Kind, error) {
	k := c.String("kind")
	if k == "" {
		return nil, nil
	}
	only, err := kinds.Lookup(k)
	if err != nil {
		return nil, appio.BadInput(err)
	}
	return only, nil
}

// expandArg is Expand of one argument.
func expandArg(arg string, only *kinds.Kind) ([]string, int, error) {
	st, err := os.Stat(arg)
	if err != nil || !st.IsDir() || kinds.IsArrowsFolder(arg) {
		return []string{arg}, 0, nil // the loader reports what is wrong
	}
	return kinds.Files(arg, only)
}

// loadArg reads the puzzles of one argument, once. Puzzles may come back
// with an error: the good ones of an input that also holds malformed ones.
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
	return parseInput(c, name, sel, data, opt)
}

// parseInput reads the puzzles of data, the input called name, or the one
// sel selects when sel is not "".
func parseInput(c *cli.Context, name, sel string, data []byte, opt kinds.Options) ([]item, error) {
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
		return kinds.Lookup(k)
	}
	return kinds.Detect(name, data)
}
