package solve

import (
	"context"
	"errors"
	"fmt"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/certify"
)

// CheckResult is the answer to "does this puzzle have exactly one solution".
type CheckResult struct {
	Status      sat.Uniqueness
	First       puzzle.Assignment
	Second      puzzle.Assignment
	Differences []puzzle.Pos
	// Certificate, when asked for, proves that no solution other than
	// First exists: the formula plus a clause blocking First is UNSAT.
	Certificate *certify.Certificate
}

// Check decides uniqueness on a fresh solver from newSolver. With certifyUnique, a
// unique answer also carries a checked RUP certificate.
func Check(ctx context.Context, inst kind.Instance, newSolver sat.Factory, certifyUnique bool) (*CheckResult, error) {
	e, err := Encode(ctx, inst, newSolver)
	if err != nil {
		return &CheckResult{}, err
	}
	return e.Check(ctx, certifyUnique)
}

// Check decides uniqueness on e's solver, which it uses up (it adds
// blocking clauses); see the function Check.
func (e *Encoded) Check(ctx context.Context, certifyUnique bool) (*CheckResult, error) {
	inst := e.Inst
	primary := e.Primary()
	// The formula is copied before Unique adds its blocking clauses, so the
	// certificate is about the puzzle alone.
	var base *sat.Formula
	if certifyUnique {
		f := e.Solver.Formula()
		base = &sat.Formula{Vars: f.Vars, Clauses: append([][]int(nil), f.Clauses...)}
	}
	u, err := sat.Unique(ctx, e.Solver, primary)
	r := &CheckResult{Status: u.Status}
	if err != nil {
		return r, err
	}
	if u.First != nil {
		if r.First, err = e.Decode(u.First); err != nil {
			return r, err
		}
	}
	if u.Second != nil {
		if r.Second, err = e.Decode(u.Second); err != nil {
			return r, err
		}
		r.Differences = Diff(inst, r.First, r.Second)
	}
	if certifyUnique && r.Status == sat.UniqueSolution {
		block := make([]int, 0, len(primary))
		for _, v := range primary {
			if u.First[v] {
				block = append(block, -v)
			} else {
				block = append(block, v)
			}
		}
		base.Clauses = append(base.Clauses, block)
		cert, err := certify.Unsat(ctx, base, nil)
		if err != nil {
			if errors.Is(err, certify.ErrSatisfiable) {
				return r, fmt.Errorf("%s: internal error: certifier found a second solution the %s back-end missed", inst.Name(), e.Solver.Name())
			}
			return r, err
		}
		r.Certificate = cert
	}
	return r, nil
}

// Count counts solutions up to max (0: no cap). complete is false when the
// cap stopped the count.
func Count(ctx context.Context, inst kind.Instance, newSolver sat.Factory, max int) (n int, complete bool, err error) {
	e, err := Encode(ctx, inst, newSolver)
	if err != nil {
		return 0, false, err
	}
	var decodeErr error
	n, complete, err = sat.Enumerate(ctx, e.Solver, e.Primary(), max, func(m []bool) bool {
		if _, err := e.Decode(m); err != nil {
			decodeErr = err
			return false
		}
		return true
	})
	if decodeErr != nil {
		return n, false, decodeErr
	}
	return n, complete, err
}

// BackboneResult gives, for every unknown, the values some solution uses.
type BackboneResult struct {
	Status sat.Status // Sat, Unsat or Unknown
	// Possible[i] lists the values unknown i takes in some solution.
	Possible [][]int
	// Fixed is the assignment of the unknowns all solutions agree on (-1
	// elsewhere), and Determined how many those are.
	Fixed      puzzle.Assignment
	Determined int
}

// Backbone computes the cells every solution agrees on.
func Backbone(ctx context.Context, inst kind.Instance, newSolver sat.Factory) (*BackboneResult, error) {
	e, err := Encode(ctx, inst, newSolver)
	if err != nil {
		return nil, err
	}
	lits, st, err := sat.Backbone(ctx, e.Solver, e.Primary())
	r := &BackboneResult{Status: st}
	if err != nil || st != sat.Sat {
		return r, err
	}
	fixed := map[int]bool{}
	for _, l := range lits {
		fixed[l] = true
	}
	r.Fixed = make(puzzle.Assignment, len(e.Layout.Lits))
	r.Possible = make([][]int, len(e.Layout.Lits))
	for i, row := range e.Layout.Lits {
		r.Fixed[i] = -1
		for j, l := range row {
			if fixed[l] {
				r.Fixed[i] = j
			}
			if !fixed[-l] {
				r.Possible[i] = append(r.Possible[i], j)
			}
		}
		if r.Fixed[i] < 0 && len(r.Possible[i]) == 1 {
			r.Fixed[i] = r.Possible[i][0]
		}
		if r.Fixed[i] >= 0 {
			r.Determined++
		}
	}
	return r, nil
}
