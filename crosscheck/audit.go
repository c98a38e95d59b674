package crosscheck

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Unsound is one deduction an oracle refuted.
type Unsound struct {
	Rule   string `json:"rule"`
	Puzzle string `json:"puzzle"`
	// Step is the index of the step in the solve (Steps of human.Result);
	// the text numbers steps from 1, as grade --steps does.
	Step   int    `json:"step"`
	Reason string `json:"reason"`
	// Elim is the refuted elimination; nil when the rule claimed a
	// contradiction on a state that has a solution.
	Elim *human.Elim `json:"elim,omitempty"`
	// State is the candidate grid the rule saw.
	State []human.Cands `json:"state"`
	// Counter is a solution inside State that the deduction excludes.
	Counter puzzle.Assignment `json:"counter"`
}

// Format renders the finding with its state, drawn by drawState (nil:
// DrawState), and its counter-solution, drawn by the instance.
func (u Unsound) Format(inst kind.Instance, drawState func([]human.Cands) []string) string {
	if drawState == nil {
		drawState = func(cs []human.Cands) []string { return DrawState(inst, cs) }
	}
	var b strings.Builder
	what := "claimed a contradiction"
	if u.Elim != nil {
		what = "eliminated " + Describe(inst, *u.Elim)
	}
	fmt.Fprintf(&b, "UNSOUND %s on %s, step %d: %s\n  %s\n  state:\n", u.Rule, u.Puzzle, u.Step+1, what, u.Reason)
	for _, l := range drawState(u.State) {
		b.WriteString("    " + l + "\n")
	}
	b.WriteString("  counter-solution:\n")
	for _, l := range inst.Draw(u.Counter) {
		b.WriteString("    " + l + "\n")
	}
	return b.String()
}

// DrawState draws a candidate state for any kind: one line per unknown with
// the labels of its candidates, "r1c2 {-,|}" ("r1c2 -" when one is left).
// Kinds with a grid picture of their own pass theirs to Unsound.Format.
func DrawState(p puzzle.Problem, cands []human.Cands) []string {
	vars := p.Vars()
	out := make([]string, 0, len(cands))
	for i, c := range cands {
		var labels []string
		for _, v := range c.Values() {
			l := fmt.Sprint(v)
			if i < len(vars) && v < len(vars[i].Domain) {
				l = vars[i].Domain[v]
			}
			labels = append(labels, l)
		}
		name := fmt.Sprintf("unknown %d", i)
		if i < len(vars) {
			name = vars[i].Name
		}
		s := strings.Join(labels, ",")
		if len(labels) != 1 {
			s = "{" + s + "}"
		}
		out = append(out, name+" "+s)
	}
	return out
}

// AuditOptions tune Audit.
type AuditOptions struct {
	// Trials < 0 solves with the kind's own trial rules; k ≥ 0 replaces
	// them by trials of at most 1..k rule layers (human.WithTrials).
	Trials int
	// Rules, when set, gives the rules to solve with, leaving out the
	// named ones, and Droppable says which rule names Rules can leave out
	// (a kind whose rules are data rebuilds them from its rule set:
	// Arrows). Unset, the instance's own rules (HumanSetup.Rules) are
	// filtered by name and every one of them can be left out.
	Rules     func(without []string) ([]*human.Rule, error)
	Droppable func(name string) bool
}

// Audit solves inst with its human rules and checks every step with
// oracle: each elimination must leave no solution inside the state the
// rule saw, and a claimed contradiction must be a state without solutions.
// A rule caught once is dropped and the puzzle solved again, so that rules
// whose mistakes were masked by an earlier unsound step are checked too.
// It returns one finding per unsound rule (the first refuted step of
// each), and the last solve. oracle is usually (*Oracle).Solution; any
// function answering the same question serves.
func Audit(ctx context.Context, inst kind.Instance, oracle func(context.Context, []human.Cands, *human.Elim) (puzzle.Assignment, error), opt AuditOptions) ([]Unsound, *human.Result, error) {
	setup, err := inst.Human()
	if err != nil {
		return nil, nil, err
	}
	rulesWithout, droppable := opt.Rules, opt.Droppable
	if rulesWithout == nil {
		rulesWithout = func(without []string) ([]*human.Rule, error) {
			var out []*human.Rule
			for _, r := range setup.Rules {
				if !slices.Contains(without, r.Name) {
					out = append(out, r)
				}
			}
			return out, nil
		}
	}
	if droppable == nil {
		droppable = func(name string) bool {
			return slices.ContainsFunc(setup.Rules, func(r *human.Rule) bool { return r.Name == name })
		}
	}
	a := &auditor{inst: inst, oracle: oracle}
	start := setup.StartCands(inst)
	var found []Unsound
	var dropped []string
	for round := 0; ; round++ {
		rules, err := rulesWithout(dropped)
		if err != nil {
			return nil, nil, err
		}
		if round > len(rules)+len(dropped) {
			// Every round drops a rule; this is not reached.
			return found, nil, nil
		}
		cur := slices.Clone(start)
		var layerStart []human.Cands
		lastLayer := -1
		var fresh []string
		check := func(s human.Step) error {
			if s.Layer != lastLayer {
				layerStart, lastLayer = slices.Clone(cur), s.Layer
			}
			defer func() {
				for _, el := range s.Elims {
					cur[el.Var] = cur[el.Var].Without(el.Value)
				}
			}()
			if s.Assume == nil && slices.Contains(fresh, s.Rule) {
				return nil
			}
			u, err := a.step(ctx, s, s.Rule, layerStart, s.Reason, s.Elims, s.Contradiction && len(s.Elims) == 0, s.Contradiction)
			if err != nil || u == nil {
				return err
			}
			if s.Assume != nil {
				// A refuted trial: blame the inner step that was wrong.
				if inner, err := a.blame(ctx, s, layerStart); err == nil && inner != nil {
					u = inner
				}
			}
			found = append(found, *u)
			fresh = append(fresh, u.Rule)
			return nil
		}
		e := &human.Engine{Rules: human.WithTrials(rules, opt.Trials), Check: check, Weights: setup.Weights,
			Describe: func(el human.Elim) string { return Describe(inst, el) }}
		res, err := e.Solve(ctx, setup.Input, start)
		if err != nil {
			return found, res, err
		}
		// Trial steps are named after the engine's trial, not a rule that
		// can be left out: dropping them would change nothing.
		var drop []string
		for _, n := range fresh {
			if droppable(n) {
				drop = append(drop, n)
			}
		}
		if len(drop) == 0 {
			return found, res, nil
		}
		dropped = append(dropped, drop...)
	}
}

// auditor asks the oracle about the steps of one puzzle.
type auditor struct {
	inst   kind.Instance
	oracle func(context.Context, []human.Cands, *human.Elim) (puzzle.Assignment, error)
}

// step checks one step of rule, made on state: each elimination must leave
// no solution inside state; with only a claimed contradiction (claimOnly)
// the state must have none; with a contradiction beside eliminations
// (emptied: the rule emptied a cell) the state must have none either. It
// returns the first refutation, or nil.
func (a *auditor) step(ctx context.Context, s human.Step, rule string, state []human.Cands, reason string, elims []human.Elim, claimOnly, emptied bool) (*Unsound, error) {
	mk := func(el *human.Elim, counter puzzle.Assignment) *Unsound {
		return &Unsound{Rule: rule, Puzzle: a.inst.Name(), Step: s.Index, Reason: reason,
			Elim: el, State: slices.Clone(state), Counter: counter}
	}
	if claimOnly {
		sol, err := a.oracle(ctx, state, nil)
		if err != nil || sol == nil {
			return nil, err
		}
		return mk(nil, sol), nil
	}
	for _, el := range elims {
		sol, err := a.oracle(ctx, state, &el)
		if err != nil {
			return nil, err
		}
		if sol != nil {
			return mk(&el, sol), nil
		}
	}
	if emptied {
		sol, err := a.oracle(ctx, state, nil)
		if err != nil || sol == nil {
			return nil, err
		}
		return mk(nil, sol), nil
	}
	return nil, nil
}

// blame re-checks the proof of a refuted trial step under its assumption
// and returns the first inner step the oracle refutes (inside a nested
// trial, the inner step of that trial's proof that was wrong).
func (a *auditor) blame(ctx context.Context, s human.Step, state []human.Cands) (*Unsound, error) {
	cur := slices.Clone(state)
	cur[s.Assume.Var] = human.Only(s.Assume.Value)
	var layerStart []human.Cands
	last := -1
	for _, in := range s.Proof {
		if in.Layer != last {
			layerStart, last = slices.Clone(cur), in.Layer
		}
		reason := fmt.Sprintf("inside the trial %s: %s", Describe(a.inst, *s.Assume), in.Reason)
		var u *Unsound
		var err error
		if in.Check {
			// A check claims the state it saw has no solution; its
			// eliminations were never applied.
			u, err = a.step(ctx, s, in.Rule, cur, reason, nil, true, true)
		} else {
			u, err = a.step(ctx, s, in.Rule, layerStart, reason, in.Elims, false, in.Contradiction)
		}
		if err != nil {
			return nil, err
		}
		if u != nil {
			if in.Assume != nil {
				if inner, err := a.blame(ctx, in, layerStart); err == nil && inner != nil {
					u = inner
				}
			}
			return u, nil
		}
		for _, el := range in.Elims {
			cur[el.Var] = cur[el.Var].Without(el.Value)
		}
	}
	return nil, nil
}
