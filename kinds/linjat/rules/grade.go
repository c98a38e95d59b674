package rules

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/human"
	linjat "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
)

// Start is the starting state: every placement of every number possible
// (a number without placements starts with none: a contradiction).
func Start(p *linjat.Puzzle) []human.Cands {
	cs := make([]human.Cands, len(p.Numbers()))
	for i := range cs {
		cs[i] = human.Cands(1)<<uint(len(p.Placements(i))) - 1
	}
	return cs
}

// Describe names an assignment in trial reasons, e.g. "r3c4 covers the
// line r3c2–r3c5".
func Describe(p *linjat.Puzzle) func(human.Elim) string {
	return func(e human.Elim) string {
		if e.Var < 0 || e.Var >= len(p.Numbers()) || e.Value < 0 || e.Value >= len(p.Placements(e.Var)) {
			return fmt.Sprintf("unknown %d = value %d", e.Var, e.Value)
		}
		return fmt.Sprintf("%v covers %s", p.Pos(e.Var), p.Placements(e.Var)[e.Value].Words())
	}
}

// Weights are the reference's scoring weights: a layer of a rule adds the
// rule's weight, the widest layer adds MaxWidth times its width, and a
// trial layer of depth d adds Trial·d (trials are ours, not the
// reference's).
type Weights struct {
	Cover, CantFit, Square, Dependency, OneOf float64
	SingleSolution, UncontestedNoCover        float64
	MaxWidth                                  float64
	Trial                                     float64
}

// DefaultWeights are the weights the reference used for its expert levels
// (cv=1 cf=3 sq=50 dep=100 of=60), with its defaults for width (−1) and the
// cheats (−50, −1); a trial layer weighs 100 per depth.
func DefaultWeights() Weights {
	return Weights{Cover: 1, CantFit: 3, Square: 50, Dependency: 100, OneOf: 60,
		SingleSolution: -50, UncontestedNoCover: -1, MaxWidth: -1, Trial: 100}
}

// Rule returns the weight of a layer of the named rule (0 if unknown).
func (w Weights) Rule(name string) float64 {
	switch name {
	case Cover:
		return w.Cover
	case CantFit:
		return w.CantFit
	case Square:
		return w.Square
	case Dependency:
		return w.Dependency
	case OneOf:
		return w.OneOf
	case SingleSolution:
		return w.SingleSolution
	case UncontestedNoCover:
		return w.UncontestedNoCover
	}
	return 0
}

// HumanWeights turns w into the engine's per-step weights (each step
// weighs its rule's weight, no scarcity factor, Width per extra step in a
// layer). The engine's score then counts a layer once per step, unlike
// Score, which counts it once; use Score to compare with the reference.
func (w Weights) HumanWeights() *human.Weights {
	m := map[string]float64{}
	for _, r := range RulesWithCheats() {
		m[r.Name] = w.Rule(r.Name)
	}
	return &human.Weights{LevelBase: 2, Rule: m, Trial: w.Trial, Scarcity: 0, Width: 0}
}

// Score is the reference's score of a solve: the sum over layers of the
// rule's weight (Trial·depth for a trial layer), plus MaxWidth times the
// widest layer.
func Score(res *human.Result, w Weights) float64 {
	s, width := 0.0, 0
	for _, l := range res.Layers {
		if l.TrialDepth > 0 {
			s += w.Trial * float64(l.TrialDepth)
		} else {
			s += w.Rule(l.Rule)
		}
		width = max(width, l.Width)
	}
	return s + w.MaxWidth*float64(width)
}

// Stat is one rule's share of a solve, as the reference classifies: the
// number of its layers and its widest layer.
type Stat struct {
	Depth    int `json:"depth"`
	MaxWidth int `json:"max_width"`
}

// Classify counts a solve's layers per rule in the reference's terms; the
// key "all" covers every layer and trial layers count under "trial".
func Classify(res *human.Result) map[string]Stat {
	out := map[string]Stat{}
	add := func(k string, w int) {
		s := out[k]
		s.Depth++
		s.MaxWidth = max(s.MaxWidth, w)
		out[k] = s
	}
	for _, l := range res.Layers {
		add(l.Rule, l.Width)
		add("all", l.Width)
	}
	return out
}

// UsedCheat reports whether a solve took a cheat step.
func UsedCheat(res *human.Result) bool {
	for _, s := range res.Steps {
		if IsCheat(s.Rule) {
			return true
		}
	}
	return false
}

// NewEngine returns an engine with the sound rules (or with the cheats
// too), the Describe function for p and HumanWeights of the default
// weights: with trials < 0 the default trial rules (DefaultRules), else
// trials of at most 1..trials layers.
func NewEngine(p *linjat.Puzzle, trials int, cheats bool) *human.Engine {
	rules := DefaultRules()
	if cheats {
		rules = append(RulesWithCheats(), human.LayerTrials(levelCheats, 3, 1)...)
	}
	return &human.Engine{Rules: human.WithTrials(rules, trials), Describe: Describe(p), Weights: DefaultWeights().HumanWeights()}
}

// Grade solves p with the default rules (sound rules and trials).
func Grade(ctx context.Context, p *linjat.Puzzle) (*human.Result, error) {
	return NewEngine(p, -1, false).Solve(ctx, NewInput(p), Start(p))
}

// Route is how a puzzle can be solved by the rules, named as check
// reports it.
type Route string

// The routes NeedsCheat tells apart.
const (
	// Sound: the sound rules (with the trials allowed) solve it.
	Sound Route = "sound"
	// Cheat: the sound rules get stuck; with the uniqueness cheats the
	// solve completes. Such a puzzle's answer is unproved by the rules.
	Cheat Route = "needs-cheat"
	// Unsolved: even with the cheats the rules get stuck or find a
	// contradiction.
	Unsolved Route = "unsolved"
)

// NeedsCheat solves p with the sound rules and k trial layers; when that
// does not solve it, it solves again with the cheats. It returns the route
// and the last solve's result. Its engines run on the calling goroutine:
// check asks this of every Linjat puzzle, and a solve of one puzzle takes
// less time than waking threads for the rules of each level would.
func NeedsCheat(ctx context.Context, p *linjat.Puzzle, trials int) (Route, *human.Result, error) {
	in, start := NewInput(p), Start(p)
	solve := func(cheats bool) (*human.Result, error) {
		e := NewEngine(p, trials, cheats)
		e.Parallel = 1
		return e.Solve(ctx, in, start)
	}
	res, err := solve(false)
	if err != nil {
		return Unsolved, res, err
	}
	if res.Status == human.StatusSolved {
		return Sound, res, nil
	}
	if res.Status == human.StatusContradiction {
		return Unsolved, res, nil
	}
	res, err = solve(true)
	if err != nil {
		return Unsolved, res, err
	}
	if res.Status == human.StatusSolved {
		return Cheat, res, nil
	}
	return Unsolved, res, nil
}
