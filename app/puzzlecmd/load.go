package puzzlecmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// item is one puzzle to work on, with where it came from.
type item struct {
	file string // the argument as given (file name, "<stdin>" or URL)
	kind *kind.Kind
	inst kind.Instance
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
)

// puzzleFlags are --kind, --card and the kinds' own flags.
func puzzleFlags(reg *kinds.Registry) []cli.Flag {
	return append([]cli.Flag{kindFlag, appio.CardFlag}, appio.KindFlags(reg)...)
}

func options(c *cli.Context) (kind.Options, error) { return appio.KindOptions(c) }

// isURL reports whether arg is a puzzle URL rather than a file name.
func isURL(arg string) bool { return appio.IsURL(arg) }

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
	newSolver, err := solverOf(c)
	if err != nil {
		return nil, nil, 0, err
	}
	// Read as each reads (a stream), kept: the bytes of an input are
	// never held beside its puzzles.
	var out []item
	code, err := each(c, args, func(it item, _ bool) bool {
		out = append(out, it)
		return c.Context == nil || c.Context.Err() == nil // an interrupt stops the reading
	})
	if err != nil {
		return nil, nil, 0, err
	}
	return out, newSolver, code, nil
}

// solverOf resolves --solver once, for the commands that have it (nil
// for the others): an unknown back-end is rejected before any work
// (exit 2).
func solverOf(c *cli.Context) (sat.Factory, error) {
	if c.IsSet("solver") || c.String("solver") != "" {
		return appio.Factory(c)
	}
	return nil, nil
}

// each is load for the commands that work through their puzzles one at a
// time: it gives visit every puzzle args name, in order, as it is read,
// so that of a file of many puzzles one is held at a time (kind.Kind.Each),
// with whether labels must name the puzzle beside its file (several
// inputs, or several puzzles in this one); visit returning false stops
// the reading there (the run was interrupted). Bad inputs and malformed
// entries are reported on stderr as load reports them, and make
// ExitBadInput the code returned; it fails only when no argument gave a
// puzzle.
func each(c *cli.Context, args []string, visit func(it item, multi bool) bool) (int, error) {
	if len(args) == 0 {
		return 0, appio.Exit(appio.ExitBadInput, "no puzzle given (a file, - for stdin, or a puzz.link URL)")
	}
	opt, err := options(c)
	if err != nil {
		return 0, err
	}
	files, skipped, code, err := expandReported(c, args)
	if err != nil {
		return 0, err
	}
	n := 0
	goOn := true
	for _, arg := range files {
		err := eachArg(c, arg, opt, func(it item, many bool) bool {
			n++
			multi := many || len(files) > 1
			if multi {
				// A batch: from its first answer on, a signal stops it
				// cleanly between two puzzles (a single puzzle's run is
				// caught 50 ms in: app/interrupt).
				interrupt.Start(c.Context)
			}
			goOn = visit(it, multi)
			return goOn
		})
		if err != nil {
			appio.Report(c.App.ErrWriter, err)
			code = appio.ExitBadInput
		}
		if !goOn {
			break
		}
	}
	skipped.Report(c.App.ErrWriter)
	if n == 0 {
		return 0, cli.Exit("", appio.ExitBadInput)
	}
	return code, nil
}

// eachArg is loadArg giving its puzzles to visit one at a time, each with
// whether the input holds several (known by reading one puzzle ahead),
// until visit returns false. A
// file or standard input is read as a stream: its kind is told from its
// head, and a format of many puzzles is read an entry at a time
// (kind.Kind.Each), so that the first puzzle is visited before the last
// is read, and the input is never held whole. The error returned is the
// input's (unreadable, or a fault of it, found where the stream reaches
// it) or its malformed entries', every one of them.
func eachArg(c *cli.Context, arg string, opt kind.Options, visit func(it item, many bool) bool) error {
	name, sel := splitArg(arg)
	if sel != "" || isURL(arg) {
		// A URL is its own data, and a selection reads its file whole.
		items, err := loadArg(c, arg, opt)
		for _, it := range items {
			if !visit(it, len(items) > 1) {
				break
			}
		}
		return err
	}
	name, err := puzzleFile(appio.Kinds(c), name)
	if err != nil {
		return err
	}
	name, in, err := appio.OpenInput(c, name)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := answer.Open(appio.Kinds(c), c.String("kind"), name, in)
	if err != nil {
		if over := in.Over(); over != nil {
			return over
		}
		return err
	}
	k := st.Kind
	var (
		ahead *item // the first puzzle, until a second shows it has company
		many  bool
		goOn  = true
		errs  srcpos.ErrorList
		other []error
	)
	ferr := st.Each(opt, func(inst kind.Instance, err error) bool {
		if err != nil {
			var l srcpos.ErrorList
			if errors.As(err, &l) {
				errs = append(errs, l...)
			} else {
				other = append(other, err)
			}
			return true
		}
		it := item{file: name, kind: k, inst: inst}
		switch {
		case many:
			goOn = visit(it, true)
		case ahead == nil:
			ahead = &it
		default:
			many = true
			goOn = visit(*ahead, true) && visit(it, true)
			ahead = nil
		}
		return goOn
	})
	some := many || ahead != nil
	if ahead != nil {
		visit(*ahead, false)
	}
	if err := in.Over(); err != nil {
		return err // what the reader said of where the stream broke off is beside the point
	}
	if err := errors.Join(append(other, errs.Err(), ferr)...); err != nil {
		return err
	}
	if !some {
		return fmt.Errorf("%s: no puzzle in input", name)
	}
	return nil
}

// splitArg splits FILE#SEL into the file and the selection ("" without).
func splitArg(arg string) (name, sel string) {
	if i := strings.LastIndex(arg, "#"); i > 0 {
		return arg[:i], arg[i+1:]
	}
	return arg, ""
}

// puzzleFile is the file to read for name: name itself, or the puzzle file
// of a puzzle folder (Kind.Folder: a reference Arrows folder).
func puzzleFile(reg *kinds.Registry, name string) (string, error) {
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		inner := reg.PuzzleFolder(name)
		if inner == "" {
			return name, fmt.Errorf("%s: a folder, not a puzzle folder (%s)", name, reg.FolderNote())
		}
		return inner, nil
	}
	return name, nil
}

// expandReported is Expand for the puzzle commands: a folder with no
// puzzle in it is reported on stderr, and ExitBadInput returned as the
// code to start from. What the walks passed over is said at the end
// (Skipped.Report).
func expandReported(c *cli.Context, args []string) ([]string, Skipped, int, error) {
	only, err := onlyKind(c)
	if err != nil {
		return nil, nil, 0, err
	}
	code := appio.ExitOK
	var (
		files   []string
		skipped Skipped
	)
	for _, arg := range args {
		fs, sk, err := expandArg(c, arg, only)
		skipped = skipped.add(arg, sk)
		if err == nil && len(fs) == 0 {
			err = fmt.Errorf("%s: a folder with no puzzle in it (no file of a known kind, and not a puzzle folder: %s)", arg, appio.Kinds(c).FolderNote())
		}
		if err != nil {
			appio.Report(c.App.ErrWriter, err)
			code = appio.ExitBadInput
			continue
		}
		files = append(files, fs...)
	}
	return files, skipped, code, nil
}

// Expand lists the inputs args name, as every puzzle command reads them: a
// folder is walked for the files some kind reads (--kind: that kind;
// kinds.Files: puzzles of every kind mixed, .in files with their .ans
// beside, reference Arrows folders as one puzzle each, and the files
// meant as puzzles that cannot be one, for the loader to report); a
// reference Arrows folder and every other argument (files, "-", URLs,
// FILE#SEL) are kept as they are. skipped is what the walks passed over
// on purpose, folder by folder.
func Expand(c *cli.Context, args []string) (files []string, skipped Skipped, err error) {
	only, err := onlyKind(c)
	if err != nil {
		return nil, nil, err
	}
	for _, arg := range args {
		fs, sk, err := expandArg(c, arg, only)
		if err != nil {
			return nil, nil, appio.BadInput(err)
		}
		files = append(files, fs...)
		skipped = skipped.add(arg, sk)
	}
	return files, skipped, nil
}

// Skipped is what the walks of folders passed over on purpose (hidden,
// of no puzzle kind, over --max-input), folder by folder.
type Skipped []FolderSkipped

// FolderSkipped is what the walk of one folder passed over.
type FolderSkipped struct {
	Folder string
	kinds.Skipped
}

// add is s with folder's count, when it passed over any file.
func (s Skipped) add(folder string, sk kinds.Skipped) Skipped {
	if sk.Total() == 0 {
		return s
	}
	return append(s, FolderSkipped{Folder: folder, Skipped: sk})
}

// Total is the number of files passed over.
func (s Skipped) Total() int {
	n := 0
	for _, f := range s {
		n += f.Skipped.Total()
	}
	return n
}

// Report writes the closing line of each folder whose walk passed over
// files: "puzzlesat: skipped 3 files in DIR: 2 of no puzzle kind, 1 over
// --max-input".
func (s Skipped) Report(w io.Writer) {
	for _, f := range s {
		fmt.Fprintln(w, "puzzlesat:", f.Note(f.Folder))
	}
}

// onlyKind is --kind's kind, or nil without it.
func onlyKind(c *cli.Context) (*kind.Kind, error) {
	k := c.String("kind")
	if k == "" {
		return nil, nil
	}
	only, err := appio.Kinds(c).Lookup(k)
	if err != nil {
		return nil, appio.BadInput(err)
	}
	return only, nil
}

// expandArg is Expand of one argument. A folder's files past --max-input
// are passed over, and counted.
func expandArg(c *cli.Context, arg string, only *kind.Kind) ([]string, kinds.Skipped, error) {
	st, err := os.Stat(arg)
	if err != nil || !st.IsDir() || appio.Kinds(c).PuzzleFolder(arg) != "" {
		return []string{arg}, kinds.Skipped{}, nil // the loader reports what is wrong
	}
	limit, err := appio.MaxInput(c)
	if err != nil {
		return nil, kinds.Skipped{}, err
	}
	return appio.Kinds(c).FilesUpTo(arg, only, limit)
}

// loadArg reads the puzzles of one argument, once. Puzzles may come back
// with an error: the good ones of an input that also holds malformed ones.
func loadArg(c *cli.Context, arg string, opt kind.Options) ([]item, error) {
	name, sel, data, err := readArg(c, arg)
	if err != nil {
		return nil, err
	}
	return parseInput(c, name, sel, data, opt)
}

// readArg reads the input arg names, once: its name for messages, the
// selection of FILE#SEL ("" without), and its bytes.
func readArg(c *cli.Context, arg string) (name, sel string, data []byte, err error) {
	if isURL(arg) {
		return arg, "", []byte(arg), nil
	}
	name, sel = splitArg(arg)
	if name, err = puzzleFile(appio.Kinds(c), name); err != nil {
		return name, sel, nil, err
	}
	name, data, err = appio.ReadInput(c, name)
	return name, sel, data, err
}

// parseInput reads the puzzles of data, the input called name, or the one
// sel selects when sel is not "".
func parseInput(c *cli.Context, name, sel string, data []byte, opt kind.Options) ([]item, error) {
	l, err := answer.Load(appio.Kinds(c), c.String("kind"), name, data, sel, opt)
	if err != nil {
		return nil, err
	}
	out := make([]item, len(l.Puzzles))
	for i, inst := range l.Puzzles {
		out[i] = item{file: name, kind: l.Kind, inst: inst}
	}
	return out, l.Partial
}
