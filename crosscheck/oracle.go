package crosscheck

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// Oracle answers questions about one puzzle of any kind under candidate
// states, for certifying human deductions: is there a solution inside the
// state (with one more value forced)? A deduction is sound exactly when
// the oracle finds none; when it finds one, that solution is the
// counter-example. The instance is encoded once and every question is
// asked under assumptions, so one Oracle serves a whole solve. Not safe
// for concurrent use (neither are solvers).
type Oracle struct {
	enc *solve.Encoded
}

// NewOracle encodes inst into a fresh solver from newSolver (bounded as
// solve.Encode bounds it: by ctx and by a literal budget).
func NewOracle(ctx context.Context, inst kind.Instance, newSolver sat.Factory) (*Oracle, error) {
	e, err := solve.Encode(ctx, inst, newSolver)
	if err != nil {
		return nil, err
	}
	return &Oracle{enc: e}, nil
}

// Solution looks for a solution in which every unknown i takes a value of
// cands[i] and, when force is non-nil, unknown force.Var takes force.Value.
// It returns that solution (verified by the kind's Verify), or nil when
// there is none. Its signature is what an audit asks of an oracle.
func (o *Oracle) Solution(ctx context.Context, cands []human.Cands, force *human.Elim) (puzzle.Assignment, error) {
	lits := o.enc.Layout.Lits
	if len(cands) != len(lits) {
		return nil, fmt.Errorf("crosscheck: state has %d unknowns, %s has %d", len(cands), o.enc.Inst.Name(), len(lits))
	}
	var as []int
	for i, row := range lits {
		for v, lit := range row {
			if !cands[i].Has(v) {
				as = append(as, -lit)
			}
		}
	}
	if force != nil {
		as = append(as, o.enc.Lit(force.Var, force.Value))
	}
	st, sol, err := o.ask(ctx, as...)
	if err == nil && st == sat.Unknown {
		err = fmt.Errorf("crosscheck: %s gave no answer", o.enc.Solver.Name())
	}
	return sol, err
}

// ask solves under the assumptions; when they admit a solution it is
// decoded and verified. (The back-ends never search under assumptions once
// their clauses alone are known unsatisfiable: gini would abort; see
// sat/gini.)
func (o *Oracle) ask(ctx context.Context, assumptions ...int) (sat.Status, puzzle.Assignment, error) {
	st, err := o.enc.Solver.Solve(ctx, assumptions...)
	if err != nil || st != sat.Sat {
		return st, nil, err
	}
	sol, err := o.enc.Decode(o.enc.Solver.Model())
	return st, sol, err
}
