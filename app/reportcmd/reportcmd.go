// Package reportcmd is `puzzlesat report`: a collection of puzzles proven,
// graded and typeset at once (package report), as one HTML page, a PDF
// booklet or JSON lines; --shard writes one share's JSON lines and --from
// assembles the report from them without solving again, refusing a set
// of shards that is not one whole run (unless --partial); a run's records
// are written as each puzzle finishes, and --resume goes on from them.
package reportcmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/puzzlesat/puzzlesat/answer"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/appio/progress"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/report"
	"github.com/puzzlesat/puzzlesat/shard"
)

// Command returns the `report` command, of the kinds of reg.
func Command(reg *kinds.Registry) *cli.Command {
	return &cli.Command{
		Name:      "report",
		Usage:     "prove, grade and typeset a collection: HTML, PDF booklet or JSON lines by -o's extension (exit 0 all unique, 1 some not, 2 bad input, 3 timeout)",
		ArgsUsage: "FILE|DIR...",
		Description: "Every puzzle of the files and folders (folders are walked) is checked for uniqueness by SAT, graded by\n" +
			"its human rules into its kind's generation bands, and, when unique, has every removable clue taken away in\n" +
			"turn to name the redundant ones (each proven by SAT); an unsolvable puzzle gets a minimal set of clues that\n" +
			"contradict each other. Problems (malformed, unsolvable, multiple, timed out) come first.\n" +
			"-o FILE.html: one self-contained page; FILE.pdf: a booklet for print (a title page, contents, the problems,\n" +
			"the puzzles numbered, --per-page a page, with their difficulty in stars, then their answer keys);\n" +
			"FILE.json or FILE.jsonl (or -): JSON lines. --shard I/N writes JSON lines of puzzle k with k mod N = I;\n" +
			"--from reads such files (the arguments) and writes the report without solving again.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE`: .html, .pdf, .json or .jsonl (- for JSON lines on standard output)"},
			&cli.BoolFlag{Name: "from", Usage: "the arguments are JSON lines of earlier runs (--shard outputs): assemble them, solving nothing"},
			&cli.BoolFlag{Name: "certify", Usage: "attach a checked RUP certificate to every uniqueness verdict (the puzzle's and each redundant clue's)"},
			&cli.StringFlag{Name: "order", Value: "input", Usage: "after the problems: input (the arguments' order) or difficulty (easiest first)"},
			&cli.StringFlag{Name: "title", Usage: "the report's heading (default: the inputs' name)"},
			&cli.DurationFlag{Name: "puzzle-timeout", Usage: "budget of each of a puzzle's results: SAT's verdict, then its redundant clues or conflict, each on its own (0: no limit); what runs out is reported as timed out, what was proven stays"},
			&cli.DurationFlag{Name: "grade-timeout", Usage: "budget of a puzzle's human grade (0: --puzzle-timeout's); a grade that runs out says so beside SAT's verdict"},
			&cli.BoolFlag{Name: "resume", Usage: "continue an interrupted run: keep the records its journal (-o FILE.jsonl itself, else FILE.jsonl beside -o) holds of this run's puzzles, and work out only the rest"},
			&cli.BoolFlag{Name: "partial", Usage: "with --from: write the report of a set of shards with some missing (the title page says which) instead of refusing it"},
			appio.JobsFlag("puzzles worked on at once (0: one per CPU)"),
			&cli.StringFlag{Name: "kind", Usage: "puzzle kind (default: detect from each input)"},
			appio.CardFlag,
			appio.SolverFlag, appio.TimeoutFlag, appio.ShardFlag,
		}, append(printFlags, appio.KindFlags(reg)...)...),
		Action: appio.Anywhere(action),
	}
}

// format is what -o asks for.
type format int

const (
	asHTML format = iota
	asPDF
	asJSON
)

func formatOf(out string) (format, error) {
	if out == "-" {
		return asJSON, nil
	}
	switch ext := strings.ToLower(filepath.Ext(out)); ext {
	case ".html", ".htm":
		return asHTML, nil
	case ".pdf":
		return asPDF, nil
	case ".json", ".jsonl":
		return asJSON, nil
	default:
		return 0, fmt.Errorf("-o %s: want a .html, .pdf, .json or .jsonl file (or - for JSON lines)", out)
	}
}

func action(c *cli.Context, args []string) error {
	out := c.String("output")
	if out == "" {
		return appio.Exit(appio.ExitBadInput, "report: -o FILE.html, FILE.pdf or FILE.jsonl (- for JSON lines on standard output) is required")
	}
	f, err := formatOf(out)
	if err != nil {
		return appio.BadInput(err)
	}
	paper, err := printOf(c)
	if err != nil {
		return appio.BadInput(err)
	}
	var byDifficulty bool
	switch o := c.String("order"); o {
	case "input":
	case "difficulty":
		byDifficulty = true
	default:
		return appio.Exit(appio.ExitBadInput, "unknown --order %q (want input or difficulty)", o)
	}
	sh, err := appio.Shard(c)
	if err != nil {
		return err
	}
	if !sh.IsWhole() && f != asJSON {
		return appio.Exit(appio.ExitBadInput, "--shard writes JSON lines (-o FILE.jsonl); assemble the shards with report --from")
	}
	if len(args) == 0 {
		return appio.Exit(appio.ExitBadInput, "report: give files or folders of puzzles (or, with --from, JSON lines of earlier runs)")
	}
	meta := report.Meta{Kinds: appio.Kinds(c), Title: titleOf(c, args), ByDifficulty: byDifficulty}

	if c.Bool("partial") && !c.Bool("from") {
		return appio.Exit(appio.ExitBadInput, "--partial is for --from (joining shards)")
	}
	if c.Bool("resume") && (c.Bool("from") || out == "-") {
		return appio.Exit(appio.ExitBadInput, "--resume continues a run that writes to a file (-o FILE), not --from's nor standard output's")
	}
	// A report is a batch: from here a signal stops it cleanly, however
	// soon it comes (it keeps what finished).
	interrupt.Start(c.Context)
	var recs []report.Record
	code := appio.ExitOK
	written := false // the journal was made the JSON lines asked for
	if c.Bool("from") {
		if recs, err = report.ReadJSON(args...); err != nil {
			return appio.BadInput(err)
		}
		if meta.Partial, err = report.Join(recs, c.Bool("partial")); err != nil {
			return appio.Exit(appio.ExitBadInput, "report --from: %v", err)
		}
	} else {
		var g gathered
		if g, err = gather(c, args, sh, out, f == asJSON); err != nil {
			return err
		}
		recs, code, meta.Incomplete, written = g.recs, g.code, g.incomplete, g.written
	}
	for _, r := range recs {
		code = worst(code, exitOf(&r))
	}
	var buf bytes.Buffer
	switch f {
	case asHTML:
		err = report.WriteHTML(&buf, recs, meta)
	case asPDF:
		var b *report.Booklet
		if b, err = report.WritePDF(&buf, recs, meta, paper); err == nil && len(b.Shrunk) > 0 {
			fmt.Fprintf(c.App.ErrWriter, "report: %d puzzles drawn smaller than --cell to fit their box: %s\n", len(b.Shrunk), strings.Join(b.Shrunk, "; "))
		}
	case asJSON:
		if !written {
			err = report.WriteJSON(&buf, recs)
		}
	}
	if err != nil {
		return err
	}
	switch {
	case written:
	case out == "-":
		_, err = c.App.Writer.Write(buf.Bytes())
	default:
		err = os.WriteFile(out, buf.Bytes(), 0o666)
	}
	if err != nil {
		return appio.BadInput(err)
	}
	fmt.Fprintln(c.App.ErrWriter, summary(recs, out))
	if meta.Incomplete != "" {
		return appio.Exit(worst(code, appio.ExitTimeout), "report: incomplete: %s", meta.Incomplete)
	}
	if code != appio.ExitOK {
		return cli.Exit("", code)
	}
	return nil
}

// journalOf is the journal of a run writing to out: the JSON lines
// themselves, or FILE.jsonl beside an HTML or PDF file; none on standard
// output.
func journalOf(out string, json bool) string {
	switch {
	case out == "-":
		return ""
	case json:
		return out
	}
	return out + ".jsonl"
}

// gathered is what gather gives back: the records (those finished, when
// a signal stopped the run), the exit code so far, what stopped the run
// short, and whether the JSON lines asked for are already written (the
// journal, finished).
type gathered struct {
	recs       []report.Record
	code       int
	incomplete string
	written    bool
}

// gather loads the puzzles of args and works out the records of this
// shard's share, each written to the run's journal as it finishes
// (--resume: those the journal holds of this run are kept, not worked out
// again). When a signal stops the run (package interrupt) the records are
// those finished before it, and incomplete says how far the run came and
// where it stopped; at --timeout's deadline every puzzle has its record,
// those not done timed out.
func gather(c *cli.Context, args []string, sh shard.Shard, out string, asJSON bool) (gathered, error) {
	opt, err := appio.KindOptions(c)
	if err != nil {
		return gathered{}, err
	}
	var only *kind.Kind
	if k := c.String("kind"); k != "" {
		var err error
		if only, err = appio.Kinds(c).Lookup(k); err != nil {
			return gathered{}, appio.BadInput(err)
		}
	}
	newSolver, err := appio.Factory(c)
	if err != nil {
		return gathered{}, err
	}
	ctx, cancel := appio.Context(c)
	defer cancel()
	items, skipped := report.Load(appio.Kinds(c), args, opt, only, c.App.Reader)
	ropt := report.Options{Workers: c.Int("jobs"), EntryOptions: answer.EntryOptions{
		Kinds:  appio.Kinds(c),
		Solver: newSolver, Certify: c.Bool("certify"),
		PuzzleTimeout: c.Duration("puzzle-timeout"), GradeTimeout: c.Duration("grade-timeout"), Kind: opt,
	}}
	ropt.Run = report.RunID{Fingerprint: report.Identify(items, ropt), Shard: sh.String(), Size: len(items)}
	var mine []report.Item
	for _, it := range items {
		if sh.Has(it.Index) {
			mine = append(mine, it)
		}
	}
	// The journal: what an earlier run finished is kept (--resume), the
	// rest is worked out and added as each puzzle finishes.
	var journal *report.Journal
	kept := map[int]report.Record{}
	if path := journalOf(out, asJSON); path != "" {
		if c.Bool("resume") {
			old, err := report.ReadJournal(path)
			if err != nil {
				return gathered{}, appio.BadInput(fmt.Errorf("--resume: %v", err))
			}
			kept = report.Resumable(old, mine, ropt.Run)
			fmt.Fprintf(c.App.ErrWriter, "report: resuming: %d of %d puzzles finished before (%s)\n", len(kept), len(mine), path)
		}
		var keep []report.Record
		for _, it := range mine {
			if r, ok := kept[it.Index]; ok {
				keep = append(keep, r)
			}
		}
		if journal, err = report.CreateJournal(path, keep); err != nil {
			return gathered{}, appio.BadInput(err)
		}
		defer journal.Close()
	}
	var todo []report.Item
	for _, it := range mine {
		if _, ok := kept[it.Index]; !ok {
			todo = append(todo, it)
		}
	}
	var bar *progressbar.ProgressBar
	if len(todo) > 0 {
		bar = progress.Puzzles(c.App.ErrWriter, len(todo), "report")
	}
	run := newRunning()
	stopWatch := watch(c.App.ErrWriter, bar, run, len(todo))
	// finished holds the records worked out before the run was stopped
	// (Done is called one record at a time).
	finished := map[int]bool{}
	var journalErr error
	ropt.Started = run.start
	ropt.Done = func(r report.Record) {
		run.done(r.Index)
		if ctx.Err() == nil {
			finished[r.Index] = true
			if journal != nil && journalErr == nil {
				journalErr = journal.Add(r)
			}
		}
		if bar != nil {
			bar.Add(1)
		}
	}
	done, err := report.Gather(ctx, todo, ropt)
	stopWatch()
	if bar != nil {
		bar.Finish()
		fmt.Fprintln(c.App.ErrWriter)
	}
	for _, note := range skipped {
		fmt.Fprintln(c.App.ErrWriter, "puzzlesat:", note)
	}
	if journalErr != nil {
		return gathered{}, appio.BadInput(fmt.Errorf("journal: %v", journalErr))
	}
	// The records in the run's order: those kept and those worked out.
	recs := make([]report.Record, 0, len(mine))
	for i, k := 0, 0; i < len(mine); i++ {
		if r, ok := kept[mine[i].Index]; ok {
			recs = append(recs, r)
			finished[r.Index] = true
			continue
		}
		recs = append(recs, done[k])
		k++
	}
	g := gathered{recs: recs, code: appio.ExitOK}
	switch {
	case err != nil && interrupt.Is(ctx):
		g.recs, g.code, g.incomplete = interrupted(recs, mine, finished)
	case err != nil && appio.IsTimeout(err):
		// The report is written with what was done; the rest are timed out.
		g.code = appio.ExitTimeout
	}
	if journal != nil {
		// The journal ends as the records in order: the JSON lines asked
		// for, or those beside the page or booklet.
		if err := journal.Finish(g.recs); err != nil {
			return gathered{}, appio.BadInput(fmt.Errorf("journal: %v", err))
		}
		g.written = asJSON
	}
	return g, nil
}

// interrupted keeps the records finished before a signal stopped the run,
// and says how far it came: the first puzzle of mine not finished is where
// it stopped.
func interrupted(recs []report.Record, mine []report.Item, finished map[int]bool) ([]report.Record, int, string) {
	var kept []report.Record
	stop := ""
	for i, r := range recs {
		if finished[r.Index] {
			kept = append(kept, r)
			continue
		}
		if stop == "" {
			stop = mine[i].Label()
		}
	}
	if stop == "" {
		return recs, appio.ExitOK, "" // the signal came after the last puzzle
	}
	return kept, appio.ExitTimeout, fmt.Sprintf("interrupted after %d of %d puzzles; the first not finished is %s", len(kept), len(mine), stop)
}

// exitOf is one record's exit code.
func exitOf(r *report.Record) int {
	switch {
	case r.Verdict == report.Malformed:
		return appio.ExitBadInput
	case r.Verdict == report.Timeout || r.TimedOut:
		return appio.ExitTimeout
	case r.Problem():
		return appio.ExitNo // not unique, or a puzzle played by moves with no proven optimum
	}
	return appio.ExitOK
}

// worst combines exit codes: bad input, then timeout, then a negative
// answer.
func worst(a, b int) int {
	rank := map[int]int{appio.ExitOK: 0, appio.ExitNo: 1, appio.ExitTimeout: 2, appio.ExitBadInput: 3}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

// summary is the line said on stderr when the report is written.
func summary(recs []report.Record, out string) string {
	n := map[string]int{}
	for _, r := range recs {
		n[r.Verdict]++
	}
	var parts []string
	for _, v := range []string{report.Unique, report.Multiple, report.Unsolvable, report.Optimal, report.NoSolution, report.Malformed, report.Timeout} {
		if n[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[v], v))
		}
	}
	graded := 0
	for _, r := range recs {
		if r.Grade.TimedOut() {
			graded++
		}
	}
	what := strings.Join(parts, ", ")
	if graded > 0 {
		// The grade has a budget of its own: the verdicts above stand.
		noun := "grades"
		if graded == 1 {
			noun = "grade"
		}
		what += fmt.Sprintf("; %d %s timed out", graded, noun)
	}
	if out == "-" {
		out = "standard output"
	}
	return fmt.Sprintf("report: %d puzzles (%s) written to %s", len(recs), what, out)
}
