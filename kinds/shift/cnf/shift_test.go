package cnf

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	model "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// extended returns a gini solver holding p's encoding by enc, extended to
// depth k.
func extended(t *testing.T, enc *Encoding, p *model.Puzzle, opt Options, k int) (*gini.Solver, Deepener) {
	t.Helper()
	s := gini.New()
	e, err := NewExtended(enc, p, s, opt, k)
	if err != nil {
		t.Fatal(err)
	}
	return s, e
}

// solve answers s under the assumptions as.
func solve(t *testing.T, s sat.Solver, as []int) sat.Status {
	t.Helper()
	st, err := s.Solve(context.Background(), as...)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// scrambled returns Reborn scrambled by rebornMoves random moves and
// Loopover 2×3 by 12, from one generator seeded with (seed1, seed2).
func scrambled(seed1, seed2 uint64, rebornMoves int) (rb, lq *model.Puzzle) {
	rng := rand.New(rand.NewPCG(seed1, seed2))
	lo, _ := model.Loopover(2, 3)
	rb, _, _ = model.Scramble(model.Reborn(), rebornMoves, rng)
	lq, _, _ = model.Scramble(lo, 12, rng)
	return rb, lq
}

// optimum deepens with one gini solver and returns the first satisfiable
// depth and its moves, checked by replaying them.
func optimum(t *testing.T, enc *Encoding, p *model.Puzzle, opt Options, maxSteps int) (int, []int) {
	t.Helper()
	s := gini.New()
	opt.MaxSteps = maxSteps
	e, err := New(enc, p, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k <= maxSteps; k++ {
		e.Extend(k)
		st, err := s.Solve(context.Background(), e.Assume(k)...)
		if err != nil {
			t.Fatal(err)
		}
		switch st {
		case sat.Unsat:
			continue
		case sat.Sat:
			moves, err := e.Decode(s.Model(), k)
			if err != nil {
				t.Fatalf("%s depth %d: %v", enc.Name, k, err)
			}
			if len(moves) != k {
				t.Fatalf("%s depth %d: decoded %d moves", enc.Name, k, len(moves))
			}
			st := p.Start
			for _, m := range moves {
				st = p.Moves[m].Apply(st)
			}
			if !p.IsGoal(st) {
				t.Fatalf("%s depth %d: the decoded moves do not reach a goal", enc.Name, k)
			}
			return k, moves
		default:
			t.Fatalf("%s depth %d: %v", enc.Name, k, st)
		}
	}
	return -1, nil
}

func exact(t *testing.T, p *model.Puzzle) int {
	t.Helper()
	r, err := search.Solve(context.Background(), p, search.Options{Method: "bfs"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != search.Optimal {
		t.Fatalf("exact search: %v", r.Status)
	}
	return len(r.Moves)
}

func TestEncodingsMatchExactSearch(t *testing.T) {
	type instance struct {
		name string
		p    *model.Puzzle
	}
	var ins []instance
	rng := rand.New(rand.NewPCG(21, 22))
	for _, spec := range []struct {
		rows, cols, n, moves int
	}{{2, 2, 4, 6}, {2, 3, 4, 9}, {3, 3, 3, 12}} {
		lo, err := model.Loopover(spec.rows, spec.cols)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < spec.n; i++ {
			q, _, err := model.Scramble(lo, spec.moves, rng)
			if err != nil {
				t.Fatal(err)
			}
			ins = append(ins, instance{fmt.Sprintf("loopover %dx%d #%d", spec.rows, spec.cols, i), q})
		}
	}
	for i := 0; i < 4; i++ {
		q, _, err := model.Scramble(model.Reborn(), 3+i%3, rng)
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, instance{fmt.Sprintf("reborn scramble #%d", i), q})
	}
	for _, in := range ins {
		want := exact(t, in.p)
		for _, enc := range All {
			if got, _ := optimum(t, enc, in.p, Options{}, 12); got != want {
				t.Errorf("%s, %s: SAT optimum %d, exact search %d", in.name, enc.Name, got, want)
			}
		}
		// The goal compiled from its constraints instead of a table.
		if len(in.p.Goal.Sums) > 0 {
			if got, _ := optimum(t, All[2], in.p, Options{GoalTable: -1}, 12); got != want {
				t.Errorf("%s, constraint goal: SAT optimum %d, exact search %d", in.name, got, want)
			}
		}
	}
}

func TestLoopover3x3WorstCase(t *testing.T) {
	// A state 8 moves from sorted (3x3 Loopover's God's number).
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "shift", "loopover-3x3-worst.txt"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := model.Parse("loopover-3x3-worst.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	if want := exact(t, q); want != 8 {
		t.Fatalf("exact search: %d moves, want 8", want)
	}
	if got, _ := optimum(t, All[2], q, Options{}, 10); got != 8 {
		t.Errorf("layers: SAT optimum %d, want 8", got)
	}
}

func TestGoalTableFactored(t *testing.T) {
	f := &sat.Formula{}
	b, err := newBase(model.Reborn(), f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(b.goals); got != 64 {
		t.Fatalf("goal arrangements: %d, want 64", got)
	}
	var sizes []int
	for _, blk := range b.blocks {
		sizes = append(sizes, len(blk.cells), len(blk.proj))
	}
	if got, want := fmt.Sprint(sizes), "[9 8 9 8]"; got != want {
		t.Errorf("blocks (cells, projections): have %s, want %s", got, want)
	}
	// A target puzzle: every cell its own block with one projection.
	lo, _ := model.Loopover(2, 2)
	b, _ = newBase(lo, f, Options{})
	if len(b.blocks) != 4 {
		t.Errorf("loopover 2x2: %d blocks, want 4", len(b.blocks))
	}
}

func TestRebornSmallDepthsUnsat(t *testing.T) {
	// Depths 0..5 are refuted by every encoding (the optimum is 11).
	for _, enc := range All {
		s := gini.New()
		e, err := New(enc, model.Reborn(), s, Options{MaxSteps: 20})
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k <= 5; k++ {
			e.Extend(k)
			st, err := s.Solve(context.Background(), e.Assume(k)...)
			if err != nil || st != sat.Unsat {
				t.Errorf("%s depth %d: %v %v, want UNSATISFIABLE", enc.Name, k, st, err)
			}
		}
		if e.Vars() != s.NumVars() || e.Clauses() != len(s.Formula().Clauses) {
			t.Errorf("%s: counted %d vars %d clauses, solver has %d, %d", enc.Name, e.Vars(), e.Clauses(), s.NumVars(), len(s.Formula().Clauses))
		}
	}
}

func TestLookup(t *testing.T) {
	for _, name := range append(Names(), "") {
		if _, err := Lookup(name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
	if _, err := Lookup("nope"); err == nil {
		t.Error("unknown encoding accepted")
	}
	if got, want := fmt.Sprint(Names()), "[onehot source layers]"; got != want {
		t.Errorf("names %s, want %s", got, want)
	}
}

func TestIdentityMovesOnly(t *testing.T) {
	// A move that changes nothing: every depth but 0 is impossible, and
	// depth 0 only when the start is a goal.
	p := &model.Puzzle{Name: "still", Values: []string{"a", "b"}, Start: []int{0, 1},
		Picture: model.Picture{Lines: [][]int{{0, 1}}},
		Moves:   []model.Move{{Name: "stay", Src: []int{0, 1}}},
		Goal:    model.Goal{Target: []int{1, 0}}}
	for _, enc := range All {
		if got, _ := optimum(t, enc, p, Options{}, 3); got != -1 {
			t.Errorf("%s: optimum %d, want none", enc.Name, got)
		}
	}
}

// TestPartsSplitDepth: the parts of a depth cover its models and do not
// overlap, so refuting every part refutes the depth, and a depth is
// satisfiable exactly when one of its parts is.
func TestPartsSplitDepth(t *testing.T) {
	if testing.Short() {
		t.Skip("solves every part of every depth, tens of seconds: skipped by -short")
	}
	rb, lq := scrambled(5, 6, 4)
	const maxK = 5
	for _, p := range []*model.Puzzle{rb, lq} {
		for _, enc := range All {
			// solve answers one question on a fresh solver.
			solve := func(k int, build func(e Deepener, s *gini.Solver) []int) sat.Status {
				s, e := extended(t, enc, p, Options{MaxSteps: maxK}, k)
				return solve(t, s, build(e, s))
			}
			own := func(e Deepener, k, i int) []int { // part i's assumptions beyond Assume(k)
				return e.Parts(k)[i].Assume[len(e.Assume(k)):]
			}
			for k := 0; k <= maxK; k++ {
				var n int
				solve(k, func(e Deepener, _ *gini.Solver) []int { n = len(e.Parts(k)); return nil })
				if enc.Name == "layers" && k > 0 && n != 2*k {
					t.Errorf("%s %s depth %d: %d parts, want %d", p.Name, enc.Name, k, n, 2*k)
				}
				whole := solve(k, func(e Deepener, _ *gini.Solver) []int { return e.Assume(k) })
				anyPart := sat.Unsat
				for i := 0; i < n; i++ {
					if solve(k, func(e Deepener, _ *gini.Solver) []int { return e.Parts(k)[i].Assume }) == sat.Sat {
						anyPart = sat.Sat
					}
					for j := i + 1; j < n; j++ {
						both := solve(k, func(e Deepener, _ *gini.Solver) []int {
							return append(append([]int(nil), e.Parts(k)[i].Assume...), own(e, k, j)...)
						})
						if both != sat.Unsat {
							t.Errorf("%s %s depth %d: parts %d and %d overlap", p.Name, enc.Name, k, i, j)
						}
					}
				}
				if anyPart != whole {
					t.Errorf("%s %s depth %d: whole %v, some part %v", p.Name, enc.Name, k, whole, anyPart)
				}
				// Coverage: the depth with every part excluded has no model.
				none := solve(k, func(e Deepener, s *gini.Solver) []int {
					act := s.NewVar()
					for i := range e.Parts(k) {
						cl := []int{-act}
						for _, l := range own(e, k, i) {
							cl = append(cl, -l)
						}
						s.AddClause(cl...)
					}
					return append(e.Assume(k), act)
				})
				if n > 1 && none != sat.Unsat {
					t.Errorf("%s %s depth %d: a model outside every part", p.Name, enc.Name, k)
				}
			}
		}
	}
}
