package report_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/report"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/solve"
)

// TestRemovableTogether: the clues a record names as removable together
// are redundant ones, the puzzle without all of them is unique, and no
// other redundant clue can go with them (each re-proven here by SAT on
// the edited puzzle), on puzzles of every clued kind with several
// redundant clues; the page names them.
func TestRemovableTogether(t *testing.T) {
	for _, tc := range []struct {
		arg string
		// fewer: not every redundant clue can go with the others (a
		// removal makes another clue needed).
		fewer bool
	}{
		{"../testdata/shinro/playshinro-1.txt", false},
		{"../testdata/juosan/janko/10x10_1.in", false},
		{"../testdata/hostile/linjat-null-puzzle.json#4", false},
		{"../testdata/juosan/janko/6x6_1.in", false},
		{"../testdata/arrows/2026-02-02", true},
		{"../testdata/juosan/janko/10x10_53.in", true},
	} {
		arg := tc.arg
		t.Run(arg, func(t *testing.T) {
			items, _ := report.Load(kinds.Default(), []string{arg}, kind.Options{}, nil, nil)
			if len(items) != 1 || items[0].Puzzle == nil {
				t.Fatalf("want one puzzle: %+v", items)
			}
			recs, err := report.Gather(context.Background(), items, report.Options{EntryOptions: answer.EntryOptions{Kinds: kinds.Default(), Solver: gini.NewSolver}})
			if err != nil {
				t.Fatal(err)
			}
			r := recs[0]
			if r.Verdict != report.Unique || r.Removable == nil || r.TimedOut {
				t.Fatalf("want unique with the removable set sought: %s, %v, timed out %v (%s)", r.Verdict, r.Removable, r.TimedOut, r.Error)
			}
			red := map[int]bool{}
			for _, c := range r.Redundant {
				red[c.ID] = true
			}
			var gone []int
			for _, c := range r.Removable {
				if !red[c.ID] {
					t.Errorf("r%dc%d is removable together but not redundant alone", c.Cell.Row+1, c.Cell.Col+1)
				}
				gone = append(gone, c.ID)
			}
			if tc.fewer != (len(r.Removable) < len(r.Redundant)) {
				t.Errorf("%d of %d redundant clues removable together; want fewer: %v", len(r.Removable), len(r.Redundant), tc.fewer)
			}
			if len(r.Redundant) > 0 && len(r.Removable) == 0 {
				t.Errorf("%d redundant clues and none removable: the first alone can go", len(r.Redundant))
			}
			cl := items[0].Puzzle.Grid.(kind.Clued)
			status := func(ids []int) sat.Uniqueness {
				inst, err := cl.Without(ids...)
				if err != nil {
					t.Fatal(err)
				}
				res, err := solve.Check(context.Background(), inst, gini.NewSolver, false)
				if err != nil {
					t.Fatal(err)
				}
				return res.Status
			}
			if st := status(gone); st != sat.UniqueSolution {
				t.Errorf("without the %d clues removable together the puzzle is %v, want unique", len(gone), st)
			}
			for _, c := range r.Redundant {
				if slices.Contains(gone, c.ID) {
					continue
				}
				if st := status(append(slices.Clone(gone), c.ID)); st == sat.UniqueSolution {
					t.Errorf("r%dc%d can go with the others too: the set is not maximal", c.Cell.Row+1, c.Cell.Col+1)
				}
			}
			var b strings.Builder
			if err := report.WriteHTML(&b, recs, report.Meta{Kinds: kinds.Default(), Title: "t"}); err != nil {
				t.Fatal(err)
			}
			if page := b.String(); len(r.Removable) > 0 && !strings.Contains(page, "Removable together:") {
				t.Error("the page does not name the clues removable together")
			}
			t.Logf("%d clues, %d redundant, %d removable together", r.Clues, len(r.Redundant), len(r.Removable))
		})
	}
}
