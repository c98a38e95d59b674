package human

import (
	"context"
	"fmt"
	"slices"
)

// trialOut is the outcome of one assumption.
type trialOut struct {
	v, val int
	depth  int // layers until contradiction; 0 = none within k
	proof  []Step
	err    error
}

// trialLayer runs every trial on cands and returns the layer of those that
// succeeded at the smallest depth, or nil if none did.
func (p *plan) trialLayer(ctx context.Context, puz any, cands []Cands) (*found, error) {
	var jobs []trialOut
	for v, c := range cands {
		if c.Count() < 2 {
			continue
		}
		for _, val := range c.Values() {
			jobs = append(jobs, trialOut{v: v, val: val})
		}
	}
	if err := forEach(ctx, len(jobs), p.par, func(i int) {
		j := &jobs[i]
		j.depth, j.proof, j.err = p.trial(ctx, puz, cands, j.v, j.val)
	}); err != nil {
		return nil, err
	}
	best, avail := 0, 0
	for _, j := range jobs {
		if j.err != nil {
			return nil, j.err
		}
		if j.depth > 0 {
			avail++
			if best == 0 || j.depth < best {
				best = j.depth
			}
		}
	}
	if best == 0 {
		return nil, nil
	}
	f := &found{name: TrialRule, level: p.maxLevel + best, depth: best, available: avail}
	for _, j := range jobs {
		if j.depth != best {
			continue
		}
		last := j.proof[len(j.proof)-1]
		f.trials = append(f.trials, j)
		f.deds = append(f.deds, Deduction{
			Elims: []Elim{{Var: j.v, Value: j.val}},
			Cells: last.Cells,
			Reason: fmt.Sprintf("assuming %s leads to a contradiction after %d layer(s); last: %s",
				p.describe(Elim{Var: j.v, Value: j.val}), j.depth, last.Reason),
		})
	}
	return f, nil
}

func (p *plan) describe(a Elim) string {
	if p.Describe != nil {
		return p.Describe(a)
	}
	return fmt.Sprintf("unknown %d = value %d", a.Var, a.Value)
}

// trial sets unknown v to val on a copy of base and applies at most k rule
// layers; it returns the layer count at which a contradiction showed, with
// the inner steps, or 0 if none did.
func (p *plan) trial(ctx context.Context, puz any, base []Cands, v, val int) (int, []Step, error) {
	cands := slices.Clone(base)
	cands[v] = Only(val)
	var proof []Step
	for d := 1; d <= p.Trials; d++ {
		if err := ctx.Err(); err != nil {
			return 0, nil, err
		}
		f, err := p.firstProductive(ctx, puz, cands)
		if err != nil || f == nil {
			return 0, nil, err
		}
		for _, s := range p.apply(f, cands) {
			s.Index, s.Layer = len(proof), d-1
			proof = append(proof, s)
		}
		if status(cands, proof) == StatusContradiction {
			return d, proof, nil
		}
	}
	return 0, nil, nil
}

// firstProductive is next without trials, parallelism or the count of
// available moves: the first rule in level order that makes progress.
func (p *plan) firstProductive(ctx context.Context, puz any, cands []Cands) (*found, error) {
	for _, g := range p.groups {
		for _, r := range g {
			ds, err := evalRule(ctx, r, puz, cands)
			if err != nil {
				return nil, err
			}
			if len(ds) > 0 {
				return &found{name: r.Name, level: r.Level, deds: ds, available: len(ds)}, nil
			}
		}
	}
	return nil, nil
}
