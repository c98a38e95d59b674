// Package gini is the default SAT back-end: github.com/go-air/gini, an
// incremental CDCL solver running in-process.
//
// The wrapper keeps gini away from the traps listed in the project's solver
// notes: a search runs first on the calling goroutine with Try, and one
// that outlasts its slice goes on in gini's goroutine (GoSolve/Stop polled
// from the owning goroutine) on a fresh gini, since Try's deadline stays
// armed for later solves (see inline.go); it copies the model before
// any Add (Add wipes it), never calls Activate (it panics on clauses already
// decided at level 0), and keeps its own clause list because gini's Write is
// not a faithful DIMACS dump.
//
// One more trap, found while writing this wrapper: once a search has proved
// the formula itself unsatisfiable (Why is empty), gini's next Solve claims
// a model, fails its own model check and calls log.Fatalf, ending the
// process. The wrapper remembers that the formula is unsatisfiable and never
// calls gini's Solve again.
//
// The same crash follows an Unsat answer under assumptions when the clauses
// alone are unsatisfiable but gini names a failed assumption anyway (any
// later search then aborts). So before a solve under assumptions the wrapper
// makes sure the clauses alone are satisfiable: known from an earlier model
// (a clause added since keeps that knowledge when it holds a literal whose
// negation occurs in no clause, as blocking clauses guarded by an
// activation literal do), or else decided by one search without assumptions.
package gini

import (
	"context"
	"errors"
	"runtime"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/inter"
	"github.com/go-air/gini/z"

	"github.com/puzzlesat/puzzlesat/sat"
)

// Name is the registry name of this back-end.
const Name = "gini"

// Solver is a sat.Solver on one gini instance.
type Solver struct {
	g       *gini.Gini
	formula sat.Formula
	model   []bool
	failed  []int
	last    sat.Status
	// refuted: a search proved the clauses unsatisfiable without any
	// assumption; gini must not be asked again (see the package comment).
	refuted bool
	// satisfiable: some solve since the last AddClause found a model, so
	// the clauses alone are satisfiable and an Unsat answer is due to the
	// assumptions.
	satisfiable bool
	// occurs[2v] / occurs[2v+1]: literal v / -v occurs in some clause.
	occurs []bool
	buf    []z.Lit // scratch for literal conversion
	stats  sat.Stats
	// inline: see inline.go.
	inline
}

var (
	_ sat.Solver  = (*Solver)(nil)
	_ sat.Statser = (*Solver)(nil)
)

// New returns an empty solver.
func New() *Solver {
	return &Solver{g: gini.New()}
}

// NewSolver is New as a sat.Solver, for the registry.
func NewSolver() (sat.Solver, error) { return New(), nil }

// NewVar allocates the next variable.
func (s *Solver) NewVar() int {
	v := s.formula.NewVar()
	s.grow(v)
	return v
}

// grow makes gini know variables 1..v, so that its own allocation (g.Lit)
// and our numbering never diverge.
func (s *Solver) grow(v int) {
	if int(s.g.MaxVar()) >= v {
		return
	}
	for int(s.g.MaxVar()) < v {
		s.g.Lit()
	}
	s.logGrow(v)
}

// AddClause adds the disjunction of lits (see sat.Solver). A literal 0
// panics, as in sat.Formula.
func (s *Solver) AddClause(lits ...int) {
	s.formula.AddClause(lits...) // panics on 0 before gini sees anything
	s.grow(s.formula.Vars)
	for len(s.occurs) < 2*s.formula.Vars+2 {
		s.occurs = append(s.occurs, false)
	}
	if s.satisfiable {
		// A literal whose negation occurs nowhere can be made true in the
		// known model without breaking any clause.
		keep := false
		for _, l := range lits {
			if !s.occurs[litIndex(-l)] {
				keep = true
				break
			}
		}
		s.satisfiable = keep
	}
	for _, l := range lits {
		s.occurs[litIndex(l)] = true
	}
	if s.refuted {
		return // already unsatisfiable; gini is not used again
	}
	// gini's Add backtracks to level 0 and wipes its model; ours is a copy
	// taken right after the solve, so it stays valid until the next Solve.
	s.addToGini(len(s.formula.Clauses) - 1)
	s.given++
}

// Waiting for a GoSolve result: first spin (yielding) for about spinFor,
// since most puzzle solves end within microseconds and a timer costs about
// a millisecond; then poll with timers growing up to pollMax.
const (
	spinFor   = 200 * time.Microsecond
	pollStart = 50 * time.Microsecond
	pollMax   = 5 * time.Millisecond
)

// wait returns run's result, or stops it when ctx ends. Test and Stop are
// called only from this goroutine, which owns the solver: gini's Wait would
// hold the lock that Stop needs.
func wait(ctx context.Context, run inter.Solve) int {
	start := time.Now()
	for time.Since(start) < spinFor {
		if r, done := run.Test(); done {
			return r
		}
		select {
		case <-ctx.Done():
			return run.Stop()
		default:
		}
		runtime.Gosched()
	}
	d := pollStart
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		if r, done := run.Test(); done {
			return r
		}
		select {
		case <-ctx.Done():
			return run.Stop()
		case <-timer.C:
		}
		if d < pollMax {
			d *= 2
		}
		timer.Reset(d)
	}
}

// ended is why ctx has ended: its error, or DeadlineExceeded once its
// deadline has passed (a search stops at the deadline itself, a moment
// before the context's timer marks it done).
func ended(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if end, ok := ctx.Deadline(); ok && !time.Now().Before(end) {
		return context.DeadlineExceeded
	}
	return nil
}

// litIndex is l's slot in occurs.
func litIndex(l int) int {
	if l < 0 {
		return -2*l + 1
	}
	return 2 * l
}

// Solve decides the formula under the assumptions (for this call only).
func (s *Solver) Solve(ctx context.Context, assumptions ...int) (sat.Status, error) {
	s.model, s.failed, s.last = nil, nil, sat.Unknown
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	s.buf = s.buf[:0]
	for _, a := range assumptions {
		if a == 0 {
			return sat.Unknown, errors.New("gini: assumption 0 is not a literal")
		}
		s.grow(abs(a))
		s.buf = append(s.buf, z.Dimacs2Lit(a))
	}
	if s.refuted {
		s.last, s.failed = sat.Unsat, []int{}
		return sat.Unsat, nil
	}
	if len(s.buf) > 0 && !s.satisfiable {
		// See the package comment: never search under assumptions while
		// the clauses alone might be unsatisfiable.
		switch s.search(ctx, nil) {
		case -1:
			s.refuted = true
			s.last, s.failed = sat.Unsat, []int{}
			return sat.Unsat, nil
		case 1:
			s.satisfiable = true
		default:
			if err := ended(ctx); err != nil {
				return sat.Unknown, err
			}
			return sat.Unknown, errors.New("gini: no answer, and the context did not end")
		}
	}
	res := s.search(ctx, s.buf)

	switch res {
	case 1:
		s.satisfiable = true
		s.last = sat.Sat
		m := make([]bool, s.formula.Vars+1)
		for v := 1; v <= s.formula.Vars; v++ {
			m[v] = s.g.Value(z.Var(v).Pos())
		}
		s.model = m
		return sat.Sat, nil
	case -1:
		s.last = sat.Unsat
		why := s.g.Why(nil)
		s.failed = make([]int, 0, len(why))
		for _, m := range why {
			s.failed = append(s.failed, m.Dimacs())
		}
		s.refuted = len(s.failed) == 0
		return sat.Unsat, nil
	}
	// Stopped (an answer that arrived as ctx ended was taken above).
	if err := ended(ctx); err != nil {
		return sat.Unknown, err
	}
	return sat.Unknown, errors.New("gini: no answer, and the context did not end")
}

// Model returns a copy of the last model (nil unless the last Solve was Sat).
func (s *Solver) Model() []bool {
	if s.model == nil {
		return nil
	}
	return append([]bool(nil), s.model...)
}

// Failed returns the failed assumptions of the last Unsat answer: a subset of
// them that is unsatisfiable with the formula (empty, not nil, when the
// formula alone is unsatisfiable).
func (s *Solver) Failed() []int {
	if s.last != sat.Unsat {
		return nil
	}
	return append([]int{}, s.failed...)
}

// NumVars is the largest variable allocated or used.
func (s *Solver) NumVars() int { return s.formula.Vars }

// Formula returns the wrapper's own clause list.
func (s *Solver) Formula() *sat.Formula { return &s.formula }

// Capabilities: incremental, failed assumptions, cancellation.
func (s *Solver) Capabilities() sat.Capabilities {
	return sat.Capabilities{Incremental: true, FailedAssumptions: true, Cancel: true}
}

// Name returns "gini".
func (s *Solver) Name() string { return Name }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
