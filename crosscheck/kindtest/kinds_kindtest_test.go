package kindtest_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestKindtest runs crosscheck/kindtest, the suite every kind passes, on
// every kind of the registry with the puzzles its corpus names
// (kind.Corpus.Suite) under each of its readings: all 63 janko puzzles
// under both Juosan readings with one file of every other Juosan input
// format, all 40 playshinro puzzles, all 23 reference Arrows folders, and
// every Linjat level with one solution (tutorial/3 has two solutions on
// purpose). A kind with no corpus fails: nothing would check it.
func TestKindtest(t *testing.T) {
	for _, k := range kinds.Default().List() {
		if k.Corpus == nil || len(k.Corpus.Suite) == 0 {
			t.Errorf("%s declares no corpus for the suite every kind passes (kind.Corpus.Suite)", k.Name)
			continue
		}
		files := suiteFiles(t, k)
		readings := k.Corpus.Readings
		if len(readings) == 0 {
			readings = []kind.Reading{{}}
		}
		for _, rd := range readings {
			name := k.Name
			if rd.Name != "" {
				name += "-" + rd.Name
			}
			t.Run(name, func(t *testing.T) {
				// The kinds share nothing: on two cores they take half the
				// time side by side.
				t.Parallel()
				kindtest.TestWith(t, k, rd.Options(), files...)
			})
		}
	}
}

// suiteFiles are the files (FILE or FILE#SEL) of k's Corpus.Suite below
// testdata/; a file holding a puzzle that is not unique on purpose
// (Corpus.NotUnique) stands for each of its other puzzles, by name.
func suiteFiles(t *testing.T, k *kind.Kind) []string {
	var out []string
	for _, pattern := range k.Corpus.Suite {
		pattern, sel, _ := strings.Cut(pattern, "#")
		for _, f := range testcorpus.Glob(t, pattern) {
			switch {
			case sel != "":
				out = append(out, f+"#"+sel)
			case len(k.Corpus.NotUnique) > 0:
				for _, in := range kindtest.Parse(t, k.Name, f, kind.Options{}) {
					if !slices.Contains(k.Corpus.NotUnique, in.Name()) {
						out = append(out, f+"#"+in.Name())
					}
				}
			default:
				out = append(out, f)
			}
		}
	}
	return out
}
