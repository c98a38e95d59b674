package shinro

import (
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	hs "github.com/puzzlesat/puzzlesat/kinds/shinro/rules"
)

// corpus is Shinro's part of testdata: playshinro.com's 40 puzzles (bench's
// "playshinro" set, each item by its number).
var corpus = &kind.Corpus{
	Suite: []string{"shinro/playshinro.json"},
	Bench: &kind.Bench{
		Files:    []string{"shinro/playshinro.json"},
		Item:     func(name string) string { return strings.TrimPrefix(name, "playshinro ") },
		Set:      func(string) string { return "playshinro" },
		Quick:    []string{"playshinro 1", "playshinro 4", "playshinro 7"},
		Generate: []kind.GenCell{{Band: "hard", Rows: 10, Cols: 10}},
	},
	Generate: []kind.GenCase{{Band: "easy", Rows: 6, Cols: 6}, {Band: "medium", Rows: 6, Cols: 6}, {Band: "hard", Rows: 6, Cols: 6},
		// Shinro puzzles that need trials are rare, and the genetic
		// algorithm that finds them solves with trials often (minutes
		// of CPU a puzzle).
		{Band: "expert", Rows: 6, Cols: 6, Slow: true}},
	// playshinro labels its puzzles by number (Easy, Medium, Hard:
	// PlayshinroClass) and grades each with a difficulty fraction.
	Labelled: []kind.LabelledSet{{Name: "playshinro", Files: []string{"shinro/playshinro.json"},
		Levels: []string{hs.Easy, hs.Medium, hs.Hard},
		Label: func(inst kind.Instance) (string, float64, bool) {
			m, ok := inst.(interface{ Model() *sm.Puzzle })
			if !ok || m.Model().Number == 0 || m.Model().Difficulty < 0 {
				return "", 0, false
			}
			return hs.PlayshinroClass(m.Model().Number), m.Model().Difficulty, true
		}}},
}
