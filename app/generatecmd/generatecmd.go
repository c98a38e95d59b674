// Package generatecmd is `puzzlesat generate`: new puzzles of a chosen
// difficulty, each proven unique by SAT and graded by the human rules
// (package generate), one or a batch, on this machine or as one shard of a
// job spread over many.
//
// Output. Without --out, text output writes each puzzle in its kind's
// canonical format on stdout (so `puzzlesat check` reads it back; with
// --solution the solution block too) and a one-line grade on stderr; JSON
// output writes one object per puzzle. With --out DIR each puzzle is
// written, as soon as it is decided, to DIR/NAME.txt (the puzzle),
// DIR/NAME.solution.txt (with its solution) and DIR/NAME.json (the
// record: grade, report, metrics, puzzle and solution), each file whole
// or not at all (internal/atomicfile; the temporary files of a run that was
// killed are removed by the next run into DIR); stdout gets the record as one line of JSON. NAME is
// KIND-BAND-sSEED-INDEX, the same whichever shard or machine makes it, and
// a puzzle whose NAME.json exists is not made again, so a run that was
// stopped (Ctrl-C, a pre-empted pod) continues where it was. --out -
// writes the records on stdout only. Puzzles come out in index order.
//
// On a terminal, stderr shows a progress bar (puzzles found, attempts,
// rate, time left); never in a pipe or a log.
//
// Exit codes: 0 every puzzle generated, 1 some puzzle missed the band in
// every attempt (the others are written), 2 bad flags, 3 --timeout or
// interrupted (what was found is written).
package generatecmd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/answer/generated"
	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/appio/progress"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/internal/atomicfile"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// methods lists the ways to start an attempt of the kinds of reg, for
// --method's help.
func methods(reg *kinds.Registry) string {
	var out []string
	for _, k := range reg.List() {
		if g := k.Generate; g != nil && len(g.Methods) > 0 {
			out = append(out, k.Name+": "+strings.Join(g.Methods, ", "))
		}
	}
	return strings.Join(out, "; ")
}

// Command returns the generate command, of the kinds of reg.
func Command(reg *kinds.Registry) *cli.Command {
	return &cli.Command{
		Name:  "generate",
		Usage: "generate new puzzles of a chosen difficulty, proven unique (exit 0 done, 1 some missed the band within the budget, 2 bad input, 3 timeout or interrupted)",
		Description: "Bands per kind: `go doc github.com/puzzlesat/puzzlesat/generate`. A batch (--count) runs on --workers goroutines\n" +
			"and, with --shard I/N, as shard I of N independent runs whose union is the single run (for Kubernetes\n" +
			"Indexed Jobs, Slurm job arrays, GNU parallel). Puzzle i of --seed s is the same whatever --workers and --shard.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "kind", Usage: "puzzle kind: " + strings.Join(generate.Kinds(reg), ", "), Required: true},
			&cli.StringFlag{Name: "size", Usage: "rows x columns, e.g. 8x8 (default: the band's, see go doc generate)"},
			&cli.StringFlag{Name: "difficulty", Value: "any", Usage: "difficulty `BAND`: easy, medium, hard, expert (the kind's) or any (go doc ./generate has their bounds)"},
			&cli.StringFlag{Name: "score", Usage: "engine score range MIN..MAX (either end may be left out; shift: the optimum's move count)"},
			&cli.BoolFlag{Name: "minimal", Usage: "irreducible clue sets: no clue can be removed with the puzzle staying unique"},
			&cli.StringFlag{Name: "method", Usage: "how attempts start (" + methods(reg) + ")"},
			appio.SeedFlag("random seed; puzzle i of the batch depends on (seed, i) only"),
			appio.AtLeast(&cli.IntFlag{Name: "count", Value: 1, Usage: "number of puzzles of the whole job"}, 1),
			appio.AtLeast(&cli.IntFlag{Name: "workers", Usage: "attempts run side by side (0, the default: one per CPU)"}, 0),
			appio.ShardFlag,
			&cli.StringFlag{Name: "out", Usage: "DIR: write each puzzle's files there (and its record on stdout); -: records on stdout"},
			&cli.IntFlag{Name: "attempts", Value: 100, Usage: "attempts per puzzle before giving up on it"},
			&cli.StringFlag{Name: "puzzle", Usage: "a kind played by moves: the puzzle to scramble, a built-in (" + strings.Join(answer.BuiltinNames(reg), ", ") + ") or a file (default: the kind's first built-in)"},
			appio.AtLeast(&cli.IntFlag{Name: "moves", Usage: "a kind played by moves: the proven optimum, exactly (same as --score N..N)"}, 0),
			&cli.BoolFlag{Name: "solution", Usage: "text output: write the solution block with the puzzle"},
			&cli.BoolFlag{Name: "progress", Usage: "log every attempt's outcome on stderr"},
			&cli.BoolFlag{Name: "reencode", Usage: "encode every SAT question afresh instead of one solver per attempt (to measure)"},
			&cli.StringFlag{Name: "cpuprofile", Hidden: true, Usage: "write a CPU profile (runtime/pprof) to `FILE`"},
			appio.SolverFlag, appio.TimeoutFlag, appio.FormatFlag,
		}, append(appio.GenFlags(reg), appio.KindFlags(reg)...)...),
		Action: action,
	}
}

// ParseScore reads "MIN..MAX", "MIN..", "..MAX" or "N" (N..N); max 0
// means no upper end.
func ParseScore(s string) (lo, hi float64, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		b = a
	}
	num := func(x string) (float64, error) {
		if x = strings.TrimSpace(x); x == "" {
			return 0, nil
		}
		v, err := strconv.ParseFloat(x, 64)
		if err != nil || v < 0 {
			return 0, fmt.Errorf("bad --score %q (want MIN..MAX, e.g. 100..250, with numbers ≥ 0)", s)
		}
		return v, nil
	}
	if lo, err = num(a); err != nil {
		return 0, 0, err
	}
	if hi, err = num(b); err != nil {
		return 0, 0, err
	}
	if hi > 0 && hi < lo {
		return 0, 0, fmt.Errorf("bad --score %q: MAX is below MIN", s)
	}
	return lo, hi, nil
}

func action(c *cli.Context) error {
	asJSON := appio.JSON(c)
	if c.Args().Len() > 0 {
		return appio.Exit(appio.ExitBadInput, "generate takes no arguments (got %q)", c.Args().First())
	}
	opt, err := options(c)
	if err != nil {
		return err
	}
	count := c.Int("count")
	sh, err := appio.Shard(c)
	if err != nil {
		return err
	}
	workers := c.Int("workers")
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out, err := newOutput(c, asJSON, opt)
	if err != nil {
		return err
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if f := c.String("cpuprofile"); f != "" {
		stop, err := startProfile(f)
		if err != nil {
			return appio.Exit(appio.ExitBadInput, "--cpuprofile: %v", err)
		}
		defer stop()
	}
	ctx, cancel := appio.Context(c)
	defer cancel()

	b := generate.Batch{Options: opt, Count: count, Shard: sh, Workers: workers, Skip: out.done, Emit: out.emit,
		Failed: func(i int, err error) error {
			fmt.Fprintf(c.App.ErrWriter, "puzzle %d: %v\n", i, err)
			return nil
		}}
	if c.Bool("progress") {
		w := c.App.ErrWriter
		b.Log = func(i, a int, outcome string) { fmt.Fprintf(w, "puzzle %d attempt %d: %s\n", i, a, outcome) }
	}
	bar := progress.Puzzles(c.App.ErrWriter, sh.Size(count), "")
	if bar != nil {
		b.Progress = func(st generate.Stats) {
			bar.Describe(fmt.Sprintf("%d found, %d attempts (%.1f per puzzle)", st.Found, st.Attempts, float64(st.Attempts)/float64(max(1, st.Found+st.Failed))))
			_ = bar.Set(st.Found + st.Failed)
		}
	}
	start := time.Now()
	st, err := generate.Run(ctx, b)
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(c.App.ErrWriter)
	}
	ms := appio.Millis(time.Since(start))
	switch {
	case err != nil && appio.IsTimeout(err):
		again := ""
		if out.dir != "" {
			again = " (the same command goes on from there: the puzzles in --out are not made again)"
		}
		return appio.Exit(appio.ExitTimeout, "%s after %.0f ms: %d of %d puzzles found and written%s",
			interrupt.Reason(ctx), ms, st.Found, st.Total, again)
	case errors.Is(err, generate.ErrOptions):
		return appio.BadInput(err)
	case err != nil:
		return err
	case st.Failed > 0:
		return appio.Exit(appio.ExitNo, "%d of %d puzzles missed the band in every attempt (generate: %v); try another --seed, more --attempts or another --difficulty",
			st.Failed, st.Total, generate.ErrExhausted)
	}
	return nil
}

// gcPercent is the garbage collector's target while generating, unless
// GOGC is set: the human rules allocate a state per step and the heap stays
// small (20 MB), so collecting at 5 times the live heap instead of twice
// cuts 13% (Juosan hard) to 22% (Linjat medium) of a puzzle's CPU time for
// 20-50 MB more peak RSS.
const gcPercent = 400

// startProfile starts a CPU profile into file; stop ends and writes it.
func startProfile(file string) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// options reads the flags that choose the puzzles, the same for every
// kind: generate says which of them a kind does not take.
func options(c *cli.Context) (generate.Options, error) {
	reg := appio.Kinds(c)
	k, err := reg.Find(c.String("kind"))
	if err != nil {
		return generate.Options{}, appio.BadInput(err)
	}
	var rows, cols int // 0: the band's size
	if c.String("size") != "" {
		var err error
		if rows, cols, err = appio.Size(c); err != nil {
			return generate.Options{}, err
		}
	}
	lo, hi, err := ParseScore(c.String("score"))
	if err != nil {
		return generate.Options{}, appio.BadInput(err)
	}
	kopt, err := appio.KindOptions(c)
	if err != nil {
		return generate.Options{}, err
	}
	opt := generate.Options{
		Kind: k, Rows: rows, Cols: cols, Band: generate.Band(c.String("difficulty")),
		MinScore: lo, MaxScore: hi, Seed: c.Uint64("seed"), Attempts: c.Int("attempts"),
		Method: c.String("method"), Minimal: c.Bool("minimal"), Reencode: c.Bool("reencode"),
		KindOptions: kopt, Moves: c.Int("moves"),
	}
	if name := c.String("puzzle"); name != "" {
		if opt.Base, err = basePuzzle(c, k, name); err != nil {
			return generate.Options{}, err
		}
	}
	if opt.Solver, err = appio.Factory(c); err != nil {
		return generate.Options{}, err
	}
	return opt, nil
}

// basePuzzle reads --puzzle: a built-in of kind k or a file of it.
func basePuzzle(c *cli.Context, k *kind.Kind, name string) (kind.MovesPuzzle, error) {
	reg := appio.Kinds(c)
	_, p, err := answer.BuiltinMovesOf(reg, k.Name, name)
	var grid *answer.GridError
	switch {
	case err == nil:
		return p, nil
	case errors.As(err, &grid):
		return nil, appio.BadInput(err)
	}
	file, data, err := appio.ReadArg(c, name)
	if err != nil {
		return nil, appio.Exit(appio.ExitBadInput, "--puzzle %q is neither a built-in (%s) nor a readable file", name, strings.Join(answer.BuiltinNames(reg), ", "))
	}
	_, p, err = answer.LoadMovesOf(reg, k.Name, file, data)
	if err != nil {
		return nil, appio.BadInput(err)
	}
	return p, nil
}

// output writes the decided puzzles: text or JSON on stdout, or files.
type output struct {
	c      *cli.Context
	json   bool
	dir    string // --out DIR
	stdout bool   // --out -
	opt    generate.Options
	n      int // puzzles written
}

func newOutput(c *cli.Context, asJSON bool, opt generate.Options) (*output, error) {
	o := &output{c: c, json: asJSON, opt: opt}
	switch d := c.String("out"); d {
	case "":
	case "-":
		o.stdout = true
	default:
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, appio.Exit(appio.ExitBadInput, "--out: %v", err)
		}
		// A run killed mid-write (SIGKILL, a pre-empted pod) left its
		// temporary files here; a shard writing beside us keeps its own.
		if _, err := atomicfile.Clean(d); err != nil {
			return nil, appio.Exit(appio.ExitBadInput, "--out: %v", err)
		}
		o.dir = d
	}
	return o, nil
}

// name is puzzle i's file name stem: the same on every shard.
func (o *output) name(i int) string {
	return generated.Stem(o.opt.Kind.Name, o.opt.Band, o.opt.Seed, i)
}

// done reports whether puzzle i's record is in --out DIR already.
func (o *output) done(i int) bool {
	if o.dir == "" {
		return false
	}
	_, err := os.Stat(filepath.Join(o.dir, o.name(i)+".json"))
	return err == nil
}

// emit writes one decided puzzle.
func (o *output) emit(p *generate.Puzzle) error {
	defer func() { o.n++ }()
	w := o.c.App.Writer
	rec := generated.Of(p, o.c.String("solver"))
	switch {
	case o.dir != "":
		stem := filepath.Join(o.dir, o.name(p.Index))
		files := []struct{ path, text string }{{stem + ".txt", rec.Annotated(p.KindOf(), o.opt.KindOptions, p.Text)},
			{stem + ".solution.txt", rec.Annotated(p.KindOf(), o.opt.KindOptions, p.SolutionText)}}
		// Names without the directory: the record is the same wherever
		// the files went, so every shard's records equal the single run's.
		for _, f := range files {
			rec.Files = append(rec.Files, filepath.Base(f.path))
		}
		rec.Files = append(rec.Files, filepath.Base(stem)+".json")
		for _, f := range files {
			if err := atomicfile.WriteFile(f.path, []byte(f.text), 0o666); err != nil {
				return err
			}
		}
		// The record last: its presence marks the puzzle done.
		var js strings.Builder
		if err := appio.WriteJSON(&js, rec); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(stem+".json", []byte(js.String()), 0o666); err != nil {
			return err
		}
		return appio.WriteJSON(w, rec)
	case o.stdout || o.json:
		return appio.WriteJSON(w, rec)
	}
	text := p.Text
	if o.c.Bool("solution") {
		text = p.SolutionText
	}
	if o.n > 0 {
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, text)
	fmt.Fprintf(o.c.App.ErrWriter, "%s: %s, %s; seed %d puzzle %d attempt %d\n", rec.Name, p.Band, p.Summary(), p.Seed, p.Index, p.Attempt)
	if line := rec.RatingLine(); line != "" {
		fmt.Fprintf(o.c.App.ErrWriter, "%s: %s\n", rec.Name, line)
	}
	return nil
}
