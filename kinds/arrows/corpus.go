package arrows

import (
	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// corpus is Arrows' part of testdata: the reference folders of
// puzzles with their solutions (bench's "vanhavel" set).
var corpus = &kind.Corpus{
	Suite: []string{"arrows/20*"},
	Bench: &kind.Bench{
		Files:    []string{"arrows/20*/puzzle.txt"},
		Set:      func(string) string { return "vanhavel" },
		Quick:    []string{"2026-02-02", "2026-01-24"},
		Generate: []kind.GenCell{{Band: "hard", Rows: 9, Cols: 9, First: true}},
	},
	Generate: []kind.GenCase{{Band: "easy", Rows: 4, Cols: 4}, {Band: "medium", Rows: 4, Cols: 4}, {Band: "hard", Rows: 4, Cols: 4}},
	// Each reference folder's metadata.yaml labels its puzzle.
	Labelled: []kind.LabelledSet{{Name: "vanhavel", MinRho: 0.92, Files: []string{"arrows/20*/puzzle.txt"},
		Levels: arrowsLevels,
		Label: func(inst kind.Instance) (string, float64, bool) {
			m, ok := inst.(interface{ Model() *am.Puzzle })
			if !ok {
				return "", 0, false
			}
			r, ok := kind.LevelRank(arrowsLevels, m.Model().Meta.Difficulty)
			return m.Model().Meta.Difficulty, r, ok
		}}},
	Example: "2026-02-02",
	Sample:  []string{"arrows/2026-02-02/puzzle.txt"},
	Rules:   &kind.RulesCorpus{Finish: []string{"arrows/20*"}, Count: 23, Reasonless: true},
	Drafts: []kind.GenCase{{Method: "reference", Band: "easy", Rows: 5, Cols: 5},
		{Method: "filled", Band: "easy", Rows: 5, Cols: 5}},
	Pictures: []kind.Picture{
		{Name: "arrows-plain", File: "arrows/2026-01-24", Mode: "plain"},
		{Name: "arrows-solution", File: "arrows/2026-01-24", Mode: "solution"},
		{Name: "arrows-second", File: "../kinds/arrows/testdata/2026-02-02-nogivens", Mode: "second"},
		{Name: "arrows-backbone", File: "../kinds/arrows/testdata/2026-02-02-nogivens", Mode: "backbone"},
		{Name: "arrows-hint", File: "arrows/2026-01-24", Mode: "hint"},
	},
}

// arrowsLevels are the reference's difficulty labels, easiest first.
var arrowsLevels = []string{"Easy", "Normal", "Hard", "Devious"}
