package human

import "math"

// Weights are the difficulty score's weights (formula in the package doc).
type Weights struct {
	// LevelBase: a rule step of level l weighs LevelBase^(l-1).
	LevelBase float64 `json:"level_base"`
	// Rule overrides the weight of the named rules' steps (trial rules
	// too).
	Rule map[string]float64 `json:"rule,omitempty"`
	// Trial: a trial step of depth d weighs Trial·d, times Nest^(n−1)
	// for a proof of nesting n when Nest > 1.
	Trial float64 `json:"trial"`
	Nest  float64 `json:"nest,omitempty"`
	// Scarcity: a step taken when a moves were available is multiplied by
	// (1 + Scarcity/a).
	Scarcity float64 `json:"scarcity"`
	// Width is added once per layer, times the layer's width minus one
	// (negative: wide layers are easier).
	Width float64 `json:"width"`
}

// DefaultWeights returns the default score weights.
func DefaultWeights() Weights {
	return Weights{LevelBase: 2, Trial: 16, Nest: 4, Scarcity: 1, Width: 0}
}

// StepWeight is w(s) of the score formula.
func (w Weights) StepWeight(s Step) float64 {
	if x, ok := w.Rule[s.Rule]; ok {
		return x
	}
	if s.TrialDepth > 0 {
		x := w.Trial * float64(s.TrialDepth)
		if w.Nest > 1 && s.Nesting > 1 {
			x *= math.Pow(w.Nest, float64(s.Nesting-1))
		}
		return x
	}
	return math.Pow(w.LevelBase, float64(s.Level-1))
}

// Report grades a solve.
type Report struct {
	// MaxLevel is the highest level of a rule step (trials excluded), and
	// MaxRule that rule's name (the first step reaching it).
	MaxLevel int    `json:"max_level"`
	MaxRule  string `json:"max_rule,omitempty"`
	// Complexity is the highest level of any rule used, trial rules
	// included: the reference Arrows solver's "complexity used"
	// (max_complexity_used). Hardest is that rule's name (the first step
	// reaching it): the hardest rule of the solve, which a trial is when
	// one ran (MaxRule leaves trials out).
	Complexity int    `json:"complexity_used"`
	Hardest    string `json:"hardest_rule,omitempty"`
	// StuckAfter, when the solve is stuck, is the hardest rule tried on
	// the state it stopped at, StuckLevel its level: every rule of the
	// engine was tried there, up to this one (its last trial rule when it
	// has trials), and none made progress.
	StuckAfter string `json:"stuck_after,omitempty"`
	StuckLevel int    `json:"stuck_level,omitempty"`
	// TrialDepth is the deepest trial used: the k the solve needs.
	TrialDepth int `json:"trial_depth"`
	// Nesting is the deepest nesting of proofs by contradiction used (1: a
	// trial with no trial inside; 0: no trial).
	Nesting int `json:"nesting"`
	// Trials counts trial steps.
	Trials int `json:"trials"`
	// Steps, Depth (layers) and Width (widest layer).
	Steps int `json:"steps"`
	Depth int `json:"depth"`
	Width int `json:"width"`
	// Available is the sum over steps of the moves available at each.
	Available int `json:"available"`
	// RuleSteps counts steps per rule name.
	RuleSteps map[string]int `json:"rule_steps"`
	Score     float64        `json:"score"`
}

func (p *plan) report(steps []Step, layers []Layer) Report {
	w := p.weights
	r := Report{Steps: len(steps), Depth: len(layers), RuleSteps: map[string]int{}}
	for _, s := range steps {
		r.RuleSteps[s.Rule]++
		r.Available += s.Available
		if s.Level > r.Complexity {
			r.Complexity, r.Hardest = s.Level, s.Rule
		}
		if s.TrialDepth > 0 {
			r.Trials++
			r.TrialDepth = max(r.TrialDepth, s.TrialDepth)
			r.Nesting = max(r.Nesting, s.Nesting)
		} else if s.Level > r.MaxLevel {
			r.MaxLevel, r.MaxRule = s.Level, s.Rule
		}
		r.Score += w.StepWeight(s) * (1 + w.Scarcity/float64(max(s.Available, 1)))
	}
	for _, l := range layers {
		r.Width = max(r.Width, l.Width)
		r.Score += w.Width * float64(l.Width-1)
	}
	return r
}

// last is the rule tried last on a state where none makes progress: the
// highest level's last trial rule, else its last plain rule (a level's
// plain rules are tried before its trials).
func (p *plan) last() *Rule {
	if len(p.groups) == 0 {
		return nil
	}
	g := p.groups[len(p.groups)-1]
	if n := len(g.trials); n > 0 {
		return g.trials[n-1]
	}
	if n := len(g.plain); n > 0 {
		return g.plain[n-1]
	}
	return nil
}
