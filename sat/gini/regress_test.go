package gini_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// brute decides f under the assumptions by trying every assignment.
func brute(f *sat.Formula, as []int) sat.Status {
	n := f.Vars
	for _, a := range as {
		n = max(n, a, -a)
	}
	for m := 0; m < 1<<n; m++ {
		model := make([]bool, n+1)
		for v := 1; v <= n; v++ {
			model[v] = m&(1<<(v-1)) != 0
		}
		ok := true
		for _, a := range as {
			v := a
			if v < 0 {
				v = -v
			}
			if model[v] != (a > 0) {
				ok = false
			}
		}
		if ok {
			if good, _ := f.Satisfies(model); good {
				return sat.Sat
			}
		}
	}
	return sat.Unsat
}

// TestRepeatedSolvesUnderAssumptions is the regression test for gini's
// abort (log.Fatalf "internal error in solve: sat model") on a search that
// follows an Unsat answer under assumptions for unsatisfiable clauses (seed
// 7 hit it on its 1st formula: [[1 -2] [5] [-3 2 -3] [3 4] ...] under [2]
// then [-5] then [-1]). Random small formulas, clauses added between
// solves, answers checked by brute force.
func TestRepeatedSolvesUnderAssumptions(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 0))
	lit := func(n int) int {
		l := 1 + rng.IntN(n)
		if rng.IntN(2) == 0 {
			l = -l
		}
		return l
	}
	for it := 0; it < 3000; it++ {
		s := gini.New()
		n := 3 + rng.IntN(4)
		add := func() {
			c := make([]int, 1+rng.IntN(3))
			for j := range c {
				c[j] = lit(n)
			}
			s.AddClause(c...)
		}
		for i := 0; i < 2+rng.IntN(12); i++ {
			add()
		}
		for r := 0; r < 6; r++ {
			if rng.IntN(4) == 0 {
				add()
			}
			var as []int
			for j := 0; j < rng.IntN(3); j++ {
				as = append(as, lit(n))
			}
			st, err := s.Solve(context.Background(), as...)
			if err != nil {
				t.Fatal(err)
			}
			if want := brute(s.Formula(), as); st != want {
				t.Fatalf("formula %v under %v: have %v, want %v", s.Formula().Clauses, as, st, want)
			}
		}
	}
}
