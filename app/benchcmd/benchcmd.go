// Package benchcmd is `puzzlesat bench`: encoding sizes and uniqueness-check
// times over the benchmark corpus (package bench), per kind, size and
// solver, with ratios to a reference solver.
package benchcmd

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/bench"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// Command returns `puzzlesat bench`.
func Command() *cli.Command {
	return &cli.Command{
		Name:  "bench",
		Usage: "time uniqueness checks and size encodings over the benchmark corpus",
		Description: "Reads the corpus from --corpus (the repository's testdata folder): every janko Juosan puzzle,\n" +
			"two generated 30x45 Juosan puzzles, playshinro, the Arrows folders and the Linjat levels.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "corpus", Value: "testdata", Usage: "the corpus folder"},
			&cli.StringFlag{Name: "solvers", Value: "gini,gophersat,ext:cadical", Usage: "comma-separated back-ends to time"},
			&cli.StringFlag{Name: "ratio-to", Value: "ext:cadical", Usage: "report median ratios to this back-end"},
			&cli.StringFlag{Name: "kind", Usage: "only this kind"},
			&cli.IntFlag{Name: "reps", Value: 3, Usage: "runs per puzzle; the best counts"},
			&cli.BoolFlag{Name: "counts", Usage: "print encoding sizes per cardinality encoding instead of times"},
			&cli.StringFlag{Name: "cnf", Usage: "instead of puzzles, time the solvers on these comma-separated CNF families of the corpus (e.g. UF20,UF50,UF75,sudoku,UUF250)"},
			appio.TimeoutFlag, appio.FormatFlag,
		},
		Action: action,
	}
}

func action(c *cli.Context) error {
	asJSON, err := appio.JSON(c)
	if err != nil {
		return err
	}
	if fams := c.String("cnf"); fams != "" {
		return cnfAction(c, strings.Split(fams, ","), asJSON)
	}
	if k := c.String("kind"); k != "" {
		if _, err := kinds.Lookup(k); err != nil {
			return appio.BadInput(err)
		}
	}
	cases, err := bench.Corpus(c.String("corpus"))
	if err != nil {
		return appio.Exit(appio.ExitBadInput, "corpus: %v", err)
	}
	if k := c.String("kind"); k != "" {
		var keep []bench.Case
		for _, cs := range cases {
			if cs.Kind == k {
				keep = append(keep, cs)
			}
		}
		cases = keep
	}
	w := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', tabwriter.AlignRight)
	if c.Bool("counts") {
		counts, err := bench.Counts(cases, nil)
		if err != nil {
			return err
		}
		if asJSON {
			return appio.WriteJSON(c.App.Writer, counts)
		}
		fmt.Fprintln(w, "kind\tpuzzle\tcard\tprimary\tvars\tclauses\t")
		for _, x := range counts {
			fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%d\t%d\t\n", x.Kind, x.Name, x.Card, x.Primary, x.Vars, x.Clauses)
		}
		return w.Flush()
	}
	ctx, cancel := appio.Context(c)
	defer cancel()
	solvers := strings.Split(c.String("solvers"), ",")
	start := time.Now()
	progress := appio.Progress(c.App.ErrWriter)
	ts, err := bench.Check(ctx, cases, solvers, c.Int("reps"), func(done, total int) {
		fmt.Fprintf(progress, "\rbench: %d/%d checks (%s)", done, total, time.Since(start).Round(time.Second))
	})
	fmt.Fprintln(progress)
	if err != nil {
		if appio.IsTimeout(err) {
			return cli.Exit("bench: timed out", appio.ExitTimeout)
		}
		return err
	}
	sum := bench.Summarize(ts)
	if asJSON {
		return appio.WriteJSON(c.App.Writer, map[string]any{"timings": ts, "summary": sum})
	}
	return printSummary(c, sum)
}

func cnfAction(c *cli.Context, families []string, asJSON bool) error {
	ctx, cancel := appio.Context(c)
	defer cancel()
	n := 0
	progress := appio.Progress(c.App.ErrWriter)
	ts, err := bench.CNF(ctx, c.String("corpus"), families, strings.Split(c.String("solvers"), ","), c.Int("reps"), func(file string) {
		n++
		fmt.Fprintf(progress, "\rbench: %d files", n)
	})
	fmt.Fprintln(progress)
	if err != nil {
		if appio.IsTimeout(err) {
			return cli.Exit("bench: timed out", appio.ExitTimeout)
		}
		return err
	}
	sum := bench.SummarizeCNF(ts)
	if asJSON {
		return appio.WriteJSON(c.App.Writer, map[string]any{"timings": ts, "summary": sum})
	}
	return printSummary(c, sum)
}

// printSummary writes the summary table with each group's median ratio to
// the --ratio-to solver.
func printSummary(c *cli.Context, sum []bench.Summary) error {
	w := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', tabwriter.AlignRight)
	ref := map[[2]string]time.Duration{}
	for _, s := range sum {
		if s.Solver == c.String("ratio-to") {
			ref[[2]string{s.Kind, s.Size}] = s.Median
		}
	}
	fmt.Fprintln(w, "group\tsize\tsolver\tn\tmedian ms\tmax ms\tmedian ratio\t")
	for _, s := range sum {
		ratio := "-"
		if r, ok := ref[[2]string{s.Kind, s.Size}]; ok && r > 0 {
			ratio = fmt.Sprintf("%.2f", float64(s.Median)/float64(r))
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%.2f\t%.2f\t%s\t\n", s.Kind, s.Size, s.Solver, s.N,
			appio.Millis(s.Median), appio.Millis(s.Max), ratio)
	}
	return w.Flush()
}
