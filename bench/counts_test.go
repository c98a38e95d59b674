package bench

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
)

var update = flag.Bool("update", false, "rewrite testdata golden files")

const countsGolden = "../testdata/bench/counts.golden"

// TestEncodingCounts is the CI gate on encoding sizes: every corpus puzzle
// under every cardinality encoding has exactly the primary variables,
// variables and clauses recorded in the golden file. A change to an
// encoder shows up here as a diff to review (go test ./bench -update).
func TestEncodingCounts(t *testing.T) {
	cases, err := Corpus(kinds.Default(), "../testdata")
	if err != nil {
		t.Fatal(err)
	}
	counts, err := Counts(cases, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintln(&b, "# kind name card primary vars clauses (go test ./bench -run EncodingCounts -update)")
	for _, c := range counts {
		fmt.Fprintf(&b, "%s %s %s %d %d %d\n", c.Kind, c.Name, c.Card, c.Primary, c.Vars, c.Clauses)
	}
	have := b.String()
	if want := testcorpus.Golden(t, countsGolden, []byte(have), *update); have != string(want) {
		hl, wl := strings.Split(have, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(hl) || i < len(wl); i++ {
			var h, w string
			if i < len(hl) {
				h = hl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if h != w {
				t.Fatalf("encoding sizes changed at line %d:\nhave %q\nwant %q\n(review, then go test ./bench -run EncodingCounts -update)", i+1, h, w)
			}
		}
	}
}
