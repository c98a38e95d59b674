// Package puzzlecmd holds the puzzle commands shared by every kind: solve,
// check, backbone, count, verify, grade, convert and cnf export. Each takes
// files, "-" for standard input, or puzz.link URLs; the kind is detected from
// the input unless --kind names it.
package puzzlecmd

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// Commands returns the top-level puzzle commands.
func Commands() []*cli.Command {
	common := func(extra ...cli.Flag) []cli.Flag {
		fs := append(puzzleFlags(), appio.SolverFlag, appio.TimeoutFlag, appio.FormatFlag)
		return append(fs, extra...)
	}
	return []*cli.Command{
		{Name: "solve", Usage: "find a solution and draw it", ArgsUsage: "PUZZLE...",
			Flags: common(), Action: solveAction},
		{Name: "check", Usage: "prove a puzzle has exactly one solution (exit 0 unique, 1 multiple/unsolvable, 2 bad input, 3 timeout)",
			ArgsUsage: "PUZZLE...",
			Flags:     common(&cli.BoolFlag{Name: "certify", Usage: "attach a checked RUP certificate that no second solution exists"}),
			Action:    checkAction},
		{Name: "backbone", Usage: "the cells every solution agrees on", ArgsUsage: "PUZZLE...",
			Flags: common(), Action: backboneAction},
		{Name: "count", Usage: "count solutions", ArgsUsage: "PUZZLE...",
			Flags:  common(&cli.IntFlag{Name: "max", Value: 1000, Usage: "stop counting here (0: no cap)"}),
			Action: countAction},
		{Name: "verify", Usage: "check a filled grid against the rules and name every broken rule", ArgsUsage: "PUZZLE SOLUTION",
			Flags: append(puzzleFlags(), appio.FormatFlag), Action: verifyAction},
		{Name: "convert", Usage: "write a puzzle in another format", ArgsUsage: "PUZZLE...",
			Flags:  append(puzzleFlags(), &cli.StringFlag{Name: "to", Value: "canonical", Usage: "output format (see `puzzlesat kinds`)"}),
			Action: convertAction},
		{Name: "kinds", Usage: "list the puzzle kinds and their formats", Action: kindsAction},
		gradeCommand(common),
	}
}

// ExportCommand is `cnf export PUZZLE`, attached under the cnf group.
func ExportCommand() *cli.Command {
	return &cli.Command{Name: "export", Usage: "write a puzzle's CNF as DIMACS, with comments naming the primary variables",
		ArgsUsage: "PUZZLE", Flags: puzzleFlags(), Action: exportAction}
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
// puzzles, the back-end, the exit code to start from, and the context with
// --timeout.
type batch struct {
	json   bool
	items  []item
	solver sat.Factory
	code   int
	ctx    context.Context
	cancel context.CancelFunc
}

// start reads the flags and puzzles every puzzle command shares.
func start(c *cli.Context) (*batch, error) {
	asJSON, err := appio.JSON(c)
	if err != nil {
		return nil, err
	}
	items, newSolver, code, err := load(c, c.Args().Slice())
	if err != nil {
		return nil, err
	}
	ctx, cancel := appio.Context(c)
	return &batch{json: asJSON, items: items, solver: newSolver, code: code, ctx: ctx, cancel: cancel}, nil
}

type cellJSON struct {
	Row, Col      int
	First, Second string
}

func solveAction(c *cli.Context) error {
	b, err := start(c)
	if err != nil {
		return err
	}
	defer b.cancel()
	asJSON, items, ctx, code := b.json, b.items, b.ctx, b.code
	for _, it := range items {
		start := time.Now()
		st, a, err := solve.One(ctx, it.inst, b.solver)
		ms := appio.Millis(time.Since(start))
		status := "solved"
		switch {
		case err != nil && appio.IsTimeout(err):
			status, code = "timeout", worst(code, appio.ExitTimeout)
		case err != nil:
			return err
		case st == sat.Unsat:
			status, code = "unsolvable", worst(code, appio.ExitNo)
		case st != sat.Sat:
			status, code = "timeout", worst(code, appio.ExitTimeout)
		}
		label := it.label(len(items) > 1)
		if asJSON {
			out := solveRecord{File: it.file, Kind: it.kind.Name, Name: it.inst.Name(),
				Status: status, Solver: c.String("solver"), Ms: ms}
			if a != nil {
				out.Solution = it.inst.Draw(a)
			}
			if err := appio.WriteJSON(c.App.Writer, out); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(c.App.Writer, "%s: %s (%s, %.1f ms)\n", label, status, c.String("solver"), ms)
		if a != nil {
			drawLines(c.App.Writer, "  ", it.inst.Draw(a))
		}
	}
	return exitWith(code)
}

func checkAction(c *cli.Context) error {
	b, err := start(c)
	if err != nil {
		return err
	}
	defer b.cancel()
	asJSON, items, ctx, code := b.json, b.items, b.ctx, b.code
	for _, it := range items {
		start := time.Now()
		r, err := solve.Check(ctx, it.inst, b.solver, c.Bool("certify"))
		ms := appio.Millis(time.Since(start))
		status := r.Status.String()
		if err != nil {
			if !appio.IsTimeout(err) {
				return fmt.Errorf("%s: %w", it.label(len(items) > 1), err)
			}
			status = "timeout"
		}
		switch status {
		case "unique":
		case "timeout", "unknown":
			status = "timeout"
			code = worst(code, appio.ExitTimeout)
		default:
			code = worst(code, appio.ExitNo)
		}
		// Kinds with uniqueness-assuming rules say how the rules reach a
		// unique answer; a cheat-only route is flagged.
		route := ""
		if rr, ok := it.inst.(kinds.RouteReporter); ok && status == "unique" {
			if route, err = rr.Route(ctx); err != nil {
				return fmt.Errorf("%s: %w", it.label(len(items) > 1), err)
			}
		}
		var diffs []cellJSON
		for _, p := range r.Differences {
			diffs = append(diffs, cellJSON{Row: p.Row + 1, Col: p.Col + 1,
				First: valueAt(it.inst, r.First, p), Second: valueAt(it.inst, r.Second, p)})
		}
		if asJSON {
			out := checkRecord{File: it.file, Kind: it.kind.Name, Name: it.inst.Name(),
				Status: status, Solution: drawOrNil(it.inst, r.First), Second: drawOrNil(it.inst, r.Second),
				Differences: diffsOrEmpty(diffs), Route: route, Solver: c.String("solver"), Ms: ms}
			if r.Certificate != nil {
				out.Certificate = &certificateRecord{Lemmas: r.Certificate.Size(), Checked: true,
					Backend: r.Certificate.Backend,
					SolveMs: appio.Millis(r.Certificate.SolveTime), CheckMs: appio.Millis(r.Certificate.CheckTime)}
			}
			if err := appio.WriteJSON(c.App.Writer, out); err != nil {
				return err
			}
			continue
		}
		w := c.App.Writer
		fmt.Fprintf(w, "%s: %s (%s, %.1f ms)\n", it.label(len(items) > 1), status, c.String("solver"), ms)
		switch {
		case r.Second != nil:
			fmt.Fprintln(w, "  solution 1:")
			drawLines(w, "    ", it.inst.Draw(r.First))
			fmt.Fprintln(w, "  solution 2:")
			drawLines(w, "    ", it.inst.Draw(r.Second))
			cells := make([]string, len(diffs))
			for i, d := range diffs {
				cells[i] = fmt.Sprintf("r%dc%d (%s/%s)", d.Row, d.Col, d.First, d.Second)
			}
			fmt.Fprintf(w, "  they differ in %s: %s\n", plural(len(diffs), "cell"), strings.Join(cells, " "))
		case r.First != nil:
			drawLines(w, "  ", it.inst.Draw(r.First))
		}
		switch route {
		case "cheat":
			fmt.Fprintln(w, "  FLAG: the human rules reach this answer only with a uniqueness cheat (the sound rules get stuck)")
		case "unsolved":
			fmt.Fprintln(w, "  note: the human rules do not finish this puzzle, even with the uniqueness cheats")
		}
		if r.Certificate != nil {
			fmt.Fprintf(w, "  no second solution: RUP certificate of %d lemmas from %s, verified independently (%.1f ms)\n",
				r.Certificate.Size(), r.Certificate.Backend, appio.Millis(r.Certificate.CheckTime))
		}
	}
	return exitWith(code)
}

func diffsOrEmpty(d []cellJSON) []cellJSON {
	if d == nil {
		return []cellJSON{}
	}
	return d
}

func drawOrNil(inst kinds.Instance, a puzzle.Assignment) []string {
	if a == nil {
		return nil
	}
	return inst.Draw(a)
}

// valueAt is the label of the value a gives the unknown at p.
func valueAt(inst kinds.Instance, a puzzle.Assignment, p puzzle.Pos) string {
	for i, v := range inst.Vars() {
		if v.Pos == p && i < len(a) && a[i] >= 0 && a[i] < len(v.Domain) {
			return v.Domain[a[i]]
		}
	}
	return "?"
}

func backboneAction(c *cli.Context) error {
	b, err := start(c)
	if err != nil {
		return err
	}
	defer b.cancel()
	asJSON, items, ctx, code := b.json, b.items, b.ctx, b.code
	for _, it := range items {
		start := time.Now()
		r, err := solve.Backbone(ctx, it.inst, b.solver)
		ms := appio.Millis(time.Since(start))
		status := "ok"
		switch {
		case err != nil && appio.IsTimeout(err):
			status, code = "timeout", worst(code, appio.ExitTimeout)
		case err != nil:
			return err
		case r.Status == sat.Unsat:
			status, code = "unsolvable", worst(code, appio.ExitNo)
		}
		total := len(it.inst.Vars())
		if asJSON {
			out := backboneRecord{File: it.file, Kind: it.kind.Name, Name: it.inst.Name(),
				Status: status, Solver: c.String("solver"), Ms: ms, Unknowns: total}
			if status == "ok" {
				out.Determined = &r.Determined
				out.Backbone = it.inst.Draw(r.Fixed)
			}
			if err := appio.WriteJSON(c.App.Writer, out); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(c.App.Writer, "%s: %s (%s, %.1f ms)\n", it.label(len(items) > 1), status, c.String("solver"), ms)
		if status == "ok" {
			drawLines(c.App.Writer, "  ", it.inst.Draw(r.Fixed))
			fmt.Fprintf(c.App.Writer, "  %d of %d cells are the same in every solution\n", r.Determined, total)
		}
	}
	return exitWith(code)
}

func countAction(c *cli.Context) error {
	if c.Int("max") < 0 {
		return appio.Exit(appio.ExitBadInput, "--max must be ≥ 0")
	}
	b, err := start(c)
	if err != nil {
		return err
	}
	defer b.cancel()
	asJSON, items, ctx, code := b.json, b.items, b.ctx, b.code
	for _, it := range items {
		start := time.Now()
		n, complete, err := solve.Count(ctx, it.inst, b.solver, c.Int("max"))
		ms := appio.Millis(time.Since(start))
		status := "complete"
		switch {
		case err != nil && appio.IsTimeout(err):
			status, code = "timeout", worst(code, appio.ExitTimeout)
		case err != nil:
			return err
		case !complete:
			status = "capped"
		}
		if asJSON {
			if err := appio.WriteJSON(c.App.Writer, countRecord{File: it.file, Kind: it.kind.Name, Name: it.inst.Name(),
				Count: n, Status: status, Solver: c.String("solver"), Ms: ms}); err != nil {
				return err
			}
			continue
		}
		switch status {
		case "complete":
			fmt.Fprintf(c.App.Writer, "%s: %s (%.1f ms)\n", it.label(len(items) > 1), plural(n, "solution"), ms)
		case "capped":
			fmt.Fprintf(c.App.Writer, "%s: at least %d solutions (stopped at --max %d; %.1f ms)\n", it.label(len(items) > 1), n, c.Int("max"), ms)
		default:
			fmt.Fprintf(c.App.Writer, "%s: at least %d solutions (timed out after %.1f ms)\n", it.label(len(items) > 1), n, ms)
		}
	}
	return exitWith(code)
}

func verifyAction(c *cli.Context) error {
	asJSON, err := appio.JSON(c)
	if err != nil {
		return err
	}
	if c.NArg() != 2 {
		return appio.Exit(appio.ExitBadInput, "verify takes PUZZLE SOLUTION")
	}
	items, _, _, err := load(c, c.Args().Slice()[:1])
	if err != nil {
		return err
	}
	if len(items) != 1 {
		return appio.Exit(appio.ExitBadInput, "%s holds %d puzzles; pick one with FILE#NAME", items[0].file, len(items))
	}
	it := items[0]
	name, data, err := appio.ReadInput(c, c.Args().Get(1))
	if err != nil {
		return err
	}
	a, err := it.inst.ParseSolution(name, data)
	if err != nil {
		return appio.BadInput(err)
	}
	vs := it.inst.Verify(a)
	if asJSON {
		if vs == nil {
			vs = []puzzle.Violation{}
		}
		if err := appio.WriteJSON(c.App.Writer, verifyRecord{File: it.file, Kind: it.kind.Name, Name: it.inst.Name(),
			SolutionFile: name, Valid: len(vs) == 0, Violations: vs}); err != nil {
			return err
		}
	} else if len(vs) == 0 {
		fmt.Fprintf(c.App.Writer, "%s: valid solution\n", name)
	} else {
		fmt.Fprintf(c.App.Writer, "%s: %d broken rules\n", name, len(vs))
		for _, v := range vs {
			fmt.Fprintf(c.App.Writer, "  %s\n", v)
		}
	}
	if len(vs) > 0 {
		return exitWith(appio.ExitNo)
	}
	return nil
}

func convertAction(c *cli.Context) error {
	items, _, code, err := load(c, c.Args().Slice())
	if err != nil {
		return err
	}
	for _, it := range items {
		out, err := it.inst.Format(c.String("to"))
		if err != nil {
			return appio.Exit(appio.ExitBadInput, "%s: %v (%s writes %s)", it.label(len(items) > 1), err, it.kind.Name, strings.Join(it.kind.Outputs, ", "))
		}
		fmt.Fprint(c.App.Writer, out)
		if !strings.HasSuffix(out, "\n") {
			fmt.Fprintln(c.App.Writer)
		}
	}
	return exitWith(code)
}

func kindsAction(c *cli.Context) error {
	for _, k := range kinds.List() {
		fmt.Fprintf(c.App.Writer, "%s: %s\n  reads: %s\n  writes: %s\n", k.Name, k.Doc,
			strings.Join(k.Formats, ", "), strings.Join(k.Outputs, ", "))
	}
	return nil
}

// plural writes "1 cell", "4 cells".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
