package kindtest_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck/kindtest"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestTerseSolve: an engine with Terse (the generator's) takes the same
// steps to the same report and candidates as one writing reasons, on
// puzzles of every grid kind, with trials; only the reasons differ, and
// Arrows' rules, whose sentences cost most, leave theirs empty.
func TestTerseSolve(t *testing.T) {
	var arrows []string
	for _, d := range testcorpus.Glob(t, "arrows/20*") {
		arrows = append(arrows, d+"/puzzle.txt")
	}
	tests := []struct {
		kind  string
		files []string
	}{
		{"juosan", testcorpus.Glob(t, "juosan/janko/*.in")},
		{"shinro", []string{testcorpus.Path("shinro", "playshinro.json")}},
		{"arrows", arrows},
		{"linjat", []string{testcorpus.Path("linjat", "nested.linjat"), testcorpus.Path("linjat", "puzzles.json")}},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.kind, func(t *testing.T) {
			n := 0
			for _, f := range tc.files {
				for _, inst := range kindtest.Parse(t, tc.kind, f, kind.Options{}) {
					n++
					setup, err := inst.Human()
					if err != nil {
						t.Fatal(err)
					}
					solve := func(terse bool) *human.Result {
						eng := &human.Engine{Rules: setup.Rules, Weights: setup.Weights, Parallel: 1, Terse: terse}
						res, err := eng.Solve(ctx, setup.Input, setup.StartCands(inst))
						if err != nil {
							t.Fatalf("%s: %v", inst.Name(), err)
						}
						return res
					}
					full, terse := solve(false), solve(true)
					if full.Status != terse.Status || !reflect.DeepEqual(full.Report, terse.Report) || !reflect.DeepEqual(full.Cands, terse.Cands) {
						t.Fatalf("%s: terse solve ends %s %+v, full %s %+v", inst.Name(), terse.Status, terse.Report, full.Status, full.Report)
					}
					if len(full.Steps) != len(terse.Steps) {
						t.Fatalf("%s: terse solve takes %d steps, full %d", inst.Name(), len(terse.Steps), len(full.Steps))
					}
					for i, s := range full.Steps {
						ts := terse.Steps[i]
						if s.Rule != ts.Rule || !reflect.DeepEqual(s.Elims, ts.Elims) {
							t.Fatalf("%s: step %d is %s %v, terse %s %v", inst.Name(), i, s.Rule, s.Elims, ts.Rule, ts.Elims)
						}
						if s.Reason == "" {
							t.Errorf("%s: step %d (%s) has no reason", inst.Name(), i, s.Rule)
						}
						if tc.kind == "arrows" && ts.Reason != "" {
							t.Errorf("%s: terse step %d (%s) says %q", inst.Name(), i, ts.Rule, ts.Reason)
						}
					}
				}
			}
		})
	}
}
