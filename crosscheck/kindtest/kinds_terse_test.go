package kindtest_test

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck/kindtest"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestTerseSolve: an engine with Terse (the generator's) takes the same
// steps to the same report and candidates as one writing reasons, on the
// puzzles of every grid kind's suite and its nested-trial puzzles, with
// trials; only the reasons differ, and a kind whose rules leave them out
// when terse (kind.RulesCorpus.Reasonless: Arrows', whose sentences cost
// most) writes none.
func TestTerseSolve(t *testing.T) { terseSolve(t, kinds.Default()) }

// terseSolve runs TestTerseSolve over reg's kinds, and names the kinds it
// ran.
func terseSolve(t *testing.T, reg *kinds.Registry) (ran []string) {
	ctx := context.Background()
	for _, k := range reg.List() {
		if k.Corpus == nil || len(k.Corpus.Suite) == 0 {
			continue
		}
		files, reasonless := k.Corpus.Suite, false
		if rc := k.Corpus.Rules; rc != nil {
			files, reasonless = append(slices.Clip(files), rc.Nested...), rc.Reasonless
		}
		t.Run(k.Name, func(t *testing.T) {
			for _, inst := range kindtest.Corpus(t, k, kind.Options{}, files...) {
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
					if reasonless && ts.Reason != "" {
						t.Errorf("%s: terse step %d (%s) says %q", inst.Name(), i, ts.Rule, ts.Reason)
					}
				}
			}
		})
		ran = append(ran, k.Name)
	}
	return ran
}
