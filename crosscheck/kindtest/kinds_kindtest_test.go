package kindtest_test

import (
	"os"
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
func TestKindtest(t *testing.T) { suiteOf(t, kinds.Default()) }

// suiteOf runs the suite on every grid kind of reg with its corpus, and
// names the kinds it ran.
func suiteOf(t *testing.T, reg *kinds.Registry) (ran []string) {
	for _, k := range reg.List() {
		if k.Corpus == nil || len(k.Corpus.Suite) == 0 {
			t.Errorf("%s declares no corpus for the suite every kind passes (kind.Corpus.Suite)", k.Name)
			continue
		}
		files := suiteFiles(t, k)
		for _, rd := range readings(k) {
			t.Run(readingName(k, rd), func(t *testing.T) {
				// The kinds share nothing: on two cores they take half the
				// time side by side.
				t.Parallel()
				kindtest.TestWith(t, k, rd.Options(), files...)
			})
		}
		ran = append(ran, k.Name)
	}
	return ran
}

// readings are the readings k's corpus runs under (Corpus.Readings; none:
// the defaults once).
func readings(k *kind.Kind) []kind.Reading {
	if k.Corpus == nil || len(k.Corpus.Readings) == 0 {
		return []kind.Reading{{}}
	}
	return k.Corpus.Readings
}

// readingName is a subtest's name for k under rd: the kind's name, and
// the reading's when it has one.
func readingName(k *kind.Kind, rd kind.Reading) string {
	if rd.Name == "" {
		return k.Name
	}
	return k.Name + "-" + rd.Name
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
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				insts, err := k.Parse(f, data, kind.Options{})
				if err != nil {
					t.Fatal(err)
				}
				for _, in := range insts {
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
