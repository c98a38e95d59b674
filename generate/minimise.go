// Steps 3 and 4 of an attempt (see the package doc): clues dropped while
// the puzzle stays unique and in its band, then, with Options.Minimal,
// until no clue can go.

package generate

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// accepts solves a draft with the rules alone, or with the kind's trials,
// and reports whether the solve finishes within the band's upper end (and
// under MaxScore).
func (j *job) accepts(ctx context.Context, d kind.Draft, trials bool) (*human.Result, bool, error) {
	inst, err := d.Instance()
	if err != nil {
		return nil, false, err
	}
	res, err := kind.SolveRules(ctx, inst, trials, j.opt.Parallel, nil)
	if err != nil {
		return nil, false, err
	}
	ok := res.Status == human.StatusSolved && j.band.Within(res.Report) &&
		(j.opt.MaxScore <= 0 || res.Report.Score <= j.opt.MaxScore)
	return res, ok, nil
}

// acceptsWithout is accepts on d without clue id, which it returns. When
// d's solve (res) lands in the band and the score range already, the
// removal must keep it there: a removal can shorten a solve as well as
// lengthen it (a Linjat dot taken away lets the rules in earlier), and
// minimising a draft out of the band below its lower end threw away five
// of ten Linjat medium drafts the hill climbers had brought into it
// (issue 26).
func (j *job) acceptsWithout(ctx context.Context, d kind.Draft, res *human.Result, id int, trials bool) (kind.Draft, *human.Result, bool, error) {
	e, err := d.Without(id)
	if err != nil {
		return nil, nil, false, err
	}
	r, ok, err := j.accepts(ctx, e, trials)
	if ok && res != nil {
		if j.lands(res) {
			ok = j.lands(r)
		}
	}
	return e, r, ok, err
}

// minimise runs step 3 on d, which the rules alone finish (res). With the
// rules alone, it removes clues greedily: of the next greedySample
// removals (in random order) that the band accepts, it makes the one
// whose solve is hardest (highest trial depth, then rule level, then
// layers, then score), and goes on. A removal the band rejects once is
// not tried again: removing more clues only adds solutions and takes
// information from the rules. For a band with trials, a second round
// then goes on with the trials (trialRound).
func (j *job) minimise(ctx context.Context, rng *rand.Rand, d kind.Draft, res *human.Result) (kind.Draft, *human.Result, error) {
	j.sure(ctx, res)
	d, res, err := j.remove(ctx, rng, d, res)
	if err != nil || !j.band.UsesTrials() {
		return d, res, err
	}
	return j.trialRound(ctx, rng, d, res)
}

// trialRound removes clues of d (unique, res its solve) judged with the
// trials: SAT screens each removal (trials cost far more than a SAT call,
// and a puzzle that lost uniqueness no solver finishes), and the first
// removal the trials still finish is made, in random order or, with the
// kind's TrialRound.Ranked, the removals the rules alone take furthest
// first; the kind's TrialRound.Rejects ends the round early. A removal
// rejected once is not tried again.
func (j *job) trialRound(ctx context.Context, rng *rand.Rand, d kind.Draft, res *human.Result) (kind.Draft, *human.Result, error) {
	shape := j.gen.TrialRound
	pending := d.Clues()
	rng.Shuffle(len(pending), func(a, b int) { pending[a], pending[b] = pending[b], pending[a] })
	u, err := j.uniqueness(d)
	if err != nil {
		return nil, nil, err
	}
	// unique reports whether d stays unique without clue id.
	unique := func(id int) (bool, error) {
		ok, _, err := u.uniqueWithout(ctx, id)
		return ok, err
	}
	type cand struct {
		id   int
		open int // unknowns the rules alone leave open (ranked)
	}
	rejects := 0
	for {
		var order []cand
		for _, id := range pending {
			if !shape.Ranked {
				order = append(order, cand{id: id})
				continue
			}
			if ok, err := unique(id); err != nil || !ok {
				if err != nil {
					return nil, nil, err
				}
				continue
			}
			e, err := d.Without(id)
			if err != nil {
				return nil, nil, err
			}
			r, err := j.rulesAlone(ctx, e, nil)
			if err != nil {
				return nil, nil, err
			}
			order = append(order, cand{id, openCount(r)})
		}
		slices.SortStableFunc(order, func(a, b cand) int { return cmp.Compare(a.open, b.open) })
		pending = pending[:0]
		made := false
		for i, c := range order {
			if !shape.Ranked {
				if ok, err := unique(c.id); err != nil || !ok {
					if err != nil {
						return nil, nil, err
					}
					continue
				}
			}
			e, r, ok, err := j.acceptsWithout(ctx, d, res, c.id, true)
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				if rejects++; shape.Rejects > 0 && rejects >= shape.Rejects {
					return d, res, nil
				}
				continue
			}
			if err := u.drop(c.id); err != nil {
				return nil, nil, err
			}
			d, res, made, rejects = e, r, true, 0
			j.sure(ctx, res)
			for _, x := range order[i+1:] {
				pending = append(pending, x.id)
			}
			break
		}
		if !made {
			return d, res, nil
		}
	}
}

// remove drops clues of d as minimise says, judging removals with the
// rules alone, comparing greedySample accepted ones at a time.
func (j *job) remove(ctx context.Context, rng *rand.Rand, d kind.Draft, res *human.Result) (kind.Draft, *human.Result, error) {
	pending := d.Clues()
	rng.Shuffle(len(pending), func(a, b int) { pending[a], pending[b] = pending[b], pending[a] })
	type cand struct {
		at  int // index in pending
		e   kind.Draft
		res *human.Result
	}
	for len(pending) > 0 {
		var (
			best   *cand
			reject = map[int]bool{}
			seen   = 0
		)
		for at, id := range pending {
			if seen == greedySample {
				break
			}
			e, r, ok, err := j.acceptsWithout(ctx, d, res, id, false)
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				reject[at] = true
				continue
			}
			seen++
			if best == nil || harder(r.Report, best.res.Report) {
				best = &cand{at, e, r}
			}
		}
		var rest []int
		for at, id := range pending {
			if !reject[at] && (best == nil || at != best.at) {
				rest = append(rest, id)
			}
		}
		if best == nil {
			if len(rest) == len(pending) {
				break
			}
			pending = rest
			continue
		}
		d, res, pending = best.e, best.res, rest
		j.sure(ctx, res)
	}
	return d, res, nil
}

// landingKey carries, in an attempt's context, the function by which the
// attempt tells its batch that it will land (sure).
type landingKey struct{}

// withLanding returns ctx carrying landing, which sure calls.
func withLanding(ctx context.Context, landing func()) context.Context {
	return context.WithValue(ctx, landingKey{}, landing)
}

// sure tells the batch, when the draft's solve res lands in the band and
// the score range, that the attempt will land: every later removal keeps
// its solve landing (acceptsWithout) and step 5 judges that same solve, so
// the puzzle's higher attempts are not needed, and the batch gives their
// CPUs to this one (an Arrows hard 9x9 attempt that was sure spent most of
// its time in its trial round on one CPU while the other ran higher
// attempts that could only be thrown away). Not with Minimal: step 4
// changes the clues, and the grade decides again.
func (j *job) sure(ctx context.Context, res *human.Result) {
	if j.opt.Minimal || res == nil || !j.lands(res) {
		return
	}
	if landing, ok := ctx.Value(landingKey{}).(func()); ok {
		landing()
	}
}

// greedySample is how many accepted removals minimise compares.
const greedySample = 4

// harder orders solves: deeper trials, then a higher rule level, then
// more layers, then a higher score.
func harder(a, b human.Report) bool {
	switch {
	case a.TrialDepth != b.TrialDepth:
		return a.TrialDepth > b.TrialDepth
	case a.MaxLevel != b.MaxLevel:
		return a.MaxLevel > b.MaxLevel
	case a.Depth != b.Depth:
		return a.Depth > b.Depth
	}
	return a.Score > b.Score
}

// irreducible runs step 4: it drops every clue whose removal keeps d
// unique. A clue kept was tested with at least the clues of the result,
// and removing clues only adds solutions, so none of the result's clues
// can go.
func (j *job) irreducible(ctx context.Context, rng *rand.Rand, d kind.Draft) (kind.Draft, error) {
	u, err := j.uniqueness(d)
	if err != nil {
		return nil, err
	}
	ids := d.Clues()
	rng.Shuffle(len(ids), func(a, b int) { ids[a], ids[b] = ids[b], ids[a] })
	for _, id := range ids {
		if !u.has(id) {
			continue // dropped with a core already
		}
		ok, core, err := u.uniqueWithout(ctx, id)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if err := u.drop(id); err != nil {
			return nil, err
		}
		// The clues outside the failed assumptions are not needed for
		// uniqueness either: the core alone excludes every other
		// solution.
		if core != nil {
			in := map[int]bool{}
			for _, c := range core {
				in[c] = true
			}
			for _, c := range u.kept() {
				if !in[c] {
					if err := u.drop(c); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	for _, id := range ids {
		if !u.has(id) {
			if d, err = d.Without(id); err != nil {
				return nil, err
			}
		}
	}
	return d, nil
}
