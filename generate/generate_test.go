package generate_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
	"github.com/puzzlesat/puzzlesat/solve"
)

// The seeds are ones that land in their band within a few attempts on the
// default back-end; what is asserted holds for any seed that does.
var cases = []struct {
	kind       string
	rows, cols int
	band       generate.Band
	seed       uint64
}{
	{"juosan", 5, 5, generate.Easy, 0},
	{"juosan", 5, 5, generate.Medium, 3},
	{"juosan", 5, 5, generate.Hard, 2},
	{"shinro", 6, 6, generate.Easy, 1},
	{"shinro", 6, 6, generate.Medium, 0},
	{"shinro", 6, 6, generate.Hard, 8},
	{"arrows", 5, 5, generate.Easy, 0},
	{"arrows", 5, 5, generate.Medium, 0},
	{"arrows", 5, 5, generate.Hard, 0},
}

func TestGenerate(t *testing.T) {
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s-%dx%d-%s-%d", tc.kind, tc.rows, tc.cols, tc.band, tc.seed), func(t *testing.T) {
			ctx := context.Background()
			opt := generate.Options{Solver: gini.NewSolver, Kind: tc.kind, Rows: tc.rows, Cols: tc.cols, Band: tc.band, Seed: tc.seed, Attempts: 60}
			p, err := generate.Generate(ctx, opt)
			if err != nil {
				t.Fatal(err)
			}
			if p.Band != tc.band || p.Status != human.StatusSolved {
				t.Errorf("have band %s status %s, want %s solved", p.Band, p.Status, tc.band)
			}

			// The canonical text reads back through kinds as one puzzle of
			// the right size whose solution is p.Solution.
			k, err := kinds.Lookup(tc.kind)
			if err != nil {
				t.Fatal(err)
			}
			insts, err := k.Parse("generated", []byte(p.Text), kinds.Options{})
			if err != nil || len(insts) != 1 {
				t.Fatalf("parse back: have %d puzzles, error %v; want 1 puzzle\n%s", len(insts), err, p.Text)
			}
			inst := insts[0]
			if inst.Rows() != tc.rows || inst.Cols() != tc.cols {
				t.Errorf("have size %dx%d, want %dx%d", inst.Rows(), inst.Cols(), tc.rows, tc.cols)
			}
			if vs := inst.Verify(p.Solution); len(vs) > 0 {
				t.Errorf("the solution breaks %s", vs[0])
			}

			// Unique on both in-process back-ends, with p.Solution.
			for _, b := range solvers.List() {
				solver := b.Name
				r, err := solve.Check(ctx, inst, b.New, false)
				if err != nil {
					t.Fatalf("%s: %v", solver, err)
				}
				if r.Status != sat.UniqueSolution {
					t.Errorf("%s: have %s, want unique", solver, r.Status)
					continue
				}
				if d := solve.Diff(inst, p.Solution, r.First); len(d) > 0 {
					t.Errorf("%s: the unique solution differs from p.Solution at %v", solver, d)
				}
			}

			// Graded again from the text, every step certified by SAT, it
			// lands in the band.
			g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: gini.NewSolver, Trials: -1, CertifySteps: true})
			if err != nil {
				t.Fatal(err)
			}
			elims := 0
			for _, st := range g.Human.Steps {
				elims += len(st.Elims)
			}
			if g.Certified != elims {
				t.Errorf("%d of %d eliminations certified, want all", g.Certified, elims)
			}
			if !generate.InBand(tc.kind, tc.band, g.Human.Status, g.Human.Report) {
				t.Errorf("regraded: %s, level %d, trial depth %d: not in band %s", g.Human.Status, g.Human.Report.MaxLevel, g.Human.Report.TrialDepth, tc.band)
			}
			if g.Human.Report.Score != p.Report.Score {
				t.Errorf("regraded score %.2f, want the generator's %.2f", g.Human.Report.Score, p.Report.Score)
			}

			// The same seed gives the same puzzle.
			q, err := generate.Generate(ctx, opt)
			if err != nil {
				t.Fatal(err)
			}
			if q.Text != p.Text || q.Attempt != p.Attempt {
				t.Errorf("same seed, different puzzle:\n%s\nand (attempt %d vs %d)\n%s", p.Text, p.Attempt, q.Attempt, q.Text)
			}
		})
	}
}

func TestSolutionText(t *testing.T) {
	p, err := generate.Generate(context.Background(), generate.Options{Solver: gini.NewSolver, Kind: "shinro", Rows: 6, Cols: 6, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	insts, err := kinds.Shinro.Parse("generated", []byte(p.SolutionText), kinds.Options{})
	if err != nil || len(insts) != 1 {
		t.Fatalf("have %d puzzles, error %v; want 1", len(insts), err)
	}
	if d := solve.Diff(insts[0], insts[0].Solution(), p.Solution); insts[0].Solution() == nil || len(d) > 0 {
		t.Errorf("the solution block does not hold p.Solution (differs at %v)", d)
	}
}

func TestOptionErrors(t *testing.T) {
	tests := []struct {
		name string
		opt  generate.Options
	}{
		{"unknown kind", generate.Options{Solver: gini.NewSolver, Kind: "sudoku"}},
		{"unknown band", generate.Options{Solver: gini.NewSolver, Kind: "juosan", Band: "brutal"}},
		{"too small", generate.Options{Solver: gini.NewSolver, Kind: "juosan", Rows: 1, Cols: 5}},
		{"too large", generate.Options{Solver: gini.NewSolver, Kind: "shinro", Rows: 8, Cols: 31}},
		{"scores", generate.Options{Solver: gini.NewSolver, Kind: "shinro", MinScore: 10, MaxScore: 5}},
		{"stones", generate.Options{Solver: gini.NewSolver, Kind: "shinro", Rows: 3, Cols: 3, Stones: 10}},
		{"no solver", generate.Options{Kind: "juosan"}},
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

func TestExhausted(t *testing.T) {
	// No 4x4 Shinro scores a million.
	_, err := generate.Generate(context.Background(), generate.Options{Solver: gini.NewSolver, Kind: "shinro", Rows: 4, Cols: 4, MinScore: 1e6, Attempts: 3})
	if !errors.Is(err, generate.ErrExhausted) {
		t.Errorf("have error %v, want ErrExhausted", err)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := generate.Generate(ctx, generate.Options{Solver: gini.NewSolver, Kind: "juosan"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("have error %v, want context.Canceled", err)
	}
}

func TestInBand(t *testing.T) {
	tests := []struct {
		kind   string
		band   generate.Band
		status human.Status
		level  int
		trials int
		want   bool
	}{
		{"juosan", generate.Easy, human.StatusSolved, 4, 0, true},
		{"juosan", generate.Easy, human.StatusSolved, 5, 0, false},
		{"juosan", generate.Medium, human.StatusSolved, 5, 0, true},
		{"juosan", generate.Medium, human.StatusSolved, 5, 1, false},
		{"juosan", generate.Hard, human.StatusSolved, 4, 2, true},
		{"juosan", generate.Hard, human.StatusStuck, 4, 2, false},
		{"shinro", generate.Easy, human.StatusSolved, 1, 0, true},
		{"shinro", generate.Easy, human.StatusSolved, 2, 0, false},
		{"shinro", generate.Medium, human.StatusSolved, 4, 0, true},
		{"shinro", generate.Hard, human.StatusSolved, 1, 0, false},
		{"arrows", generate.Medium, human.StatusSolved, 3, 0, true},
		{"arrows", generate.Easy, human.StatusSolved, 3, 0, false},
		{"arrows", generate.Any, human.StatusSolved, 9, 3, true},
		{"arrows", generate.Any, human.StatusStuck, 1, 0, false},
	}
	for _, tc := range tests {
		rep := human.Report{MaxLevel: tc.level, TrialDepth: tc.trials}
		if have := generate.InBand(tc.kind, tc.band, tc.status, rep); have != tc.want {
			t.Errorf("InBand(%s, %s, %s, level %d, trials %d) = %v, want %v", tc.kind, tc.band, tc.status, tc.level, tc.trials, have, tc.want)
		}
	}
}

func TestParseBand(t *testing.T) {
	for _, s := range []string{"easy", "medium", "hard", "any", ""} {
		if _, err := generate.ParseBand(s); err != nil {
			t.Errorf("ParseBand(%q): %v", s, err)
		}
	}
	if _, err := generate.ParseBand("brutal"); err == nil {
		t.Error("ParseBand(brutal): no error")
	}
}
