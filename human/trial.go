package human

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
)

// trialOut is the outcome of one assumption.
type trialOut struct {
	v, val  int
	ok      bool // refuted
	depth   int  // inner rule applications until the contradiction (≥ 1)
	nesting int
	proof   []Step
	cost    int // rule evaluations spent
	err     error
}

// errOverBudget ends the inner reasoning of an assumption that went over
// its trial's Budget: the assumption counts as not refuted.
var errOverBudget = errors.New("trial over its budget")

// meter counts the rule evaluations of one assumption's inner reasoning,
// nested trials included, against a budget (nil: no budget).
type meter struct{ used, max int }

// spend counts one rule evaluation and fails once over the budget.
func (m *meter) spend() error {
	if m == nil {
		return nil
	}
	m.used++
	if m.used > m.max {
		return errOverBudget
	}
	return nil
}

// assumptions lists what a trial rule assumes on cands: every candidate
// value of every unknown with two or more, the unknowns with fewest
// candidates first (ties by index), values ascending.
func assumptions(cands []Cands) []trialOut {
	var vars []int
	for v, c := range cands {
		if c.Count() >= 2 {
			vars = append(vars, v)
		}
	}
	slices.SortStableFunc(vars, func(a, b int) int { return cmp.Compare(cands[a].Count(), cands[b].Count()) })
	var jobs []trialOut
	for _, v := range vars {
		for _, val := range cands[v].Values() {
			jobs = append(jobs, trialOut{v: v, val: val})
		}
	}
	return jobs
}

// runTrials applies the trial rule u.rule to cands: every assumption is
// tried (on up to par goroutines) and the refuted ones, in order, make the
// layer (with First, the first refuted one alone); nil if none is. Inside
// a budgeted trial, m is its meter (the work adds to it, one assumption
// after another); otherwise a trial with a Budget gives each assumption a
// meter and counts, in order, only the assumptions whose work fits in the
// budget with the work of those before them. kept, when set, holds the
// assumptions' keptStates for the stall's trial rules (made at the first).
func (p *plan) runTrials(ctx context.Context, u use, puz any, cands []Cands, par int, m *meter, kept *[]*keptStates) (*found, error) {
	t := u.rule.Trial
	jobs := assumptions(cands)
	var ks []*keptStates // one per job, when the caller keeps them
	if kept != nil {
		if *kept == nil {
			// The first trial rule of the stall: the later ones try the
			// same assumptions of the same cands, in the same order.
			*kept = make([]*keptStates, len(jobs))
			for i := range *kept {
				(*kept)[i] = &keptStates{}
			}
		}
		ks = *kept
	}
	budget := 0
	if m != nil {
		par = 1
	} else {
		budget = t.Budget
		var giveBack func()
		par, giveBack = borrowFor(ctx, par, len(jobs))
		defer giveBack()
	}
	var first atomic.Int64 // with First: the lowest refuted index so far
	first.Store(int64(len(jobs)))
	// With a budget, the work of the finished assumptions before i bounds
	// the work before i from below: once it is over the budget, i cannot
	// count, and is not tried.
	var mu sync.Mutex
	done := make([]int, len(jobs))
	overBefore := func(i int) bool {
		mu.Lock()
		defer mu.Unlock()
		sum := 0
		for _, c := range done[:i] {
			sum += c
		}
		return sum > budget
	}
	if err := forEach(ctx, len(jobs), par, func(i int) {
		if t.First && int64(i) > first.Load() || budget > 0 && overBefore(i) {
			return
		}
		j := &jobs[i]
		jm := m
		if budget > 0 {
			jm = &meter{max: budget}
		}
		used := 0
		if jm != nil {
			used = jm.used
		}
		var own *keptStates
		if ks != nil {
			own = ks[i]
		}
		j.ok, j.depth, j.nesting, j.proof, j.err = p.trial(ctx, u, puz, cands, j.v, j.val, jm, own)
		if jm != nil {
			j.cost = jm.used - used
		}
		if budget > 0 && errors.Is(j.err, errOverBudget) {
			// Its own budget ran out: not refuted, and the application
			// stops at it (its cost is over the budget).
			j.ok, j.err = false, nil
		}
		if budget > 0 {
			mu.Lock()
			done[i] = j.cost
			mu.Unlock()
		}
		for t.First && j.ok && j.err == nil {
			old := first.Load()
			if int64(i) >= old || first.CompareAndSwap(old, int64(i)) {
				break
			}
		}
	}); err != nil {
		return nil, err
	}
	f := &found{rule: u.rule}
	spent := 0
	for i, j := range jobs {
		if t.First && int64(i) > first.Load() {
			break
		}
		if spent += j.cost; budget > 0 && spent > budget {
			break
		}
		if j.err != nil {
			return nil, j.err
		}
		if !j.ok {
			continue
		}
		f.available++
		f.trials = append(f.trials, j)
		last := j.proof[len(j.proof)-1]
		f.deds = append(f.deds, Deduction{
			Elims:  []Elim{{Var: j.v, Value: j.val}},
			Cells:  last.Cells,
			Reason: p.trialReason(u.rule, j),
		})
	}
	if len(f.deds) == 0 {
		return nil, nil
	}
	return f, nil
}

func (p *plan) trialReason(r *Rule, j trialOut) string {
	if p.Terse {
		return ""
	}
	unit := "layer"
	if r.Trial.Chain > 0 {
		unit = "step"
	}
	if j.depth != 1 {
		unit += "s"
	}
	nested := ""
	if j.nesting > 1 {
		nested = fmt.Sprintf(", with proofs by contradiction inside it (nested %d deep)", j.nesting)
	}
	return fmt.Sprintf("assuming %s leads to a contradiction in %d %s%s", p.describe(Elim{Var: j.v, Value: j.val}), j.depth, unit, nested)
}

func (p *plan) describe(a Elim) string {
	if p.Describe != nil {
		return p.Describe(a)
	}
	return fmt.Sprintf("unknown %d = value %d", a.Var, a.Value)
}

// trial sets unknown v to val on a copy of base and reasons with u's inner
// rules as its Trial declares. It reports whether a contradiction came,
// after how many inner applications, the nesting of the proof, and the
// proof.
// Its work is counted on m; over m's budget it fails with errOverBudget.
func (p *plan) trial(ctx context.Context, u use, puz any, base []Cands, v, val int, m *meter, ks *keptStates) (bool, int, int, []Step, error) {
	cands := slices.Clone(base)
	cands[v] = Only(val)
	st := ks.root()
	var proof []Step
	var err error
	ok := false
	if s, cerr := p.check(ctx, u.rule, puz, cands, st, m); cerr != nil {
		err = cerr
	} else if s != nil {
		ok, proof = true, []Step{*s}
	} else if t := u.rule.Trial; t.Chain > 0 {
		proof, ok, err = p.chainFrom(ctx, u, puz, cands, st, t.Chain, map[string]int{}, m, ks, 1)
	} else {
		proof, ok, err = p.layers(ctx, u, puz, cands, st, t.Layers, m)
	}
	if err != nil || !ok {
		return false, 0, 0, nil, err
	}
	apps, nesting := 0, 0
	for i := range proof {
		proof[i].Index = i
		if !proof[i].Check {
			apps = max(apps, proof[i].Layer+1)
		}
		nesting = max(nesting, proof[i].Nesting)
	}
	return true, max(apps, 1), nesting + 1, proof, nil
}

// inner lists the rules u's inner reasoning uses, in the order tried: the
// inner rules by level, then u itself with one nesting less when it may
// nest.
func (p *plan) innerOf(u use) []use {
	in := p.inner[u.rule]
	if u.nest > 0 {
		in = append(slices.Clone(in), use{u.rule, u.nest - 1})
	}
	return in
}

// layers applies at most k layers of u's inner rules to cands (modified,
// st its memo), each the first inner rule that makes progress, with its
// checks after each; it returns the steps and whether they reached a
// contradiction.
func (p *plan) layers(ctx context.Context, u use, puz any, cands []Cands, st *stateMemo, k int, m *meter) ([]Step, bool, error) {
	in := p.innerOf(u)
	var proof []Step
	for d := range k {
		var f *found
		for _, r := range in {
			var err error
			if f, err = p.eval(ctx, r, puz, cands, st, m); err != nil {
				return nil, false, err
			}
			if f != nil {
				break
			}
		}
		if f == nil {
			return nil, false, nil
		}
		for _, s := range p.apply(f, cands) {
			s.Layer = d
			proof = append(proof, s)
			if s.Contradiction || len(s.Emptied) > 0 {
				// The proof ends here; the rest of the layer adds nothing.
				return proof, true, nil
			}
		}
		st = &stateMemo{} // a new state
		s, err := p.check(ctx, u.rule, puz, cands, st, m)
		if err != nil {
			return nil, false, err
		}
		if s != nil {
			s.Layer = d
			return append(proof, *s), true, nil
		}
	}
	return nil, false, nil
}

// chainFrom searches depth first for a chain of at most k single
// deductions of u's inner rules, each applied alone to the state the chain
// reached, that ends in a contradiction: a deduction that is one or empties
// an unknown, or a state one of u's checks rejects. It returns the chain.
// failed is a memo of the states already searched without success, each
// with the chain length left when it was (a state is reached again by
// deductions in another order, or by several deductions with the same
// effect): searching one again with no more left finds nothing new, so the
// first chain found is the one a search without the memo finds. The
// states the chain reaches at step depth are memoised in ks up to the
// plan's keep.
func (p *plan) chainFrom(ctx context.Context, u use, puz any, cands []Cands, st *stateMemo, k int, failed map[string]int, m *meter, ks *keptStates, depth int) ([]Step, bool, error) {
	for _, r := range p.innerOf(u) {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		f, err := p.eval(ctx, r, puz, cands, st, m)
		if err != nil {
			return nil, false, err
		}
		if f == nil {
			continue
		}
		for i, d := range f.deds {
			s := p.step(f, i, d)
			next := slices.Clone(cands)
			for _, el := range d.Elims {
				next[el.Var] = next[el.Var].Without(el.Value)
				if next[el.Var] == 0 {
					s.Emptied = append(s.Emptied, el.Var)
				}
			}
			s.Layer = 0
			if d.Contradiction || len(s.Emptied) > 0 {
				return []Step{s}, true, nil
			}
			key := stateKey(next)
			if left, seen := failed[key]; seen && left >= k-1 {
				continue
			}
			nst := ks.at(key, depth <= p.keep)
			chk, err := p.check(ctx, u.rule, puz, next, nst, m)
			if err != nil {
				return nil, false, err
			}
			if chk != nil {
				return []Step{s, *chk}, true, nil
			}
			if k > 1 {
				rest, ok, err := p.chainFrom(ctx, u, puz, next, nst, k-1, failed, m, ks, depth+1)
				if err != nil {
					return nil, false, err
				}
				if ok {
					for i := range rest {
						rest[i].Layer++
					}
					return append([]Step{s}, rest...), true, nil
				}
			}
			failed[key] = k - 1
		}
	}
	return nil, false, nil
}

// keptStates holds the memos (rules' deductions and derived values) of the
// states one assumption's inner reasoning reached near the assumption, for
// the trial rules after the one that searched them at the same stall: the
// engine tries the trial rules of a stall in turn, each over every
// assumption, and a longer chain searches again every state a shorter one
// did. Only the states up to the plan's keep are kept (the deepest level
// of the longest search is never searched again, and is most of it).
type keptStates struct {
	first  *stateMemo
	states map[string]*stateMemo
}

// root is the memo of the assumption's own state (nil ks: a fresh one).
func (ks *keptStates) root() *stateMemo {
	if ks == nil {
		return &stateMemo{}
	}
	if ks.first == nil {
		ks.first = &stateMemo{}
	}
	return ks.first
}

// at is the memo of the state key, kept when keep is set (nil ks or not
// keep: a fresh one, unless the state is kept already).
func (ks *keptStates) at(key string, keep bool) *stateMemo {
	if ks == nil {
		return &stateMemo{}
	}
	if st, ok := ks.states[key]; ok {
		return st
	}
	st := &stateMemo{}
	if keep {
		if ks.states == nil {
			ks.states = map[string]*stateMemo{}
		}
		ks.states[key] = st
	}
	return st
}

// stateKey is a map key for a candidate state.
func stateKey(cands []Cands) string {
	b := make([]byte, 0, 8*len(cands))
	for _, c := range cands {
		b = binary.LittleEndian.AppendUint64(b, uint64(c))
	}
	return string(b)
}

// check runs trial rule r's consistency checks on cands (st its memo): the first
// deduction that is a contradiction or would empty an unknown becomes a
// Check step (its Elims are not applied); nil when the state passes.
func (p *plan) check(ctx context.Context, r *Rule, puz any, cands []Cands, st *stateMemo, m *meter) (*Step, error) {
	for _, c := range p.checks[r] {
		if err := m.spend(); err != nil {
			return nil, err
		}
		ds, err := p.evalOn(ctx, c, puz, cands, st)
		if err != nil {
			return nil, err
		}
		for _, d := range ds {
			var emptied []int
			left := map[int]Cands{}
			for _, el := range d.Elims {
				x, seen := left[el.Var]
				if !seen {
					x = cands[el.Var]
				}
				x = x.Without(el.Value)
				left[el.Var] = x
				if x == 0 {
					emptied = append(emptied, el.Var)
				}
			}
			if d.Contradiction || len(emptied) > 0 {
				return &Step{Rule: c.Name, Level: c.Level, Elims: d.Elims, Contradiction: d.Contradiction,
					Emptied: emptied, Check: true, Cells: d.Cells, Reason: d.Reason, Available: len(ds)}, nil
			}
		}
	}
	return nil, nil
}
