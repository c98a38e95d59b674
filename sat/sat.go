// Package sat is puzzlesat's one solver interface over DIMACS-style int
// literals, and the drivers built on any back-end: projected model
// enumeration, counting to a cap, uniqueness, backbones and certified
// "no more solutions" answers.
//
// A literal is a non-zero int: v means variable v is true, -v that it is
// false, exactly as in DIMACS. Back-ends live in sub-packages (sat/gini,
// sat/gophersat, sat/ext) and are listed by name in sat/solvers; every one of
// them must pass the suite in sat/conformance.
package sat

import (
	"context"
	"fmt"
)

// Status is the outcome of one Solve call. The values are the SAT
// competition's exit codes, so `os.Exit(int(status))` is honest.
type Status int

const (
	Unknown Status = 0  // no answer: cancelled, timed out or gave up
	Sat     Status = 10 // a model exists; Model returns it
	Unsat   Status = 20 // no model under the given assumptions
)

func (s Status) String() string {
	switch s {
	case Sat:
		return "SATISFIABLE"
	case Unsat:
		return "UNSATISFIABLE"
	case Unknown:
		return "UNKNOWN"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Capabilities says what a back-end does natively. Drivers use it to pick
// strategies; the interface itself works the same on every back-end.
type Capabilities struct {
	// Incremental: clauses added after a Solve are kept without rebuilding
	// the solver from scratch.
	Incremental bool
	// FailedAssumptions: Failed returns a subset of the assumptions that
	// is itself unsatisfiable after an Unsat answer.
	FailedAssumptions bool
	// Cancel: Solve notices ctx cancellation while it searches (others are
	// only bounded by killing a subprocess or by checking between calls).
	Cancel bool
	// NativeCard: the back-end accepts cardinality constraints directly
	// (it implements CardAdder).
	NativeCard bool
	// Proof: the back-end can produce a RUP certificate for Unsat (it
	// implements Certifier).
	Proof bool
}

// Solver is one SAT solver instance. It is not safe for concurrent use: one
// solver per goroutine. It satisfies encode.Adder, so encoders write clauses
// straight into it without seeing a solver.
type Solver interface {
	// NewVar allocates the next variable and returns it (1, 2, ...).
	NewVar() int
	// AddClause adds the disjunction of lits. Literals must be non-zero;
	// a variable beyond NumVars extends NumVars. The empty clause makes the
	// formula unsatisfiable.
	AddClause(lits ...int)
	// Solve decides the formula under the assumptions, which hold for this
	// call only. It returns Unknown with ctx.Err() when ctx ends first.
	Solve(ctx context.Context, assumptions ...int) (Status, error)
	// Model returns a copy of the last model, indexed by variable
	// (index 0 unused). It is nil unless the last Solve returned Sat.
	Model() []bool
	// Failed returns failed assumptions after an Unsat answer, or nil when
	// the back-end cannot tell (see Capabilities.FailedAssumptions).
	Failed() []int
	// NumVars is the largest variable allocated or used.
	NumVars() int
	// Formula returns the wrapper's own copy of every clause added so far
	// (never the back-end's learnt clauses). Callers must not modify it.
	Formula() *Formula
	Capabilities() Capabilities
	// Name is the registry name, e.g. "gini" or "ext:cadical".
	Name() string
}

// Factory makes a fresh solver of one back-end each time it is called.
// Code that drives solvers (solve, crosscheck, kinds/shift/solve/deepen, generate) takes
// a Factory rather than a back-end name: the command line resolves the name
// once (sat/solvers.Factory), and tests pass a back-end's constructor, such
// as gini.NewSolver, directly.
type Factory func() (Solver, error)

// CardAdder is implemented by back-ends with native cardinality constraints.
// AddAtLeast adds "at least k of lits are true".
type CardAdder interface {
	AddAtLeast(lits []int, k int)
}

// Certifier is implemented by back-ends that can prove Unsat with a RUP
// certificate: a list of clauses, each implied by unit propagation from the
// formula plus the clauses before it, ending in the empty clause.
type Certifier interface {
	// SolveCertified solves the pure-CNF formula under the assumptions
	// (treated as unit clauses) and, when Unsat, returns the certificate.
	SolveCertified(ctx context.Context, assumptions ...int) (Status, [][]int, error)
}

// Formula is a CNF formula in DIMACS form. It is also a clause sink
// (encode.Adder), useful to build a formula without a solver.
type Formula struct {
	Vars    int
	Clauses [][]int
}

// Vars lists the variables 1..n: all of a formula's, for the drivers'
// primary variables.
func Vars(n int) []int {
	vs := make([]int, n)
	for i := range vs {
		vs[i] = i + 1
	}
	return vs
}

// Load allocates f's variables in s and adds its clauses.
func Load(s Solver, f *Formula) {
	for s.NumVars() < f.Vars {
		s.NewVar()
	}
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
}

// NewVar allocates the next variable.
func (f *Formula) NewVar() int { f.Vars++; return f.Vars }

// AddClause appends a copy of lits.
func (f *Formula) AddClause(lits ...int) {
	c := make([]int, len(lits))
	copy(c, lits)
	for _, l := range c {
		if l == 0 {
			panic("sat: literal 0 in clause")
		}
		if v := abs(l); v > f.Vars {
			f.Vars = v
		}
	}
	f.Clauses = append(f.Clauses, c)
}

// Satisfies reports whether model (indexed by variable) satisfies every
// clause, and the index of the first clause it falsifies otherwise.
func (f *Formula) Satisfies(model []bool) (bool, int) {
	for i, c := range f.Clauses {
		ok := false
		for _, l := range c {
			v := abs(l)
			if v < len(model) && model[v] == (l > 0) {
				ok = true
				break
			}
		}
		if !ok {
			return false, i
		}
	}
	return true, -1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
