// Package rulescmd is `puzzlesat rules`: checking a rules file written in
// the Japanese Arrows first-order rule language, and auditing rules for
// soundness by certifying every deduction they make with SAT.
package rulescmd

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds"
	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	ha "github.com/puzzlesat/puzzlesat/kinds/arrows/rules"
	"github.com/puzzlesat/puzzlesat/kinds/arrows/rules/fol"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Command returns `puzzlesat rules`.
func Command() *cli.Command {
	return &cli.Command{
		Name:  "rules",
		Usage: "check and audit human-rule files (Japanese Arrows rule language)",
		Subcommands: []*cli.Command{
			{
				Name:      "check",
				Usage:     "parse and type-check rules files; errors by line and column",
				ArgsUsage: "FILE...",
				Action:    appio.Anywhere(checkAction),
			},
			{
				Name:      "audit",
				Usage:     "solve puzzles with the rules and check every deduction with SAT; name each unsound rule with a counter-solution",
				ArgsUsage: "[PUZZLE...]",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "rules", Usage: "rules file (default: puzzlesat's own Arrows rules)"},
					&cli.IntFlag{Name: "generate", Usage: "also audit on this many generated puzzles (the reference generator, run with these rules)"},
					&cli.IntFlag{Name: "layouts", Usage: "also audit on this many random arrow layouts without givens (many solutions: unsound rules show up fast)"},
					&cli.StringFlag{Name: "size", Value: "5x5", Usage: "size of generated puzzles, RxC"},
					&cli.BoolFlag{Name: "diagonal", Usage: "generate diagonal puzzles"},
					&cli.Int64Flag{Name: "seed", Value: 1, Usage: "seed for generated puzzles"},
					&cli.IntFlag{Name: "trials", Value: -1, Usage: "k ≥ 0 replaces the file's Backtrack rules by trials of at most 1..k rule layers (default: the file's own)"},
					appio.SolverFlag, appio.TimeoutFlag, appio.FormatFlag,
				},
				Action: appio.Anywhere(auditAction),
			},
		},
	}
}

// checkAction checks every file given: 0 when all are well-formed, 1 when
// one has errors (printed by line and column), 2 when one cannot be read
// (the convention of every command for unreadable input); every file is
// checked either way.
func checkAction(c *cli.Context, args []string) error {
	if len(args) == 0 {
		return appio.Exit(appio.ExitBadInput, "rules check needs a rules file")
	}
	code := appio.ExitOK
	for _, f := range args {
		name, data, err := appio.ReadInput(c, f)
		if err != nil {
			fmt.Fprintln(c.App.ErrWriter, "puzzlesat:", err)
			code = appio.ExitBadInput
			continue
		}
		rs, err := ha.ParseRules(name, data)
		if err == nil {
			_, err = rs.HumanRules(fol.AllOptimizations)
		}
		if err != nil {
			if code == appio.ExitOK {
				code = appio.ExitNo
			}
			if l, ok := err.(srcpos.ErrorList); ok {
				for _, e := range l {
					fmt.Fprintln(c.App.ErrWriter, e)
				}
			} else {
				fmt.Fprintln(c.App.ErrWriter, err)
			}
			continue
		}
		fmt.Fprintf(c.App.Writer, "%s: %s, levels 1..%d, trial depth %d: ok\n", name, plural.N(len(rs.Rules), "rule"), rs.MaxLevel(), rs.TrialDepth())
	}
	if code != appio.ExitOK {
		return cli.Exit("", code)
	}
	return nil
}

func auditAction(c *cli.Context, args []string) error {
	asJSON, err := appio.JSON(c)
	if err != nil {
		return err
	}
	rs := ha.Default()
	if f := c.String("rules"); f != "" {
		if rs, err = ha.LoadRules(f); err != nil {
			return appio.BadInput(err)
		}
	}
	var rows, cols int
	if _, err := fmt.Sscanf(c.String("size"), "%dx%d", &rows, &cols); err != nil || rows < 1 || cols < 1 {
		return appio.Exit(appio.ExitBadInput, "--size %q: want RxC, e.g. 5x5", c.String("size"))
	}
	if len(args) == 0 && c.Int("generate") <= 0 && c.Int("layouts") <= 0 {
		return appio.Exit(appio.ExitBadInput, "rules audit needs puzzles, --generate N or --layouts N")
	}
	newSolver, err := appio.Factory(c)
	if err != nil {
		return err
	}
	kopt := kinds.Options{}.With("rules", c.String("rules"))
	var puzzles []auditee
	for _, arg := range args {
		as, err := loadArrows(c, arg, kopt)
		if err != nil {
			return err
		}
		puzzles = append(puzzles, as...)
	}
	ctx, cancel := appio.Context(c)
	defer cancel()
	if n := c.Int("generate"); n > 0 {
		rules, err := rs.HumanRules(fol.AllOptimizations)
		if err != nil {
			return appio.BadInput(err)
		}
		eng := &human.Engine{Rules: rules}
		// Stream 0 of the seed makes the generated puzzles, stream 1 the
		// layouts, so that --generate does not change the layouts.
		rng := rand.New(rand.NewPCG(uint64(c.Int64("seed")), 0))
		for i := 0; i < n; i++ {
			p, err := ha.Generate(ctx, rng, eng, ha.GenOptions{Rows: rows, Cols: cols, Diagonal: c.Bool("diagonal")})
			if err != nil {
				fmt.Fprintf(c.App.ErrWriter, "generated puzzle %d: %v\n", i+1, err)
				continue
			}
			p.Title = fmt.Sprintf("generated-%d", i+1)
			a, err := newAuditee(p, kopt)
			if err != nil {
				return err
			}
			puzzles = append(puzzles, a)
		}
	}
	rng := rand.New(rand.NewPCG(uint64(c.Int64("seed")), 1))
	for i := 0; i < c.Int("layouts"); i++ {
		p := ha.RandomLayout(rng, ha.GenOptions{Rows: rows, Cols: cols, Diagonal: c.Bool("diagonal")})
		p.Title = fmt.Sprintf("layout-%d", i+1)
		a, err := newAuditee(p, kopt)
		if err != nil {
			return err
		}
		puzzles = append(puzzles, a)
	}
	// The audit drops a rule of the file once it is caught and solves
	// again; the built-in consistency checks stay (see RuleSet.Has).
	opt := crosscheck.AuditOptions{
		Trials: c.Int("trials"),
		Rules: func(without []string) ([]*human.Rule, error) {
			return rs.Without(without...).HumanRules(fol.AllOptimizations)
		},
		Droppable: rs.Has,
	}
	unsound := map[string]int{}
	// "\r" progress belongs on a screen, never in a log file.
	progress := appio.Progress(c.App.ErrWriter)
	audited, timedOut := 0, false
	for i, a := range puzzles {
		fmt.Fprintf(progress, "\raudit %d/%d %s", i+1, len(puzzles), a.inst.Name())
		o, err := crosscheck.NewOracle(ctx, a.inst, newSolver)
		var us []crosscheck.Unsound
		if err == nil {
			us, _, err = crosscheck.Audit(ctx, a.inst, o.Solution, opt)
		}
		if appio.IsTimeout(err) {
			timedOut = true
			break
		}
		if err != nil {
			fmt.Fprintln(progress)
			return fmt.Errorf("%s: %w", a.inst.Name(), err)
		}
		audited++
		for _, u := range us {
			unsound[u.Rule]++
			if asJSON {
				rec := auditRecord{Unsound: u}
				if u.Elim != nil {
					el := answer.Elim(a.inst, *u.Elim)
					rec.Elim = &el
				}
				if err := appio.WriteJSON(c.App.Writer, rec); err != nil {
					return err
				}
			} else {
				fmt.Fprint(c.App.Writer, u.Format(a.inst, func(cs []human.Cands) []string { return ha.FormatState(a.p, cs) }))
			}
		}
	}
	fmt.Fprintln(progress)
	names := slices.Sorted(maps.Keys(unsound))
	if !asJSON {
		done := fmt.Sprintf("%s audited", plural.N(audited, "puzzle"))
		if timedOut {
			done = fmt.Sprintf("%d of %s audited before the deadline", audited, plural.N(len(puzzles), "puzzle"))
		}
		if len(names) == 0 {
			fmt.Fprintf(c.App.Writer, "%s: every deduction was confirmed by SAT\n", done)
		} else {
			fmt.Fprintf(c.App.Writer, "%s: unsound rules: %s\n", done, strings.Join(names, ", "))
		}
	}
	if timedOut {
		return cli.Exit("timed out", appio.ExitTimeout)
	}
	if len(names) > 0 {
		return cli.Exit("", appio.ExitNo)
	}
	return nil
}

// auditRecord is one unsound deduction as JSON: crosscheck.Unsound, with
// its elimination's cell and value label beside the indexes.
type auditRecord struct {
	crosscheck.Unsound
	Elim *answer.ElimRecord `json:"elim,omitempty"`
}

// auditee is one puzzle to audit: the instance the oracle and the engine
// work on, and its Arrows model for the picture of a candidate state.
type auditee struct {
	p    *am.Puzzle
	inst kinds.Instance
}

// newAuditee makes a puzzle built in memory (generated, or a random
// layout) an instance, through its canonical text as any input would be.
func newAuditee(p *am.Puzzle, opt kinds.Options) (auditee, error) {
	text := p.CanonicalText(nil)
	insts, err := kinds.Arrows.Parse(p.Title, []byte(text), opt)
	if err != nil {
		return auditee{}, fmt.Errorf("%s: internal error: the puzzle does not read back: %w", p.Title, err)
	}
	return auditee{p: p, inst: insts[0]}, nil
}

// loadArrows reads Arrows puzzles from a file, a reference folder
// (puzzle.txt, with solution.txt and metadata.yaml beside it) or "-".
func loadArrows(c *cli.Context, arg string, opt kinds.Options) ([]auditee, error) {
	name, data, err := appio.ReadInput(c, arg)
	if err != nil {
		inner := filepath.Join(arg, "puzzle.txt")
		d, derr := os.ReadFile(inner)
		if derr != nil {
			return nil, err
		}
		insts, derr := kinds.Arrows.Parse(inner, d, opt)
		if derr != nil {
			return nil, err
		}
		return auditees(inner, insts)
	}
	insts, err := kinds.Arrows.Parse(name, data, opt)
	if err != nil {
		return nil, appio.BadInput(err)
	}
	return auditees(name, insts)
}

func auditees(name string, insts []kinds.Instance) ([]auditee, error) {
	var out []auditee
	for _, in := range insts {
		m, ok := in.(interface{ Model() *am.Puzzle })
		if !ok {
			return nil, fmt.Errorf("%s: not an Arrows puzzle", name)
		}
		out = append(out, auditee{p: m.Model(), inst: in})
	}
	return out, nil
}
