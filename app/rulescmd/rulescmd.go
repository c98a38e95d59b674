// Package rulescmd is `puzzlesat rules`: checking rules files of the kinds
// whose human rules are data (kind.RuleFiles: Japanese Arrows' first-order
// rule language), and auditing rules for soundness by certifying every
// deduction they make with SAT. It knows no kind: the kind with rule files
// comes from the registry (--kind, when several have them).
package rulescmd

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// kindFlag picks the kind whose rules files are meant, when several kinds
// have them.
var kindFlag = &cli.StringFlag{Name: "kind", Usage: "the kind whose rules files these are (default: the one kind with rules files)"}

// languages names the rules files' languages of the kinds of reg that
// have them.
func languages(reg *kinds.Registry) string {
	var out []string
	for _, k := range reg.List() {
		if k.RuleFiles != nil {
			out = append(out, k.RuleFiles.Language)
		}
	}
	return strings.Join(out, "; ")
}

// Command returns `puzzlesat rules`, of the kinds of reg.
func Command(reg *kinds.Registry) *cli.Command {
	return &cli.Command{
		Name:  "rules",
		Usage: "check and audit human-rule files (" + languages(reg) + ")",
		Subcommands: []*cli.Command{
			{
				Name:      "check",
				Usage:     "parse and type-check rules files; errors by line and column",
				ArgsUsage: "FILE...",
				Flags:     []cli.Flag{kindFlag},
				Action:    appio.Anywhere(checkAction),
			},
			{
				Name:      "audit",
				Usage:     "solve puzzles with the rules and check every deduction with SAT; name each unsound rule with a counter-solution",
				ArgsUsage: "[PUZZLE...]",
				Flags: []cli.Flag{
					kindFlag,
					&cli.StringFlag{Name: "rules", Usage: "rules file (default: the kind's own rules)"},
					appio.AtLeast(&cli.IntFlag{Name: "generate", Usage: "also audit on this many generated puzzles (the reference generator, run with these rules)"}, 0),
					appio.AtLeast(&cli.IntFlag{Name: "layouts", Usage: "also audit on this many random layouts without clue values (many solutions: unsound rules show up fast)"}, 0),
					&cli.StringFlag{Name: "size", Value: "5x5", Usage: "size of generated puzzles, RxC"},
					&cli.BoolFlag{Name: "diagonal", Usage: "generate the kind's diagonal variant, where it has one"},
					&cli.Int64Flag{Name: "seed", Value: 1, Usage: "seed for generated puzzles"},
					appio.AtLeast(&cli.IntFlag{Name: "trials", Value: -1, Usage: "k ≥ 0 replaces the file's Backtrack rules by trials of at most 1..k rule layers (default: the file's own)"}, -1),
					appio.SolverFlag, appio.TimeoutFlag, appio.FormatFlag,
				},
				Action: appio.Anywhere(auditAction),
			},
		},
	}
}

// ruleKind is the kind the rules commands work on: --kind, or the one kind
// of the registry whose rules are data.
func ruleKind(c *cli.Context) (*kind.Kind, error) {
	have, err := appio.KindsWith(c, "rules files", func(k *kind.Kind) bool { return k.RuleFiles != nil })
	if err != nil {
		return nil, err
	}
	switch len(have) {
	case 1:
		return have[0], nil
	case 0:
		return nil, appio.Exit(appio.ExitBadInput, "no kind has rules files")
	}
	var names []string
	for _, k := range have {
		names = append(names, k.Name)
	}
	return nil, appio.Exit(appio.ExitBadInput, "give --kind (%s)", strings.Join(names, ", "))
}

// checkAction checks every file given: 0 when all are well-formed, 1 when
// one has errors (printed by line and column), 2 when one cannot be read
// (the convention of every command for unreadable input); every file is
// checked either way.
func checkAction(c *cli.Context, args []string) error {
	if len(args) == 0 {
		return appio.Exit(appio.ExitBadInput, "rules check needs a rules file")
	}
	k, err := ruleKind(c)
	if err != nil {
		return err
	}
	code := appio.ExitOK
	for _, f := range args {
		name, data, err := appio.ReadInput(c, f)
		if err != nil {
			fmt.Fprintln(c.App.ErrWriter, "puzzlesat:", err)
			code = appio.ExitBadInput
			continue
		}
		rs, err := k.RuleFiles.Parse(name, data)
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
		fmt.Fprintf(c.App.Writer, "%s: %s: ok\n", name, rs.Summary())
	}
	if code != appio.ExitOK {
		return cli.Exit("", code)
	}
	return nil
}

func auditAction(c *cli.Context, args []string) error {
	asJSON := appio.JSON(c)
	k, err := ruleKind(c)
	if err != nil {
		return err
	}
	rf := k.RuleFiles
	rs := rf.Default()
	if f := c.String("rules"); f != "" {
		data, err := os.ReadFile(f)
		if err != nil {
			return appio.BadInput(err)
		}
		if rs, err = rf.Parse(f, data); err != nil {
			return appio.BadInput(err)
		}
	}
	rows, cols, err := appio.Size(c)
	if err != nil {
		return err
	}
	if len(args) == 0 && c.Int("generate") <= 0 && c.Int("layouts") <= 0 {
		return appio.Exit(appio.ExitBadInput, "rules audit needs puzzles, --generate N or --layouts N")
	}
	newSolver, err := appio.Factory(c)
	if err != nil {
		return err
	}
	kopt := kind.Options{}.With(rf.Flag, c.String("rules"))
	var puzzles []kind.Instance
	for _, arg := range args {
		insts, err := load(c, k, arg, kopt)
		if err != nil {
			return err
		}
		puzzles = append(puzzles, insts...)
	}
	ctx, cancel := appio.Context(c)
	defer cancel()
	if n := c.Int("generate"); n > 0 {
		rules, err := rs.Rules()
		if err != nil {
			return appio.BadInput(err)
		}
		// Stream 0 of the seed makes the generated puzzles, stream 1 the
		// layouts, so that --generate does not change the layouts.
		rng := rand.New(rand.NewPCG(uint64(c.Int64("seed")), 0))
		for i := 0; i < n; i++ {
			inst, err := rf.Generate(ctx, rng, rules, rows, cols, c.Bool("diagonal"), kopt)
			if err != nil {
				fmt.Fprintf(c.App.ErrWriter, "generated puzzle %d: %v\n", i+1, err)
				continue
			}
			puzzles = append(puzzles, named{inst, fmt.Sprintf("generated-%d", i+1)})
		}
	}
	rng := rand.New(rand.NewPCG(uint64(c.Int64("seed")), 1))
	for i := 0; i < c.Int("layouts"); i++ {
		inst, err := rf.Layout(rng, rows, cols, c.Bool("diagonal"), kopt)
		if err != nil {
			return err
		}
		puzzles = append(puzzles, named{inst, fmt.Sprintf("layout-%d", i+1)})
	}
	// The audit drops a rule of the file once it is caught and solves
	// again; the built-in consistency checks stay (see RuleSet.Has).
	opt := crosscheck.AuditOptions{
		Trials: c.Int("trials"),
		Rules: func(without []string) ([]*human.Rule, error) {
			return rs.Rules(without...)
		},
		Droppable: rs.Has,
	}
	unsound := map[string]int{}
	// "\r" progress belongs on a screen, never in a log file.
	progress := appio.Progress(c.App.ErrWriter)
	audited, timedOut := 0, false
	for i, inst := range puzzles {
		fmt.Fprintf(progress, "\raudit %d/%d %s", i+1, len(puzzles), inst.Name())
		o, err := crosscheck.NewOracle(ctx, inst, newSolver)
		var us []crosscheck.Unsound
		if err == nil {
			us, _, err = crosscheck.Audit(ctx, inst, o.Solution, opt)
		}
		if appio.IsTimeout(err) {
			timedOut = true
			break
		}
		if err != nil {
			fmt.Fprintln(progress)
			return fmt.Errorf("%s: %w", inst.Name(), err)
		}
		audited++
		for _, u := range us {
			unsound[u.Rule]++
			if asJSON {
				rec := auditRecord{Unsound: u}
				if u.Elim != nil {
					el := answer.Elim(inst, *u.Elim)
					rec.Elim = &el
				}
				if err := appio.WriteJSON(c.App.Writer, rec); err != nil {
					return err
				}
			} else {
				fmt.Fprint(c.App.Writer, u.Format(inst, func(cs []human.Cands) []string { return rf.State(model(inst), cs) }))
			}
		}
	}
	fmt.Fprintln(progress)
	names := slices.Sorted(maps.Keys(unsound))
	if !asJSON {
		done := fmt.Sprintf("%s audited", plural.N(audited, "puzzle"))
		if timedOut && interrupt.Is(ctx) {
			done = fmt.Sprintf("%d of %s audited before the interrupt", audited, plural.N(len(puzzles), "puzzle"))
		} else if timedOut {
			done = fmt.Sprintf("%d of %s audited before the deadline", audited, plural.N(len(puzzles), "puzzle"))
		}
		if len(names) == 0 {
			fmt.Fprintf(c.App.Writer, "%s: every deduction was confirmed by SAT\n", done)
		} else {
			fmt.Fprintf(c.App.Writer, "%s: unsound rules: %s\n", done, strings.Join(names, ", "))
		}
	}
	if timedOut {
		return cli.Exit(interrupt.Reason(ctx), appio.ExitTimeout)
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

// named is an instance made in memory under the name the audit gives it.
type named struct {
	kind.Instance
	name string
}

func (n named) Name() string { return n.name }

// model is the kind's own instance behind a named one.
func model(inst kind.Instance) kind.Instance {
	if n, ok := inst.(named); ok {
		return n.Instance
	}
	return inst
}

// load reads the puzzles of the kind from a file, "-", or a puzzle folder
// (Kind.Folder: a reference Arrows folder, puzzle.txt with solution.txt
// and metadata.yaml beside it).
func load(c *cli.Context, k *kind.Kind, arg string, opt kind.Options) ([]kind.Instance, error) {
	if f := appio.Kinds(c).PuzzleFolder(arg); f != "" {
		arg = f
	}
	name, data, err := appio.ReadInput(c, arg)
	if err != nil {
		return nil, err
	}
	insts, err := k.Parse(name, data, opt)
	if err != nil {
		return nil, appio.BadInput(err)
	}
	return insts, nil
}
