package human

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Status is how a solve ended.
type Status string

const (
	// StatusSolved: every unknown has exactly one candidate, and no rule
	// finds fault with that state.
	StatusSolved Status = "solved"
	// StatusStuck: no rule and no trial makes progress.
	StatusStuck Status = "stuck"
	// StatusContradiction: some unknown has no candidate left, or a rule
	// reported a contradiction: the starting state has no solution.
	StatusContradiction Status = "contradiction"
)

// Engine is a human-style solver for one kind's rule list. The zero value
// of every field but Rules is usable; an Engine is safe for concurrent use
// as long as its fields are not changed.
type Engine struct {
	// Rules is the kind's rule list, trial rules included (checked by
	// Validate at every solve).
	Rules []*Rule
	// Trials = k > 0 appends LayerTrials(TopLevel(Rules), k, 0): trials of
	// at most 1..k layers of the plain rules after them (see the package
	// doc); 0 adds none.
	Trials int
	// Parallel bounds the goroutines evaluating rules of one level or the
	// assumptions of one trial rule; ≤ 0 means runtime.GOMAXPROCS(0).
	// Results do not depend on it.
	Parallel int
	// Weights grades difficulty; nil means DefaultWeights().
	Weights *Weights
	// Check, when set, is called with every step Solve takes, as it is
	// taken; a non-nil error aborts the solve with that error.
	Check func(Step) error
	// Describe, when set, names an assignment "unknown = value" in the
	// reasons of trial steps (e.g. "r3c4 = |").
	Describe func(v Elim) string
	// Terse leaves steps' reasons empty where a rule can spare writing
	// them (Pass.Terse), for callers that read only the report and the
	// candidates: the generator solves thousands of drafts nobody reads,
	// and an Arrows rule's sentence cost a sixth of a hard puzzle's time.
	Terse bool
}

// Step is one applied deduction.
type Step struct {
	Index int    `json:"index"`
	Layer int    `json:"layer"`
	Rule  string `json:"rule"`
	// Level is the rule's level (a trial rule's own level for a trial
	// step).
	Level int `json:"level"`
	// TrialDepth is, for a trial step, the number of inner rule
	// applications (chain steps or layers) after which the assumption met
	// a contradiction (at least 1); 0 for rule steps.
	TrialDepth int `json:"trial_depth,omitempty"`
	// Nesting is, for a trial step, the number of trials on the deepest
	// path of its proof tree, itself included (1: no trial inside); 0 for
	// rule steps.
	Nesting int `json:"nesting,omitempty"`
	// Assume is a trial step's assumption: unknown Var set to Value.
	Assume *Elim `json:"assume,omitempty"`
	// Elims are the step's effective eliminations.
	Elims []Elim `json:"elims"`
	// Contradiction: the rule found the state has no solution.
	Contradiction bool `json:"contradiction,omitempty"`
	// Emptied lists the unknowns this step left with no candidate (inside
	// a proof: how it ends).
	Emptied []int `json:"emptied,omitempty"`
	// Check marks, inside a proof, a trial's consistency check that found
	// the contradiction: it is not a step of the chain.
	Check  bool         `json:"check,omitempty"`
	Cells  []puzzle.Pos `json:"cells,omitempty"`
	Reason string       `json:"reason"`
	// Available is the number of deductions available on the state this
	// step was taken from (see the package doc).
	Available int `json:"available"`
	// Proof lists a trial's inner steps; they hold only under Assume.
	// Inner trial steps carry their own Proof: the proof is a tree.
	Proof []Step `json:"proof,omitempty"`
}

// Layer is one rule applied to one state: the steps First..First+Width-1.
type Layer struct {
	Index      int    `json:"index"`
	Rule       string `json:"rule"`
	Level      int    `json:"level"`
	TrialDepth int    `json:"trial_depth,omitempty"`
	First      int    `json:"first"`
	Width      int    `json:"width"`
	Available  int    `json:"available"`
}

// Result is the outcome of a solve.
type Result struct {
	Status Status  `json:"status"`
	Cands  []Cands `json:"cands"`
	Steps  []Step  `json:"steps"`
	Layers []Layer `json:"layers"`
	Report Report  `json:"report"`
}

// Solve runs the engine from the starting candidates start (not modified)
// until solved, stuck or contradiction. Pass.Puzzle is puz. It fails when the
// rules are invalid, a rule misbehaves (panics or eliminates outside the
// state), ctx is done, or Check rejects a step; on a Check error or ctx
// cancellation the Result holds the steps taken so far.
func (e *Engine) Solve(ctx context.Context, puz any, start []Cands) (*Result, error) {
	p, err := e.prepare()
	if err != nil {
		return nil, err
	}
	cands := slices.Clone(start)
	res := &Result{Cands: cands, Steps: []Step{}, Layers: []Layer{}}
	exhausted := false // every rule was tried on the last state
	defer func() {
		res.Status = status(cands, res.Steps)
		res.Report = p.report(res.Steps, res.Layers)
		if r := p.last(); res.Status == StatusStuck && exhausted && r != nil {
			res.Report.StuckAfter, res.Report.StuckLevel = r.Name, r.Level
		}
	}()
	// A state with one candidate per unknown is offered to the rules too:
	// only when none objects is it solved.
	for status(cands, res.Steps) != StatusContradiction {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		f, err := p.next(ctx, puz, cands)
		if err != nil {
			return res, err
		}
		if f == nil {
			exhausted = true
			break
		}
		layer := Layer{Index: len(res.Layers), Rule: f.rule.Name, Level: f.rule.Level,
			First: len(res.Steps), Available: f.available}
		var checkErr error
		for _, s := range p.apply(f, cands) {
			s.Index, s.Layer = len(res.Steps), layer.Index
			layer.TrialDepth = max(layer.TrialDepth, s.TrialDepth)
			res.Steps = append(res.Steps, s)
			if e.Check != nil {
				if err := e.Check(s); err != nil {
					checkErr = fmt.Errorf("human: step %d (%s): %w", s.Index+1, s.Rule, err)
					break
				}
			}
		}
		layer.Width = len(res.Steps) - layer.First
		res.Layers = append(res.Layers, layer)
		if checkErr != nil {
			return res, checkErr
		}
	}
	return res, nil
}

// Hint returns the step Solve would take next from cands (not modified), or
// nil when there is none (solved, contradiction, or stuck). On a state with
// one candidate per unknown that breaks a rule, the hint is the step that
// shows it.
func (e *Engine) Hint(ctx context.Context, puz any, cands []Cands) (*Step, error) {
	p, err := e.prepare()
	if err != nil {
		return nil, err
	}
	if status(cands, nil) == StatusContradiction {
		return nil, nil
	}
	f, err := p.next(ctx, puz, cands)
	if err != nil || f == nil {
		return nil, err
	}
	steps := p.apply(f, slices.Clone(cands))
	if len(steps) == 0 {
		return nil, nil
	}
	return &steps[0], nil
}

// status classifies a state; a recorded contradiction step wins.
func status(cands []Cands, steps []Step) Status {
	if n := len(steps); n > 0 && steps[n-1].Contradiction {
		return StatusContradiction
	}
	solved := true
	for _, c := range cands {
		switch c.Count() {
		case 0:
			return StatusContradiction
		case 1:
		default:
			solved = false
		}
	}
	if solved {
		return StatusSolved
	}
	return StatusStuck
}

// group is the rules of one level, plain rules and trial rules apart (at
// one level the plain rules are tried first).
type group struct {
	plain, trials []*Rule
}

// use is a rule as a trial's inner reasoning uses it: a trial rule with
// the nesting it may still use inside itself.
type use struct {
	rule *Rule
	nest int
}

// plan is an engine prepared for one solve.
type plan struct {
	*Engine
	groups []group           // every rule by ascending level
	inner  map[*Rule][]use   // a trial's inner rules, in the order tried
	checks map[*Rule][]*Rule // a trial's consistency checks
	top    int               // highest plain level
	// keep is the deepest chain step whose states an assumption keeps for
	// the trial rules after its own at the same stall (keptStates).
	keep    int
	par     int
	weights Weights
}

func (e *Engine) prepare() (*plan, error) {
	if e.Trials < 0 {
		return nil, fmt.Errorf("human: Trials = %d, want ≥ 0", e.Trials)
	}
	rules := e.Rules
	if e.Trials > 0 {
		rules = append(slices.Clone(rules), LayerTrials(TopLevel(rules), e.Trials, 0)...)
	}
	if err := Validate(rules); err != nil {
		return nil, err
	}
	p := &plan{Engine: e, par: e.Parallel, weights: DefaultWeights(), top: TopLevel(rules),
		inner: map[*Rule][]use{}, checks: map[*Rule][]*Rule{}}
	if p.par <= 0 {
		p.par = runtime.GOMAXPROCS(0)
	}
	if e.Weights != nil {
		p.weights = *e.Weights
	}
	sorted := SortByLevel(rules)
	level := 0
	for _, r := range sorted {
		if len(p.groups) == 0 || r.Level != level {
			p.groups = append(p.groups, group{})
			level = r.Level
		}
		g := &p.groups[len(p.groups)-1]
		if r.Trial == nil {
			g.plain = append(g.plain, r)
		} else {
			g.trials = append(g.trials, r)
		}
	}
	byName := map[string]*Rule{}
	for _, r := range rules {
		byName[r.Name] = r
	}
	for _, t := range rules {
		if t.Trial == nil {
			continue
		}
		maxLevel := t.Trial.MaxLevel
		if maxLevel == 0 {
			maxLevel = t.Level - 1
		}
		skip := map[*Rule]bool{t: true}
		for _, c := range t.Trial.Checks {
			skip[byName[c]] = true
			p.checks[t] = append(p.checks[t], byName[c])
		}
		var in []use
		for _, g := range p.groups {
			for _, rs := range [][]*Rule{g.plain, g.trials} {
				for _, r := range rs {
					if r.Level <= maxLevel && !skip[r] {
						n := 0
						if r.Trial != nil {
							n = r.Trial.Nest
						}
						in = append(in, use{r, n})
					}
				}
			}
		}
		p.inner[t] = in
		p.keep = max(p.keep, t.Trial.Chain-2)
	}
	return p, nil
}

// found is a chosen layer before it is applied.
type found struct {
	rule      *Rule
	deds      []Deduction
	trials    []trialOut // for a trial rule, parallel to deds
	available int
}

// next finds the next layer on cands: the cheapest level that makes
// progress and in it the first plain rule (in list order) that does, else
// its first trial rule that does; nil if none.
func (p *plan) next(ctx context.Context, puz any, cands []Cands) (*found, error) {
	st := &stateMemo{}     // cands is the same state for every level
	var kept []*keptStates // per assumption, shared by the trial rules (runTrials)
	for _, g := range p.groups {
		out := make([][]Deduction, len(g.plain))
		errs := make([]error, len(g.plain))
		if err := forEach(ctx, len(g.plain), p.par, func(i int) {
			out[i], errs[i] = evalRule(ctx, g.plain[i], puz, cands, st, p.Terse)
		}); err != nil {
			return nil, err
		}
		avail := 0
		for i := range g.plain {
			if errs[i] != nil {
				return nil, errs[i]
			}
			avail += len(out[i])
		}
		for i, r := range g.plain {
			if len(out[i]) > 0 {
				return &found{rule: r, deds: out[i], available: avail}, nil
			}
		}
		for _, t := range g.trials {
			f, err := p.runTrials(ctx, use{t, t.Trial.Nest}, puz, cands, p.par, nil, &kept)
			if err != nil || f != nil {
				return f, err
			}
		}
	}
	return nil, nil
}

// eval applies one rule (plain or trial) to cands on one goroutine, its
// work counted on m, st holding what the rules derived from cands; nil when
// it makes no progress.
func (p *plan) eval(ctx context.Context, u use, puz any, cands []Cands, st *stateMemo, m *meter) (*found, error) {
	if u.rule.Trial != nil {
		return p.runTrials(ctx, u, puz, cands, 1, m, nil)
	}
	if err := m.spend(); err != nil {
		return nil, err
	}
	ds, err := p.evalOn(ctx, u.rule, puz, cands, st)
	if err != nil || len(ds) == 0 {
		return nil, err
	}
	return &found{rule: u.rule, deds: ds, available: len(ds)}, nil
}

// apply applies a layer to cands and returns its steps (without Index and
// Layer): each deduction keeps the eliminations still effective.
func (p *plan) apply(f *found, cands []Cands) []Step {
	var steps []Step
	for i, d := range f.deds {
		var elims []Elim
		var emptied []int
		for _, el := range d.Elims {
			if cands[el.Var].Has(el.Value) {
				cands[el.Var] = cands[el.Var].Without(el.Value)
				elims = append(elims, el)
				if cands[el.Var] == 0 {
					emptied = append(emptied, el.Var)
				}
			}
		}
		if len(elims) == 0 && !d.Contradiction {
			continue
		}
		s := p.step(f, i, d)
		s.Elims, s.Emptied = elims, emptied
		steps = append(steps, s)
		if d.Contradiction {
			break
		}
	}
	return steps
}

// step is deduction i of f as a step (its Elims as the rule gave them).
func (p *plan) step(f *found, i int, d Deduction) Step {
	s := Step{Rule: f.rule.Name, Level: f.rule.Level, Elims: d.Elims, Contradiction: d.Contradiction,
		Cells: d.Cells, Reason: d.Reason, Available: f.available}
	if f.trials != nil {
		t := f.trials[i]
		s.TrialDepth, s.Nesting, s.Proof = t.depth, t.nesting, t.proof
		s.Assume = &Elim{Var: t.v, Value: t.val}
	}
	return s
}

// evalOn is evalRule on the state st memoises: a rule is evaluated once
// per memo, its deductions kept there for every later evaluation (the
// trial rules of one stall search again the states near an assumption that
// the trial rules before them searched: keptStates). The deductions kept
// are shared and must not be modified.
func (p *plan) evalOn(ctx context.Context, r *Rule, puz any, cands []Cands, st *stateMemo) ([]Deduction, error) {
	if st == nil {
		return evalRule(ctx, r, puz, cands, nil, p.Terse)
	}
	v := st.val(evalKey{r})
	v.once.Do(func() {
		ds, err := evalRule(ctx, r, puz, cands, st, p.Terse)
		v.v = evalOut{ds, err}
	})
	out := v.v.(evalOut)
	return out.ds, out.err
}

// evalKey names a rule's deductions in a state's memo (evalOn).
type evalKey struct{ r *Rule }

// evalOut is a rule's evaluation kept in a state's memo.
type evalOut struct {
	ds  []Deduction
	err error
}

// evalRule applies one rule and keeps its deductions that make progress on
// cands, each reduced to its effective eliminations. st is the memo of
// cands's state (Memo), shared with the other rules evaluated on it.
func evalRule(ctx context.Context, r *Rule, puz any, cands []Cands, st *stateMemo, terse bool) (ds []Deduction, err error) {
	defer func() {
		if x := recover(); x != nil {
			ds, err = nil, fmt.Errorf("human: rule %s panicked: %v", r.Name, x)
		}
	}()
	pass := &Pass{Puzzle: puz, Cands: cands, Ctx: ctx, state: st, terse: terse}
	found := r.Apply(pass)
	if pass.err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("human: rule %s: %w", r.Name, pass.err)
	}
	for _, d := range found {
		var elims []Elim
		for _, el := range d.Elims {
			if el.Var < 0 || el.Var >= len(cands) || el.Value < 0 || el.Value >= MaxDomain {
				return nil, fmt.Errorf("human: rule %s eliminates value %d of unknown %d, outside the state", r.Name, el.Value, el.Var)
			}
			if cands[el.Var].Has(el.Value) && !slices.Contains(elims, el) {
				elims = append(elims, el)
			}
		}
		if len(elims) > 0 || d.Contradiction {
			d.Elims = elims
			ds = append(ds, d)
			if r.Single {
				break
			}
		}
	}
	return ds, nil
}

// forEach calls f(0..n-1) on at most par goroutines and reports ctx's error.
func forEach(ctx context.Context, n, par int, f func(i int)) error {
	if par <= 1 || n <= 1 {
		for i := range n {
			if err := ctx.Err(); err != nil {
				return err
			}
			f(i)
		}
		return ctx.Err()
	}
	var next atomic.Int64
	work := func() {
		for ctx.Err() == nil {
			i := int(next.Add(1) - 1)
			if i >= n {
				return
			}
			f(i)
		}
	}
	// The caller is one of the workers: a goroutine costs its start and
	// its stack's growth, which on small rules is most of their work.
	var wg sync.WaitGroup
	for range min(par, n) - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
	return ctx.Err()
}
