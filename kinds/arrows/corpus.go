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
	Labelled: []kind.LabelledSet{{Name: "vanhavel", Files: []string{"arrows/20*/puzzle.txt"},
		Levels: arrowsLevels,
		Label: func(inst kind.Instance) (string, float64, bool) {
			m, ok := inst.(interface{ Model() *am.Puzzle })
			if !ok {
				return "", 0, false
			}
			r, ok := kind.LevelRank(arrowsLevels, m.Model().Meta.Difficulty)
			return m.Model().Meta.Difficulty, r, ok
		}}},
}

// arrowsLevels are the reference's difficulty labels, easiest first.
var arrowsLevels = []string{"Easy", "Normal", "Hard", "Devious"}
