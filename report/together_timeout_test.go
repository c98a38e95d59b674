package report_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/answer"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/report"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// stalled is a solver whose Solve waits for its context to end: a proof
// that never finishes within any budget.
type stalled struct{ sat.Solver }

func (s stalled) Solve(ctx context.Context, _ ...int) (sat.Status, error) {
	<-ctx.Done()
	return sat.Unknown, ctx.Err()
}

// TestRemovableTogetherTimeout: when the search for the clues removable
// together runs out of its budget, the record says so (cut short, the
// part named) and keeps the verdict and the redundant clues proven
// before it. The solvers the search makes, counted from a run that
// finishes, stall.
func TestRemovableTogetherTimeout(t *testing.T) {
	const arg = "../testdata/shinro/playshinro-1.txt"
	items, _ := report.Load(kinds.Default(), []string{arg}, kind.Options{}, nil, nil)
	var made atomic.Int64
	counting := func() (sat.Solver, error) { made.Add(1); return gini.NewSolver() }
	opt := report.Options{EntryOptions: answer.EntryOptions{Kinds: kinds.Default(), Solver: counting}, Workers: 1}
	recs, err := report.Gather(context.Background(), items, opt)
	if err != nil {
		t.Fatal(err)
	}
	whole := recs[0]
	if len(whole.Removable) < 2 {
		t.Fatalf("want a puzzle with several clues removable together: %v", whole.Removable)
	}
	// The search proves the puzzle unique, then tries each redundant
	// clue: the last 1+len(redundant) solvers made are its own.
	first := made.Load() - int64(1+len(whole.Redundant))
	made.Store(0)
	opt.Solver = func() (sat.Solver, error) {
		s, err := gini.NewSolver()
		if made.Add(1) > first {
			return stalled{s}, err
		}
		return s, err
	}
	// The budget only ends the stalled search: every proof before it
	// takes milliseconds.
	opt.PuzzleTimeout = 2 * time.Second
	recs, err = report.Gather(context.Background(), items, opt)
	if err != nil {
		t.Fatal(err)
	}
	r := recs[0]
	if r.Verdict != report.Unique || len(r.Redundant) != len(whole.Redundant) {
		t.Errorf("verdict %s with %d redundant clues; want unique with %d, as without the stall", r.Verdict, len(r.Redundant), len(whole.Redundant))
	}
	if !r.TimedOut || r.Removable != nil || !strings.Contains(r.Error, "clues removable together: cut short by the time limit") {
		t.Errorf("timed out %v, removable %v, error %q: want the removable set cut short and said so", r.TimedOut, r.Removable, r.Error)
	}
}
