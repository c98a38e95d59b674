package rules

import (
	"context"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/human"
	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
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

// NewEngine returns an engine with Shinro's rules and Weights and the
// Describe function for p: with trials < 0 the default rules
// (DefaultRules), else the rules with trials of at most 1..trials layers.
func NewEngine(p *shinro.Puzzle, trials int) *human.Engine {
	w := Weights()
	return &human.Engine{Rules: human.WithTrials(DefaultRules(), trials), Describe: Describe(p), Weights: &w}
}

// Grade solves p with the default rules from the start state.
func Grade(ctx context.Context, p *shinro.Puzzle) (*human.Result, error) {
	return NewEngine(p, -1).Solve(ctx, p, Start(p))
}

// Metrics are the difficulty measures of Oranchak's paper, counted as
// its solver counts them (doranchak/shinro, storage/game/solver2.js,
// whose grade is playshinro's difficulty fraction) and read off a solve:
//
//   - M, the moves: the steps of the solve (a step is one deduction, as a
//     move of the reference is one line or one arrow worked out).
//   - A, the moves available: the sum over the steps of the basic moves
//     available on the state the step is taken from. The reference counts
//     only its five basic move kinds (free cells equal to the count, count
//     reached, the arrow along a line needing one stone, the arrow with
//     one free cell left, two arrows facing apart in a line needing two),
//     after every move, and nothing on a step that needs a harder move.
//     Ours are the deductions of the level-1 and level-2 rules (fill,
//     clear, arrow-single, arrow-line, pairs), each counted on the state
//     left by the steps before it: a layer's steps are taken one after
//     another, as the reference's moves are.
//   - PathCount, Impossible and Pigeonhole: the hard moves of each kind;
//     a trial step (which the reference does not have) counts as a
//     pigeonhole, its hardest move.
//
// Where our reading is a choice: our basic rules generalise the
// reference's (a line may be the whole grid; pairs may be n arrows), so a
// state can offer a move here that the reference counts only as path
// counting; and the reference takes the basic move covering most cells
// first, one per step, where the engine takes a rule's deductions as a
// layer. The hard rules are Single, as the reference takes one hard move
// and then the basic ones again.
type Metrics struct {
	M, A                              int
	PathCount, Impossible, Pigeonhole int
}

// Hard is the number of hard moves.
func (m Metrics) Hard() int { return m.PathCount + m.Impossible + m.Pigeonhole }

// MetricsOf reads the paper's metrics off a solve of p from Start(p).
func MetricsOf(p *shinro.Puzzle, res *human.Result) Metrics {
	var basic []*human.Rule
	for _, r := range Rules() {
		if r.Level <= LevelLine {
			basic = append(basic, r)
		}
	}
	m := Metrics{M: len(res.Steps)}
	cur := Start(p)
	for _, s := range res.Steps {
		for _, r := range basic {
			for _, d := range r.Apply(&human.Pass{Puzzle: p, Cands: cur}) {
				if slices.ContainsFunc(d.Elims, func(el human.Elim) bool { return cur[el.Var].Has(el.Value) }) {
					m.A++
				}
			}
		}
		switch {
		case s.Rule == PathCount.Name:
			m.PathCount++
		case s.Rule == Impossible.Name:
			m.Impossible++
		case s.Rule == Pigeonhole.Name || s.Assume != nil:
			m.Pigeonhole++
		}
		for _, el := range s.Elims {
			cur[el.Var] = cur[el.Var].Without(el.Value)
		}
	}
	return m
}

// Class grades the metrics into playshinro's classes by the hard moves,
// as the reference solver does: none is Easy; with no pigeonhole, more
// than one path count is Hard and at most three path counts and
// impossible placements together Medium; anything else is Hard.
func (m Metrics) Class() string {
	pc, imp, ph := m.PathCount, m.Impossible, m.Pigeonhole
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

// classIndex is 0, 1, 2 for Easy, Medium, Hard.
func classIndex(c string) int { return slices.Index([]string{Easy, Medium, Hard}, c) }

// work is the reference's count of work within a class: the moves of an
// Easy solve, else the hard moves with a pigeonhole counting three.
func (m Metrics) work() int {
	if m.Class() == Easy {
		return m.M
	}
	return m.PathCount + m.Impossible + 3*m.Pigeonhole
}

// Bounds are, per class, the ranges of the work and of A over a set of
// puzzles, by which the playshinro grade normalises.
type Bounds [3]struct{ MinWork, MaxWork, MinA, MaxA int }

// FitBounds returns the per-class ranges over ms (a class without puzzles
// keeps an empty range).
func FitBounds(ms []Metrics) Bounds {
	var b Bounds
	seen := [3]bool{}
	for _, m := range ms {
		c, w := classIndex(m.Class()), m.work()
		if !seen[c] {
			b[c].MinWork, b[c].MaxWork, b[c].MinA, b[c].MaxA = w, w, m.A, m.A
			seen[c] = true
			continue
		}
		b[c].MinWork, b[c].MaxWork = min(b[c].MinWork, w), max(b[c].MaxWork, w)
		b[c].MinA, b[c].MaxA = min(b[c].MinA, m.A), max(b[c].MaxA, m.A)
	}
	return b
}

// DefaultBounds are FitBounds of the training half of the playshinro
// corpus (its puzzles at even positions, numbers 1, 7, 13, …, 115; the odd
// positions are held out to measure agreement: TestGradingAgreement).
var DefaultBounds = Bounds{
	{MinWork: 16, MaxWork: 34, MinA: 59, MaxA: 305},
	{MinWork: 1, MaxWork: 3, MinA: 39, MaxA: 127},
	{MinWork: 2, MaxWork: 9, MinA: 39, MaxA: 104},
}

// Level is playshinro's difficulty fraction computed from m: the class
// index over 3, plus a sixth of the work and a sixth of the scarcity of
// available moves (1 − A), each normalised to 0..1 within the class's
// bounds b: in 0..1, Easy below 1/3, Hard from 2/3.
func (m Metrics) Level(b Bounds) float64 {
	c := classIndex(m.Class())
	norm := func(x, lo, hi int) float64 {
		switch {
		case x <= lo:
			return 0
		case x >= hi:
			return 1
		}
		return float64(x-lo) / float64(hi-lo)
	}
	return float64(c)/3 + (norm(m.work(), b[c].MinWork, b[c].MaxWork)+1-norm(m.A, b[c].MinA, b[c].MaxA))/6
}

// Agreement is the rank correlation (Spearman ρ) between playshinro's
// difficulty fraction and our grades over a set of puzzles.
type Agreement struct {
	N int
	// Level: Metrics.Level under the bounds given; Class: the class alone;
	// Score: the engine's score; M, A: the paper's metrics (A negated:
	// fewer moves available means harder).
	Level, Class, Score, M, A float64
}

// AgreementOf grades every puzzle of ps that carries a difficulty fraction
// with the default rules and returns the rank correlations, Level under
// bounds b; unsolved puzzles are left out of N.
func AgreementOf(ctx context.Context, ps []*shinro.Puzzle, b Bounds) (Agreement, error) {
	var frac, level, class, score, m, a []float64
	for _, p := range ps {
		if p.Difficulty < 0 {
			continue
		}
		res, err := Grade(ctx, p)
		if err != nil {
			return Agreement{}, err
		}
		if res.Status != human.StatusSolved {
			continue
		}
		mt := MetricsOf(p, res)
		frac = append(frac, p.Difficulty)
		level = append(level, mt.Level(b))
		class = append(class, float64(classIndex(mt.Class())))
		score = append(score, res.Report.Score)
		m = append(m, float64(mt.M))
		a = append(a, -float64(mt.A))
	}
	return Agreement{N: len(frac), Level: human.Spearman(level, frac), Class: human.Spearman(class, frac),
		Score: human.Spearman(score, frac), M: human.Spearman(m, frac), A: human.Spearman(a, frac)}, nil
}

// Weights are Shinro's difficulty weights for the engine's score: the
// defaults with LevelBase 4, so that each rule level weighs four times the
// one below, as playshinro grades first by which hard moves a solve needs.
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
