package juosan

import (
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// corpus is Juosan's part of testdata: janko.at's puzzles (bench's
// "janko" set) with a file of every other input format, run under both
// clue readings, and two random 30×45 puzzles (bench's "big" set).
var corpus = &kind.Corpus{
	Suite: []string{"juosan/janko/*.in", "juosan/6x6_1.juosan", "juosan/janko051.txt", "juosan/pzprjs.juosan",
		"juosan/puzzlink.txt", "juosan/janko_instances.json#6x6_1"},
	Readings: []kind.Reading{
		{Name: "either", Flag: "rule", Value: "either"},
		{Name: "majority", Flag: "rule", Value: "majority"},
	},
	Bench: &kind.Bench{
		Files:  []string{"juosan/janko/*.in"},
		Random: []kind.RandomCase{{Rows: 30, Cols: 45, Seeds: 2}},
		Set: func(item string) string {
			if strings.HasPrefix(item, "random") {
				return "big"
			}
			return "janko"
		},
		Quick:    []string{"6x6_1", "10x10_1", "12x12_1"},
		Generate: []kind.GenCell{{Band: "hard", First: true}, {Band: "hard", Rows: 12, Cols: 12}},
	},
	Generate: []kind.GenCase{{Band: "easy", Rows: 5, Cols: 5}, {Band: "medium", Rows: 5, Cols: 5}, {Band: "hard", Rows: 6, Cols: 6}},
	// The playground's list names each janko puzzle with its level:
	// "4x4_1 (easy).in".
	Labelled: []kind.LabelledSet{{Name: "janko", MinRho: 0.42, Files: []string{"juosan/janko_instances.json"},
		Levels: juosanLevels,
		Label: func(inst kind.Instance) (string, float64, bool) {
			_, rest, _ := strings.Cut(inst.Head().Name(), "(")
			level, _, _ := strings.Cut(rest, ")")
			r, ok := kind.LevelRank(juosanLevels, level)
			return level, r, ok
		}}},
	// 4x4_3 has several solutions; the .in files carry none of their own.
	Example: "6x6_1",
	Sample: []string{"juosan/janko/6x6_1.in", "juosan/janko/10x10_7.in", "juosan/6x6_1.juosan",
		"juosan/janko_instances.json#4x4_1", "juosan/janko_instances.json#4x4_3"},
	Rules:  &kind.RulesCorpus{Finish: []string{"juosan/janko/*.in"}, Count: 63, Nested: []string{"juosan/nested.juosan"}},
	Drafts: []kind.GenCase{{Band: "easy", Rows: 5, Cols: 5}},
	// Every mode, each on a puzzle that shows it: several solutions for
	// second and backbone, a "?" clue for question.
	Pictures: []kind.Picture{
		{Name: "juosan-plain", File: "juosan/janko/6x6_1.in", Mode: "plain"},
		{Name: "juosan-question", File: "../kinds/juosan/testdata/juosan-question.juosan", Mode: "plain"},
		{Name: "juosan-solution", File: "juosan/janko/6x6_1.in", Mode: "solution"},
		{Name: "juosan-second", File: "../kinds/juosan/testdata/juosan-5x5_1.juosan", Mode: "second"},
		{Name: "juosan-backbone", File: "../kinds/juosan/testdata/juosan-4x4_3.juosan", Mode: "backbone"},
		{Name: "juosan-hint", File: "juosan/janko/6x6_1.in", Mode: "hint"},
	},
}

// juosanLevels are the playground's labels of janko's puzzles, easiest
// first.
var juosanLevels = []string{"easy", "medium", "hard", "advanced"}
