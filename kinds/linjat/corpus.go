package linjat

import (
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	lm "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
)

// corpus is Linjat's part of testdata: the game's levels, each of bench's
// sets one difficulty (the tutorial levels are too small to measure
// anything).
var corpus = &kind.Corpus{
	Suite: []string{"linjat/puzzles.json"},
	// tutorial/3 has two solutions on purpose.
	NotUnique: []string{"tutorial/3"},
	Bench: &kind.Bench{
		Files: []string{"linjat/puzzles.json"},
		Set: func(item string) string {
			if level, _, _ := strings.Cut(item, "/"); level != "tutorial" {
				return level
			}
			return ""
		},
		Quick:    []string{"easy/1", "medium/1", "hard/1", "expert/1"},
		Generate: []kind.GenCell{{Band: "medium", First: true}},
	},
	Generate: []kind.GenCase{{Band: "easy", Rows: 6, Cols: 5}, {Band: "medium", Rows: 6, Cols: 5},
		{Band: "hard", Rows: 7, Cols: 6}, {Band: "expert", Rows: 7, Cols: 6}},
	// The game's levels are its labels (the tutorial is none).
	Labelled: []kind.LabelledSet{{Name: "linjat", MinRho: 0.95, Files: []string{"linjat/puzzles.json"},
		Levels: linjatLevels,
		Label: func(inst kind.Instance) (string, float64, bool) {
			m, ok := inst.(interface{ Model() *lm.Puzzle })
			if !ok {
				return "", 0, false
			}
			r, ok := kind.LevelRank(linjatLevels, m.Model().Group)
			return m.Model().Group, r, ok
		}}},
	Example: "easy-3",
	Sample:  []string{"linjat/puzzles.json#expert/2", "linjat/puzzles.json#tutorial/3"},
	// The graded levels' own test (every one finished without trials,
	// by the sound rules) is TestLinjatCorpus, in crosscheck/kindtest.
	Rules:  &kind.RulesCorpus{Nested: []string{"linjat/nested.linjat"}},
	Drafts: []kind.GenCase{{Band: "hard", Rows: 6, Cols: 5}},
	Pictures: []kind.Picture{
		{Name: "linjat-plain", File: "../kinds/linjat/testdata/linjat-easy-1.linjat", Mode: "plain"},
		{Name: "linjat-solution", File: "../kinds/linjat/testdata/linjat-easy-1.linjat", Mode: "solution"},
		{Name: "linjat-second", File: "../kinds/linjat/testdata/linjat-tutorial-3.linjat", Mode: "second"},
		{Name: "linjat-backbone", File: "../kinds/linjat/testdata/linjat-tutorial-3.linjat", Mode: "backbone"},
		{Name: "linjat-hint", File: "../kinds/linjat/testdata/linjat-easy-1.linjat", Mode: "hint"},
	},
}

// linjatLevels are the game's difficulty levels, easiest first.
var linjatLevels = []string{"easy", "medium", "hard", "expert"}
