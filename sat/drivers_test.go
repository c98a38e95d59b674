package sat_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/conformance"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/sat/gophersat"
)

// backend is a solver the driver tests run on, with the order of the latin
// squares it enumerates: gophersat rebuilds its solver for every model, so
// order 4 (576 squares) costs it seconds, and minutes under -race.
type backend struct {
	name         string
	new          func() sat.Solver
	latin        int
	latinSquares int
}

var backends = []backend{
	{"gini", func() sat.Solver { return gini.New() }, 4, 576},
	{"gophersat", func() sat.Solver { return gophersat.New() }, 3, 12},
}

// countAll checks that s, holding latin(s, b.latin), counts all its
// squares on vars; when says when, in the failure.
func (b backend) countAll(t *testing.T, s sat.Solver, vars []int, when string) {
	t.Helper()
	n, complete, err := sat.Count(context.Background(), s, vars, 0)
	if err != nil || !complete || n != b.latinSquares {
		t.Fatalf("Count(latin %d)%s = %d, %v, %v; want %d, true, nil", b.latin, when, n, complete, err, b.latinSquares)
	}
}

func forEach(t *testing.T, f func(t *testing.T, mk func() sat.Solver)) {
	forEachBackend(t, func(t *testing.T, b backend) { f(t, b.new) })
}

func forEachBackend(t *testing.T, f func(t *testing.T, b backend)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b) })
	}
}

// latin adds the latin square of order n to s (variable (r*n+c)*n+v+1: cell
// r,c holds v) with pairwise at-most-one, and returns its variables.
func latin(s sat.Solver, n int) []int {
	x := func(r, c, v int) int { return (r*n+c)*n + v + 1 }
	for s.NumVars() < n*n*n {
		s.NewVar()
	}
	exactlyOne := func(lits []int) {
		s.AddClause(lits...)
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				s.AddClause(-lits[i], -lits[j])
			}
		}
	}
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			var cell, row, col []int
			for k := 0; k < n; k++ {
				cell = append(cell, x(a, b, k)) // cell a,b holds one value
				row = append(row, x(a, k, b))   // row a holds value b once
				col = append(col, x(k, a, b))   // column a holds value b once
			}
			exactlyOne(cell)
			exactlyOne(row)
			exactlyOne(col)
		}
	}
	return sat.Vars(n * n * n)
}

func TestCountLatinSquares(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		s := b.new()
		vars := latin(s, b.latin)
		b.countAll(t, s, vars, "")
		// The solver is usable afterwards, with all its models back.
		b.countAll(t, s, vars, " again")
	})
}

// TestCountProjected: x1 ∨ x2 with the half-definition t → x1 and a free
// auxiliary a has 3 models on {x1, x2} but 5·2 = 10 on all four variables.
func TestCountProjected(t *testing.T) {
	forEach(t, func(t *testing.T, mk func() sat.Solver) {
		s := mk()
		x1, x2, tt, a := s.NewVar(), s.NewVar(), s.NewVar(), s.NewVar()
		s.AddClause(x1, x2)
		s.AddClause(-tt, x1)
		tests := []struct {
			primary []int
			want    int
		}{
			{[]int{x1, x2}, 3},
			{[]int{x2, x1, x2}, 3},
			{[]int{x1}, 2},
			{[]int{x1, x2, tt}, 5},
			{[]int{x1, x2, tt, a}, 10},
			{nil, 1},
		}
		for _, tc := range tests {
			n, complete, err := sat.Count(context.Background(), s, tc.primary, 0)
			if err != nil || !complete || n != tc.want {
				t.Errorf("Count(%v) = %d, %v, %v; want %d, true, nil", tc.primary, n, complete, err, tc.want)
			}
		}
	})
}

// bruteModels lists the models of a small formula (index 0 unused).
func bruteModels(f *sat.Formula) [][]bool {
	var out [][]bool
	for m := range conformance.Models(f) {
		out = append(out, slices.Clone(m))
	}
	return out
}

func projectedCount(models [][]bool, primary []int) int {
	seen := map[string]bool{}
	for _, m := range models {
		key := ""
		for _, v := range primary {
			key += fmt.Sprint(m[v])
		}
		seen[key] = true
	}
	return len(seen)
}

func TestCountRandom(t *testing.T) {
	forEach(t, func(t *testing.T, mk func() sat.Solver) {
		rng := rand.New(rand.NewPCG(21, 22))
		for i := 0; i < 25; i++ {
			f := conformance.Random3SAT(rng, 10, 20+rng.IntN(25))
			primary := rng.Perm(10)[:3+rng.IntN(6)]
			for j := range primary {
				primary[j]++
			}
			s := mk()
			sat.Load(s, f)
			want := projectedCount(bruteModels(f), primary)
			n, complete, err := sat.Count(context.Background(), s, primary, 0)
			if err != nil || !complete || n != want {
				t.Fatalf("instance %d: Count(%v) = %d, %v, %v; want %d, true, nil", i, primary, n, complete, err, want)
			}
		}
	})
}

func TestEnumerateStops(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		s := b.new()
		vars := latin(s, b.latin)
		n, complete, err := sat.Count(context.Background(), s, vars, 10)
		if err != nil || complete || n != 10 {
			t.Fatalf("Count(latin, max 10) = %d, %v, %v; want 10, false, nil", n, complete, err)
		}
		calls := 0
		n, complete, err = sat.Enumerate(context.Background(), s, vars, 0, func(m []bool) bool {
			calls++
			if ok, i := s.Formula().Satisfies(m); !ok {
				t.Fatalf("model falsifies clause %d", i)
			}
			return calls < 3
		})
		if err != nil || complete || n != 3 || calls != 3 {
			t.Fatalf("Enumerate stopped by fn after 3 = %d, %v, %v (%d calls); want 3, false, nil", n, complete, err, calls)
		}
		ctx, cancel := context.WithCancel(context.Background())
		n, complete, err = sat.Enumerate(ctx, s, vars, 0, func([]bool) bool {
			cancel()
			return true
		})
		if !errors.Is(err, context.Canceled) || complete || n != 1 {
			t.Fatalf("Enumerate cancelled after one model = %d, %v, %v; want 1, false, context.Canceled", n, complete, err)
		}
		b.countAll(t, s, vars, " after the stopped runs")
	})
}

func TestBadPrimary(t *testing.T) {
	forEach(t, func(t *testing.T, mk func() sat.Solver) {
		s := mk()
		s.AddClause(1, 2)
		for _, primary := range [][]int{{0}, {-1}, {3}} {
			if _, _, err := sat.Count(context.Background(), s, primary, 0); err == nil {
				t.Errorf("Count(%v) with 2 variables: no error", primary)
			}
			if _, _, err := sat.Backbone(context.Background(), s, primary); err == nil {
				t.Errorf("Backbone(%v) with 2 variables: no error", primary)
			}
		}
	})
}

func TestUnique(t *testing.T) {
	tests := []struct {
		name    string
		clauses [][]int
		vars    int
		primary []int
		want    sat.Uniqueness
	}{
		{"contradiction", [][]int{{1}, {-1}}, 2, []int{1, 2}, sat.Unsolvable},
		{"forced", [][]int{{1}, {-1, 2}}, 2, []int{1, 2}, sat.UniqueSolution},
		{"two", [][]int{{1, 2}, {-1, -2}}, 2, []int{1, 2}, sat.MultipleSolutions},
		{"aux free, projected", [][]int{{1}, {-1, 2}}, 3, []int{1, 2}, sat.UniqueSolution},
		{"aux free, counted", [][]int{{1}, {-1, 2}}, 3, []int{1, 2, 3}, sat.MultipleSolutions},
		{"sudoku-like", [][]int{{1, 2}, {-1, -2}, {3, 4}, {-3, -4}, {1, 3}, {-1, -3}, {2}}, 4, []int{1, 2, 3, 4}, sat.UniqueSolution},
	}
	forEach(t, func(t *testing.T, mk func() sat.Solver) {
		for _, tc := range tests {
			s := mk()
			sat.Load(s, &sat.Formula{Vars: tc.vars, Clauses: tc.clauses})
			r, err := sat.Unique(context.Background(), s, tc.primary)
			if err != nil || r.Status != tc.want {
				t.Fatalf("%s: Unique = %v, %v; want %v", tc.name, r.Status, err, tc.want)
			}
			f := s.Formula()
			switch r.Status {
			case sat.Unsolvable:
				if r.First != nil || r.Second != nil {
					t.Fatalf("%s: unsolvable with models", tc.name)
				}
			case sat.UniqueSolution:
				if ok, _ := f.Satisfies(r.First); !ok || r.Second != nil {
					t.Fatalf("%s: unique: First satisfies %v, Second %v", tc.name, ok, r.Second)
				}
			case sat.MultipleSolutions:
				ok1, _ := f.Satisfies(r.First)
				ok2, _ := f.Satisfies(r.Second)
				differ := false
				for _, v := range tc.primary {
					differ = differ || r.First[v] != r.Second[v]
				}
				if !ok1 || !ok2 || !differ {
					t.Fatalf("%s: multiple: models satisfy %v %v, differ on primary %v", tc.name, ok1, ok2, differ)
				}
			}
			// The solver is usable afterwards and has all its models.
			if r2, err := sat.Unique(context.Background(), s, tc.primary); err != nil || r2.Status != tc.want {
				t.Fatalf("%s: Unique again = %v, %v; want %v", tc.name, r2.Status, err, tc.want)
			}
		}
	})
}

// bruteBackbone is the literals true in every model, in variable order.
func bruteBackbone(models [][]bool, primary []int) []int {
	var out []int
	for _, v := range primary {
		allT, allF := true, true
		for _, m := range models {
			allT = allT && m[v]
			allF = allF && !m[v]
		}
		if allT {
			out = append(out, v)
		} else if allF {
			out = append(out, -v)
		}
	}
	return out
}

func TestBackbone(t *testing.T) {
	forEach(t, func(t *testing.T, mk func() sat.Solver) {
		s := mk()
		for _, c := range [][]int{{1, 2}, {-1, 3}, {-2, 3}, {-4}} {
			s.AddClause(c...)
		}
		bb, st, err := sat.Backbone(context.Background(), s, []int{1, 2, 3, 4})
		if err != nil || st != sat.Sat || !slices.Equal(bb, []int{3, -4}) {
			t.Fatalf("Backbone = %v, %v, %v; want [3 -4], Sat", bb, st, err)
		}
		n := len(s.Formula().Clauses)
		if bb, _, _ := sat.Backbone(context.Background(), s, []int{1, 2}); len(bb) != 0 {
			t.Fatalf("Backbone over {1,2} = %v, want none", bb)
		}
		if have := len(s.Formula().Clauses); have != n {
			t.Fatalf("Backbone added %d clauses, want none", have-n)
		}
		s.AddClause(-3)
		if bb, st, err := sat.Backbone(context.Background(), s, []int{1, 2, 3, 4}); bb != nil || st != sat.Unsat || err != nil {
			t.Fatalf("Backbone of an unsatisfiable formula = %v, %v, %v; want nil, Unsat, nil", bb, st, err)
		}

		rng := rand.New(rand.NewPCG(23, 24))
		for i := 0; i < 30; i++ {
			f := conformance.Random3SAT(rng, 10, 30+rng.IntN(15))
			models := bruteModels(f)
			if len(models) == 0 {
				continue
			}
			primary := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
			s := mk()
			sat.Load(s, f)
			bb, st, err := sat.Backbone(context.Background(), s, primary)
			if want := bruteBackbone(models, primary); err != nil || st != sat.Sat || !slices.Equal(bb, want) {
				t.Fatalf("instance %d: Backbone = %v, %v, %v; want %v, Sat", i, bb, st, err, want)
			}
		}
	})
}

func TestBackboneCancelled(t *testing.T) {
	s := gini.New()
	s.AddClause(1, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if bb, st, err := sat.Backbone(ctx, s, []int{1, 2}); bb != nil || st != sat.Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("Backbone with a cancelled context = %v, %v, %v; want nil, Unknown, context.Canceled", bb, st, err)
	}
}

func ExampleCount() {
	s := gini.New()
	x, y, aux := s.NewVar(), s.NewVar(), s.NewVar()
	s.AddClause(x, y)    // x ∨ y
	s.AddClause(-aux, x) // aux → x: an auxiliary, free whenever x holds
	n, complete, err := sat.Count(context.Background(), s, []int{x, y}, 0)
	fmt.Println(n, complete, err)
	// Output: 3 true <nil>
}

func TestAppendBlock(t *testing.T) {
	m := []bool{false, true, false, true} // x1, ¬x2, x3
	tests := []struct {
		clause, vars, want []int
	}{
		{nil, []int{1, 2, 3}, []int{-1, 2, -3}},
		{[]int{-9}, []int{3, 2}, []int{-9, -3, 2}},
		{nil, nil, nil},
	}
	for _, tc := range tests {
		if have := sat.AppendBlock(slices.Clone(tc.clause), m, tc.vars); !slices.Equal(have, tc.want) {
			t.Errorf("AppendBlock(%v, %v) = %v, want %v", tc.clause, tc.vars, have, tc.want)
		}
	}
}
