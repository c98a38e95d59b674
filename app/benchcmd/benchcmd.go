// Package benchcmd is `puzzlesat bench`: every instance set of the
// benchmark corpus under every encoding choice on every back-end (package
// bench), written as tables, in the Go benchmark format or as JSON, drawn
// with --plot, and compared against a baseline (`bench compare`,
// --baseline) with a verdict that gates on the deterministic figures.
package benchcmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/extcmd"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/bench"
	"github.com/puzzlesat/puzzlesat/internal/atomicfile"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

// Output formats of bench.
const (
	formatText = "text" // markdown tables, which read as text
	formatMD   = "markdown"
	formatGo   = "gobench" // the Go benchmark format, for benchstat
	formatJSON = "json"
)

var (
	toleranceFlag = &cli.StringFlag{Name: "tolerance", Value: pct(bench.DefaultCompareOptions.Tolerance),
		Usage: "growth of a search counter (conflicts, decisions, propagations; set total) that still passes, e.g. 5% or 0.05"}
	sizeToleranceFlag = &cli.StringFlag{Name: "size-tolerance", Value: pct(bench.DefaultCompareOptions.SizeTolerance),
		Usage: "growth of an encoding's size (vars, clauses) that still passes"}
)

// Command returns `puzzlesat bench` with its `compare` subcommand, of the
// kinds of reg.
func Command(reg *kinds.Registry) *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "benchmark the encodings: sizes, solver effort and times per kind, instance set, encoding and back-end",
		ArgsUsage: "[FILE|DIR...]",
		Description: "Runs a uniqueness check (a shift puzzle: its optimum) on every instance of every set, under every\n" +
			"encoding choice (cardinality encodings; the shift encodings), on every back-end, --reps times.\n" +
			"Records the encoding's variables and clauses, the back-end's conflicts, decisions and propagations\n" +
			"(deterministic: the same on every run) and the median wall time. The corpus is --corpus (the\n" +
			"repository's testdata folder); --quick takes a fixed small subset, for CI. Puzzle files or folders\n" +
			"given as arguments are benchmarked instead, one set per argument and kind.\n\n" +
			"Formats: text (markdown tables), gobench (the Go benchmark format: benchstat reads it, and so\n" +
			"does `bench compare`), json (every set and every instance). --plot draws time and effort per\n" +
			"instance by encoding. --baseline FILE compares the run with FILE as `bench compare` does and\n" +
			"exits 1 on a regression.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "corpus", Value: "testdata", Usage: "the corpus folder"},
			&cli.BoolFlag{Name: "quick", Usage: "a fixed small subset of each kind and two small shift puzzles (CI)"},
			&cli.StringFlag{Name: "kind", Usage: "only this kind (or shift)"},
			&cli.StringFlag{Name: "enc", Usage: "only these comma-separated encodings"},
			&cli.StringFlag{Name: "solvers", Usage: "comma-separated back-ends (default: " + appio.DefaultSolvers + ")"},
			appio.AtLeast(&cli.IntFlag{Name: "reps", Value: 3, Usage: "runs of every check; times are their median"}, 1),
			&cli.StringFlag{Name: "format", Value: formatText, Usage: "text, markdown, gobench or json"},
			&cli.StringFlag{Name: "plot", Usage: "draw time and effort per instance by encoding to FILE.svg or FILE.png"},
			&cli.StringFlag{Name: "plot-solver", Usage: "the back-end --plot draws (default: the first)"},
			&cli.StringFlag{Name: "baseline", Usage: "compare the run with this file (Go benchmark format) and exit 1 on a regression"},
			toleranceFlag, sizeToleranceFlag,
			&cli.BoolFlag{Name: "counts", Usage: "print encoding sizes per cardinality encoding and stop"},
			&cli.StringFlag{Name: "cnf", Usage: "instead, time the solvers on these comma-separated CNF families of the corpus (e.g. UF20,UF50,UF75,sudoku,UUF250)"},
			&cli.StringFlag{Name: "ratio-to", Value: "ext:cadical", Usage: "with --cnf: report median ratios to this back-end"},
			appio.TimeoutFlag,
		}, appio.KindFlags(reg)...),
		Action:      action,
		Subcommands: []*cli.Command{compareCommand()},
	}
}

func compareCommand() *cli.Command {
	return &cli.Command{
		Name:      "compare",
		Usage:     "compare two runs in the Go benchmark format: per metric the change and a verdict",
		ArgsUsage: "OLD NEW",
		Description: "Deterministic figures (units declared assume=exact: bench's vars, clauses, conflicts, decisions,\n" +
			"propagations) are gated: growth beyond --size-tolerance (vars, clauses; default 0) or --tolerance\n" +
			"(the others; default 5%) is a regression. Times are compared with benchstat's test (Mann-Whitney U\n" +
			"on the repeats, α = 0.05) and reported, never gated. Exit 0 without a regression, 1 with one,\n" +
			"2 on unreadable input.",
		Flags: []cli.Flag{
			toleranceFlag, sizeToleranceFlag,
			&cli.BoolFlag{Name: "all", Usage: "list every metric, not only the changed ones"},
			appio.FormatFlag,
		},
		Action: appio.Anywhere(compareAction),
	}
}

func action(c *cli.Context) error {
	args := c.Args().Slice()
	if len(args) > 0 && (c.Bool("quick") || c.Bool("counts") || c.String("cnf") != "") {
		return appio.Exit(appio.ExitBadInput, "bench: puzzle arguments go with neither --quick, --counts nor --cnf")
	}
	if fams := c.String("cnf"); fams != "" {
		return cnfAction(c, strings.Split(fams, ","))
	}
	format := c.String("format")
	if !slices.Contains([]string{formatText, formatMD, formatGo, formatJSON}, format) {
		return appio.Exit(appio.ExitBadInput, "unknown --format %q (want text, markdown, gobench or json)", format)
	}
	opt, err := compareOptions(c)
	if err != nil {
		return err
	}
	if k := c.String("kind"); k != "" {
		if _, err := appio.Kinds(c).Find(k); err != nil {
			return appio.BadInput(err)
		}
	}
	if c.Bool("counts") {
		return countsAction(c)
	}
	plotFormat := ""
	if p := c.String("plot"); p != "" {
		plotFormat = strings.TrimPrefix(strings.ToLower(filepath.Ext(p)), ".")
		if plotFormat != "svg" && plotFormat != "png" {
			return appio.Exit(appio.ExitBadInput, "--plot %s: want a .svg or .png file", p)
		}
	}
	var baseline []byte
	if b := c.String("baseline"); b != "" {
		if baseline, err = os.ReadFile(b); err != nil {
			return appio.BadInput(err)
		}
	}
	names := appio.SolverNames(c)
	for _, n := range names {
		if _, err := solvers.Factory(n); err != nil {
			return appio.BadInput(err)
		}
	}
	plotSolver := c.String("plot-solver")
	if plotSolver == "" {
		plotSolver = names[0]
	} else if !slices.Contains(names, plotSolver) {
		return appio.Exit(appio.ExitBadInput, "--plot-solver %s is not one of --solvers %s", plotSolver, strings.Join(names, ","))
	}

	var sets []bench.Set
	if len(args) > 0 {
		kopt, kerr := appio.KindOptions(c)
		if kerr != nil {
			return kerr
		}
		sets, err = bench.FileSets(appio.Kinds(c), args, kopt)
	} else {
		sets, err = bench.Sets(appio.Kinds(c), c.String("corpus"), c.Bool("quick"))
	}
	if err != nil {
		return appio.BadInput(err)
	}
	sets, err = filter(sets, c.String("kind"), c.String("enc"))
	if err != nil {
		return err
	}
	ctx, cancel := appio.Context(c)
	defer cancel()
	bar := progressBar(c.App.ErrWriter, 1, "bench")
	rep, err := bench.Run(ctx, sets, names, bench.RunOptions{Reps: c.Int("reps"), Quick: c.Bool("quick"), Progress: func(done, total int) {
		if done == 1 {
			bar.ChangeMax(total)
		}
		bar.Set(done)
	}})
	bar.Finish()
	if err == nil && c.Bool("quick") && len(args) == 0 && c.String("kind") == "" && c.String("enc") == "" {
		// The quick run (bench-check's) times the binary users start too,
		// and gates on what its start costs (bench.Startup).
		if bin, ferr := extcmd.Find("puzzlesat"); ferr == nil {
			rep.Startup, err = bench.Startup(ctx, bin, c.String("corpus"), c.Int("reps"))
		} else {
			fmt.Fprintf(c.App.ErrWriter, "puzzlesat bench: the start-up runs are left out: %v\n", ferr)
		}
	}
	if err != nil {
		if appio.IsTimeout(err) {
			return cli.Exit("bench: "+interrupt.Reason(ctx), appio.ExitTimeout)
		}
		return err
	}

	out := c.App.Writer
	switch format {
	case formatGo:
		err = bench.WriteGo(out, rep)
	case formatJSON:
		err = bench.WriteJSON(out, rep)
	default:
		err = bench.WriteMarkdown(out, rep)
	}
	if err != nil {
		return err
	}
	if p := c.String("plot"); p != "" {
		var buf bytes.Buffer
		if err := bench.Plot(appio.Kinds(c), &buf, rep, plotSolver, plotFormat); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if baseline == nil {
		return nil
	}
	var run bytes.Buffer
	if err := bench.WriteGo(&run, rep); err != nil {
		return err
	}
	cmp, err := bench.Compare(bytes.NewReader(baseline), c.String("baseline"), &run, "this run", opt)
	if err != nil {
		return appio.BadInput(err)
	}
	w := c.App.Writer
	if format == formatGo || format == formatJSON {
		w = c.App.ErrWriter // keep standard output machine-readable
	} else {
		fmt.Fprintf(w, "\nAgainst the baseline %s:\n\n", c.String("baseline"))
	}
	if err := cmp.Write(w, false); err != nil {
		return err
	}
	if cmp.Failed() {
		return cli.Exit("", appio.ExitNo)
	}
	return nil
}

// progressBar returns a progress bar over total steps drawn on w when w is
// a terminal, and one that draws nothing otherwise (logs and pipes get no
// progress, as with appio.Progress).
func progressBar(w io.Writer, total int, desc string) *progressbar.ProgressBar {
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetVisibility(appio.IsTerminal(w)),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
}

// filter keeps the sets of kind and the encodings of encs ("" keeps all).
func filter(sets []bench.Set, kind, encs string) ([]bench.Set, error) {
	var keep []string
	if encs != "" {
		keep = strings.Split(encs, ",")
	}
	var out []bench.Set
	seen := map[string]bool{}
	for _, s := range sets {
		if kind != "" && s.Kind != kind {
			continue
		}
		if keep != nil {
			var es []string
			for _, e := range s.Encodings {
				if slices.Contains(keep, e) {
					es = append(es, e)
					seen[e] = true
				}
			}
			if es == nil {
				continue
			}
			s.Encodings = es
		}
		out = append(out, s)
	}
	for _, e := range keep {
		if !seen[e] {
			return nil, appio.Exit(appio.ExitBadInput, "--enc %s: no set of this run has that encoding", e)
		}
	}
	if len(out) == 0 {
		return nil, appio.Exit(appio.ExitBadInput, "no instance set left to run")
	}
	return out, nil
}

// compareOptions reads the tolerances: "5%" or "0.05".
func compareOptions(c *cli.Context) (bench.CompareOptions, error) {
	opt := bench.DefaultCompareOptions
	for _, f := range []struct {
		name string
		dst  *float64
	}{{"tolerance", &opt.Tolerance}, {"size-tolerance", &opt.SizeTolerance}} {
		s := strings.TrimSpace(c.String(f.name))
		scale := 1.0
		if t, ok := strings.CutSuffix(s, "%"); ok {
			s, scale = t, 0.01
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v < 0 {
			return opt, appio.Exit(appio.ExitBadInput, "--%s %q: want a fraction or a percentage ≥ 0, e.g. 0.05 or 5%%", f.name, c.String(f.name))
		}
		*f.dst = v * scale
	}
	return opt, nil
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'g', -1, 64) + "%" }

func compareAction(c *cli.Context, args []string) error {
	if len(args) != 2 {
		return appio.Exit(appio.ExitBadInput, "bench compare: want two files, OLD and NEW (Go benchmark format)")
	}
	asJSON := appio.JSON(c)
	opt, err := compareOptions(c)
	if err != nil {
		return err
	}
	var files [2]*os.File
	for i, name := range args {
		f, err := os.Open(name)
		if err != nil {
			return appio.BadInput(err)
		}
		defer f.Close()
		files[i] = f
	}
	cmp, err := bench.Compare(files[0], args[0], files[1], args[1], opt)
	if err != nil {
		return appio.BadInput(err)
	}
	if asJSON {
		err = appio.WriteJSON(c.App.Writer, cmp)
	} else {
		err = cmp.Write(c.App.Writer, c.Bool("all"))
	}
	if err != nil {
		return err
	}
	if cmp.Failed() {
		return cli.Exit("", appio.ExitNo)
	}
	return nil
}

func countsAction(c *cli.Context) error {
	cases, err := bench.Corpus(appio.Kinds(c), c.String("corpus"))
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
	counts, err := bench.Counts(cases, nil)
	if err != nil {
		return err
	}
	if c.String("format") == formatJSON {
		return appio.WriteJSON(c.App.Writer, counts)
	}
	w := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "kind\tpuzzle\tcard\tprimary\tvars\tclauses\t")
	for _, x := range counts {
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%d\t%d\t\n", x.Kind, x.Name, x.Card, x.Primary, x.Vars, x.Clauses)
	}
	return w.Flush()
}

func cnfAction(c *cli.Context, families []string) error {
	asJSON := c.String("format") == formatJSON
	ctx, cancel := appio.Context(c)
	defer cancel()
	names := appio.SolverNames(c)
	n := 0
	progress := appio.Progress(c.App.ErrWriter)
	ts, err := bench.CNF(ctx, c.String("corpus"), families, names, c.Int("reps"), func(file string) {
		n++
		fmt.Fprintf(progress, "\rbench: %d files", n)
	})
	fmt.Fprintln(progress)
	if err != nil {
		if appio.IsTimeout(err) {
			return cli.Exit("bench: "+interrupt.Reason(ctx), appio.ExitTimeout)
		}
		var pe *os.PathError
		if errors.As(err, &pe) || strings.Contains(err.Error(), "no CNF files") {
			return appio.BadInput(err)
		}
		return err
	}
	sum := bench.SummarizeCNF(ts)
	if asJSON {
		return appio.WriteJSON(c.App.Writer, map[string]any{"timings": ts, "summary": sum})
	}
	return printSummary(c.App.Writer, c.String("ratio-to"), sum)
}

// printSummary writes the CNF summary table with each group's median ratio
// to the ratioTo solver.
func printSummary(out io.Writer, ratioTo string, sum []bench.Summary) error {
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', tabwriter.AlignRight)
	ref := map[[2]string]time.Duration{}
	for _, s := range sum {
		if s.Solver == ratioTo {
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
