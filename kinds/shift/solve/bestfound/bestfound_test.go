package bestfound

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// TestLoopover4x4NotBelowOptimum: on the fixed 4×4 set whose optima the
// exact search proves (kinds/shift/search/fixed_test.go), what the beam
// finds replays to the goal and is never shorter than the optimum.
func TestLoopover4x4NotBelowOptimum(t *testing.T) {
	optimum := map[string]int{"seed-101.txt": 14, "seed-102.txt": 14, "seed-114.txt": 12, "seed-118.txt": 12}
	for name, opt := range optimum {
		data, err := os.ReadFile(filepath.Join("..", "..", "search", "testdata", "loopover-4x4", name))
		if err != nil {
			t.Fatal(err)
		}
		p, err := shift.Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		m := Solve(context.Background(), p, Options{Widths: []int{256}})
		if m == nil {
			t.Fatalf("%s: nothing found", name)
		}
		if !Replays(p, m) {
			t.Errorf("%s: %v does not reach the goal", name, m)
		}
		if len(m) < opt {
			t.Errorf("%s: %d moves, below the proven optimum %d", name, len(m), opt)
		}
	}
}

// TestLoopover5x5Scrambles: on 5×5 scrambles of 15 random moves (the
// seeds of bench/shift_process_test.go's 5×5 cells), the beam finds a
// solution that replays to the goal and is no shorter than the admissible
// bound ceil(h/5) (a move carries five tokens one step each).
func TestLoopover5x5Scrambles(t *testing.T) {
	base, err := shift.Loopover(5, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []uint64{201, 202, 203} {
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
