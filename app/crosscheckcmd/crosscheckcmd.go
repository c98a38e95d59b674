// Package crosscheckcmd is `puzzlesat crosscheck`: every puzzle of some
// files, folders or random draws checked by every SAT back-end and by the
// human solver, with every human deduction certified by SAT
// (crosscheck.Sweep), summarized with each disagreement and each unsound
// rule; exit 1 on any disagreement.
package crosscheckcmd

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/app/puzzlecmd"
	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
	"github.com/puzzlesat/puzzlesat/shard"
)

// Command returns `puzzlesat crosscheck`, of the kinds of reg.
func Command(reg *kinds.Registry) *cli.Command {
	flags := append(puzzlecmd.Flags(reg),
		appio.AtLeast(&cli.IntFlag{Name: "random", Usage: "also check N random puzzles of --kind (of every kind without it)"}, 0),
		&cli.StringFlag{Name: "size", Value: "5x5", Usage: "the random puzzles' size, RxC"},
		appio.SeedFlag("the random puzzles' seed: puzzle i of a kind depends on the seed, the kind and i only"),
		&cli.StringFlag{Name: "solvers", Usage: "comma-separated back-ends to compare; the first certifies the human steps (default: " + appio.DefaultSolvers + ")"},
		appio.AtLeast(&cli.IntFlag{Name: "max", Value: 20, Usage: "cap on the solution counts compared"}, 1),
		appio.AtLeast(&cli.IntFlag{Name: "trials", Value: -1, Usage: "the human engine's trial depth (-1: the kind's default)"}, -1),
		appio.JobsFlag("puzzles checked at once (default: the CPUs Go may use)"),
		appio.ShardFlag, appio.TimeoutFlag, appio.FormatFlag,
	)
	return &cli.Command{
		Name:      "crosscheck",
		Usage:     "check every puzzle with every SAT back-end and the human solver, and report every disagreement (exit 1)",
		ArgsUsage: "[FILE|DIR...]",
		Description: "For every puzzle of the files and folders given (folders are walked; files no kind reads are\n" +
			"skipped) and of --random N draws (kinds/<kind>/model's random builders: unique or not), each back-end\n" +
			"decides uniqueness, counts the solutions up to --max and computes the backbone; they must agree\n" +
			"with each other, with themselves, and with the solution the puzzle carries. The human solver then\n" +
			"solves it with every elimination certified by SAT on the first back-end, and must agree with SAT;\n" +
			"an unsound step is audited to name every rule that made one. Puzzles run on --jobs workers.\n\n" +
			"--shard I/N splits a large run over N jobs: puzzle number k (0-based, in the order files, then\n" +
			"random draws) belongs to shard k mod N, so shards 0/N .. N-1/N cover the run exactly once.\n" +
			"--shard auto takes I from JOB_COMPLETION_INDEX (a Kubernetes indexed Job; give N as auto/N) or\n" +
			"from SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN, with N from SLURM_ARRAY_TASK_COUNT.\n\n" +
			"Exit codes: 0 every puzzle agreed, 1 some disagreement, 2 bad input (also: some input held\n" +
			"malformed puzzles, reported on stderr, and nothing disagreed), 3 timeout.",
		Flags:  flags,
		Action: appio.Anywhere(action),
	}
}

func action(c *cli.Context, args []string) error {
	asJSON := appio.JSON(c)
	sh, err := appio.Shard(c)
	if err != nil {
		return err
	}
	backends, err := backendsOf(c)
	if err != nil {
		return err
	}
	n := c.Int("random")
	if len(args) == 0 && n <= 0 {
		return appio.Exit(appio.ExitBadInput, "crosscheck: give files or folders, or --random N")
	}

	files, skipped, err := puzzlecmd.Expand(c, args)
	if err != nil {
		return err
	}
	var puzzles []crosscheck.Puzzle
	code := appio.ExitOK
	if len(files) > 0 {
		loaded, loadCode, err := puzzlecmd.Load(c, files)
		if err != nil {
			return err
		}
		code = loadCode
		for _, l := range loaded {
			puzzles = append(puzzles, crosscheck.Puzzle{Label: l.Label, Inst: l.Inst})
		}
	}
	if n > 0 {
		drawn, err := random(c, n)
		if err != nil {
			return err
		}
		puzzles = append(puzzles, drawn...)
	}
	total := len(puzzles)
	mine := shardOf(puzzles, sh)

	ctx, cancel := appio.Context(c)
	defer cancel()
	progress := appio.Progress(c.App.ErrWriter)
	outcomes, err := crosscheck.Sweep(ctx, mine, crosscheck.SweepOptions{
		Backends: backends,
		MaxCount: c.Int("max"),
		Trials:   c.Int("trials"),
		Workers:  c.Int("jobs"),
		Progress: func(done int) { fmt.Fprintf(progress, "\rcrosscheck: %d/%d puzzles", done, len(mine)) },
	})
	fmt.Fprint(progress, "\r\033[K")
	// Stopped (a signal, or --timeout): the puzzles finished are written,
	// and stderr says how far the run came.
	stopped := ""
	switch {
	case err != nil && appio.IsTimeout(err):
		outcomes, stopped = finished(outcomes, mine)
		if stopped != "" {
			stopped = fmt.Sprintf("crosscheck: %s after %d of %d puzzles; stopped at %s", interrupt.Reason(ctx), len(outcomes), len(mine), stopped)
		}
	case err != nil:
		return err
	}

	noKind := 0
	for _, f := range skipped {
		noKind += f.NoKind
	}
	run := runInfo{total: total, shard: sh, skipped: noKind, backends: backends}
	if asJSON {
		err = writeJSON(c.App.Writer, outcomes, run)
	} else {
		err = writeSummary(c.App.Writer, outcomes, run)
	}
	if err != nil {
		return err
	}
	skipped.Report(c.App.ErrWriter)
	if stopped != "" {
		return cli.Exit(stopped, appio.ExitTimeout)
	}
	for _, o := range outcomes {
		if !o.Agrees() {
			return cli.Exit("", appio.ExitNo)
		}
	}
	if code != appio.ExitOK {
		return cli.Exit("", code)
	}
	return nil
}

// finished keeps the outcomes of the puzzles a stopped sweep finished (it
// leaves the others zero), and names the first puzzle it did not: where it
// stopped ("" when it finished them all).
func finished(outcomes []crosscheck.Outcome, puzzles []crosscheck.Puzzle) ([]crosscheck.Outcome, string) {
	var kept []crosscheck.Outcome
	stop := ""
	for i, o := range outcomes {
		switch {
		case o.Label != "":
			kept = append(kept, o)
		case stop == "":
			stop = puzzles[i].Label
		}
	}
	return kept, stop
}

// backendsOf resolves --solvers once: gini, gophersat and cadical when it
// is on PATH by default.
func backendsOf(c *cli.Context) ([]crosscheck.Backend, error) {
	var out []crosscheck.Backend
	for _, n := range appio.SolverNames(c) {
		f, err := solvers.Factory(n)
		if err != nil {
			return nil, appio.BadInput(err)
		}
		out = append(out, crosscheck.Backend{Name: n, New: f})
	}
	return out, nil
}

// random draws --random puzzles of --kind (of every kind with a Random
// builder without it) at --size. Puzzle i of a kind comes from its own
// generator, seeded by the seed, the kind and i, so that a shard draws
// exactly the puzzles a whole run would.
func random(c *cli.Context, n int) ([]crosscheck.Puzzle, error) {
	rows, cols, err := appio.Size(c)
	if err != nil {
		return nil, err
	}
	list, err := appio.KindsWith(c, "random builder", func(k *kind.Kind) bool { return k.Random != nil })
	if err != nil {
		return nil, err
	}
	all := appio.Kinds(c).List() // a kind's seeds are by its place among them all
	opt, err := appio.KindOptions(c)
	if err != nil {
		return nil, err
	}
	seed := c.Uint64("seed")
	var out []crosscheck.Puzzle
	for _, k := range list {
		ki := slices.Index(all, k)
		for i := range n {
			rng := rand.New(rand.NewPCG(seed, uint64(ki)<<32|uint64(i)))
			inst, err := k.Random(rng, rows, cols, opt)
			if err != nil {
				return nil, appio.Exit(appio.ExitBadInput, "--random %s %dx%d: %v", k.Name, rows, cols, err)
			}
			out = append(out, crosscheck.Puzzle{Label: fmt.Sprintf("random-%s-%dx%d-seed%d-%d", k.Name, rows, cols, seed, i+1), Inst: inst})
		}
	}
	return out, nil
}

// shardOf keeps puzzle k when the shard has k.
func shardOf(ps []crosscheck.Puzzle, sh shard.Shard) []crosscheck.Puzzle {
	var out []crosscheck.Puzzle
	for k, p := range ps {
		if sh.Has(k) {
			out = append(out, p)
		}
	}
	return out
}

// runInfo is what the summary says about the run besides the outcomes.
type runInfo struct {
	total    int
	shard    shard.Shard
	skipped  int
	backends []crosscheck.Backend
}

func (r runInfo) solverNames() []string {
	var ns []string
	for _, b := range r.backends {
		ns = append(ns, b.Name)
	}
	return ns
}

// kindRow is one line of the summary table.
type kindRow struct {
	Kind          string `json:"kind"`
	Puzzles       int    `json:"puzzles"`
	Unique        int    `json:"unique"`
	Multiple      int    `json:"multiple"`
	Unsolvable    int    `json:"unsolvable"`
	HumanSolved   int    `json:"human_solved"`
	Certified     int    `json:"certified"`
	Agreed        int    `json:"agreed"`
	Disagreements int    `json:"disagreements"`
}

// unsoundRule is one rule caught in an unsound step, over the run.
type unsoundRule struct {
	Rule    string `json:"rule"`
	Kind    string `json:"kind"`
	Puzzles int    `json:"puzzles"`
	First   string `json:"first"`
	Reason  string `json:"reason"`
}

// summary is the run's totals.
type summary struct {
	Puzzles       int           `json:"puzzles"`
	Total         int           `json:"total"`
	Shard         string        `json:"shard"`
	Solvers       []string      `json:"solvers"`
	Skipped       int           `json:"skipped_files"`
	Kinds         []kindRow     `json:"kinds"`
	Disagreements int           `json:"disagreements"`
	Unsound       []unsoundRule `json:"unsound_rules,omitempty"`
}

func summarize(outcomes []crosscheck.Outcome, run runInfo) summary {
	s := summary{Puzzles: len(outcomes), Total: run.total, Shard: run.shard.String(), Solvers: run.solverNames(), Skipped: run.skipped}
	rows := map[string]*kindRow{}
	var kindNames []string
	unsound := map[[2]string]*unsoundRule{}
	var unsoundOrder [][2]string
	for _, o := range outcomes {
		r := rows[o.Kind]
		if r == nil {
			r = &kindRow{Kind: o.Kind}
			rows[o.Kind] = r
			kindNames = append(kindNames, o.Kind)
		}
		r.Puzzles++
		switch o.Status {
		case "unique":
			r.Unique++
		case "multiple":
			r.Multiple++
		case "unsolvable":
			r.Unsolvable++
		}
		if o.Human == "solved" {
			r.HumanSolved++
		}
		r.Certified += o.Certified
		if o.Agrees() {
			r.Agreed++
		} else {
			r.Disagreements++
			s.Disagreements++
		}
		for _, u := range o.Unsound {
			k := [2]string{o.Kind, u.Rule}
			if unsound[k] == nil {
				unsound[k] = &unsoundRule{Rule: u.Rule, Kind: o.Kind, First: fmt.Sprintf("%s, step %d", o.Label, u.Step+1), Reason: u.Reason}
				unsoundOrder = append(unsoundOrder, k)
			}
			unsound[k].Puzzles++
		}
	}
	slices.Sort(kindNames)
	for _, k := range kindNames {
		s.Kinds = append(s.Kinds, *rows[k])
	}
	for _, k := range unsoundOrder {
		s.Unsound = append(s.Unsound, *unsound[k])
	}
	return s
}

// writeJSON writes one line per puzzle and a last line with the summary.
func writeJSON(w io.Writer, outcomes []crosscheck.Outcome, run runInfo) error {
	for _, o := range outcomes {
		if err := appio.WriteJSON(w, o); err != nil {
			return err
		}
	}
	return appio.WriteJSON(w, map[string]any{"summary": summarize(outcomes, run)})
}

// writeSummary writes the table per kind, every disagreement with its
// puzzle and detail, and the rules caught in an unsound step.
func writeSummary(out io.Writer, outcomes []crosscheck.Outcome, run runInfo) error {
	s := summarize(outcomes, run)
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "crosscheck: %d puzzles", s.Puzzles)
	if !run.shard.IsWhole() {
		fmt.Fprintf(w, " (shard %s of a run of %d)", s.Shard, s.Total)
	}
	fmt.Fprintf(w, "; SAT: %s; human rules certified by %s", strings.Join(s.Solvers, ", "), s.Solvers[0])
	if s.Skipped > 0 {
		fmt.Fprintf(w, "; %d files in the folders are no puzzle of a known kind", s.Skipped)
	}
	fmt.Fprint(w, "\n\n")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\tpuzzles\tunique\tmultiple\tunsolvable\thuman solved\teliminations certified\tagreed\tdisagreed\t")
	var t kindRow
	for _, r := range s.Kinds {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", r.Kind, r.Puzzles, r.Unique, r.Multiple, r.Unsolvable, r.HumanSolved, r.Certified, r.Agreed, r.Disagreements)
		t.Puzzles += r.Puzzles
		t.Unique += r.Unique
		t.Multiple += r.Multiple
		t.Unsolvable += r.Unsolvable
		t.HumanSolved += r.HumanSolved
		t.Certified += r.Certified
		t.Agreed += r.Agreed
		t.Disagreements += r.Disagreements
	}
	if len(s.Kinds) > 1 {
		fmt.Fprintf(tw, "total\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", t.Puzzles, t.Unique, t.Multiple, t.Unsolvable, t.HumanSolved, t.Certified, t.Agreed, t.Disagreements)
	}
	tw.Flush()
	if s.Disagreements > 0 {
		fmt.Fprintln(w, "\ndisagreements:")
		for _, o := range outcomes {
			for _, d := range o.Disagreements {
				fmt.Fprintf(w, "  %s (%s %s): %s: %s\n", o.Label, o.Kind, o.Size, d.What, d.Detail)
			}
		}
	}
	if len(s.Unsound) > 0 {
		fmt.Fprintln(w, "\nrules that made an unsound step:")
		for _, u := range s.Unsound {
			fmt.Fprintf(w, "  %s (%s): %d puzzles; first %s: %s\n", u.Rule, u.Kind, u.Puzzles, u.First, u.Reason)
		}
	}
	fmt.Fprintf(w, "\n%d disagreements\n", s.Disagreements)
	return w.Flush()
}
