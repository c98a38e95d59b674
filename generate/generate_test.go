package generate_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
	"github.com/puzzlesat/puzzlesat/shard"
	"github.com/puzzlesat/puzzlesat/solve"
)

// backends are the back-ends every generated puzzle is checked on: the
// in-process ones and cadical, which CI installs (.ci/run) and which is
// used locally when it is on PATH.
func backends(t *testing.T) []string {
	t.Helper()
	bs := []string{"gini", "gophersat"}
	if _, err := exec.LookPath("cadical"); err == nil {
		return append(bs, "ext:cadical")
	}
	if os.Getenv("CI") != "" {
		t.Fatal("cadical is not on PATH; CI installs it (.ci/run)")
	}
	return bs
}

// acceptanceCase is a kind and band TestBands and TestAcceptance run, at a
// small size. slow marks those TestBands leaves to TestAcceptance.
type acceptanceCase struct {
	kind       string
	band       generate.Band
	rows, cols int
	slow       bool
}

// acceptance are the cases of every kind of the registry that generates
// (its kind.Corpus.Generate); a kind that generates and names no case is
// an error.
func acceptance(t *testing.T) []acceptanceCase {
	var out []acceptanceCase
	for _, k := range kinds.Default().List() {
		if k.Generate == nil {
			continue
		}
		if k.Corpus == nil || len(k.Corpus.Generate) == 0 {
			t.Errorf("%s generates and names no band for the generation tests (kind.Corpus.Generate)", k.Name)
			continue
		}
		for _, c := range k.Corpus.Generate {
			out = append(out, acceptanceCase{k.Name, generate.Band(c.Band), c.Rows, c.Cols, c.Slow})
		}
	}
	return out
}

// quick are options that make a puzzle of each kind that generates
// (generate.Kinds) quickly, named by the kind: its corpus's first quick
// band at its size (kind.Corpus.Generate), or, when its corpus names none
// (a kind played by moves), any band.
func quick(t *testing.T) map[string]generate.Options {
	t.Helper()
	out := map[string]generate.Options{}
	for _, name := range generate.Kinds(kinds.Default()) {
		opt := generate.Options{Solver: gini.NewSolver, Kind: lookup(t, name), Band: generate.Any}
		if c := opt.Kind.Corpus; c != nil {
			if i := slices.IndexFunc(c.Generate, func(g kind.GenCase) bool { return !g.Slow }); i >= 0 {
				opt.Band, opt.Rows, opt.Cols = generate.Band(c.Generate[i].Band), c.Generate[i].Rows, c.Generate[i].Cols
			}
		}
		out[name] = opt
	}
	if len(out) == 0 {
		t.Fatal("no kind of the registry generates")
	}
	return out
}

// acceptanceCount is the puzzles of each kind and band of TestAcceptance
// and of the shift bands.
const acceptanceCount = 20

// TestBands: for each kind and band, a batch of 2 puzzles (quick enough
// for every test run; TestAcceptance, tagged acceptance, makes 20)
// holds distinct puzzles, each unique on every back-end with the intended
// solution, graded again from its text into the band.
func TestBands(t *testing.T) {
	for _, tc := range acceptance(t) {
		if tc.slow {
			continue
		}
		t.Run(fmt.Sprintf("%s-%s-%dx%d", tc.kind, tc.band, tc.rows, tc.cols), func(t *testing.T) {
			if testing.Short() && tc.band != generate.Easy {
				t.Skip("generating beyond the easy band takes seconds a puzzle: skipped by -short")
			}
			t.Parallel()
			checkBatch(t, tc.kind, tc.band, tc.rows, tc.cols, 2)
		})
	}
}

// checkBatch makes count puzzles of kind and band at rows×cols, seed 11,
// and checks that they are distinct, in index order, of the size asked,
// unique on every back-end with the intended solution, and graded again
// from their text into the band with the generator's score.
func checkBatch(t *testing.T, kindName string, band generate.Band, rows, cols, count int) {
	t.Helper()
	bs := backends(t)
	ctx := context.Background()
	var ps []*generate.Puzzle
	st, err := generate.Run(ctx, generate.Batch{
		Options: generate.Options{Solver: gini.NewSolver, Kind: lookup(t, kindName), Band: band, Rows: rows, Cols: cols, Seed: 11},
		Count:   count, Workers: 2,
		Emit: func(p *generate.Puzzle) error { ps = append(ps, p); return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Found != count || len(ps) != count {
		t.Fatalf("have %d puzzles (%d failed), want %d", len(ps), st.Failed, count)
	}
	k := lookup(t, kindName)
	seen := map[string]int{}
	for i, p := range ps {
		if p.Index != i {
			t.Errorf("puzzle %d has index %d: not emitted in order", i, p.Index)
		}
		if j, ok := seen[p.Text]; ok {
			t.Errorf("puzzles %d and %d are the same", j, i)
		}
		seen[p.Text] = i
		insts, err := k.Parse("generated", []byte(p.Text), kind.Options{})
		if err != nil || len(insts) != 1 {
			t.Fatalf("puzzle %d reads back as %d puzzles, error %v", i, len(insts), err)
		}
		inst := insts[0]
		if inst.Rows() != rows || inst.Cols() != cols {
			t.Errorf("puzzle %d: have %dx%d, want %dx%d", i, inst.Rows(), inst.Cols(), rows, cols)
		}
		for _, b := range bs {
			f, err := solvers.Factory(b)
			if err != nil {
				t.Fatal(err)
			}
			r, err := solve.Check(ctx, inst, f, false)
			if err != nil {
				t.Fatalf("puzzle %d, %s: %v", i, b, err)
			}
			if r.Status != sat.UniqueSolution || len(solve.Diff(inst, p.Solution, r.First)) > 0 {
				t.Errorf("puzzle %d, %s: have %s, want unique with the intended solution", i, b, r.Status)
			}
		}
		// Graded again from the text, every elimination certified by SAT.
		g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: gini.NewSolver, Trials: -1, Parallel: 1, CertifySteps: true})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		elims := 0
		for _, st := range g.Human.Steps {
			elims += len(st.Elims)
		}
		if g.Certified != elims {
			t.Errorf("puzzle %d: %d of %d eliminations certified, want all", i, g.Certified, elims)
		}
		if !generate.InBand(k, band, rows, cols, g.Human.Status, g.Human.Report) {
			rep := g.Human.Report
			t.Errorf("puzzle %d regraded: %s, level %d, trial depth %d, %d layers: not %s", i, g.Human.Status, rep.MaxLevel, rep.TrialDepth, rep.Depth, band)
		}
		if g.Human.Report.Score != p.Report.Score {
			t.Errorf("puzzle %d regraded: score %.2f, the generator's %.2f", i, g.Human.Report.Score, p.Report.Score)
		}
	}
}

// TestMovesBase: a kind played by moves makes its puzzles from its first
// built-in unless told another (Options.Base), so that a front end asks
// it as it asks a grid kind, naming none; Moves asks for an optimum
// exactly, which the summary line says with its proof.
func TestMovesBase(t *testing.T) {
	for _, k := range kinds.Default().Moves() {
		t.Run(k.Name, func(t *testing.T) {
			first, err := k.Moves.Builtin(k.Moves.Builtins[0])
			if err != nil {
				t.Fatal(err)
			}
			have, err := generate.Generate(context.Background(), generate.Options{Kind: k, Moves: 2, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			want, err := generate.Generate(context.Background(), generate.Options{Kind: k, Moves: 2, Seed: 5, Base: first})
			if err != nil {
				t.Fatal(err)
			}
			if have.Text != want.Text || have.Metrics["optimum"] != 2 {
				t.Errorf("without a base: optimum %v,\n%s\nwith the first built-in:\n%s", have.Metrics["optimum"], have.Text, want.Text)
			}
			if s := have.Summary(); !strings.HasPrefix(s, "optimum 2 moves (proven by ") {
				t.Errorf("summary %q, want the optimum and its proof", s)
			}
		})
	}
}

// TestShiftAcceptance: shift puzzles of each band have a proven optimum
// in the band, which an independent search confirms.
func TestShiftAcceptance(t *testing.T) {
	if testing.Short() {
		t.Skip("generates shift puzzles of every band and searches them, seconds: skipped by -short")
	}
	k, err := kinds.Default().Find("shift")
	if err != nil {
		t.Fatal(err)
	}
	base, err := k.Moves.Builtin("loopover:3x3")
	if err != nil {
		t.Fatal(err)
	}
	bands := []struct {
		band   generate.Band
		lo, hi int
	}{{generate.Easy, 1, 4}, {generate.Medium, 5, 7}, {generate.Hard, 8, 10}}
	for _, tc := range bands {
		t.Run(string(tc.band), func(t *testing.T) {
			var ps []*generate.Puzzle
			_, err := generate.Run(context.Background(), generate.Batch{
				Options: generate.Options{Kind: find("shift"), Band: tc.band, Base: base, Seed: 3},
				Count:   acceptanceCount, Workers: 2,
				Emit: func(p *generate.Puzzle) error { ps = append(ps, p); return nil },
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) != acceptanceCount {
				t.Fatalf("have %d puzzles, want %d", len(ps), acceptanceCount)
			}
			seen := map[string]bool{}
			for i, p := range ps {
				if seen[p.Text] {
					t.Errorf("puzzle %d repeats an earlier one", i)
				}
				seen[p.Text] = true
				q, err := k.Moves.Parse("generated", []byte(p.Text))
				if err != nil {
					t.Fatalf("puzzle %d: %v\n%s", i, err, p.Text)
				}
				// Breadth-first from the start, apart from the kind's
				// own search.
				r, err := kind.BreadthFirst(context.Background(), q, tc.hi)
				if err != nil || r.Status != kind.Optimal {
					t.Fatalf("puzzle %d: search says %v, %v", i, r.Status, err)
				}
				if k := len(r.Moves); k != int(p.Report.Score) || k < tc.lo || k > tc.hi {
					t.Errorf("puzzle %d: optimum %d, the generator's %v, want %d..%d", i, k, p.Report.Score, tc.lo, tc.hi)
				}
			}
		})
	}
}

// TestMinimal: with Minimal, no clue of a puzzle can go: each clue's
// removal leaves a second solution, by a fresh SAT check.
func TestMinimal(t *testing.T) {
	// Every kind that generates, in any band and in its easiest, at the
	// largest size of its generation tests.
	var cases []acceptanceCase
	for _, tc := range acceptance(t) {
		if i := slices.IndexFunc(cases, func(c acceptanceCase) bool { return c.kind == tc.kind }); i < 0 {
			cases = append(cases, acceptanceCase{tc.kind, generate.Any, tc.rows, tc.cols, false}, tc)
		} else if tc.rows*tc.cols > cases[i].rows*cases[i].cols {
			cases[i].rows, cases[i].cols = tc.rows, tc.cols
			cases[i+1].rows, cases[i+1].cols = tc.rows, tc.cols
		}
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s-%s", tc.kind, tc.band), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			var ps []*generate.Puzzle
			_, err := generate.Run(ctx, generate.Batch{
				Options: generate.Options{Solver: gini.NewSolver, Kind: lookup(t, tc.kind), Band: tc.band, Rows: tc.rows, Cols: tc.cols, Seed: 5, Minimal: true},
				Count:   4, Workers: 1,
				Emit: func(p *generate.Puzzle) error { ps = append(ps, p); return nil },
			})
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range ps {
				if !p.Minimal {
					t.Errorf("puzzle %d not marked minimal", i)
				}
				removals, err := generate.ClueRemovals(p, kind.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if len(removals) != p.Clues {
					t.Errorf("puzzle %d: %d removals for %d clues", i, len(removals), p.Clues)
				}
				for j, inst := range removals {
					r, err := solve.Check(ctx, inst, gini.NewSolver, false)
					if err != nil {
						t.Fatal(err)
					}
					if r.Status != sat.MultipleSolutions {
						t.Errorf("puzzle %d without clue %d: %s, want multiple (the clue set is reducible)", i, j, r.Status)
					}
				}
			}
		})
	}
}

// texts runs a batch and returns its puzzles' texts by index.
func texts(t *testing.T, b generate.Batch) map[int]string {
	t.Helper()
	var mu sync.Mutex
	out := map[int]string{}
	b.Emit = func(p *generate.Puzzle) error {
		mu.Lock()
		defer mu.Unlock()
		out[p.Index] = p.SolutionText
		return nil
	}
	if _, err := generate.Run(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestShardsAndWorkers: the union of the shards of a job is the single
// run, puzzle for puzzle, whatever the workers, for every kind that
// generates.
func TestShardsAndWorkers(t *testing.T) {
	for name, opt := range quick(t) {
		t.Run(name, func(t *testing.T) {
			opt.Seed = 9
			const count = 10
			whole := texts(t, generate.Batch{Options: opt, Count: count, Workers: 1})
			if len(whole) != count {
				t.Fatalf("have %d puzzles, want %d", len(whole), count)
			}
			if again := texts(t, generate.Batch{Options: opt, Count: count, Workers: 3}); !mapsEqual(again, whole) {
				t.Error("3 workers make other puzzles than 1")
			}
			union := map[int]string{}
			for i := range 3 {
				part := texts(t, generate.Batch{Options: opt, Count: count, Workers: 2, Shard: shard.Shard{Index: i, Count: 3}})
				for k, v := range part {
					if k%3 != i {
						t.Errorf("shard %d/3 made puzzle %d", i, k)
					}
					union[k] = v
				}
			}
			if !mapsEqual(union, whole) {
				t.Error("the union of the shards differs from the single run")
			}
			// Skipped puzzles are not made; the others are unchanged.
			rest := texts(t, generate.Batch{Options: opt, Count: count, Workers: 2, Skip: func(i int) bool { return i < 5 }})
			for k, v := range rest {
				if k < 5 || whole[k] != v {
					t.Errorf("with puzzles 0..4 skipped, puzzle %d differs or was made", k)
				}
			}
		})
	}
}

func mapsEqual(a, b map[int]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestGenerateIsPuzzleZero: Generate makes puzzle 0 of the batch, for
// every kind that generates.
func TestGenerateIsPuzzleZero(t *testing.T) {
	for name, opt := range quick(t) {
		opt.Seed = 2
		p, err := generate.Generate(context.Background(), opt)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if batch := texts(t, generate.Batch{Options: opt, Count: 1}); batch[0] != p.SolutionText {
			t.Errorf("%s: Generate and puzzle 0 of a batch differ", name)
		}
	}
}

// TestStopKeepsFound: a batch stopped from its Emit returns what it had,
// every emitted puzzle whole; one stopped by its context returns the
// context's error; for every kind that generates.
func TestStopKeepsFound(t *testing.T) {
	for name, opt := range quick(t) {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			opt.Seed = 1
			var got []int
			st, err := generate.Run(ctx, generate.Batch{
				Options: opt, Count: 50, Workers: 2,
				Emit: func(p *generate.Puzzle) error {
					got = append(got, p.Index)
					if len(got) == 3 {
						cancel()
					}
					return nil
				},
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("have error %v, want context.Canceled", err)
			}
			if len(got) < 3 || len(got) == 50 || st.Found != len(got) {
				t.Errorf("have %d puzzles emitted, Found %d; want at least 3, fewer than 50, and Found equal", len(got), st.Found)
			}
			if !slices.IsSorted(got) {
				t.Errorf("emitted out of order: %v", got)
			}
		})
	}
}

// TestOptionErrors: options no attempt could use are refused at once
// (ErrOptions), for every kind of the registry: the cases each grid kind
// that generates is asked (bad band, a band only another kind has, sizes
// out of range or past a band's largest, scores, method, no solver, a
// moves kind's puzzle or an optimum in moves, the generation flag values
// its corpus names as bad (kind.Corpus.BadGenFlags)), and each moves
// kind's (an unknown band, an optimum past its largest, as a score range
// or as Moves, a grid size).
func TestOptionErrors(t *testing.T) {
	tests := []struct {
		name string
		opt  generate.Options
	}{
		{"unknown kind", generate.Options{Solver: gini.NewSolver, Kind: find("sudoku")}},
	}
	add := func(name string, opt generate.Options) {
		tests = append(tests, struct {
			name string
			opt  generate.Options
		}{name, opt})
	}
	reg := kinds.Default()
	var builtin kind.MovesPuzzle
	for _, k := range reg.Moves() {
		p, err := k.Moves.Builtin(k.Moves.Builtins[0])
		if err != nil {
			t.Fatal(err)
		}
		builtin = cmp.Or(builtin, p)
		add(k.Name+" optimum past its largest", generate.Options{Kind: k, Moves: k.Moves.MaxMoves + 1})
		add(k.Name+" a grid size", generate.Options{Kind: k, Rows: 5, Cols: 5})
		add(k.Name+" band", generate.Options{Kind: k, Base: p, Band: "brutal"})
		add(k.Name+" moves", generate.Options{Kind: k, Base: p, MinScore: float64(k.Moves.MaxMoves + 1), MaxScore: float64(k.Moves.MaxMoves + 1)})
	}
	// Every band name some kind has, for "a band only another kind has".
	var bandNames []string
	for _, k := range reg.List() {
		if k.Generate != nil {
			bandNames = append(bandNames, k.Generate.BandNames()...)
		}
	}
	for _, k := range reg.List() {
		if k.Generate == nil {
			continue
		}
		opt := func() generate.Options { return generate.Options{Solver: gini.NewSolver, Kind: k} }
		o := opt()
		o.Band = "brutal"
		add(k.Name+" unknown band", o)
		for _, b := range bandNames {
			if !slices.Contains(k.Generate.BandNames(), b) {
				o := opt()
				o.Band = generate.Band(b)
				add(k.Name+" band of another kind", o)
				break
			}
		}
		o = opt()
		o.Rows, o.Cols = 1, 5
		add(k.Name+" too small", o)
		o = opt()
		o.Rows, o.Cols = 8, 31
		add(k.Name+" too large", o)
		for _, b := range k.Generate.Bands {
			if b.MaxRows > 0 && b.MaxRows < 30 {
				o := opt()
				o.Band, o.Rows, o.Cols = generate.Band(b.Name), b.MaxRows+1, b.MaxCols
				add(k.Name+" past the band's largest size", o)
			}
		}
		o = opt()
		o.MinScore, o.MaxScore = 10, 5
		add(k.Name+" scores", o)
		o = opt()
		o.Method = "annealing"
		add(k.Name+" method", o)
		o = opt()
		o.Solver = nil
		add(k.Name+" no solver", o)
		if builtin != nil {
			o = opt()
			o.Base = builtin
			add(k.Name+" a moves kind's puzzle on a grid kind", o)
		}
		o = opt()
		o.Moves = 3
		add(k.Name+" an optimum asked of a grid kind", o)
		if k.Corpus != nil {
			for _, bf := range k.Corpus.BadGenFlags {
				o := opt()
				o.Rows, o.Cols, o.KindOptions = bf.Rows, bf.Cols, kind.Options{}.With(bf.Flag, bf.Value)
				add(fmt.Sprintf("%s --%s %s", k.Name, bf.Flag, bf.Value), o)
			}
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := generate.Generate(context.Background(), tc.opt)
			if !errors.Is(err, generate.ErrOptions) {
				t.Errorf("have error %v, want ErrOptions", err)
			}
		})
	}
}

// TestExhausted: a score no puzzle reaches exhausts the attempts, of
// Generate and of each puzzle of a batch (a kind graded by its rules,
// whose corpus names its generation bands, at its quick band).
func TestExhausted(t *testing.T) {
	var opt generate.Options
	for _, o := range quick(t) {
		if o.Rows > 0 && (opt.Kind == nil || o.Rows*o.Cols < opt.Rows*opt.Cols) {
			opt = o // the smallest such
		}
	}
	if opt.Kind == nil {
		t.Fatal("no kind names generation bands in its corpus (kind.Corpus.Generate)")
	}
	opt.MinScore, opt.Attempts = 1e6, 3
	_, err := generate.Generate(context.Background(), opt)
	if !errors.Is(err, generate.ErrExhausted) {
		t.Errorf("%s: have error %v, want ErrExhausted", opt.Kind.Name, err)
	}
	var failed []int
	opt.Attempts = 2
	st, err := generate.Run(context.Background(), generate.Batch{
		Options: opt, Count: 3, Workers: 2,
		Emit:   func(*generate.Puzzle) error { return nil },
		Failed: func(i int, err error) error { failed = append(failed, i); return nil },
	})
	if err != nil || st.Failed != 3 || !slices.Equal(failed, []int{0, 1, 2}) {
		t.Errorf("%s: have error %v, Failed %d, failed %v; want nil, 3, [0 1 2]", opt.Kind.Name, err, st.Failed, failed)
	}
}

// TestCancelled: a cancelled context stops Generate of every kind.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, opt := range quick(t) {
		if _, err := generate.Generate(ctx, opt); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: have error %v, want context.Canceled", name, err)
		}
	}
}

// TestInBand: a solve lands in a band of a kind, named, at the band's
// size, as the band says, for every band of every kind that generates:
// at the top of a band's levels (and its least layers) without trials,
// not with one level more, one less, or trials; a band of trials with
// them, not without; "any" every finished solve; no band a stuck one.
// (Each kind pins its own bands' figures in its folder.)
func TestInBand(t *testing.T) {
	type inCase struct {
		what   string
		band   generate.Band
		status human.Status
		rep    human.Report
		want   bool
	}
	for _, k := range kinds.Default().List() {
		g := k.Generate
		if g == nil {
			continue
		}
		cases := []inCase{
			{"any", generate.Any, human.StatusSolved, human.Report{MaxLevel: 9, TrialDepth: 3}, true},
			{"any stuck", generate.Any, human.StatusStuck, human.Report{MaxLevel: 1}, false},
		}
		for _, b := range g.Bands {
			name := generate.Band(b.Name)
			if b.Trials {
				cases = append(cases,
					inCase{"trials", name, human.StatusSolved, human.Report{MaxLevel: 1, TrialDepth: 1}, true},
					inCase{"no trials", name, human.StatusSolved, human.Report{MaxLevel: 1}, false},
					inCase{"stuck", name, human.StatusStuck, human.Report{MaxLevel: 1, TrialDepth: 1}, false})
				continue
			}
			top := min(b.Levels.Hi, b.Levels.Lo+20)
			rep := func(level, trials int) human.Report {
				return human.Report{MaxLevel: level, TrialDepth: trials, Depth: b.Layers.Lo}
			}
			cases = append(cases,
				inCase{"top level", name, human.StatusSolved, rep(top, 0), true},
				inCase{"trials", name, human.StatusSolved, rep(top, 1), false},
				inCase{"stuck", name, human.StatusStuck, rep(top, 0), false})
			if b.Levels.Hi < kind.MaxLevel {
				cases = append(cases, inCase{"a level above", name, human.StatusSolved, rep(b.Levels.Hi+1, 0), false})
			}
			if b.Levels.Lo > 1 {
				cases = append(cases, inCase{"a level below", name, human.StatusSolved, rep(b.Levels.Lo-1, 0), false})
			}
		}
		for _, tc := range cases {
			rows, cols := g.Rows, g.Cols
			if b, err := g.Band(string(tc.band)); err == nil && b != nil {
				rows, cols = g.Size(b)
			}
			if have := generate.InBand(k, tc.band, rows, cols, tc.status, tc.rep); have != tc.want {
				t.Errorf("%s %s, %s: InBand(%s, level %d, trials %d, %d layers) = %v, want %v",
					k.Name, tc.band, tc.what, tc.status, tc.rep.MaxLevel, tc.rep.TrialDepth, tc.rep.Depth, have, tc.want)
			}
		}
	}
}

// lookup is the kind called name of puzzlesat's registry.
func lookup(t *testing.T, name string) *kind.Kind {
	t.Helper()
	k, err := kinds.Default().Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// find is the kind called name of puzzlesat's registry, or a kind of
// that name no registry has (an unknown kind, for the option errors).
func find(name string) *kind.Kind {
	if k, err := kinds.Default().Find(name); err == nil {
		return k
	}
	return &kind.Kind{Name: name}
}
