package search

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// TestCachedWalkingDistances: 5×5's ranked table missing from the cache
// folder is not built (nothing, and no file); 4×4's small tables are, and
// Distance is the heuristic's walking distance, changed only by the moves
// whose Crossings are not empty (a row move never changes the rows').
func TestCachedWalkingDistances(t *testing.T) {
	ctx := context.Background()
	big, _ := shift.Loopover(5, 5)
	dir := t.TempDir()
	if wds, err := CachedWalkingDistances(ctx, big, dir); wds != nil || err != nil {
		t.Errorf("5×5, empty cache folder: %v, %v; want nothing", wds, err)
	}
	if files, _ := os.ReadDir(dir); len(files) > 0 {
		t.Errorf("5×5: %d files written", len(files))
	}
	p, _ := shift.Loopover(4, 4)
	wds, err := CachedWalkingDistances(ctx, p, dir)
	if err != nil || len(wds) != 2 {
		t.Fatalf("4×4: %v, %v", wds, err)
	}
	h := &Heuristic{WDs: wds}
	rng := rand.New(rand.NewPCG(3, 9))
	for range 200 {
		q, _, err := shift.Scramble(p, 30, rng)
		if err != nil {
			t.Fatal(err)
		}
		s := make([]uint8, len(q.Start))
		for c, v := range q.Start {
			s[c] = uint8(v)
		}
		if sum := wds[0].Distance(s) + wds[1].Distance(s); sum != h.H(q.Start) {
			t.Fatalf("walking distances %d, heuristic %d", sum, h.H(q.Start))
		}
		for _, mv := range p.Moves {
			child := make([]uint8, len(s))
			for c, src := range mv.Src {
				child[c] = s[src]
			}
			for _, w := range wds {
				if len(w.Crossings(mv.Src)) == 0 && w.Distance(child) != w.Distance(s) {
					t.Fatalf("%s: move %s crosses no line of it but changes its distance", w.Name, mv.Name)
				}
			}
		}
	}
	row, _ := p.MoveIndex("r1l")
	if n0, n1 := len(wds[0].Crossings(p.Moves[row].Src)), len(wds[1].Crossings(p.Moves[row].Src)); n0*n1 != 0 || n0+n1 != 4 {
		t.Errorf("r1l crosses %d and %d tokens, want 4 across one type's lines and none across the other's", n0, n1)
	}
}
