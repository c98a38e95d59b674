package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// TestLoopover4x4FixedSet: the default search's optima of a fixed set of
// 4×4 scrambles (`shift scramble --builtin loopover:4x4 --moves 100
// --seed S`, in testdata) equal the lengths the previous solver proved
// (commit 920eb70, `shift solve --method search`, with walking distances
// built per process), and every solution replays to the goal, on one
// IDA* worker and on two.
func TestLoopover4x4FixedSet(t *testing.T) {
	want := map[string]int{
		"seed-101.txt": 14, "seed-102.txt": 14, "seed-103.txt": 14, "seed-104.txt": 14,
		"seed-107.txt": 14, "seed-110.txt": 14, "seed-114.txt": 12, "seed-118.txt": 12,
	}
	dir := t.TempDir()
	for name, length := range want {
		data, err := os.ReadFile(filepath.Join("testdata", "loopover-4x4", name))
		if err != nil {
			t.Fatal(err)
		}
		p, err := shift.Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		// One worker, and two (idapar.go: what 5×5 runs).
		for _, workers := range []int{1, 2} {
			r, err := Solve(context.Background(), p, Options{TableDir: dir, Workers: workers})
			if err != nil || r.Status != Optimal {
				t.Fatalf("%s, %d workers: %v %v", name, workers, r, err)
			}
			if len(r.Moves) != length || r.LowerBound != length {
				t.Errorf("%s, %d workers: %d moves (bound %d), the previous solver proved %d", name, workers, len(r.Moves), r.LowerBound, length)
			}
			checkSolution(t, p, r)
		}
	}
}

// TestParallelIDADeadline: two IDA* workers stop at the run's deadline
// and say so, with the bound proven so far; a run that finishes first
// gives a replayed optimum. The 10 s bound only catches a hang.
func TestParallelIDADeadline(t *testing.T) {
	lo, _ := shift.Loopover(4, 4)
	p, _, err := shift.Scramble(lo, 200, rand.New(rand.NewPCG(8, 8)))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	wds, err := NewWalkingDistances(context.Background(), p, wdStates, dir)
	if err != nil || wds == nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	done := make(chan struct{})
	var r *Result
	go func() {
		defer close(done)
		r, err = Solve(ctx, p, Options{Method: "ida", Heuristic: &Heuristic{WDs: wds}, Workers: 2, TableDir: dir})
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("no answer 10 s after a 30 ms deadline (hang)")
	}
	switch {
	case err != nil:
		if !errors.Is(err, context.DeadlineExceeded) || r == nil || r.Status != Unknown || r.LowerBound == 0 {
			t.Errorf("stopped: %+v, %v; want the deadline and the bound proven", r, err)
		}
	case r.Status != Optimal || len(r.Moves) != r.LowerBound:
		t.Errorf("finished: %+v", r)
	default:
		checkSolution(t, p, r)
	}
}
