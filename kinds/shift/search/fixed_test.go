package search

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// TestLoopover4x4FixedSet: the default search's optima of a fixed set of
// 4×4 scrambles (`shift scramble --builtin loopover:4x4 --moves 100
// --seed S`, in testdata) equal the lengths the previous solver proved
// (commit 920eb70, `shift solve --method search`, with walking distances
// built per process), and every solution replays to the goal.
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
		r, err := Solve(context.Background(), p, Options{TableDir: dir})
		if err != nil || r.Status != Optimal {
			t.Fatalf("%s: %v %v", name, r, err)
		}
		if len(r.Moves) != length || r.LowerBound != length {
			t.Errorf("%s: %d moves (bound %d), the previous solver proved %d", name, len(r.Moves), r.LowerBound, length)
		}
		checkSolution(t, p, r)
	}
}
