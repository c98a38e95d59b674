package puzzlecmd

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/answer/rating"
	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/dimacs"
)

func gradeCommand(common func(...cli.Flag) []cli.Flag) *cli.Command {
	return &cli.Command{
		Name:      "grade",
		Usage:     "solve like a person: difficulty report, steps with reasons, or the next hint (SAT checks uniqueness alongside)",
		ArgsUsage: "PUZZLE...",
		Flags: common(
			appio.AtLeast(&cli.IntFlag{Name: "trials", Value: -1, Usage: "k ≥ 0 replaces the kind's proofs by contradiction by trials of at most 1..k rule layers (0: none; default: the kind's own trial rules, nested ones included)"}, -1),
			&cli.BoolFlag{Name: "steps", Usage: "print every step with its reason"},
			&cli.BoolFlag{Name: "hint", Usage: "print only the next step"},
			&cli.BoolFlag{Name: "certify-steps", Usage: "check every elimination with SAT as it is made"},
			&cli.IntFlag{Name: "parallel", Usage: "goroutines per rule layer (0: one per CPU); results do not depend on it"},
			appio.ShardFlag,
		),
		Action: appio.Anywhere(gradeAction),
	}
}

func gradeAction(c *cli.Context, args []string) error {
	return forEach(c, args, func(b *batch, it item, label string) (int, error) {
		start := time.Now()
		trials := c.Int("trials")
		opt := b.ask(c, answer.Options{Trials: &trials, Parallel: c.Int("parallel"), CertifySteps: c.Bool("certify-steps"), Bands: appio.Kinds(c)})
		if c.Bool("hint") {
			rec, err := answer.NextStep(b.ctx, it.inst, opt)
			if err != nil {
				return gradeFailed(c, b, it, label, appio.Millis(time.Since(start)), err)
			}
			return printHint(c, b, it, label, rec)
		}
		if c.Bool("steps") {
			opt.Steps = -1 // all of them
		}
		rec, err := answer.Grade(b.ctx, it.inst, opt)
		if err != nil {
			return gradeFailed(c, b, it, label, appio.Millis(time.Since(start)), err)
		}
		code := appio.ExitOK
		if rec.Status != string(human.StatusSolved) {
			code = appio.ExitNo
		}
		return code, b.emit(c, it, rec, func(w io.Writer) {
			fmt.Fprintf(w, "%s: %s by rules; SAT: %s (%.1f ms)\n", label, rec.Status, rec.SATStatus, rec.Ms)
			if rec.Steps != nil {
				printSteps(w, it.inst, humanSteps(*rec.Steps), "  ")
			}
			printReport(w, rec)
			if rec.Rating > 0 {
				band := " (in no band)"
				if rec.Band != "" {
					band = " (band " + rec.Band + ")"
				}
				fmt.Fprintf(w, "  rating: %s%s\n", rating.Bar(rec.Rating), band)
			}
			if rec.Status == string(human.StatusSolved) {
				drawLines(w, "  ", rec.Solution)
			} else {
				drawLines(w, "  ", rec.Left)
			}
		})
	})
}

// gradeFailed reports a grade that gave no answer: the time ran out
// (after ms), or a step SAT refutes (with its counter-solution), or another
// error, returned.
func gradeFailed(c *cli.Context, b *batch, it item, label string, ms float64, err error) (int, error) {
	if appio.IsTimeout(err) {
		if interrupt.Is(b.ctx) {
			return appio.ExitTimeout, nil // cut short: forEach says so
		}
		fmt.Fprintf(c.App.ErrWriter, "%s: timed out after %.1f ms\n", label, ms)
		return appio.ExitTimeout, nil
	}
	var unsound *crosscheck.UnsoundError
	if errors.As(err, &unsound) {
		fmt.Fprintf(c.App.ErrWriter, "%s: %v\n  counter-solution:\n", label, unsound)
		drawLines(c.App.ErrWriter, "    ", it.inst.Draw(unsound.Counter))
		return 0, cli.Exit("", 1)
	}
	return 0, err
}

// humanSteps are the steps of records.
func humanSteps(recs []answer.StepRecord) []human.Step {
	out := make([]human.Step, len(recs))
	for i, r := range recs {
		out[i] = r.Step
	}
	return out
}

func printReport(w io.Writer, r answer.GradeRecord) {
	rep := r.Report
	// The hardest rule counts trials (a solve that needed one names it);
	// a stuck solve says how far the rules were tried.
	hardest, level := cmp.Or(rep.Hardest, rep.MaxRule, "-"), rep.MaxLevel
	if rep.Hardest != "" {
		level = rep.Complexity
	}
	stuck := ""
	if rep.StuckAfter != "" {
		stuck = fmt.Sprintf("; stuck: no rule up to %s (level %d) applies", rep.StuckAfter, rep.StuckLevel)
	}
	fmt.Fprintf(w, "  difficulty score %.1f, complexity used %d: hardest rule %s (level %d), trial depth %d, nesting %d, %s in %s (widest %d), %s available in all%s\n",
		rep.Score, rep.Complexity, hardest, level, rep.TrialDepth, rep.Nesting, plural.N(rep.Steps, "step"), plural.N(rep.Depth, "layer"), rep.Width, plural.N(rep.Available, "move"), stuck)
	var parts []string
	for _, n := range slices.Sorted(maps.Keys(rep.RuleSteps)) {
		parts = append(parts, fmt.Sprintf("%s×%d", n, rep.RuleSteps[n]))
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "  rules used: %s\n", strings.Join(parts, ", "))
	}
	if len(r.Metrics) > 0 {
		var ms []string
		for _, k := range slices.Sorted(maps.Keys(r.Metrics)) {
			ms = append(ms, fmt.Sprintf("%s=%v", k, r.Metrics[k]))
		}
		fmt.Fprintf(w, "  kind metrics: %s\n", strings.Join(ms, " "))
	}
	if r.Certified > 0 {
		fmt.Fprintf(w, "  %s certified by SAT\n", plural.N(r.Certified, "elimination"))
	}
}

// printSteps prints steps one per line; a proof by contradiction follows
// its step as an indented chain from its assumption to the contradiction,
// a proof inside it indented once more.
func printSteps(w io.Writer, inst kind.Instance, steps []human.Step, indent string) {
	for _, s := range steps {
		fmt.Fprintf(w, "%s%d. %s\n", indent, s.Index+1, crosscheck.StepLine(inst, &s, " ≠ "))
		printProof(w, inst, s, indent+"     ")
	}
}

// printProof prints a trial step's proof: "assume x = v", then "→ step"
// per inner step, and how it ends ("→ r5c1 has no value left").
func printProof(w io.Writer, inst kind.Instance, s human.Step, indent string) {
	if s.Assume == nil {
		return
	}
	fmt.Fprintf(w, "%sassume %s\n", indent, crosscheck.Describe(inst, *s.Assume))
	vars := inst.Vars()
	for _, in := range s.Proof {
		switch {
		case in.Check:
			// A check's eliminations are not applied: it only says the
			// state is inconsistent.
			reason := in.Reason
			if !strings.HasPrefix(reason, in.Rule) {
				reason = in.Rule + ": " + reason
			}
			fmt.Fprintf(w, "%s→ check %s ⇒ contradiction\n", indent, reason)
			continue
		case in.Contradiction && len(in.Elims) == 0:
			fmt.Fprintf(w, "%s→ [%s, level %d] %s ⇒ contradiction\n", indent, in.Rule, in.Level, in.Reason)
		default:
			fmt.Fprintf(w, "%s→ %s\n", indent, crosscheck.StepLine(inst, &in, " ≠ "))
			printProof(w, inst, in, indent+"  ")
		}
		for _, v := range in.Emptied {
			name := fmt.Sprintf("unknown %d", v)
			if v >= 0 && v < len(vars) {
				name = vars[v].Name
			}
			fmt.Fprintf(w, "%s→ %s has no value left\n", indent, name)
		}
	}
}

// printHint writes the next step. The exit code follows grade's: 0 when
// the step leads towards the one solution, 1 when there is no step or no
// single solution to lead to (SAT shows several, or none), said on stderr.
func printHint(c *cli.Context, b *batch, it item, label string, rec answer.HintRecord) (int, error) {
	err := b.emit(c, it, rec, func(w io.Writer) {
		if rec.Hint == nil {
			fmt.Fprintf(w, "%s: no further step found\n", label)
		} else {
			printSteps(w, it.inst, []human.Step{rec.Hint.Step}, "")
		}
	})
	if err != nil {
		return 0, err
	}
	switch {
	case rec.SATStatus == answer.Multiple:
		fmt.Fprintf(c.App.ErrWriter, "%s: SAT shows several solutions (they differ at %s): no hint leads to one answer\n",
			label, crosscheck.PosList(rec.SATDifferences))
		return appio.ExitNo, nil
	case rec.SATStatus == answer.Unsolvable:
		fmt.Fprintf(c.App.ErrWriter, "%s: SAT shows the puzzle has no solution\n", label)
		return appio.ExitNo, nil
	case rec.Hint == nil:
		return appio.ExitNo, nil
	}
	return appio.ExitOK, nil
}

func exportAction(c *cli.Context, args []string) error {
	items, _, _, err := load(c, args)
	if err != nil {
		return err
	}
	if len(items) != 1 {
		return appio.Exit(appio.ExitBadInput, "cnf export takes one puzzle (pick one with FILE#NAME)")
	}
	it := items[0]
	f := &sat.Formula{}
	b := encode.NewBuilder(f)
	lay, err := it.inst.Encode(b)
	if err != nil {
		return appio.BadInput(err)
	}
	comments := []string{
		fmt.Sprintf("puzzlesat %s puzzle %q, %dx%d", it.kind.Name, it.inst.Name(), it.inst.Rows(), it.inst.Cols()),
		fmt.Sprintf("primary variables: %d of %d; the rest are auxiliaries", len(lay.Primary()), f.Vars),
	}
	vars := it.inst.Vars()
	for i, row := range lay.Lits {
		for j, l := range row {
			comments = append(comments, fmt.Sprintf("lit %d = %s is %s", l, vars[i].Name, vars[i].Domain[j]))
		}
	}
	return dimacs.Write(c.App.Writer, f, comments...)
}
