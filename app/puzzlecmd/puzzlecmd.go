// Package puzzlecmd holds the puzzle commands shared by every kind: solve,
// check, backbone, count, verify, grade, convert and cnf export. Each takes
// files, "-" for standard input, puzz.link URLs, or folders, walked as
// crosscheck walks them (Expand); the kind is detected from the input
// unless --kind names it. Each input is read once (a FIFO works), up to
// the global --max-input, and a file of many puzzles is worked through one
// puzzle at a time.
package puzzlecmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
)

// Commands returns the top-level puzzle commands, of the kinds of reg.
func Commands(reg *kinds.Registry) []*cli.Command {
	common := func(extra ...cli.Flag) []cli.Flag {
		fs := append(puzzleFlags(reg), appio.SolverFlag, appio.TimeoutFlag, appio.FormatFlag)
		return append(fs, extra...)
	}
	return append([]*cli.Command{
		{Name: "solve", Usage: "find a solution and draw it", ArgsUsage: "PUZZLE...",
			Flags: common(), Action: appio.Anywhere(solveAction)},
		{Name: "check", Usage: "prove a puzzle has exactly one solution (exit 0 unique, 1 multiple/unsolvable, 2 bad input, 3 timeout)",
			ArgsUsage: "PUZZLE...",
			Flags:     common(&cli.BoolFlag{Name: "certify", Usage: "attach a checked RUP certificate that no second solution exists"}, appio.ShardFlag),
			Action:    appio.Anywhere(checkAction)},
		{Name: "backbone", Usage: "the cells every solution agrees on", ArgsUsage: "PUZZLE...",
			Flags: common(), Action: appio.Anywhere(backboneAction)},
		{Name: "count", Usage: "count solutions", ArgsUsage: "PUZZLE...",
			Flags:  common(appio.AtLeast(&cli.IntFlag{Name: "max", Value: 1000, Usage: "stop counting here (0: no cap)"}, 0)),
			Action: appio.Anywhere(countAction)},
		{Name: "verify", Usage: "check a filled grid against the rules and name every broken rule", ArgsUsage: "PUZZLE SOLUTION",
			Flags: append(puzzleFlags(reg), appio.FormatFlag), Action: appio.Anywhere(verifyAction)},
		{Name: "convert", Usage: "write a puzzle in another format", ArgsUsage: "PUZZLE...",
			Flags:  append(puzzleFlags(reg), &cli.StringFlag{Name: "to", Value: "canonical", Usage: "output `FORMAT` (puzzlesat kinds lists each kind's)"}),
			Action: appio.Anywhere(convertAction)},
		{Name: "kinds", Usage: "list the puzzle kinds and their formats", Action: kindsAction},
		gradeCommand(common),
	}, amendCommands(reg)...)
}

// ExportCommand is `cnf export PUZZLE`, attached under the cnf group, of
// the kinds of reg.
func ExportCommand(reg *kinds.Registry) *cli.Command {
	return &cli.Command{Name: "export", Usage: "write a puzzle's CNF as DIMACS, with comments naming the primary variables",
		ArgsUsage: "PUZZLE", Flags: puzzleFlags(reg), Action: appio.Anywhere(exportAction)}
}

// worst combines per-puzzle exit codes: bad input, then timeout, then a
// negative answer.
func worst(a, b int) int {
	rank := map[int]int{appio.ExitOK: 0, appio.ExitNo: 1, appio.ExitTimeout: 2, appio.ExitBadInput: 3}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

func exitWith(code int) error {
	if code == 0 {
		return nil
	}
	return cli.Exit("", code)
}

func drawLines(w io.Writer, indent string, rows []string) {
	for _, r := range rows {
		fmt.Fprintln(w, indent+r)
	}
}

// batch is one command run over its puzzles: the output format, the
// back-end and the context with --timeout.
type batch struct {
	json   bool
	solver sat.Factory
	ctx    context.Context
	// emitted says whether the puzzle at hand has its answer written.
	emitted bool
}

// errInterrupted is emit's refusal to write an answer once the run is
// interrupted: the puzzle at hand was cut short, and forEach says so.
var errInterrupted = errors.New("interrupted")

// forEach runs a command over its puzzles: do works on one puzzle (label
// names it in messages) and returns that puzzle's exit code; the command
// exits with the worst of them. An error from do is that puzzle's alone:
// it is reported on stderr and the batch goes on. The puzzles are read as
// they come (each), so that a file of many holds one of them at a time.
// Puzzle k of the whole input, in argument order, is shard k mod N's:
// every shard reads every input, so that k is the same on each.
//
// When the run's context ends (a signal: package interrupt, or
// --timeout's deadline) the batch stops: no puzzle after it is read. The
// answers written stay whole; a puzzle a signal cut short gets none (the
// deadline's gets its "timeout" answer, the first puzzle too when the
// deadline passed before it), and stderr says how far the run came and
// where it stopped, the FILE#N that starts the rest; exit 3.
func forEach(c *cli.Context, args []string, do func(b *batch, it item, label string) (int, error)) error {
	asJSON := appio.JSON(c)
	sh, err := appio.Shard(c) // "" (the whole job) for commands without --shard
	if err != nil {
		return err
	}
	// The deadline counts from the start: reading a large input is part
	// of the command's time.
	ctx, cancel := appio.Context(c)
	defer cancel()
	newSolver, err := solverOf(c)
	if err != nil {
		return err
	}
	b := &batch{json: asJSON, solver: newSolver, ctx: ctx}
	k := 0
	worstCode := appio.ExitOK
	var run progress
	code, err := each(c, args, func(it item, multi bool) bool {
		// Past the deadline, one puzzle gets its "timeout" answer (the
		// one at hand, or the first when reading took the time).
		if interrupt.Is(ctx) || (ctx.Err() != nil && run.timedOut) {
			run.stop(it)
			return false
		}
		mine := sh.Has(k)
		k++
		if !mine {
			return true
		}
		label := it.label(multi)
		b.emitted = false
		itCode, err := do(b, it, label)
		if interrupt.Is(ctx) && !b.emitted {
			run.stop(it)
			return false
		}
		if err != nil {
			itCode = report(c.App.ErrWriter, label, err)
		}
		worstCode = worst(worstCode, itCode)
		run.finished(it)
		run.timedOut = ctx.Err() != nil
		return true
	})
	if err != nil {
		return err
	}
	code = worst(code, worstCode)
	if run.stopped != nil {
		return appio.Exit(worst(code, appio.ExitTimeout), "%s", run.say(interrupt.Reason(ctx)))
	}
	return exitWith(code)
}

// progress is how far a batch came: the puzzles finished, those of the
// last file, and the puzzle it stopped at, if it stopped.
type progress struct {
	done, inFile int
	file         string
	stopped      *item
	timedOut     bool // the deadline had passed when the last puzzle was done
}

func (p *progress) finished(it item) {
	if it.file != p.file {
		p.file, p.inFile = it.file, 0
	}
	p.done++
	p.inFile++
}

func (p *progress) stop(it item) {
	if it.file != p.file {
		p.file, p.inFile = it.file, 0
	}
	p.stopped = &it
}

// say is the closing line of a batch that stopped (why: "interrupted"
// or "timed out"): how many puzzles it finished and the one it stopped
// at, as FILE#N (its entry), which names it to a later run.
func (p *progress) say(why string) string {
	at := p.stopped.file
	if n := p.stopped.inst.Head().Entry; n > 0 {
		at += "#" + strconv.Itoa(n)
		if name := p.stopped.inst.Name(); name != "" && name != strconv.Itoa(n) {
			at += " (" + name + ")"
		}
	}
	count := fmt.Sprintf("%d of %s's puzzles", p.inFile, p.file)
	if p.done != p.inFile {
		count = fmt.Sprintf("%s (%d of %s's)", plural.N(p.done, "puzzle"), p.inFile, p.file)
	}
	return fmt.Sprintf("%s after %s; stopped at %s", why, count, at)
}

// report writes one puzzle's error on stderr, after its label, and
// returns its exit code (appio.Failure's).
func report(w io.Writer, label string, err error) int {
	ec := appio.Failure(err)
	if msg := ec.Error(); msg != "" {
		fmt.Fprintf(w, "puzzlesat: %s: %s\n", label, msg)
	}
	return ec.ExitCode()
}

// emit writes one puzzle's answer: rec (an answer record) as a line of
// JSON in its envelope naming the puzzle, or text.
// Once the run is interrupted nothing more is written: the puzzle at hand
// was cut short (errInterrupted).
func (b *batch) emit(c *cli.Context, it item, rec any, text func(w io.Writer)) error {
	if interrupt.Is(b.ctx) {
		return errInterrupted
	}
	b.emitted = true
	return appio.Emit(c.App.Writer, b.json, it.filed(rec), text)
}

// filed is rec in the envelope that names its puzzle.
func (it item) filed(rec any) filed {
	return filed{File: it.file, Kind: it.kind.Name, Name: it.inst.Name(), Answer: rec}
}

// ask is opt with the run's solver (--solver).
func (b *batch) ask(c *cli.Context, opt answer.Options) answer.Options {
	opt.Solver, opt.SolverName = b.solver, c.String("solver")
	return opt
}

// exitOf is the exit code of an answer's status: 0 for the answer the
// command looks for, 1 for a negative one, 3 when the time ran out.
func exitOf(status string) int {
	switch status {
	case answer.Unsolvable, answer.Multiple:
		return appio.ExitNo
	case answer.Timeout:
		return appio.ExitTimeout
	}
	return appio.ExitOK
}

// failed says whether a question's error is a failure of the puzzle's
// (returned), not the time running out, which the record answers
// (status timeout).
func failed(status string, err error) bool { return err != nil && status != answer.Timeout }

func solveAction(c *cli.Context, args []string) error {
	return forEach(c, args, func(b *batch, it item, label string) (int, error) {
		rec, err := answer.Solve(b.ctx, it.inst, b.ask(c, answer.Options{}))
		if failed(rec.Status, err) {
			return 0, err
		}
		return exitOf(rec.Status), b.emit(c, it, rec, func(w io.Writer) {
			fmt.Fprintf(w, "%s: %s (%s, %.1f ms)\n", label, rec.Status, rec.Solver, rec.Ms)
			drawLines(w, "  ", rec.Solution)
		})
	})
}

func checkAction(c *cli.Context, args []string) error {
	return forEach(c, args, func(b *batch, it item, label string) (int, error) {
		rec, err := answer.Check(b.ctx, it.inst, b.ask(c, answer.Options{Certify: c.Bool("certify"), Route: true}))
		if failed(rec.Status, err) {
			return 0, err
		}
		return exitOf(rec.Status), b.emit(c, it, rec, func(w io.Writer) { printCheck(w, label, rec) })
	})
}

// printCheck is check's text output.
func printCheck(w io.Writer, label string, rec answer.CheckRecord) {
	fmt.Fprintf(w, "%s: %s (%s, %.1f ms)\n", label, rec.Status, rec.Solver, rec.Ms)
	switch {
	case rec.SecondSolution != nil:
		fmt.Fprintln(w, "  solution 1:")
		drawLines(w, "    ", rec.Solution)
		fmt.Fprintln(w, "  solution 2:")
		drawLines(w, "    ", rec.SecondSolution)
		cells := make([]string, len(rec.Differences))
		for i, d := range rec.Differences {
			cells[i] = fmt.Sprintf("r%dc%d (%s/%s)", d.Row, d.Col, d.First, d.Second)
		}
		fmt.Fprintf(w, "  they differ in %s: %s\n", plural.N(len(rec.Differences), "cell"), strings.Join(cells, " "))
	case rec.Solution != nil:
		drawLines(w, "  ", rec.Solution)
	}
	switch rec.Route {
	case "cheat":
		fmt.Fprintln(w, "  FLAG: the human rules reach this answer only with a uniqueness cheat (the sound rules get stuck)")
	case "unsolved":
		fmt.Fprintln(w, "  note: the human rules do not finish this puzzle, even with the uniqueness cheats")
	}
	if cert := rec.Certificate; cert != nil {
		fmt.Fprintf(w, "  no second solution: RUP certificate of %s from %s, verified independently (%.1f ms)\n",
			plural.N(cert.Lemmas, "lemma"), cert.Backend, cert.CheckMs)
	}
}

func backboneAction(c *cli.Context, args []string) error {
	return forEach(c, args, func(b *batch, it item, label string) (int, error) {
		rec, err := answer.BackboneOf(b.ctx, it.inst, b.ask(c, answer.Options{}))
		if failed(rec.Status, err) {
			return 0, err
		}
		return exitOf(rec.Status), b.emit(c, it, rec, func(w io.Writer) {
			fmt.Fprintf(w, "%s: %s (%s, %.1f ms)\n", label, rec.Status, rec.Solver, rec.Ms)
			if rec.Status == answer.OK {
				drawLines(w, "  ", rec.Backbone)
				fmt.Fprintf(w, "  %d of %d cells are the same in every solution\n", *rec.Determined, rec.Unknowns)
			}
		})
	})
}

func countAction(c *cli.Context, args []string) error {
	return forEach(c, args, func(b *batch, it item, label string) (int, error) {
		rec, err := answer.Count(b.ctx, it.inst, b.ask(c, answer.Options{Max: c.Int("max")}))
		if failed(rec.Status, err) {
			return 0, err
		}
		return exitOf(rec.Status), b.emit(c, it, rec, func(w io.Writer) {
			n, ms := rec.Count, rec.Ms
			switch rec.Status {
			case answer.Complete:
				fmt.Fprintf(w, "%s: %s (%.1f ms)\n", label, plural.N(n, "solution"), ms)
			case answer.Capped:
				fmt.Fprintf(w, "%s: at least %s (stopped at --max %d; %.1f ms)\n", label, plural.N(n, "solution"), c.Int("max"), ms)
			default:
				fmt.Fprintf(w, "%s: at least %s (timed out after %.1f ms: the count is incomplete)\n", label, plural.N(n, "solution"), ms)
			}
		})
	})
}

func verifyAction(c *cli.Context, args []string) error {
	asJSON := appio.JSON(c)
	if len(args) != 2 {
		return appio.Exit(appio.ExitBadInput, "verify takes PUZZLE SOLUTION")
	}
	items, _, _, err := load(c, args[:1])
	if err != nil {
		return err
	}
	if len(items) != 1 {
		return appio.Exit(appio.ExitBadInput, "%s holds %d puzzles; pick one with FILE#NAME", items[0].file, len(items))
	}
	it := items[0]
	name, data, err := appio.ReadInput(c, args[1])
	if err != nil {
		return err
	}
	a, err := it.inst.ParseSolution(name, data)
	if err != nil {
		return appio.BadInput(err)
	}
	rec := answer.Verify(it.inst, a)
	rec.SolutionFile = name
	vs := rec.Violations
	if asJSON {
		if err := appio.WriteJSON(c.App.Writer, it.filed(rec)); err != nil {
			return err
		}
	} else if len(vs) == 0 {
		fmt.Fprintf(c.App.Writer, "%s: valid solution\n", name)
	} else {
		fmt.Fprintf(c.App.Writer, "%s: %s\n", name, plural.N(len(vs), "broken rule"))
		for _, v := range vs {
			fmt.Fprintf(c.App.Writer, "  %s\n", v)
		}
	}
	if len(vs) > 0 {
		return exitWith(appio.ExitNo)
	}
	return nil
}

// convertAction writes each puzzle as it is read. When the run is
// interrupted it stops between two puzzles, each written whole, and says
// where (forEach's closing line).
func convertAction(c *cli.Context, args []string) error {
	ctx := c.Context
	if ctx == nil {
		ctx = context.Background()
	}
	var (
		run  progress
		fail error
	)
	code, err := each(c, args, func(it item, multi bool) bool {
		if ctx.Err() != nil {
			run.stop(it)
			return false
		}
		out, err := it.inst.Format(c.String("to"))
		if err != nil {
			fail = appio.Exit(appio.ExitBadInput, "%s: %v (%s writes %s)", it.label(multi), err, it.kind.Name, strings.Join(it.kind.Outputs, ", "))
			return false
		}
		if !strings.HasSuffix(out, "\n") {
			out += "\n"
		}
		if _, err := io.WriteString(c.App.Writer, out); err != nil {
			fail = err
			return false
		}
		run.finished(it)
		return true
	})
	switch {
	case err != nil:
		return err
	case fail != nil:
		return fail
	case run.stopped != nil:
		return appio.Exit(worst(code, appio.ExitTimeout), "%s", run.say(interrupt.Reason(ctx)))
	}
	return exitWith(code)
}

func kindsAction(c *cli.Context) error {
	for _, k := range appio.Kinds(c).List() {
		fmt.Fprintf(c.App.Writer, "%s: %s\n  reads: %s\n  writes: %s\n", k.Name, k.Doc,
			strings.Join(k.Formats, ", "), strings.Join(k.Outputs, ", "))
	}
	// Kinds played by moves are asked by `puzzlesat shift`, not the
	// commands above: listed apart, with their built-in puzzles.
	for _, k := range appio.Kinds(c).Moves() {
		fmt.Fprintf(c.App.Writer, "%s (played by moves: puzzlesat shift): %s\n  reads: %s\n  writes: %s\n  built in: %s\n", k.Name, k.Doc,
			strings.Join(k.Formats, ", "), strings.Join(k.Outputs, ", "), strings.Join(k.Moves.Builtins, ", "))
	}
	return nil
}
