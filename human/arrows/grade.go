package arrows

import (
	"context"
	"math"

	"github.com/puzzlesat/puzzlesat/human"
	model "github.com/puzzlesat/puzzlesat/puzzle/arrows"
)

// Grade is the difficulty of one puzzle under a rule set.
type Grade struct {
	Puzzle string       `json:"puzzle"`
	Label  string       `json:"label,omitempty"` // metadata difficulty
	Status human.Status `json:"status"`
	// Level is the highest rule level needed and Trials the trial depth
	// k needed: the difficulty is the pair (Trials, Level), compared
	// trials first.
	Level  int          `json:"level"`
	Trials int          `json:"trials"`
	Report human.Report `json:"report"`
}

// Difficulty folds the grade into one number for ranking: trial depth
// first, then rule level, then the engine's score as a tie-break
// (a solve that got stuck ranks above everything).
func (g Grade) Difficulty() float64 {
	if g.Status != human.StatusSolved {
		return math.Inf(1)
	}
	return float64(g.Trials)*1e6 + float64(g.Level)*1e4 + math.Min(g.Report.Score, 9999)
}

// GradePuzzle solves p with eng (whose Trials should be the deepest the
// rule set allows: the engine takes the shallowest trials first, so the
// report's TrialDepth is the depth the puzzle needs).
func GradePuzzle(ctx context.Context, eng *human.Engine, p *model.Puzzle) (Grade, error) {
	res, err := eng.Solve(ctx, Input(p), Start(p))
	if err != nil {
		return Grade{}, err
	}
	return Grade{Puzzle: p.Name(), Label: p.Meta.Difficulty, Status: res.Status,
		Level: res.Report.MaxLevel, Trials: res.Report.TrialDepth, Report: res.Report}, nil
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
