// Package solve is the SAT side of the pipeline for any puzzle kind: encode
// an instance through encode.Builder into a fresh solver from a sat.Factory,
// run a sat driver (solve, uniqueness, count, backbone), decode models
// through the layout and pass every one through the kind's Verify before it
// is reported. It never picks a back-end by name: callers hand it a
// factory (the command line resolves --solver once with sat/solvers).
package solve

import (
	"context"
	"errors"
	"fmt"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

// Encoded is an instance encoded into a fresh solver.
type Encoded struct {
	Inst    kind.Instance
	Solver  sat.Solver
	Builder *encode.Builder
	Layout  encode.Layout
}

// Encode builds a fresh solver from newSolver holding inst. The encoding
// is bounded before it can hurt: it stops when ctx ends (with ctx's error)
// and when it would write more than encode.DefaultMaxLiterals literals or
// allocate more than encode.DefaultMaxVars variables (an error wrapping
// encode.ErrTooLarge), so a hostile but valid puzzle stays under a
// gigabyte and a deadline is kept mid-encoding.
func Encode(ctx context.Context, inst kind.Instance, newSolver sat.Factory) (*Encoded, error) {
	if newSolver == nil {
		return nil, errNoSolver
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s, err := newSolver()
	if err != nil {
		return nil, err
	}
	b := encode.NewBuilder(s)
	b.Limit(ctx, encode.DefaultMaxLiterals, encode.DefaultMaxVars)
	lay, err := b.Build(inst.Encode)
	if err != nil {
		return nil, err
	}
	return &Encoded{Inst: inst, Solver: s, Builder: b, Layout: lay}, nil
}

// errNoSolver is the error for a nil factory: which back-end to use is the
// caller's choice, never a default picked here.
var errNoSolver = errors.New("solve: no SAT back-end given (nil sat.Factory)")

// Primary is the layout's variables, the only ones drivers may block on.
func (e *Encoded) Primary() []int { return e.Layout.Primary() }

// Decode turns a model into an assignment and verifies it. A model that
// breaks a rule is an encoder bug and is reported as an error, never as a
// solution.
func (e *Encoded) Decode(model []bool) (puzzle.Assignment, error) {
	vals, err := e.Layout.Decode(model)
	if err != nil {
		return nil, fmt.Errorf("%s: internal error: %v", e.Inst.Name(), err)
	}
	a := puzzle.Assignment(vals)
	if vs := e.Inst.Verify(a); len(vs) > 0 {
		return nil, fmt.Errorf("%s: internal error: SAT model breaks %s", e.Inst.Name(), vs[0])
	}
	return a, nil
}

// Lit is the literal "unknown i takes value j".
func (e *Encoded) Lit(i, j int) int { return e.Layout.Lits[i][j] }

// Diff lists the positions of the unknowns on which a and b differ.
func Diff(p puzzle.Problem, a, b puzzle.Assignment) []puzzle.Pos {
	var out []puzzle.Pos
	vars := p.Vars()
	for i := range a {
		if i < len(b) && a[i] != b[i] {
			out = append(out, vars[i].Pos)
		}
	}
	return out
}

// One finds a solution, or reports Unsat/Unknown.
func One(ctx context.Context, inst kind.Instance, newSolver sat.Factory) (sat.Status, puzzle.Assignment, error) {
	e, err := Encode(ctx, inst, newSolver)
	if err != nil {
		return sat.Unknown, nil, err
	}
	st, err := e.Solver.Solve(ctx)
	if st != sat.Sat {
		return st, nil, err
	}
	a, err := e.Decode(e.Solver.Model())
	return st, a, err
}
