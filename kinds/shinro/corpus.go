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
	Labelled: []kind.LabelledSet{{Name: "playshinro", MinRho: 0.90, Files: []string{"shinro/playshinro.json"},
		Levels: []string{hs.Easy, hs.Medium, hs.Hard},
		Label: func(inst kind.Instance) (string, float64, bool) {
			m, ok := inst.(interface{ Model() *sm.Puzzle })
			if !ok || m.Model().Number == 0 || m.Model().Difficulty < 0 {
				return "", 0, false
			}
			return hs.PlayshinroClass(m.Model().Number), m.Model().Difficulty, true
		}}},
	Example: "1",
	Sample:  []string{"shinro/playshinro.json#13"},
	Rules:   &kind.RulesCorpus{Finish: []string{"shinro/playshinro.json"}, Count: 40, Nested: []string{"shinro/nested.shinro"}},
	Drafts:  []kind.GenCase{{Method: "plant", Band: "easy", Rows: 5, Cols: 5}, {Method: "ga", Band: "medium", Rows: 5, Cols: 5}},
	Pictures: []kind.Picture{
		{Name: "shinro-plain", File: "../kinds/shinro/testdata/shinro-1.shinro", Mode: "plain"},
		{Name: "shinro-solution", File: "../kinds/shinro/testdata/shinro-1.shinro", Mode: "solution"},
		{Name: "shinro-second", File: "../kinds/shinro/testdata/shinro-1-open.shinro", Mode: "second"},
		{Name: "shinro-backbone", File: "../kinds/shinro/testdata/shinro-1-open.shinro", Mode: "backbone"},
		{Name: "shinro-hint", File: "../kinds/shinro/testdata/shinro-1.shinro", Mode: "hint"},
	},
	BadGenFlags: []kind.BadFlag{{Flag: "stones", Value: "10", Rows: 3, Cols: 3},
		{Flag: "stones", Value: "many", Rows: 3, Cols: 3}},
}
