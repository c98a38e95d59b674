package generate

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// uniqueness answers "is the draft with its kept clues, less one, still
// unique?" while clues are dropped one by one.
type uniqueness interface {
	// uniqueWithout reports whether the kept clues without id leave one
	// solution; when they do, core is a subset of them (clue ids) that
	// does too, or nil when the back-end cannot tell.
	uniqueWithout(ctx context.Context, id int) (unique bool, core []int, err error)
	// drop removes clue id from the kept ones.
	drop(id int) error
	has(id int) bool
	// kept lists the kept clues.
	kept() []int
}

// uniqueness returns the incremental answerer for d when its kind has a
// guarded encoding, else (or with Options.Reencode) one that encodes every
// question afresh.
func (j *job) uniqueness(d kind.Draft) (uniqueness, error) {
	if g, ok := d.(kind.GuardedDraft); ok && !j.opt.Reencode {
		return newIncremental(g, j.opt.Solver)
	}
	return &reencode{d: d, solver: j.opt.Solver, in: keptSet(d.Clues())}, nil
}

func keptSet(ids []int) map[int]bool {
	m := make(map[int]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// incremental is one solver holding the puzzle without clues, every clue
// behind its selector, and the clause excluding the intended solution.
type incremental struct {
	s     sat.Solver
	sel   map[int]int // clue id -> selector
	clue  map[int]int // selector -> clue id
	in    map[int]bool
	order []int // the clue ids, in the draft's order
}

func newIncremental(d kind.GuardedDraft, newSolver sat.Factory) (*incremental, error) {
	s, err := newSolver()
	if err != nil {
		return nil, err
	}
	g, err := kind.EncodeOthers(s, d)
	if err != nil {
		return nil, err
	}
	x := &incremental{s: s, sel: g.Selectors, clue: map[int]int{}, order: d.Clues()}
	x.in = keptSet(x.order)
	for id, l := range g.Selectors {
		x.clue[l] = id
	}
	for _, id := range x.order {
		if _, ok := g.Selectors[id]; !ok {
			return nil, internal(fmt.Errorf("clue %d has no selector", id))
		}
	}
	return x, nil
}

func (x *incremental) uniqueWithout(ctx context.Context, id int) (bool, []int, error) {
	var assume []int
	for _, c := range x.order {
		if c != id && x.in[c] {
			assume = append(assume, x.sel[c])
		}
	}
	st, err := x.s.Solve(ctx, assume...)
	switch {
	case err != nil:
		return false, nil, err
	case st == sat.Sat:
		return false, nil, nil
	case st != sat.Unsat:
		return false, nil, errors.New("generate: the SAT back-end gave no answer")
	}
	failed := x.s.Failed()
	if failed == nil {
		return true, nil, nil
	}
	core := make([]int, 0, len(failed))
	for _, l := range failed {
		if c, ok := x.clue[l]; ok {
			core = append(core, c)
		}
	}
	return true, core, nil
}

func (x *incremental) drop(id int) error { delete(x.in, id); return nil }
func (x *incremental) has(id int) bool   { return x.in[id] }
func (x *incremental) kept() []int {
	var out []int
	for _, c := range x.order {
		if x.in[c] {
			out = append(out, c)
		}
	}
	return out
}

// reencode encodes the draft without the dropped clues afresh for every
// question (solve.Check).
type reencode struct {
	d      kind.Draft
	solver sat.Factory
	in     map[int]bool
}

func (r *reencode) uniqueWithout(ctx context.Context, id int) (bool, []int, error) {
	e, err := r.d.Without(id)
	if err != nil {
		return false, nil, err
	}
	inst, err := e.Instance()
	if err != nil {
		return false, nil, err
	}
	c, err := solve.Check(ctx, inst, r.solver, false)
	if err != nil {
		return false, nil, err
	}
	switch c.Status {
	case sat.UniqueSolution:
		return true, nil, nil
	case sat.MultipleSolutions:
		return false, nil, nil
	}
	return false, nil, internal(fmt.Errorf("a draft its intended solution solves is %s", c.Status))
}

func (r *reencode) drop(id int) error {
	e, err := r.d.Without(id)
	if err != nil {
		return err
	}
	r.d = e
	delete(r.in, id)
	return nil
}

func (r *reencode) has(id int) bool { return r.in[id] }
func (r *reencode) kept() []int {
	out := r.d.Clues()
	slices.Sort(out)
	return out
}
