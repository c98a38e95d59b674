package search

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

// TestWalkingDistanceAdmissible: on Loopover 3×3, the sum of the two
// walking distances never exceeds a state's distance (every state, by
// full breadth-first search), and is exact on some.
func TestWalkingDistanceAdmissible(t *testing.T) {
	p, _ := shift.Loopover(3, 3)
	dist, _, _ := godsNumber(t, p)
	wds, err := NewWalkingDistances(context.Background(), p, 1_000_000, t.TempDir())
	if err != nil || len(wds) != 2 {
		t.Fatalf("walking distances %v, %v; want two", wds, err)
	}
	h := &Heuristic{WDs: wds}
	checkAdmissible(t, p, dist, h.H, rand.New(rand.NewPCG(8, 9)), 20000, "the walking distance")
}

// TestWalkingDistanceCounts: the rows' walking distance counts column
// moves only, the columns' row moves only (Loopover lists its row moves
// first, so the rows' comes first).
func TestWalkingDistanceCounts(t *testing.T) {
	p, _ := shift.Loopover(4, 4)
	wds, err := NewWalkingDistances(context.Background(), p, 1_000_000, t.TempDir())
	if err != nil || len(wds) != 2 {
		t.Fatalf("walking distances %v, %v; want two", wds, err)
	}
	at := func(names ...string) []int {
		states, err := p.Replay(names)
		if err != nil {
			t.Fatal(err)
		}
		return states[len(states)-1]
	}
	tests := []struct {
		name  string
		moves []string
		want  [2]int // the rows' bound (column moves), the columns' (row moves)
	}{
		{"solved", nil, [2]int{0, 0}},
		{"one row move", []string{"r1l"}, [2]int{0, 1}},
		{"one column move", []string{"c2u"}, [2]int{1, 0}},
		{"two rows, one column", []string{"r1l", "r3r", "c4d"}, [2]int{1, 2}},
		{"a half turn of a column", []string{"c1u", "c1u"}, [2]int{2, 0}},
	}
	for _, tt := range tests {
		s := at(tt.moves...)
		b := make([]uint8, len(s))
		for i, v := range s {
			b[i] = uint8(v)
		}
		var have [2]int
		for i, w := range wds {
			have[i] = w.h(b)
		}
		if have != tt.want {
			t.Errorf("%s: walking distances %v, want %v", tt.name, have, tt.want)
		}
	}
	s0, _ := wds[0].Stats()
	s1, _ := wds[1].Stats()
	if s0 != s1 || s0 < 1000 {
		t.Errorf("states %d and %d", s0, s1)
	}
}

// TestWalkingDistanceNotFor: puzzles it does not fit get none.
func TestWalkingDistanceNotFor(t *testing.T) {
	rb := shift.Reborn() // a goal of sums, no target
	wds, err := NewWalkingDistances(context.Background(), rb, 1_000_000, t.TempDir())
	if err != nil || wds != nil {
		t.Errorf("reborn: %v, %v; want none", wds, err)
	}
}

// TestLoopover4x4IDA: IDA* with the walking distances finds the optimum
// of short 4×4 scrambles, as the breadth-first search does.
func TestLoopover4x4IDA(t *testing.T) {
	lo, _ := shift.Loopover(4, 4)
	h, err := NewHeuristic(context.Background(), lo, [][]int{lo.Goal.Target}, 4_000_000, 0, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if len(h.WDs) != 2 {
		t.Fatalf("%d walking distances, want 2", len(h.WDs))
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for i := 0; i < 5; i++ {
		q, _, err := shift.Scramble(lo, 7, rng)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Solve(context.Background(), q, Options{Method: "bfs"})
		if err != nil || want.Status != Optimal {
			t.Fatalf("bfs: %v %v", want, err)
		}
		have, err := Solve(context.Background(), q, Options{Method: "ida", Heuristic: h})
		if err != nil || have.Status != Optimal || len(have.Moves) != len(want.Moves) {
			t.Errorf("scramble %d: IDA* %v %d moves, bfs %d", i, have.Status, len(have.Moves), len(want.Moves))
		}
		checkSolution(t, q, have)
	}
}

func TestPermParity(t *testing.T) {
	tests := []struct {
		perm []int
		want int
	}{
		{[]int{0, 1, 2}, 0},
		{[]int{1, 0, 2}, 1},
		{[]int{1, 2, 0}, 0},
		{[]int{1, 2, 3, 0}, 1},
		{[]int{1, 0, 3, 2}, 0},
	}
	for _, tt := range tests {
		if have := permParity(tt.perm); have != tt.want {
			t.Errorf("permParity(%v) = %d, want %d", tt.perm, have, tt.want)
		}
	}
}

// TestWalkingDistanceTableCache: the tables are built once per cache
// folder, read back afterwards, and rebuilt when their file is damaged;
// every way gives the same distances.
func TestWalkingDistanceTableCache(t *testing.T) {
	p, _ := shift.Loopover(4, 4)
	dir := t.TempDir()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 6))
	var states [][]uint8
	for range 200 {
		q, _, err := shift.Scramble(p, 30, rng)
		if err != nil {
			t.Fatal(err)
		}
		s := make([]uint8, len(q.Start))
		for i, v := range q.Start {
			s[i] = uint8(v)
		}
		states = append(states, s)
	}
	var want []int
	damage := func() {
		files, _ := filepath.Glob(filepath.Join(dir, "wd-*.tbl"))
		if len(files) == 0 {
			t.Fatal("no table files")
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			b[len(b)-5] ^= 1 // a byte of the last entry
			if err := os.WriteFile(f, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, step := range []struct {
		before func()
		want   tablecache.Outcome
	}{{nil, tablecache.Built}, {nil, tablecache.Loaded}, {damage, tablecache.Rebuilt}, {nil, tablecache.Loaded}} {
		if step.before != nil {
			step.before()
		}
		wds, err := NewWalkingDistances(ctx, p, 1_000_000, dir)
		if err != nil || len(wds) != 2 {
			t.Fatalf("step %d: %v, %v", i, wds, err)
		}
		var have []int
		for _, w := range wds {
			if w.Table != step.want {
				t.Errorf("step %d: %s table %v, want %v", i, w.Name, w.Table, step.want)
			}
			for _, s := range states {
				have = append(have, w.h(s))
			}
		}
		if want == nil {
			want = have
		} else if !slices.Equal(have, want) {
			t.Errorf("step %d: distances differ from the first build's", i)
		}
	}
}
