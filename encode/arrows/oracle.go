package arrows

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/encode"
	model "github.com/puzzlesat/puzzlesat/puzzle/arrows"
	"github.com/puzzlesat/puzzlesat/sat"
)

// Solver is what an Oracle needs of a SAT back-end; every sat.Solver has it.
type Solver interface {
	encode.Adder
	Solve(ctx context.Context, assumptions ...int) (sat.Status, error)
	Model() []bool
}

var _ Solver = sat.Solver(nil)

// Oracle answers questions about one puzzle under candidate states, for
// certifying human deductions: is there a solution inside the state (with
// one more (cell, value) forced)? It encodes the puzzle once and asks with
// assumptions, so one Oracle serves a whole solve. Not safe for concurrent
// use (neither are solvers).
type Oracle struct {
	p      *model.Puzzle
	s      Solver
	layout encode.Layout
	// none: the puzzle itself has no solution; the solver is not asked
	// again (gini aborts the process when asked after such a proof).
	none bool
}

// NewOracle encodes p into s.
func NewOracle(p *model.Puzzle, s Solver, opt Options) (*Oracle, error) {
	l, err := Encode(encode.NewBuilder(s), p, opt)
	if err != nil {
		return nil, err
	}
	o := &Oracle{p: p, s: s, layout: l}
	st, err := s.Solve(context.Background())
	if err != nil {
		return nil, err
	}
	o.none = st == sat.Unsat
	return o, nil
}

// Layout returns the literals of the puzzle's cells.
func (o *Oracle) Layout() encode.Layout { return o.layout }

// Solution looks for a solution in which every cell i takes a value of
// cands[i] (bit v set: value v allowed) and, when force is non-nil, cell
// force[0] takes value force[1]. It returns the solution grid (reading
// order), or nil when there is none.
func (o *Oracle) Solution(ctx context.Context, cands []uint64, force []int) ([]int, error) {
	if len(cands) != len(o.layout.Lits) {
		return nil, fmt.Errorf("arrows: state has %d cells, puzzle %d", len(cands), len(o.layout.Lits))
	}
	if o.none {
		return nil, nil
	}
	var as []int
	for i, row := range o.layout.Lits {
		for v, lit := range row {
			if cands[i]&(1<<uint(v)) == 0 {
				as = append(as, -lit)
			}
		}
	}
	if force != nil {
		as = append(as, o.layout.Lits[force[0]][force[1]])
	}
	st, err := o.s.Solve(ctx, as...)
	if err != nil {
		return nil, err
	}
	switch st {
	case sat.Unsat:
		return nil, nil
	case sat.Sat:
		return o.layout.Decode(o.s.Model())
	}
	return nil, fmt.Errorf("arrows: solver gave no answer")
}
