package crosscheck

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
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
	// none: the puzzle itself has no solution. The solver is not asked
	// again, so no back-end ever searches under assumptions after proving
	// its clauses unsatisfiable on their own (gini used to abort the
	// process there).
	none bool
}

// NewOracle encodes inst into a fresh solver from newSolver and decides
// once whether the puzzle has any solution at all.
func NewOracle(inst kinds.Instance, newSolver sat.Factory) (*Oracle, error) {
	e, err := solve.Encode(inst, newSolver)
	if err != nil {
		return nil, err
	}
	st, err := e.Solver.Solve(context.Background())
	if err != nil {
		return nil, err
	}
	return &Oracle{enc: e, none: st == sat.Unsat}, nil
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
	if o.none {
		return nil, nil
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
	st, err := o.enc.Solver.Solve(ctx, as...)
	if err != nil {
		return nil, err
	}
	switch st {
	case sat.Unsat:
		return nil, nil
	case sat.Sat:
		return o.enc.Decode(o.enc.Solver.Model())
	}
	return nil, fmt.Errorf("crosscheck: %s gave no answer", o.enc.Solver.Name())
}
