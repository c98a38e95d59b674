package shift

import "github.com/puzzlesat/puzzlesat/kinds/kind"

// corpus is what bench measures of shift puzzles: the shift encodings on
// Loopover scrambles drawn from fixed seeds, 3×3 for the full run and 2×3
// for the quick one.
var corpus = &kind.Corpus{
	Example: "swap",
	// A start with its target, a start with constraints, a solution.
	Pictures: []kind.Picture{
		{Name: "shift-plain", File: "shift/swap.txt", Mode: "plain"},
		{Name: "shift-reborn", File: "shift/reborn.txt", Mode: "plain"},
		{Name: "shift-solution", File: "shift/loopover-3x3-worst.txt", Mode: "solution"},
	},
	Bench: &kind.Bench{Scrambles: []kind.ScrambleSet{
		{Set: "loopover3x3", Builtin: "loopover:3x3", Count: 6, Moves: 7},
		{Set: "quick", Builtin: "loopover:2x3", Count: 2, Moves: 5, Quick: true},
	}},
}
