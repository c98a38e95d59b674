package rules

import (
	"context"
	"math"

	"github.com/puzzlesat/puzzlesat/human"
	model "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
)

// Grade is the difficulty of one puzzle under a rule set.
type Grade struct {
	Puzzle string       `json:"puzzle"`
	Label  string       `json:"label,omitempty"` // metadata difficulty
	Status human.Status `json:"status"`
	// Complexity is the highest complexity of any rule used, Backtrack
	// rules included: the reference solver's "complexity used". Level is
	// the highest complexity of a first-order rule, and Trials the longest
	// proof by contradiction (chain steps) used.
	Complexity int          `json:"complexity_used"`
	Level      int          `json:"level"`
	Trials     int          `json:"trials"`
	Report     human.Report `json:"report"`
}

// Difficulty folds the grade into one number for ranking: the complexity
// used, as the reference grades, then the engine's score as a tie-break (a
// solve that got stuck ranks above everything). Nothing in it is fitted to
// the corpus's labels.
func (g Grade) Difficulty() float64 {
	if g.Status != human.StatusSolved {
		return math.Inf(1)
	}
	return float64(g.Complexity)*1e4 + math.Min(g.Report.Score, 9999)
}

// GradePuzzle solves p with eng (an engine over a rule set, NewEngine).
func GradePuzzle(ctx context.Context, eng *human.Engine, p *model.Puzzle) (Grade, error) {
	res, err := eng.Solve(ctx, Input(p), Start(p))
	if err != nil {
		return Grade{}, err
	}
	r := res.Report
	return Grade{Puzzle: p.Name(), Label: p.Meta.Difficulty, Status: res.Status,
		Complexity: r.Complexity, Level: r.MaxLevel, Trials: r.TrialDepth, Report: r}, nil
}

// LabelRank orders the reference's difficulty labels: Easy 1, Normal 2,
// Hard 3, Devious 4; 0 for anything else.
func LabelRank(label string) int {
	switch label {
	case "Easy":
		return 1
	case "Normal":
		return 2
	case "Hard":
		return 3
	case "Devious":
		return 4
	}
	return 0
}
