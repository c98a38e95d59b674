package amend

import (
	"context"
	"errors"
	"slices"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// The solutions Repair takes its clues from.
const (
	FromIntended = "intended" // the solution the input carried
	FromFirst    = "first"    // the first solution SAT found
)

// Repaired is a puzzle made unique by clues added from one of its
// solutions.
type Repaired struct {
	// Puzzle is the repaired puzzle (the input itself when it was unique
	// already, and Added is empty).
	Puzzle kind.Instance
	// Added are the clues added, in reading order (ids of Puzzle's).
	Added []kind.Clue
	// From says which solution they come from: FromIntended or FromFirst.
	From string
	// Minimum: no smaller set of the solution's clues repairs the puzzle,
	// proven; else Added is minimal (no added clue can go alone) only.
	Minimum bool
	// Proofs counts the SAT proofs made.
	Proofs int
}

// ErrNoRepair is Repair's answer when even every clue the solution gives
// leaves the puzzle with several solutions: no set of its clues repairs it.
var ErrNoRepair = errors.New("no repair: even every clue the solution gives leaves several solutions")

// ConflictError is Repair's answer to an unsolvable puzzle: Clues
// contradict each other, and none of them can go (each proven), the clues
// to edit.
type ConflictError struct {
	Clues  []kind.Clue
	Proofs int
}

func (e *ConflictError) Error() string {
	return "the puzzle has no solution: edit one of the clues that contradict each other"
}

// Repair makes a puzzle with several solutions unique by adding clues of
// one solution: the intended one when the input carries a solution that
// fits, else the first SAT finds. It adds every clue that solution gives
// (Clued.Full) and proves the puzzle unique with them (else ErrNoRepair),
// then takes the added clues away again one at a time, for good while SAT
// proves the puzzle still unique (those where the other solutions differ
// tried last): a minimal set, no added clue of which can go alone. Then it
// looks for a smaller one by implicit hitting sets (minimum): each other
// solution met is a core, the added clues it breaks, and the smallest set
// hitting every core is tried next, until one is unique. That set is a
// proven minimum (Minimum); a search past its budget keeps the minimal
// set, unproven. An unsolvable puzzle is a *ConflictError naming the
// clues that contradict (Conflict); a unique one comes back as it is.
func Repair(ctx context.Context, inst kind.Instance, opt Options) (*Repaired, error) {
	cl, err := Clued(inst)
	if err != nil {
		return nil, err
	}
	r, err := verdict(ctx, inst, opt)
	if err != nil {
		return nil, err
	}
	switch r.Status {
	case sat.Unsolvable:
		conf, proofs, err := conflict(ctx, cl, opt)
		if err != nil {
			return nil, err
		}
		return nil, &ConflictError{Clues: conf, Proofs: proofs + 1}
	case sat.UniqueSolution:
		return &Repaired{Puzzle: inst, Added: []kind.Clue{}, Proofs: 1}, nil
	}
	sol, from := inst.Solution(), FromIntended
	if len(sol) != len(inst.Vars()) || len(inst.Verify(sol)) > 0 {
		sol, from = r.First, FromFirst
	}
	whole, err := cl.Full(sol)
	if err != nil {
		return nil, err
	}
	wcl, err := Clued(whole)
	if err != nil {
		return nil, err
	}
	out := &Repaired{From: from, Proofs: 2}
	if ok, _, err := unique(ctx, whole, Options{Solver: opt.Solver}); err != nil || !ok {
		if err == nil {
			err = ErrNoRepair
		}
		return nil, err
	}
	had := map[int]bool{}
	for _, c := range cl.Clues() {
		had[c.ID] = true
	}
	added := slices.DeleteFunc(wcl.Clues(), func(c kind.Clue) bool { return had[c.ID] })
	// The clues where the two solutions differ are taken away last.
	order := slices.Clone(added)
	slices.SortStableFunc(order, func(a, b kind.Clue) int { return rank(r.Differences, a) - rank(r.Differences, b) })
	gone, err := shrink(ctx, ids(order), func(ctx context.Context, gone []int) (bool, error) {
		less, err := wcl.Without(gone...)
		if err != nil {
			return false, err
		}
		out.Proofs++
		ok, _, err := unique(ctx, less, Options{Solver: opt.Solver})
		return ok, err
	})
	if err != nil {
		return nil, err
	}
	keep := slices.DeleteFunc(ids(added), func(id int) bool { return slices.Contains(gone, id) })
	least, err := minimum(ctx, wcl, ids(added), keep, opt, &out.Proofs)
	if err != nil {
		return nil, err
	}
	if least != nil {
		keep, out.Minimum = least, true
	}
	drop := slices.DeleteFunc(ids(added), func(id int) bool { return slices.Contains(keep, id) })
	if out.Puzzle, err = wcl.Without(drop...); err != nil {
		return nil, err
	}
	out.Added = slices.DeleteFunc(added, func(c kind.Clue) bool { return !slices.Contains(keep, c.ID) })
	return out, nil
}

// rank is 1 for a clue on a cell where the solutions differ, else 0.
func rank(diff []puzzle.Pos, c kind.Clue) int {
	if slices.Contains(diff, c.Cell) {
		return 1
	}
	return 0
}

// Conflict thins the clues of an unsolvable puzzle to a set that still has
// no solution, taking each clue away in turn for good when the puzzle
// stays unsolvable without it (deletion-based: no clue of the result can
// go, each such removal proven satisfiable by SAT). A puzzle unsolvable
// without any of its clues names the parts of its frame in conflict
// instead (kind.Framed: Linjat's numbers), thinned alike, each part relaxed
// for good while the rest stay unsolvable. It returns the clues (or
// parts) and the SAT proofs made.
func Conflict(ctx context.Context, inst kind.Instance, opt Options) ([]kind.Clue, int, error) {
	cl, err := Clued(inst)
	if err != nil {
		return nil, 0, err
	}
	return conflict(ctx, cl, opt)
}

func conflict(ctx context.Context, cl kind.Clued, opt Options) ([]kind.Clue, int, error) {
	proofs := 0
	// thin drops parts (clues, or the frame's) one at a time for good
	// while the puzzle without them, made by without, stays unsolvable.
	thin := func(parts []kind.Clue, without func(...int) (kind.Instance, error)) ([]kind.Clue, error) {
		gone, err := shrink(ctx, ids(parts), func(ctx context.Context, gone []int) (bool, error) {
			less, err := without(gone...)
			if err != nil {
				return false, err
			}
			proofs++
			st, _, err := solve.One(ctx, less, opt.Solver)
			switch {
			case err != nil:
				return false, err
			case st == sat.Unknown:
				return false, stoppedErr(ctx)
			}
			return st == sat.Unsat, nil
		})
		if err != nil {
			return nil, err
		}
		return slices.DeleteFunc(slices.Clone(parts), func(c kind.Clue) bool { return slices.Contains(gone, c.ID) }), nil
	}
	kept, err := thin(cl.Clues(), cl.Without)
	if err != nil {
		return nil, proofs, err
	}
	fr, ok := cl.(kind.Framed)
	if len(kept) > 0 || !ok || len(fr.Frame()) == 0 {
		return kept, proofs, nil
	}
	// Unsolvable without any clue: the frame's parts in conflict (Linjat's
	// numbers), thinned the same way, a part relaxed for good while the
	// rest stay unsolvable.
	kept, err = thin(fr.Frame(), fr.Relaxed)
	if err != nil {
		return nil, proofs, err
	}
	return kept, proofs, nil
}
