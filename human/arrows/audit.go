package arrows

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/human/arrows/fol"
	"github.com/puzzlesat/puzzlesat/puzzle"
	model "github.com/puzzlesat/puzzlesat/puzzle/arrows"
)

// Oracle answers for one puzzle: is there a solution in which every cell i
// takes a value of cands[i] and, when force is non-nil, cell force.Var
// takes force.Value? It returns such a solution (reading order) or nil.
// encode/arrows.Oracle.Solution provides one over any SAT back-end.
type Oracle func(ctx context.Context, cands []human.Cands, force *human.Elim) (puzzle.Assignment, error)

// Unsound is one deduction a SAT oracle refuted.
type Unsound struct {
	Rule   string `json:"rule"`
	Puzzle string `json:"puzzle"`
	// Step is the index of the step in the solve (Steps of human.Result).
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

// Format renders the finding with its grid state and counter-solution.
func (u Unsound) Format(p *model.Puzzle) string {
	var b strings.Builder
	what := "claimed a contradiction"
	if u.Elim != nil {
		what = fmt.Sprintf("eliminated %v = %d", p.Pos(u.Elim.Var), u.Elim.Value)
	}
	fmt.Fprintf(&b, "UNSOUND %s on %s, step %d: %s\n  %s\n  state:\n", u.Rule, u.Puzzle, u.Step, what, u.Reason)
	for _, l := range FormatState(p, u.State) {
		b.WriteString("    " + l + "\n")
	}
	b.WriteString("  counter-solution:\n")
	for _, l := range p.Draw(u.Counter) {
		b.WriteString("    " + l + "\n")
	}
	return b.String()
}

// FormatState draws a candidate grid: each cell its arrow and candidates.
func FormatState(p *model.Puzzle, cands []human.Cands) []string {
	cells := make([]string, len(cands))
	w := 0
	for i, c := range cands {
		vs := c.Values()
		s := make([]string, len(vs))
		for k, v := range vs {
			s[k] = fmt.Sprint(v)
		}
		cells[i] = string(p.Dir(i).Glyph()) + strings.Join(s, "")
		if len(vs) > 1 {
			cells[i] = string(p.Dir(i).Glyph()) + "{" + strings.Join(s, ",") + "}"
		}
		w = max(w, len([]rune(cells[i])))
	}
	var out []string
	for r := 0; r < p.NumRows; r++ {
		var row []string
		for c := 0; c < p.NumCols; c++ {
			s := cells[p.Index(puzzle.Pos{Row: r, Col: c})]
			row = append(row, s+strings.Repeat(" ", w-len([]rune(s))))
		}
		out = append(out, strings.TrimRight(strings.Join(row, " "), " "))
	}
	return out
}

// AuditOptions tune Audit.
type AuditOptions struct {
	// Trials is the engine's trial depth k (default: rs.TrialDepth()).
	Trials *int
	// Opt are the optimizer passes (zero value: all on).
	Opt *fol.Options
}

// Audit solves p with the rules of rs from start (nil: the puzzle's
// givens) and checks every step with oracle: each elimination must leave
// no solution inside the state the rule saw, and a claimed contradiction
// must be a state without solutions. A rule caught once is dropped and the
// puzzle solved again, so that rules whose mistakes were masked by an
// earlier unsound step are checked too. It returns one finding per unsound
// rule (the first refuted step of each), and the last solve.
func Audit(ctx context.Context, rs *RuleSet, p *model.Puzzle, start []human.Cands, oracle Oracle, opt AuditOptions) ([]Unsound, *human.Result, error) {
	if start == nil {
		start = Start(p)
	}
	k := rs.TrialDepth()
	if opt.Trials != nil {
		k = *opt.Trials
	}
	fo := fol.AllOptimizations
	if opt.Opt != nil {
		fo = *opt.Opt
	}
	in := Input(p)
	var found []Unsound
	var dropped []string
	for round := 0; round <= len(rs.Rules); round++ {
		rules, err := rs.Without(dropped...).HumanRules(fo)
		if err != nil {
			return nil, nil, err
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
			el, sol, err := refute(ctx, oracle, layerStart, s.Elims, s.Contradiction)
			if err != nil || sol == nil {
				return err
			}
			u := Unsound{Rule: s.Rule, Puzzle: p.Name(), Step: s.Index, Reason: s.Reason,
				Elim: el, State: slices.Clone(layerStart), Counter: sol}
			if s.Assume != nil {
				// A refuted trial: blame the inner step that was wrong.
				if inner, err := blame(ctx, p, s, layerStart, oracle); err == nil && inner != nil {
					u = *inner
				}
			}
			found = append(found, u)
			fresh = append(fresh, u.Rule)
			return nil
		}
		e := &human.Engine{Rules: rules, Trials: k, Check: check, Describe: Describer(p)}
		res, err := e.Solve(ctx, in, start)
		if err != nil {
			return found, res, err
		}
		// Trial steps are named after the engine's trial, not a rule of
		// the file: dropping them would change nothing.
		var drop []string
		for _, n := range fresh {
			if rs.has(n) {
				drop = append(drop, n)
			}
		}
		if len(drop) == 0 {
			return found, res, nil
		}
		dropped = append(dropped, drop...)
	}
	return found, nil, nil
}

func (rs *RuleSet) has(name string) bool {
	for _, r := range rs.Rules {
		if r.Name == name {
			return true
		}
	}
	return false
}

// Describer names an assignment "r3c4 = 2" (for human.Engine.Describe).
func Describer(p *model.Puzzle) func(human.Elim) string {
	return func(e human.Elim) string { return fmt.Sprintf("%v = %d", p.Pos(e.Var), e.Value) }
}

// NewEngine returns an engine over rs's rules (all optimizations) with
// trial depth rs.TrialDepth(), ready for Solve(ctx, Input(p), Start(p)).
func NewEngine(rs *RuleSet) (*human.Engine, error) {
	rules, err := rs.HumanRules(fol.AllOptimizations)
	if err != nil {
		return nil, err
	}
	return &human.Engine{Rules: rules, Trials: rs.TrialDepth()}, nil
}

// blame re-checks the proof of a refuted trial step under its assumption
// and returns the first inner step the oracle refutes.
func blame(ctx context.Context, p *model.Puzzle, s human.Step, state []human.Cands, oracle Oracle) (*Unsound, error) {
	cur := slices.Clone(state)
	cur[s.Assume.Var] = human.Only(s.Assume.Value)
	var layerStart []human.Cands
	last := -1
	for _, in := range s.Proof {
		if in.Layer != last {
			layerStart, last = slices.Clone(cur), in.Layer
		}
		mk := func(el *human.Elim, counter puzzle.Assignment) *Unsound {
			return &Unsound{Rule: in.Rule, Puzzle: p.Name(), Step: s.Index, Elim: el, State: layerStart, Counter: counter,
				Reason: fmt.Sprintf("inside the trial %v = %d: %s", p.Pos(s.Assume.Var), s.Assume.Value, in.Reason)}
		}
		el, sol, err := refute(ctx, oracle, layerStart, in.Elims, in.Contradiction)
		if err != nil {
			return nil, err
		}
		if sol != nil {
			return mk(el, sol), nil
		}
		for _, el := range in.Elims {
			cur[el.Var] = cur[el.Var].Without(el.Value)
		}
	}
	return nil, nil
}

// refute looks for a solution inside state that a step excludes: one
// holding an eliminated value, or, when the step claims a contradiction
// (an emptied cell), any solution at all. It returns the first refuted
// elimination (nil for the contradiction) and the solution, or a nil
// solution when the step is sound.
func refute(ctx context.Context, oracle Oracle, state []human.Cands, elims []human.Elim, contradiction bool) (*human.Elim, puzzle.Assignment, error) {
	for _, el := range elims {
		if sol, err := oracle(ctx, state, &el); err != nil || sol != nil {
			return &el, sol, err
		}
	}
	if !contradiction {
		return nil, nil, nil
	}
	sol, err := oracle(ctx, state, nil)
	return nil, sol, err
}
