// Package certify proves that a CNF formula has no model, with a certificate
// anyone can re-check: gophersat's Certified mode produces a RUP
// certificate, and sat/rup, an independent checker, verifies it before it is
// returned. A "no second solution" claim backed by a Certificate does not
// depend on trusting any solver.
//
// It is a package of its own, not part of package sat, because it builds a
// gophersat solver and sat/gophersat imports sat.
package certify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gophersat"
	"github.com/puzzlesat/puzzlesat/sat/rup"
)

// ErrSatisfiable is returned when the formula under the assumptions has a
// model, so no certificate of unsatisfiability exists.
var ErrSatisfiable = errors.New("certify: the formula is satisfiable")

// Certificate is a checked proof of unsatisfiability.
type Certificate struct {
	// Lemmas are RUP lemmas over the formula plus the assumptions as unit
	// clauses, ending with the empty clause.
	Lemmas [][]int
	// Backend names the solver that produced the lemmas.
	Backend string
	// SolveTime is the certified solve, CheckTime the independent check.
	SolveTime, CheckTime time.Duration
}

// Size is the number of lemmas, the empty clause included.
func (c *Certificate) Size() int { return len(c.Lemmas) }

// Unsat proves f unsatisfiable under the assumptions with gophersat and
// checks the certificate. It returns ErrSatisfiable when f has a model
// under them, and ctx.Err() when ctx ends first.
func Unsat(ctx context.Context, f *sat.Formula, assumptions []int) (*Certificate, error) {
	s := gophersat.New()
	sat.Load(s, f)
	return Prove(ctx, s, assumptions)
}

// Prove asks s, which must implement sat.Certifier, for a certificate that
// its formula (s.Formula()) is unsatisfiable under the assumptions, and
// checks it before returning it.
func Prove(ctx context.Context, s sat.Solver, assumptions []int) (*Certificate, error) {
	cs, ok := s.(sat.Certifier)
	if !ok {
		return nil, fmt.Errorf("certify: back-end %s cannot produce certificates", s.Name())
	}
	start := time.Now()
	st, lemmas, err := cs.SolveCertified(ctx, assumptions...)
	solveTime := time.Since(start)
	switch {
	case err != nil:
		return nil, err
	case st == sat.Sat:
		return nil, ErrSatisfiable
	case st != sat.Unsat:
		return nil, fmt.Errorf("certify: %s gave no answer (%v)", s.Name(), st)
	}
	// A certificate must end with the empty clause; appending it is sound,
	// since the checker still has to derive it by unit propagation.
	if n := len(lemmas); n == 0 || len(lemmas[n-1]) != 0 {
		lemmas = append(lemmas, []int{})
	}
	start = time.Now()
	if err := Check(ctx, s.Formula(), assumptions, lemmas); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("certify: %s's certificate does not check: %w", s.Name(), err)
	}
	return &Certificate{
		Lemmas:    lemmas,
		Backend:   s.Name(),
		SolveTime: solveTime,
		CheckTime: time.Since(start),
	}, nil
}

// Check verifies lemmas as a RUP certificate that f is unsatisfiable under
// the assumptions (added as unit clauses), or returns ctx.Err() when ctx
// ends first.
func Check(ctx context.Context, f *sat.Formula, assumptions []int, lemmas [][]int) error {
	g := f
	if len(assumptions) > 0 {
		g = &sat.Formula{Vars: f.Vars, Clauses: make([][]int, 0, len(f.Clauses)+len(assumptions))}
		g.Clauses = append(g.Clauses, f.Clauses...)
		for _, a := range assumptions {
			if a == 0 {
				return errors.New("certify: assumption literal 0")
			}
			g.Clauses = append(g.Clauses, []int{a})
			g.Vars = max(g.Vars, a, -a)
		}
	}
	return rup.Check(ctx, g, lemmas)
}
