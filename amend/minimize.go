package amend

import (
	"context"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// Minimized is a puzzle with a maximal set of its clues taken away.
type Minimized struct {
	// Puzzle is the smaller puzzle.
	Puzzle kind.Instance
	// Removed are the clues taken away and Kept the others, in reading
	// order (the input's clue ids).
	Removed, Kept []kind.Clue
	// Proofs counts the SAT proofs made: one per clue, and the input's.
	Proofs int
}

// Minimize takes away clues of a unique puzzle while it stays unique (and,
// with opt.Band, in the band), greedily in reading order: each clue is
// tried once, without those already gone, and goes for good when SAT
// proves the rest unique. The result is maximal: no remaining clue can go
// alone (the proof that it cannot was made when it was tried, and taking
// more clues away only admits more solutions). It is not proven maximum:
// another order may remove more. A puzzle that is not unique (or not in
// the band) to begin with is a *StatusError.
func Minimize(ctx context.Context, inst kind.Instance, opt Options) (*Minimized, error) {
	cl, err := Clued(inst)
	if err != nil {
		return nil, err
	}
	ok, why, err := unique(ctx, inst, opt)
	if err != nil {
		return nil, err
	}
	if !ok {
		msg := fmt.Sprintf("the puzzle is %s, not unique: minimize keeps a unique puzzle unique (repair makes it unique)", why)
		if why == "outside band" {
			msg = fmt.Sprintf("the puzzle is not in band %s to begin with", opt.Band.Name)
		}
		return nil, &StatusError{Status: why, Why: msg}
	}
	clues := cl.Clues()
	out := &Minimized{Proofs: 1}
	try := ids(clues)
	if opt.Among != nil {
		try = slices.DeleteFunc(try, func(id int) bool { return !slices.Contains(opt.Among, id) })
	}
	gone, err := shrink(ctx, try, func(ctx context.Context, gone []int) (bool, error) {
		smaller, err := cl.Without(gone...)
		if err != nil {
			return false, err
		}
		out.Proofs++
		ok, _, err := unique(ctx, smaller, opt)
		return ok, err
	})
	if err != nil {
		return nil, err
	}
	if out.Puzzle, err = cl.Without(gone...); err != nil {
		return nil, err
	}
	out.Removed = pick(clues, gone)
	out.Kept = slices.DeleteFunc(slices.Clone(clues), func(c kind.Clue) bool { return slices.Contains(gone, c.ID) })
	return out, nil
}
