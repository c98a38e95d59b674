// Step 2 of an attempt (see the package doc): clues offered until the
// kind's rules alone finish the draft.

package generate

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// maxHelp bounds the clues step 2 adds, per cell; otherRounds the
// rounds of offers against one other solution.
const (
	maxHelp     = 2
	otherRounds = 4
)

// offer is a draft Help offered, with its solve by the rules alone and
// the unknowns that solve left open.
type offer struct {
	d    kind.Draft
	res  *human.Result
	open int
}

// solvable runs step 2: it returns the draft the rules alone finish, with
// that solve, or nil when Help finds nothing. When no offer of Help takes
// the rules further, SAT finds another solution and Help offers clues
// that break it, which moves towards uniqueness even where the rules see
// no progress yet. A band with trials takes a unique draft the rules
// alone cannot finish when the trials do.
// The offer taken keeps the solve that ranked it (it used to be solved
// again).
func (j *job) solvable(ctx context.Context, rng *rand.Rand, d kind.Draft) (kind.Draft, *human.Result, error) {
	res, err := j.rulesAlone(ctx, d, nil)
	if err != nil {
		return nil, nil, err
	}
	for i := 0; res.Status != human.StatusSolved; i++ {
		if i == maxHelp*j.opt.Rows*j.opt.Cols {
			return nil, nil, nil
		}
		helps, err := d.Help(rng, res.Cands, nil)
		if err != nil {
			return nil, nil, err
		}
		offers, err := j.ranked(ctx, helps)
		if err != nil {
			return nil, nil, err
		}
		var next *offer
		if len(offers) > 0 && offers[0].open < openCount(res) {
			next = &offers[0]
		} else {
			other, err := j.otherSolution(ctx, d)
			if err != nil {
				return nil, nil, err
			}
			if other == nil && j.band.UsesTrials() {
				if r, ok, err := j.accepts(ctx, d, true); err != nil || ok {
					return d, r, err
				}
			}
			// Offers are random: a few rounds before giving up.
			for k := 0; other != nil && k < otherRounds; k++ {
				if helps, err = d.Help(rng, res.Cands, other); err != nil {
					return nil, nil, err
				}
				if offers, err = j.ranked(ctx, helps); err != nil {
					return nil, nil, err
				}
				if len(offers) > 0 {
					next = &offers[0]
					break
				}
			}
			if next == nil {
				return nil, nil, nil
			}
		}
		d, res = next.d, next.res
	}
	return d, res, nil
}

// ranked solves each offer with the rules alone and returns them ordered
// by the unknowns they leave open, fewest first (equals in the order
// offered), stopping at the first the rules finish. Each is solved from its
// start: solving from where the rules stalled on the draft it came from is
// cheaper, but an offer may replace clues (Juosan's territories cut
// again), and ranked that way the offers led into dead ends three times as
// often.
func (j *job) ranked(ctx context.Context, offers []kind.Draft) ([]offer, error) {
	var out []offer
	for _, e := range offers {
		r, err := j.rulesAlone(ctx, e, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, offer{e, r, openCount(r)})
		if r.Status == human.StatusSolved {
			break
		}
	}
	slices.SortStableFunc(out, func(a, b offer) int { return cmp.Compare(a.open, b.open) })
	return out, nil
}

// openCount is the number of unknowns a solve left undetermined.
func openCount(r *human.Result) int {
	n := 0
	for _, c := range r.Cands {
		if c.Count() > 1 {
			n++
		}
	}
	return n
}

// rulesAlone solves d with the rules alone, from its start, or from
// within from when d has as many unknowns; a contradiction is a bug, as
// the intended solution solves d, lies within from, and the rules are
// sound.
func (j *job) rulesAlone(ctx context.Context, d kind.Draft, from []human.Cands) (*human.Result, error) {
	inst, err := d.Instance()
	if err != nil {
		return nil, err
	}
	want := d.Intended()
	if len(from) != len(want) {
		from = nil
	}
	res, err := kind.SolveRules(ctx, inst, false, j.opt.Parallel, from)
	if err != nil {
		return nil, err
	}
	if res.Status == human.StatusContradiction {
		// Which of the two is wrong: the draft or the rules. (Verifying
		// every offer up front cost 8% of a Juosan hard attempt; step 5
		// verifies the puzzle kept.)
		if vs := inst.Verify(want); len(vs) > 0 {
			return nil, internal(fmt.Errorf("the intended solution breaks %s", vs[0]))
		}
		return nil, internal(errors.New("the rules found a contradiction in a puzzle its intended solution solves"))
	}
	return res, nil
}

// otherSolution returns a solution of d other than the intended one, or
// nil when d is unique.
func (j *job) otherSolution(ctx context.Context, d kind.Draft) (puzzle.Assignment, error) {
	inst, err := d.Instance()
	if err != nil {
		return nil, err
	}
	e, err := solve.Encode(ctx, inst, j.opt.Solver)
	if err != nil {
		return nil, err
	}
	want := d.Intended()
	block := make([]int, len(want))
	for i, v := range want {
		block[i] = -e.Lit(i, v)
	}
	e.Solver.AddClause(block...)
	st, err := e.Solver.Solve(ctx)
	switch {
	case err != nil:
		return nil, err
	case st == sat.Unsat:
		return nil, nil
	case st != sat.Sat:
		return nil, errors.New("generate: the SAT back-end gave no answer")
	}
	return e.Decode(e.Solver.Model())
}
