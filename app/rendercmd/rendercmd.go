// Package rendercmd is `puzzlesat render`: a picture of a puzzle as SVG, PNG
// or PDF (package render), alone or with a solution, two solutions, the
// backbone or the next human step. It takes puzzles the way the puzzle
// commands do (app/puzzlecmd), and the puzzles of kinds played by moves
// (shift puzzles) in their kinds' formats.
package rendercmd

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"

	"github.com/tdewolff/canvas"
	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/app/puzzlecmd"
	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/internal/atomicfile"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/render"
)

// modeFlags are the mutually exclusive flags that choose what to draw
// besides the puzzle.
var modeFlags = []struct {
	mode  answer.Mode
	usage string
}{
	{answer.Solution, "draw a solution (the first found when there are several)"},
	{answer.Second, "draw two solutions of a puzzle that has several, the cells where they differ marked"},
	{answer.Backbone, "draw the cells every solution agrees on, the others grey"},
	{answer.Hint, "draw the next step of the human solver: the cells it looks at, what it eliminates, its reason"},
}

// Command returns the `render` command, of the kinds of reg.
func Command(reg *kinds.Registry) *cli.Command {
	flags := append(puzzlecmd.Flags(reg), appio.SolverFlag, appio.TimeoutFlag,
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE`; its extension picks the format: .svg, .png or .pdf (default: SVG on standard output)"})
	for _, m := range modeFlags {
		flags = append(flags, &cli.BoolFlag{Name: m.mode.String(), Usage: m.usage})
	}
	return &cli.Command{
		Name:      "render",
		Usage:     "draw a puzzle as SVG, PNG or PDF, alone or with a solution, two solutions, the backbone or a hint (exit 0, 1 nothing to draw, 2 bad input, 3 timeout)",
		ArgsUsage: "PUZZLE",
		Description: "PUZZLE is a file, - for standard input, a puzz.link URL, FILE#NAME, or a shift puzzle file\n" +
			"(drawn as its start; with --solution as a shortest move sequence). Flags may follow PUZZLE.",
		Flags:  flags,
		Action: appio.Anywhere(action),
	}
}

func action(c *cli.Context, args []string) error {
	mode, err := modeOf(c)
	if err != nil {
		return err
	}
	format := render.SVG
	if out := c.String("output"); out != "" {
		if format, err = render.FormatOf(out); err != nil {
			return appio.Exit(appio.ExitBadInput, "%v", err)
		}
	}
	if len(args) != 1 {
		return appio.Exit(appio.ExitBadInput, "render takes one PUZZLE (a file, - for stdin, a puzz.link URL or FILE#NAME)")
	}
	ctx, cancel := appio.Context(c)
	defer cancel()
	// The input is read once, here: a FIFO or <(cmd) gives its bytes
	// only once, so the shift reader and the puzzle loader share them.
	in, err := readOnce(c, args[0])
	if err != nil {
		return err
	}
	sp, sk, err := loadShift(c, in)
	if err != nil {
		return err
	}
	var pic *canvas.Canvas
	if sp != nil {
		pic, err = drawShift(ctx, c, sp, sk, mode)
	} else {
		var inst kind.Instance
		var lerr error
		if in.read {
			inst, lerr = puzzlecmd.LoadData(c, in.name, in.data)
		} else {
			inst, lerr = puzzlecmd.LoadOne(c, args[0])
		}
		if lerr != nil {
			return lerr
		}
		newSolver, ferr := appio.Factory(c)
		if ferr != nil {
			return ferr
		}
		var p answer.Figure
		if p, err = answer.Prepare(ctx, inst, mode, newSolver); err == nil {
			pic, err = render.Draw(inst, p)
		}
	}
	if err != nil {
		return exitFor(ctx, err)
	}
	var buf bytes.Buffer
	if err := render.Write(&buf, pic, format); err != nil {
		return err
	}
	if out := c.String("output"); out != "" {
		// Whole or not at all: a full disk leaves the old file as it was;
		// what a killed run left beside it goes.
		atomicfile.CleanFor(out)
		if err := atomicfile.WriteFile(out, buf.Bytes(), 0o666); err != nil {
			return appio.Exit(appio.ExitBadInput, "%v", err)
		}
		return nil
	}
	_, err = c.App.Writer.Write(buf.Bytes())
	return err
}

// modeOf reads the mode flags; at most one may be given.
func modeOf(c *cli.Context) (answer.Mode, error) {
	mode := answer.Plain
	var set []string
	for _, m := range modeFlags {
		if c.Bool(m.mode.String()) {
			mode = m.mode
			set = append(set, "--"+m.mode.String())
		}
	}
	if len(set) > 1 {
		return mode, appio.Exit(appio.ExitBadInput, "give at most one of %s", strings.Join(set, ", "))
	}
	return mode, nil
}

// exitFor maps what stopped a picture to an exit code: a negative answer
// (no solution, no second one, no step, an unsound rule) is 1, a timeout
// or an interrupt (ctx says which) 3.
func exitFor(ctx context.Context, err error) error {
	var unsound *crosscheck.UnsoundError
	switch {
	case appio.IsTimeout(err):
		return appio.Exit(appio.ExitTimeout, "%s before the picture was ready", interrupt.Reason(ctx))
	case errors.Is(err, answer.ErrUnsolvable), errors.Is(err, answer.ErrUnique),
		errors.Is(err, answer.ErrNoStep), errors.As(err, &unsound):
		return appio.Exit(appio.ExitNo, "%v", err)
	case errors.Is(err, answer.ErrUnknown):
		return appio.Exit(appio.ExitTimeout, "%v", err)
	}
	return appio.Failure(err)
}

// input is render's PUZZLE argument, with its bytes when it names a file
// or standard input (read is set then): URLs, FILE#NAME and folders (an
// Arrows puzzle) are left to the puzzle loader.
type input struct {
	name string
	data []byte
	read bool
}

// readOnce reads arg when it is standard input or a file that exists as
// named (a FIFO and /dev/fd/N of <(cmd) included), or --kind names a kind
// played by moves, which must be one, and only then.
func readOnce(c *cli.Context, arg string) (input, error) {
	if arg != "-" && appio.Kinds(c).MovesKind(c.String("kind")) == nil {
		if st, err := os.Stat(arg); err != nil || st.IsDir() {
			return input{name: arg}, nil
		}
	}
	name, data, err := appio.ReadInput(c, arg)
	if err != nil {
		return input{}, err
	}
	return input{name: name, data: data, read: true}, nil
}

// loadShift reads in as a puzzle played by moves (Registry.Moves: shift
// puzzles) when --kind names such a kind, or, without --kind, when a kind
// of them reads it (a bare picture included, as render always has: the
// puzzle loader reads grid kinds only), as answer tells them apart. It
// returns nil for any other puzzle.
func loadShift(c *cli.Context, in input) (kind.MovesPuzzle, *kind.Kind, error) {
	if !in.read {
		return nil, nil, nil
	}
	named := c.String("kind")
	k, p, err := answer.LoadMovesOf(appio.Kinds(c), named, in.name, in.data)
	switch {
	case err == nil:
		return p, k, nil
	case named != "" && k != nil:
		// The moves kind named cannot read it.
		return nil, nil, appio.BadInput(err)
	}
	// A grid kind named, or an unknown one (the puzzle loader says so),
	// or no moves kind reads it.
	return nil, nil, nil
}

// drawShift draws a shift puzzle: its start, or with --solution a shortest
// move sequence.
func drawShift(ctx context.Context, c *cli.Context, p kind.MovesPuzzle, k *kind.Kind, mode answer.Mode) (*canvas.Canvas, error) {
	var pic render.ShiftPicture
	switch mode {
	case answer.Plain:
		pic = render.ShiftPlain(k.Name, p)
	case answer.Solution:
		newSolver, err := appio.Factory(c)
		if err != nil {
			return nil, err
		}
		// The same proof, by the same default method, as shift solve.
		res, err := answer.ShortestSolution(ctx, k, p, answer.ShortestOptions{NewSolver: newSolver})
		if res == nil {
			return nil, appio.BadInput(err)
		}
		if err != nil {
			return nil, err
		}
		if pic, err = render.ShiftSolution(k.Name, p, res); err != nil {
			return nil, err
		}
	default:
		return nil, appio.Exit(appio.ExitBadInput, "--%s is not for shift puzzles: render draws their start, or with --solution a shortest solution", mode)
	}
	return render.DrawShift(p, pic)
}
