// Package gophersat is the cross-checking SAT back-end:
// github.com/crillab/gophersat, with native cardinality constraints and RUP
// certificates for unsatisfiable CNF.
//
// gophersat v1.4.0 has bugs that give wrong answers (see the project's solver
// notes); this wrapper is built so that none of them can be reached:
//
//   - Assume clears unit clauses already used to simplify the problem: it is
//     never called. Every Solve builds a fresh gophersat solver from the
//     wrapper's own clause list, with the assumptions added as unit clauses.
//     So assumptions never persist, and no clause is ever appended to a
//     live solver.
//   - A package-level buffer is shared by all gophersat solvers, so two
//     solves in one process race. And a solve cannot be stopped: gophersat
//     never reads its stop channels. Both are solved by running every solve
//     in a worker subprocess (this same executable, re-started in worker
//     mode, see worker.go): each worker runs one solve at a time, parallel
//     Solve calls use separate workers, and a cancelled solve kills its
//     worker, so Solve returns promptly and leaves nothing running.
//   - CountModels and Enumerate return duplicates: they are never used;
//     sat.Enumerate works with blocking clauses over primary variables.
//   - A *Problem is never passed to solver.New twice.
//   - Parse-time simplification of cardinality constraints counts one
//     satisfied literal many times (so "at least 2" holds once any one of its
//     literals is fixed true): unit clauses are never handed to the
//     cardinality parser, see solveRequest.
package gophersat

import (
	"context"
	"errors"

	"github.com/puzzlesat/puzzlesat/sat"
)

// Name is the registry name of this back-end.
const Name = "gophersat"

// Card is a native cardinality constraint: at least AtLeast of Lits are true.
type Card struct {
	Lits    []int
	AtLeast int
}

// Solver is a sat.Solver whose every Solve runs a fresh gophersat solver in a
// worker subprocess. It is not incremental: each Solve sends the whole
// formula.
type Solver struct {
	formula sat.Formula
	cards   []Card
	model   []bool
	last    sat.Status
	stats   sat.Stats // summed over the workers' answers
}

var (
	_ sat.Solver    = (*Solver)(nil)
	_ sat.CardAdder = (*Solver)(nil)
	_ sat.Certifier = (*Solver)(nil)
	_ sat.Statser   = (*Solver)(nil)
)

// New returns an empty solver.
func New() *Solver { return &Solver{} }

// NewSolver is New as a sat.Solver, for the registry.
func NewSolver() (sat.Solver, error) { return New(), nil }

// NewVar allocates the next variable.
func (s *Solver) NewVar() int { return s.formula.NewVar() }

// AddClause adds the disjunction of lits. A literal 0 panics, as in
// sat.Formula.
func (s *Solver) AddClause(lits ...int) { s.formula.AddClause(lits...) }

// AddAtLeast adds the native constraint "at least k of lits are true".
// lits is a list: a literal given twice counts twice. It is kept apart from
// the clauses, so Formula does not show it; Cards does.
func (s *Solver) AddAtLeast(lits []int, k int) {
	c := Card{Lits: append([]int(nil), lits...), AtLeast: k}
	for _, l := range c.Lits {
		if l == 0 {
			panic("gophersat: literal 0 in cardinality constraint")
		}
		if v := abs(l); v > s.formula.Vars {
			s.formula.Vars = v
		}
	}
	s.cards = append(s.cards, c)
}

// Cards returns the native cardinality constraints added so far. Callers
// must not modify them.
func (s *Solver) Cards() []Card { return s.cards }

// Solve decides the formula under the assumptions (for this call only). When
// ctx ends first, the worker is killed and Solve returns Unknown with
// ctx.Err().
func (s *Solver) Solve(ctx context.Context, assumptions ...int) (sat.Status, error) {
	st, _, err := s.solve(ctx, false, assumptions)
	return st, err
}

// SolveCertified solves the pure-CNF formula under the assumptions (treated
// as unit clauses) and, when Unsat, returns a RUP certificate: gophersat's
// learnt clauses in order, ending with the empty clause. It refuses formulas
// with native cardinality constraints, whose consequences are not RUP over
// the clauses.
func (s *Solver) SolveCertified(ctx context.Context, assumptions ...int) (sat.Status, [][]int, error) {
	if len(s.cards) > 0 {
		s.model, s.last = nil, sat.Unknown
		return sat.Unknown, nil, errors.New("gophersat: a certificate needs a pure-CNF formula, and this one has native cardinality constraints")
	}
	return s.solve(ctx, true, assumptions)
}

func (s *Solver) solve(ctx context.Context, certify bool, assumptions []int) (sat.Status, [][]int, error) {
	s.model, s.last = nil, sat.Unknown
	if err := ctx.Err(); err != nil {
		return sat.Unknown, nil, err
	}
	vars := s.formula.Vars
	units := make([]int, len(assumptions))
	for i, a := range assumptions {
		if a == 0 {
			return sat.Unknown, nil, errors.New("gophersat: assumption 0 is not a literal")
		}
		if abs(a) > vars {
			vars = abs(a)
		}
		units[i] = a
	}
	req := request{
		Vars:    vars,
		Clauses: s.formula.Clauses,
		Units:   units,
		Cards:   s.cards,
		Certify: certify,
	}
	resp, err := run(ctx, &req)
	if err != nil {
		return sat.Unknown, nil, err
	}
	s.stats = s.stats.Add(resp.Stats)
	s.last = sat.Status(resp.Status)
	if s.last == sat.Sat {
		m := make([]bool, s.formula.Vars+1)
		copy(m, resp.Model)
		s.model = m
	}
	return s.last, resp.Cert, nil
}

// Model returns a copy of the last model (nil unless the last Solve was Sat).
func (s *Solver) Model() []bool {
	if s.model == nil {
		return nil
	}
	return append([]bool(nil), s.model...)
}

// Failed returns nil: gophersat cannot tell which assumptions failed.
func (s *Solver) Failed() []int { return nil }

// NumVars is the largest variable allocated or used.
func (s *Solver) NumVars() int { return s.formula.Vars }

// Formula returns the wrapper's own clause list. Native cardinality
// constraints are not clauses and are not in it; see Cards.
func (s *Solver) Formula() *sat.Formula { return &s.formula }

// Capabilities: native cardinality and RUP proofs. Solve is bounded by
// killing its worker subprocess rather than by noticing ctx while it
// searches, so Cancel is false, but Solve still returns promptly when ctx
// ends.
func (s *Solver) Capabilities() sat.Capabilities {
	return sat.Capabilities{NativeCard: true, Proof: true}
}

// Stats returns gophersat's conflicts and decisions, summed over every
// Solve (each a fresh gophersat solver in a worker). gophersat does not
// count propagations.
func (s *Solver) Stats() sat.Stats {
	st := s.stats
	st.Propagations = sat.NotCounted
	return st
}

// Name returns "gophersat".
func (s *Solver) Name() string { return Name }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
