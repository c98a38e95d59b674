package shift

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	sm "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
)

// TestWithBest: a solution found is kept only when it replays to the goal,
// is no shorter than the proven lower bound and fits the step limit; one
// that meets the bound settles the answer as optimal (proof "bound").
func TestWithBest(t *testing.T) {
	base, err := sm.Loopover(3, 3)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := sm.Scramble(base, 12, rand.New(rand.NewPCG(7, 0x5eed)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := search.Solve(context.Background(), p, search.Options{TableDir: t.TempDir()})
	if err != nil || r.Status != search.Optimal || len(r.Moves) < 2 {
		t.Fatalf("exact search: %v %v", r, err)
	}
	opt := r.Moves
	left, _ := p.MoveIndex("r1l")
	right, _ := p.MoveIndex("r1r")
	detour := append([]int{left, right}, opt...) // two moves longer, same end
	stopped := context.DeadlineExceeded
	tests := []struct {
		name       string
		best       []int
		lowerBound int
		status     kind.Status
		kept       bool
	}{
		{"meets the bound", opt, len(opt), kind.Optimal, true},
		{"above the bound", detour, len(opt), kind.Unknown, true},
		{"misses the goal", opt[:len(opt)-1], len(opt) - 1, kind.Unknown, false},
		{"below the bound", opt, len(opt) + 1, kind.Unknown, false},
		{"nothing found", nil, len(opt), kind.Unknown, false},
	}
	for _, tc := range tests {
		in := &kind.Shortest{Status: kind.Unknown, LowerBound: tc.lowerBound}
		out, err := withBest(in, stopped, p, tc.best)
		if out.Status != tc.status || (out.BestFound != nil) != tc.kept {
			t.Errorf("%s: status %s, best found %v; want %s, kept %v", tc.name, out.Status, out.BestFound, tc.status, tc.kept)
		}
		switch settled := tc.status == kind.Optimal; {
		case settled && (err != nil || out.Proof != kind.ProofBound || !slices.Equal(out.Moves, tc.best)):
			t.Errorf("%s: settled with %v, proof %q, moves %v", tc.name, err, out.Proof, out.Moves)
		case !settled && !errors.Is(err, stopped):
			t.Errorf("%s: error %v, want the run's %v", tc.name, err, stopped)
		}
	}
}

// TestSearchBounds: the exact search's proven lower bounds reach OnBound
// and the progress lines as they rise, the last one the optimum (IDA*
// states the bound of its last iteration, which finds the solution).
func TestSearchBounds(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the search's tables
	data, err := os.ReadFile("examples/loopover-3x3-worst.txt")
	if err != nil {
		t.Fatal(err)
	}
	p, err := sm.Parse("loopover-3x3-worst.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	var bounds []int
	var progress strings.Builder
	out, err := shortest(context.Background(), Wrap(p), kind.ShortestOptions{Method: kind.MethodSearch, Progress: &progress,
		OnBound: func(b kind.Bound) { bounds = append(bounds, b.K) }})
	if err != nil || out.Status != kind.Optimal || len(out.Moves) != 8 {
		t.Fatalf("have %+v, %v; want optimal in 8 moves", out, err)
	}
	if len(bounds) == 0 || bounds[len(bounds)-1] != 8 || !slices.IsSorted(bounds) || len(slices.Compact(slices.Clone(bounds))) != len(bounds) {
		t.Errorf("bounds %v: want rising to 8", bounds)
	}
	lines := strings.Split(strings.TrimSpace(progress.String()), "\n")
	if len(lines) != len(bounds) || !strings.HasPrefix(lines[len(lines)-1], "search: no solution shorter than 8 moves") {
		t.Errorf("progress %q: want a line per bound %v", progress.String(), bounds)
	}
}
