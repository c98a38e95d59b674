package kindtest_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestKindtest runs internal/kindtest, the suite every kind passes, on the
// corpus: all 63 janko puzzles under both Juosan readings with one file of
// every other Juosan input format, all 40 playshinro puzzles, all 23
// reference Arrows folders, and every Linjat level with one solution
// (tutorial/3 has two solutions on purpose).
func TestKindtest(t *testing.T) {
	juosan := append(testcorpus.Glob(t, "juosan/janko/*.in"),
		testcorpus.Path("juosan", "6x6_1.juosan"),
		testcorpus.Path("juosan", "janko051.txt"),
		testcorpus.Path("juosan", "pzprjs.juosan"),
		testcorpus.Path("juosan", "puzzlink.txt"),
		testcorpus.Path("juosan", "janko_instances.json")+"#6x6_1")
	tests := []struct {
		name  string
		kind  *kind.Kind
		opt   kind.Options
		files []string
	}{
		{"juosan-either", kinds.Default().MustFind("juosan"), kind.Options{}.With("rule", "either"), juosan},
		{"juosan-majority", kinds.Default().MustFind("juosan"), kind.Options{}.With("rule", "majority"), juosan},
		{"shinro", kinds.Default().MustFind("shinro"), kind.Options{}, []string{testcorpus.Path("shinro", "playshinro.json")}},
		{"arrows", kinds.Default().MustFind("arrows"), kind.Options{}, testcorpus.Glob(t, "arrows/20*")},
		{"linjat", kinds.Default().MustFind("linjat"), kind.Options{}, linjatLevels(t)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// The kinds share nothing: on two cores they take half the
			// time side by side.
			t.Parallel()
			kindtest.TestWith(t, tc.kind, tc.opt, tc.files...)
		})
	}
}

// linjatLevels names the levels of the Linjat corpus kindtest runs on, as
// FILE#NAME.
func linjatLevels(t *testing.T) []string {
	path := testcorpus.Path("linjat", "puzzles.json")
	var out []string
	for _, in := range kindtest.Parse(t, "linjat", path, kind.Options{}) {
		if in.Name() != "tutorial/3" {
			out = append(out, path+"#"+in.Name())
		}
	}
	return out
}
