package bestfound

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
)

// TestLoopover4x4NotBelowOptimum: on the fixed 4×4 set whose optima the
// exact search proves (kinds/shift/search/fixed_test.go), what the search
// finds replays to the goal and is never shorter than the optimum: the
// beams over token distances alone, a beam over walking distances (built
// into a fresh cache folder: 4×4's are small), and the rounds with walking
// distances, which run until nothing shorter is left or their context
// ends (a second each here; what they return, if anything, is no longer
// than what their first beam finds).
func TestLoopover4x4NotBelowOptimum(t *testing.T) {
	optimum := map[string]int{"seed-101.txt": 14, "seed-102.txt": 14, "seed-103.txt": 14, "seed-104.txt": 14,
		"seed-107.txt": 14, "seed-110.txt": 14, "seed-114.txt": 12, "seed-118.txt": 12}
	dir := t.TempDir()
	for name, opt := range optimum {
		data, err := os.ReadFile(filepath.Join("..", "..", "search", "testdata", "loopover-4x4", name))
		if err != nil {
			t.Fatal(err)
		}
		p, err := shift.Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string, m []int) {
			t.Helper()
			if m == nil {
				t.Fatalf("%s, %s: nothing found", name, what)
			}
			if !Replays(p, m) {
				t.Errorf("%s, %s: %v does not reach the goal", name, what, m)
			}
			if len(m) < opt {
				t.Errorf("%s, %s: %d moves, below the proven optimum %d", name, what, len(m), opt)
			}
		}
		check("token beams", Solve(context.Background(), p, Options{Widths: []int{64, 256, 1024}}))
		wds := walkingDistances(t, p, dir)
		g := newGuide(p, newTokenDist(p), wds)
		check("beam over walking distances", beam(context.Background(), p, g, bytesOf(p.Start), 256, 60))
		first := beam(context.Background(), p, g, bytesOf(p.Start), wdWidths[0], 60)
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		m := Solve(ctx, p, Options{WDs: wds})
		cancel()
		if m != nil {
			check("rounds", m)
			if first != nil && len(m) > len(first) {
				t.Errorf("%s: rounds %d moves, their first beam %d", name, len(m), len(first))
			}
		}
	}
}

// TestLoopover3x3AgainstBFS: on 3×3 scrambles (seeds 1–12, 6 to 17
// random moves) whose optima breadth-first search proves, the weighted
// deepening given the optimum as its cap finds a solution of exactly that
// length, and given one less finds none and says so (its cap cuts by
// the admissible walking distances only); so the search with walking
// distances, run with no deadline, ends on an optimal solution.
func TestLoopover3x3AgainstBFS(t *testing.T) {
	base, err := shift.Loopover(3, 3)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for seed := uint64(1); seed <= 12; seed++ {
		p, _, err := shift.Scramble(base, 5+int(seed), rand.New(rand.NewPCG(seed, 0x5eed)))
		if err != nil {
			t.Fatal(err)
		}
		r, err := search.Solve(context.Background(), p, search.Options{Method: "bfs", TableDir: dir})
		if err != nil || r.Status != search.Optimal {
			t.Fatalf("seed %d: bfs %v %v", seed, r, err)
		}
		opt := len(r.Moves)
		wds := walkingDistances(t, p, dir)
		m := Solve(context.Background(), p, Options{WDs: wds})
		if m == nil || !Replays(p, m) || len(m) != opt {
			t.Errorf("seed %d: found %v (%d moves), optimum %d", seed, m, len(m), opt)
		}
		g := newGuide(p, newTokenDist(p), wds)
		for _, w := range weightings {
			m, none := weightedIDA(context.Background(), p, g, shift.NewCanon(p, 3), bytesOf(p.Start), w, opt)
			if len(m) != opt || !Replays(p, m) || none {
				t.Errorf("seed %d, weighting %v, cap %d: %v, none %v", seed, w, opt, m, none)
			}
			if m, none = weightedIDA(context.Background(), p, g, shift.NewCanon(p, 3), bytesOf(p.Start), w, opt-1); m != nil || !none {
				t.Errorf("seed %d, weighting %v, cap %d: %v, none %v; want nothing, and no more to search", seed, w, opt-1, m, none)
			}
		}
	}
}

// TestLoopover5x5Scrambles: on 5×5 scrambles of 15 random moves (the
// seeds of bench/shift_process_test.go's 5×5 cells), the search finds a
// solution that replays to the goal and is no shorter than the admissible
// bound ceil(h/5) (a move carries five tokens one step each). Without
// walking distances (5×5's take minutes to build; the caller has none
// before `shift tables`) the search steers by token distances.
func TestLoopover5x5Scrambles(t *testing.T) {
	base, err := shift.Loopover(5, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []uint64{301, 302, 303} {
		p, _, err := shift.Scramble(base, 15, rand.New(rand.NewPCG(seed, 0x5eed)))
		if err != nil {
			t.Fatal(err)
		}
		m := Solve(context.Background(), p, Options{Widths: []int{64}})
		if m == nil {
			t.Fatalf("seed %d: nothing found", seed)
		}
		if !Replays(p, m) {
			t.Errorf("seed %d: %v does not reach the goal", seed, m)
		}
		if lb := (newTokenDist(p).h(p.Start) + 4) / 5; len(m) < lb {
			t.Errorf("seed %d: %d moves, below the bound %d", seed, len(m), lb)
		}
	}
}

// TestStopsOnDeadline: the rounds stop when the context ends (the
// deadline below only catches a hang, and says so).
func TestStopsOnDeadline(t *testing.T) {
	base, err := shift.Loopover(4, 4)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := shift.Scramble(base, 60, rand.New(rand.NewPCG(9, 0x5eed)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	done := make(chan []int, 1)
	wds := walkingDistances(t, p, t.TempDir())
	go func() { done <- Solve(ctx, p, Options{WDs: wds}) }()
	select {
	case m := <-done:
		if m != nil && !Replays(p, m) {
			t.Errorf("%v does not reach the goal", m)
		}
	case <-time.After(time.Minute):
		t.Fatal("hang: Solve ran a minute past its 100 ms deadline")
	}
}

// TestNoAnswer: a goal given by sums only has no target to steer by, a
// done context stops the search, and a solved start is solved by no move.
func TestNoAnswer(t *testing.T) {
	base, err := shift.Loopover(3, 3)
	if err != nil {
		t.Fatal(err)
	}
	scrambled, _, err := shift.Scramble(base, 10, rand.New(rand.NewPCG(1, 0x5eed)))
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		p    *shift.Puzzle
		want []int
	}{
		{"magic (sums)", context.Background(), shift.Reborn(), nil},
		{"stopped", done, scrambled, nil},
		{"solved", context.Background(), base, []int{}},
	}
	for _, tc := range tests {
		got := Solve(tc.ctx, tc.p, Options{})
		if (got == nil) != (tc.want == nil) || len(got) != len(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// walkingDistances are p's two walking distances, read from (or, small,
// built into) the cache folder dir.
func walkingDistances(t *testing.T, p *shift.Puzzle, dir string) []*search.WalkingDistance {
	t.Helper()
	wds, err := search.CachedWalkingDistances(context.Background(), p, dir)
	if err != nil || len(wds) != 2 {
		t.Fatalf("walking distances %v, %v", wds, err)
	}
	return wds
}
