package cnf

import (
	"context"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/puzzlesat/puzzlesat/sat"
)

// giniSolver is the smallest Solver over gini, for tests.
type giniSolver struct {
	g     *gini.Gini
	vars  int
	model []bool
}

func newGini() *giniSolver { return &giniSolver{g: gini.New()} }

func (s *giniSolver) NewVar() int { s.vars++; return s.vars }

func (s *giniSolver) AddClause(lits ...int) {
	for _, l := range lits {
		if v := max(l, -l); v > s.vars {
			s.vars = v
		}
		s.g.Add(z.Dimacs2Lit(l))
	}
	s.g.Add(z.LitNull)
}

func (s *giniSolver) Solve(ctx context.Context, as ...int) (sat.Status, error) {
	for _, a := range as {
		s.g.Assume(z.Dimacs2Lit(a))
	}
	s.model = nil
	switch s.g.Solve() {
	case 1:
		s.model = make([]bool, s.vars+1)
		for v := 1; v <= s.vars; v++ {
			s.model[v] = s.g.Value(z.Dimacs2Lit(v))
		}
		return sat.Sat, ctx.Err()
	case -1:
		return sat.Unsat, ctx.Err()
	}
	return sat.Unknown, ctx.Err()
}

func (s *giniSolver) Model() []bool { return s.model }
