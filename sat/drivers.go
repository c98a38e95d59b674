package sat

import (
	"context"
	"fmt"
)

// The drivers below work on any Solver. They never leave their own
// constraints active: Enumerate (and so Count and Unique) guards every
// blocking clause with a fresh activation variable act, as ¬act ∨ block,
// solves under the assumption act, and retires act with the unit ¬act when
// it returns. The blocking clauses then hold trivially, so the solver keeps
// its models and stays usable; each enumeration costs one variable and its
// (satisfied) clauses. Backbone only adds no clause at all.

// checkPrimary validates the primary variables and returns them without
// repeats, in their first order.
func checkPrimary(s Solver, primary []int) ([]int, error) {
	out := make([]int, 0, len(primary))
	seen := make(map[int]bool, len(primary))
	for _, v := range primary {
		if v <= 0 || v > s.NumVars() {
			return nil, fmt.Errorf("sat: primary variable %d is not one of the solver's variables 1..%d", v, s.NumVars())
		}
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out, nil
}

// Enumerate calls fn with each model of s that differs from the ones before
// it on the primary variables, until there are no more, max models were
// found (max <= 0: no limit), fn returns false, or ctx ends. The model given
// to fn is the solver's full model, indexed by variable, and fn may keep it;
// variables outside primary (auxiliaries) hold whatever value the solver
// chose for this model, and two models never differ only there. It
// satisfies s.Formula() (the activation variable shows false, as it will be
// once retired).
//
// n is the number of models passed to fn. complete reports that every model
// was found: the last solve answered Unsat. err is ctx.Err() when ctx ended
// first, or an error from the solver or from primary (a variable outside
// 1..NumVars). s stays usable; see the note above on activation variables.
func Enumerate(ctx context.Context, s Solver, primary []int, max int, fn func(model []bool) bool) (n int, complete bool, err error) {
	primary, err = checkPrimary(s, primary)
	if err != nil {
		return 0, false, err
	}
	act := s.NewVar()
	defer s.AddClause(-act)
	block := make([]int, 0, len(primary)+1)
	for max <= 0 || n < max {
		// Each solve polls ctx, but a back-end may answer an easy query
		// without looking: the loop itself stops at the deadline too.
		if err := ctx.Err(); err != nil {
			return n, false, err
		}
		st, err := s.Solve(ctx, act)
		if err != nil {
			return n, false, err
		}
		switch st {
		case Unsat:
			return n, true, nil
		case Sat:
		default:
			return n, false, fmt.Errorf("sat: %s answered %v", s.Name(), st)
		}
		m := s.Model()
		// Block this projection before fn sees the model, so a fn that
		// stops early leaves no half-done state behind.
		block = AppendBlock(append(block[:0], -act), m, primary)
		s.AddClause(block...)
		// act is the drivers' business: as the caller sees the model, act is
		// already retired, so the model satisfies every clause of
		// s.Formula(), this enumeration's blocking clauses included.
		m[act] = false
		n++
		if !fn(m) {
			return n, false, nil
		}
	}
	return n, false, nil
}

// AppendBlock appends to clause the literals that rule out model m's
// values on vars (¬v for a true v, v for a false one): with them added as
// a clause, no later model agrees with m on all of vars.
func AppendBlock(clause []int, m []bool, vars []int) []int {
	for _, v := range vars {
		if m[v] {
			clause = append(clause, -v)
		} else {
			clause = append(clause, v)
		}
	}
	return clause
}

// Count counts the models of s projected onto primary, stopping at max
// (max <= 0: no limit). complete reports that n is the exact count; when
// it is false with no error, there are at least n.
func Count(ctx context.Context, s Solver, primary []int, max int) (n int, complete bool, err error) {
	return Enumerate(ctx, s, primary, max, func([]bool) bool { return true })
}

// Uniqueness is the answer of Unique.
type Uniqueness int

const (
	UniquenessUnknown Uniqueness = iota // cancelled or failed before an answer
	Unsolvable                          // no model at all
	UniqueSolution                      // exactly one model on the primary variables
	MultipleSolutions                   // two or more
)

func (u Uniqueness) String() string {
	switch u {
	case UniquenessUnknown:
		return "unknown"
	case Unsolvable:
		return "unsolvable"
	case UniqueSolution:
		return "unique"
	case MultipleSolutions:
		return "multiple"
	}
	return fmt.Sprintf("Uniqueness(%d)", int(u))
}

// UniqueResult is what Unique found. First is the first model (nil when
// unsolvable or unknown before any model), Second a model that differs from
// First on the primary variables (only with MultipleSolutions). Both are
// full models indexed by variable.
type UniqueResult struct {
	Status Uniqueness
	First  []bool
	Second []bool
}

// Unique decides whether s has exactly one model projected onto primary.
// With an error (ctx ended, solver failure) Status is UniquenessUnknown and
// First holds the model found before the error, if any.
func Unique(ctx context.Context, s Solver, primary []int) (UniqueResult, error) {
	var r UniqueResult
	n, complete, err := Enumerate(ctx, s, primary, 2, func(m []bool) bool {
		if r.First == nil {
			r.First = m
		} else {
			r.Second = m
		}
		return true
	})
	switch {
	case err != nil:
		return r, err
	case n >= 2:
		r.Status = MultipleSolutions
	case n == 1 && complete:
		r.Status = UniqueSolution
	case n == 0 && complete:
		r.Status = Unsolvable
	}
	return r, nil
}

// Backbone returns the literals over the primary variables that hold in
// every model of s (in the order of primary), with Status Sat. When s has no
// model it returns nil and Unsat; when ctx ends, nil, Unknown and ctx.Err().
//
// It solves once, takes the model's literals as candidates, and for each
// remaining candidate solves under its negation (plus the backbone literals
// already proved, which are implied and so only help): Unsat proves it;
// a model drops it and every other candidate that model contradicts. It adds
// no clause to s.
func Backbone(ctx context.Context, s Solver, primary []int) ([]int, Status, error) {
	primary, err := checkPrimary(s, primary)
	if err != nil {
		return nil, Unknown, err
	}
	st, err := s.Solve(ctx)
	if err != nil || st != Sat {
		if err == nil && st != Unsat {
			err = fmt.Errorf("sat: %s answered %v", s.Name(), st)
		}
		return nil, st, err
	}
	m := s.Model()
	cand := make([]int, len(primary)) // 0 once dropped
	for i, v := range primary {
		if m[v] {
			cand[i] = v
		} else {
			cand[i] = -v
		}
	}
	var proved []int
	for i, l := range cand {
		if l == 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, Unknown, err
		}
		assume := append(append(make([]int, 0, len(proved)+1), proved...), -l)
		st, err := s.Solve(ctx, assume...)
		if err != nil {
			return nil, Unknown, err
		}
		switch st {
		case Unsat:
			proved = append(proved, l)
		case Sat:
			m := s.Model()
			for j := i; j < len(cand); j++ {
				if c := cand[j]; c != 0 && m[abs(c)] != (c > 0) {
					cand[j] = 0
				}
			}
		default:
			return nil, Unknown, fmt.Errorf("sat: %s answered %v", s.Name(), st)
		}
	}
	if proved == nil {
		proved = []int{}
	}
	return proved, Sat, nil
}
