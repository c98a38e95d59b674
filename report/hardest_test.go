package report_test

import (
	"context"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/report"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestHardestRule: the hardest rule a record names is the highest level
// of the rules its solve used, trials included; and of a stuck solve, the
// record names the hardest rule tried where it stopped, at or above every
// rule used, so a stuck Shinro does not read "hardest rule: clear (level 1)"
// when every rule up to its trials ran. The stuck puzzles are built here:
// a puzzle of each kind with all its clues taken away.
func TestHardestRule(t *testing.T) {
	for _, tc := range []struct {
		arg   string
		strip bool // take every clue away: stuck
		trial bool // the solve needs a trial
	}{
		{"../testdata/shinro/playshinro-1.txt", true, false},
		{"../testdata/juosan/janko/6x6_1.in", true, false},
		{"../testdata/linjat/easy-3.txt", true, false},
		{"../testdata/arrows/2026-01-24", true, false},
		{"../testdata/juosan/janko/10x10_20.in", false, true},
		{"../testdata/shinro/nested.shinro", false, true},
		{"../testdata/arrows/2026-02-08", false, true},
	} {
		t.Run(tc.arg, func(t *testing.T) {
			items, _ := report.Load(kinds.Default(), []string{tc.arg}, kind.Options{}, nil, nil)
			if len(items) != 1 || items[0].Puzzle == nil {
				t.Fatalf("want one puzzle: %+v", items)
			}
			if tc.strip {
				cl := items[0].Puzzle.Grid.(kind.Clued)
				var ids []int
				for _, c := range cl.Clues() {
					ids = append(ids, c.ID)
				}
				inst, err := cl.Without(ids...)
				if err != nil {
					t.Fatal(err)
				}
				items[0].Puzzle.Grid = inst
			}
			recs, err := report.Gather(context.Background(), items, report.Options{EntryOptions: answer.EntryOptions{Kinds: kinds.Default(), Solver: gini.NewSolver}})
			if err != nil {
				t.Fatal(err)
			}
			g := recs[0].Grade
			if g == nil {
				t.Fatal("no grade")
			}
			top := report.RuleUse{} // none used: no hardest rule
			if len(g.Rules) > 0 {
				top = g.Rules[len(g.Rules)-1] // by level, then name
			}
			if g.HardestLevel != top.Level || (g.Hardest == "") != (top.Name == "") {
				t.Errorf("hardest rule %q (level %d); the rules used go up to %q (level %d)", g.Hardest, g.HardestLevel, top.Name, top.Level)
			}
			if tc.trial && (g.TrialDepth == 0 || g.HardestLevel <= g.MaxLevel) {
				t.Errorf("a solve with trials: trial depth %d, hardest %s (level %d), plain rules up to level %d; want a trial, above them",
					g.TrialDepth, g.Hardest, g.HardestLevel, g.MaxLevel)
			}
			var b strings.Builder
			if err := report.WriteHTML(&b, recs, report.Meta{Kinds: kinds.Default(), Title: "t"}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), g.HardestNote()) {
				t.Errorf("the page does not say %q", g.HardestNote())
			}
			if !tc.strip {
				if g.StuckAfter != "" {
					t.Errorf("%s solve names a rule it was stuck after: %s", g.Status, g.StuckAfter)
				}
				return
			}
			if g.Status != "stuck" {
				t.Fatalf("with no clue the rules end %s, want stuck", g.Status)
			}
			if g.StuckAfter == "" || g.StuckLevel < g.HardestLevel || (g.StuckLevel == g.HardestLevel && g.StuckAfter != g.Hardest) {
				t.Errorf("stuck after %q (level %d), hardest used %s (level %d): want the rule tried last, at or above every rule used",
					g.StuckAfter, g.StuckLevel, g.Hardest, g.HardestLevel)
			}
			if want := "stuck: no rule up to " + g.StuckAfter; !strings.Contains(g.HardestNote(), want) {
				t.Errorf("the note %q does not say %q", g.HardestNote(), want)
			}
		})
	}
}
