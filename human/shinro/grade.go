package shinro

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/puzzle/shinro"
)

// Start is the starting state: every unknown may be empty or a stone.
func Start(p *shinro.Puzzle) []human.Cands {
	cs := make([]human.Cands, p.NumVars())
	for i := range cs {
		cs[i] = bothCands
	}
	return cs
}

// Describe names an assignment in trial reasons, e.g. "r3c4 = *".
func Describe(p *shinro.Puzzle) func(human.Elim) string {
	return func(e human.Elim) string {
		if e.Var < 0 || e.Var >= p.NumVars() || e.Value < 0 || e.Value >= len(shinro.Domain) {
			return fmt.Sprintf("unknown %d = value %d", e.Var, e.Value)
		}
		return fmt.Sprintf("%v = %s", p.Pos(e.Var), shinro.Domain[e.Value])
	}
}

// NewEngine returns an engine with Shinro's rules and Weights, k trial
// layers and the Describe function for p.
func NewEngine(p *shinro.Puzzle, trials int) *human.Engine {
	w := Weights()
	return &human.Engine{Rules: Rules(), Trials: trials, Describe: Describe(p), Weights: &w}
}

// Grade solves p with the rules and k trial layers from the start state.
func Grade(ctx context.Context, p *shinro.Puzzle, trials int) (*human.Result, error) {
	return NewEngine(p, trials).Solve(ctx, p, Start(p))
}

// Metrics are the difficulty measures of Oranchak's paper read off a
// solve: M the number of moves (steps) and A the sum over steps of the
// moves available when each was taken (fewer available per step: harder).
type Metrics struct {
	M, A int
	// Hard counts the steps beyond the basic rules (levels ≥ 2 and trials),
	// the paper's "hard moves".
	Hard int
}

// MetricsOf reads the paper's metrics from an engine result.
func MetricsOf(res *human.Result) Metrics {
	m := Metrics{M: res.Report.Steps, A: res.Report.Available}
	for _, s := range res.Steps {
		if s.Level > LevelBasic || s.TrialDepth > 0 {
			m.Hard++
		}
	}
	return m
}

// Agreement is the rank correlation (Spearman ρ) between playshinro's
// difficulty fraction and our measures, over the puzzles that carry one.
type Agreement struct {
	N int
	// Score: the engine's score with Shinro's Weights; DefaultScore with
	// the engine's default weights.
	Score, DefaultScore float64
	// M, A, Hard: the paper's metrics (A negated: fewer available moves
	// per step means harder) and the count of hard steps.
	M, A, Hard float64
}

// maxAgreementTrials bounds the trial depth Agreement tries when the rules
// alone stall.
const maxAgreementTrials = 3

// AgreementOf grades every puzzle with a difficulty fraction and returns the
// rank correlations, Score under weights w. Each puzzle is solved with the fewest trial layers
// (0..3) that solve it; unsolved puzzles are left out of N.
func AgreementOf(ctx context.Context, ps []*shinro.Puzzle, w human.Weights) (Agreement, error) {
	var frac, score, def, m, a, hard []float64
	dw := human.DefaultWeights()
	for _, p := range ps {
		if p.Difficulty < 0 {
			continue
		}
		var res *human.Result
		for k := 0; k <= maxAgreementTrials; k++ {
			var err error
			res, err = Grade(ctx, p, k)
			if err != nil {
				return Agreement{}, err
			}
			if res.Status == human.StatusSolved {
				break
			}
		}
		if res.Status != human.StatusSolved {
			continue
		}
		mt := MetricsOf(res)
		frac = append(frac, p.Difficulty)
		score = append(score, ScoreOf(res.Steps, res.Layers, w))
		def = append(def, ScoreOf(res.Steps, res.Layers, dw))
		m = append(m, float64(mt.M))
		a = append(a, -float64(mt.A))
		hard = append(hard, float64(mt.Hard))
	}
	return Agreement{N: len(frac), Score: human.Spearman(score, frac), DefaultScore: human.Spearman(def, frac),
		M: human.Spearman(m, frac), A: human.Spearman(a, frac), Hard: human.Spearman(hard, frac)}, nil
}

// ScoreOf recomputes the engine's difficulty score of a solve under other
// weights (the formula of package human's doc).
func ScoreOf(steps []human.Step, layers []human.Layer, w human.Weights) float64 {
	s := 0.0
	for _, st := range steps {
		s += w.StepWeight(st) * (1 + w.Scarcity/float64(max(st.Available, 1)))
	}
	for _, l := range layers {
		s += w.Width * float64(l.Width-1)
	}
	return s
}

// Weights are Shinro's difficulty weights for the engine's score: the
// defaults with LevelBase 4, so that each rule level weighs four times the
// one below. playshinro grades first by which of Oranchak's hard moves a
// solve needs, then by move counts; weighting levels this steeply follows
// that (ρ against playshinro's fraction on the 40-puzzle corpus: 0.83 with
// these weights, 0.67 with the defaults; see AgreementOf).
func Weights() human.Weights {
	w := human.DefaultWeights()
	w.LevelBase = 4
	return w
}

// Oranchak's difficulty classes.
const (
	Easy   = "Easy"
	Medium = "Medium"
	Hard   = "Hard"
)

// Class grades a solve into playshinro's classes by the hard moves it
// needed, as the reference solver does: none of path-count, impossible and
// pigeonhole (and no trial) is Easy; with no pigeonhole and no trial, more
// than one path-count is Hard and at most three path-count and impossible
// steps together Medium; anything else is Hard.
func Class(res *human.Result) string {
	n := res.Report.RuleSteps
	pc, imp, ph := n[PathCount.Name], n[Impossible.Name], n[Pigeonhole.Name]+res.Report.Trials
	switch {
	case pc+imp+ph == 0:
		return Easy
	case ph == 0 && pc > 1:
		return Hard
	case ph == 0 && pc+imp <= 3:
		return Medium
	}
	return Hard
}

// PlayshinroClass is playshinro's label of its puzzle number n: below 60
// Easy, below 90 Medium, else Hard.
func PlayshinroClass(n int) string {
	switch {
	case n < 60:
		return Easy
	case n < 90:
		return Medium
	}
	return Hard
}
