package kinds_test

import (
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kindtest"
)

// linjatRowsBroken are the levels kindtest fails today, in the "rows"
// output: a rows text whose first line holds two numbers is claimed by
// Juosan's Detect too (it reads as a .in header: easy/25, …). TestLinjatCorpus keeps the other checks on them until
// puzzle/linjat and the Juosan detection are fixed. tutorial/3 is not among
// them: it has two solutions on purpose.
var linjatRowsBroken = []string{
	"easy/25", "medium/7", "medium/12", "medium/22",
}

// TestKindtest runs kinds/kindtest, the suite every kind passes, on the
// corpus: all 63 janko puzzles under both Juosan readings with one file of
// every other Juosan input format, all 40 playshinro puzzles, all 23
// reference Arrows folders, and every Linjat level with one solution
// except linjatRowsBroken.
func TestKindtest(t *testing.T) {
	juosan := append(testcorpus.Glob(t, "juosan/janko/*.in"),
		testcorpus.Path("juosan", "6x6_1.juosan"),
		testcorpus.Path("juosan", "janko051.txt"),
		testcorpus.Path("juosan", "pzprjs.juosan"),
		testcorpus.Path("juosan", "puzzlink.txt"),
		testcorpus.Path("juosan", "janko_instances.json")+"#6x6_1")
	tests := []struct {
		name  string
		kind  *kinds.Kind
		opt   kinds.Options
		files []string
	}{
		{"juosan-either", kinds.Juosan, kinds.Options{Rule: "either"}, juosan},
		{"juosan-majority", kinds.Juosan, kinds.Options{Rule: "majority"}, juosan},
		{"shinro", kinds.Shinro, kinds.Options{}, []string{testcorpus.Path("shinro", "playshinro.json")}},
		{"arrows", kinds.Arrows, kinds.Options{}, testcorpus.Glob(t, "arrows/20*")},
		{"linjat", kinds.Linjat, kinds.Options{}, linjatLevels(t)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { kindtest.TestWith(t, tc.kind, tc.opt, tc.files...) })
	}
}

// linjatLevels names the levels of the Linjat corpus kindtest runs on, as
// FILE#NAME.
func linjatLevels(t *testing.T) []string {
	path := testcorpus.Path("linjat", "puzzles.json")
	var out []string
	for _, in := range parseFile(t, "linjat", path, kinds.Options{}) {
		if in.Name() != "tutorial/3" && !slices.Contains(linjatRowsBroken, in.Name()) {
			out = append(out, path+"#"+in.Name())
		}
	}
	return out
}
