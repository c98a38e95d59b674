// Package amend edits a puzzle's clues with proof, for an author: Minimize
// takes away a maximal set of clues keeping the puzzle unique (and, when
// asked, in its difficulty band), Repair adds clues of a solution until a
// puzzle with several solutions has one, and Conflict thins an unsolvable
// puzzle's clues to a set that still contradicts. Every clue kept out or
// put in is decided by a SAT proof on the edited puzzle (package solve;
// with a band, the human grade beside it, package crosscheck). All three
// share one deletion-based search (shrink): a clue goes for good when the
// property still holds without it, so the result is minimal (no single
// clue more can go); Repair then looks for a proven minimum by implicit
// hitting sets (minimum.go).
package amend

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// Options are how the clues are edited.
type Options struct {
	// Solver makes the SAT solvers (required): a fresh one per proof.
	Solver sat.Factory
	// Band, when set, must hold after every removal Minimize keeps: the
	// puzzle graded by its kind's human rules lands in it (Band.In at the
	// puzzle's size).
	Band *kind.Band
	// Parallel bounds the human engine's goroutines with a Band (≤ 0:
	// GOMAXPROCS).
	Parallel int
	// Among, when not nil, are the only clues (by id) Minimize tries to
	// take away: the ones known to go alone (the report's redundant
	// clues). No other can go with them (taking clues away only admits
	// more solutions), so the result is the same, for fewer proofs.
	Among []int
}

// StatusError is the answer when a puzzle is not what the edit starts
// from: Minimize wants a unique puzzle (in the band), Repair a solvable
// one. Status is SAT's verdict ("multiple", "unsolvable", "unique") or
// "outside band".
type StatusError struct {
	Status string
	Why    string
}

func (e *StatusError) Error() string { return e.Why }

// ErrUnknown is a solver that stopped without an answer while the
// context had not ended.
var ErrUnknown = errors.New("the solver gave no answer")

// Clued is inst's removable clues, or an error naming the kind that has
// none.
func Clued(inst kind.Instance) (kind.Clued, error) {
	cl, ok := inst.(kind.Clued)
	if !ok {
		return nil, fmt.Errorf("%s puzzles have no removable clues", inst.Kind())
	}
	return cl, nil
}

// verdict is SAT's uniqueness of inst, on a fresh solver; an answer cut
// short is the context's error (or ErrUnknown).
func verdict(ctx context.Context, inst kind.Instance, opt Options) (*solve.CheckResult, error) {
	r, err := solve.Check(ctx, inst, opt.Solver, false)
	if err != nil {
		return nil, err
	}
	if r.Status == sat.UniquenessUnknown {
		return nil, stoppedErr(ctx)
	}
	return r, nil
}

func stoppedErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return ErrUnknown
}

// unique says whether inst has exactly one solution, proven by SAT, and,
// with opt.Band, whether its human grade lands in the band (the grade runs
// beside the same proof: crosscheck.Grade).
func unique(ctx context.Context, inst kind.Instance, opt Options) (ok bool, why string, err error) {
	if opt.Band == nil {
		r, err := verdict(ctx, inst, opt)
		if err != nil {
			return false, "", err
		}
		return r.Status == sat.UniqueSolution, r.Status.String(), nil
	}
	g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: opt.Solver, Trials: -1, Parallel: opt.Parallel})
	if err != nil {
		return false, "", err
	}
	if g.SAT == nil || g.SAT.Status == sat.UniquenessUnknown {
		return false, "", stoppedErr(ctx)
	}
	if g.SAT.Status != sat.UniqueSolution {
		return false, g.SAT.Status.String(), nil
	}
	if !opt.Band.At(inst.Rows(), inst.Cols()).In(g.Human.Status, g.Human.Report) {
		return false, "outside band", nil
	}
	return true, "unique", nil
}

// shrink takes the ids away one at a time, in order, each for good when
// holds still says true of the puzzle without every id taken so far and
// it: a deletion-based search, whose result no single id more can leave
// (each refusal proven by holds). It returns the ids taken away.
func shrink(ctx context.Context, ids []int, holds func(ctx context.Context, gone []int) (bool, error)) ([]int, error) {
	var gone []int
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return gone, err
		}
		try := append(slices.Clone(gone), id)
		ok, err := holds(ctx, try)
		if err != nil {
			return gone, err
		}
		if ok {
			gone = try
		}
	}
	return gone, nil
}

// ids are the clues' ids, in their order.
func ids(clues []kind.Clue) []int {
	out := make([]int, len(clues))
	for i, c := range clues {
		out[i] = c.ID
	}
	return out
}

// pick are the clues whose ids are in of, in the clues' order.
func pick(clues []kind.Clue, of []int) []kind.Clue {
	out := []kind.Clue{}
	for _, c := range clues {
		if slices.Contains(of, c.ID) {
			out = append(out, c)
		}
	}
	return out
}
