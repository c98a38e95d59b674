package hybrid

import (
	"context"
	"math/rand/v2"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/deepen"
)

// TestLoopoverSearchAgreesWithSAT: on a sample of Loopover scrambles short
// enough for SAT to decide (4×4 of 3 to 7 random moves, 5×5 of 3 to 5),
// the search's optimum (4×4: the default, IDA* with the walking
// distances, tables from a cache folder; 5×5: breadth-first, since its
// walking distances' table takes minutes to build, and its ranked tables
// are checked against the numbered ones in package search) has SAT's
// length: SAT refutes every shorter one.
func TestLoopoverSearchAgreesWithSAT(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(36, 4))
	type sample struct {
		size, moves int
	}
	var samples []sample
	for m := 3; m <= 7; m++ {
		samples = append(samples, sample{4, m})
	}
	for m := 3; m <= 5; m++ {
		samples = append(samples, sample{5, m})
	}
	for _, s := range samples {
		lo, _ := shift.Loopover(s.size, s.size)
		p, _, err := shift.Scramble(lo, s.moves, rng)
		if err != nil {
			t.Fatal(err)
		}
		opt := search.Options{TableDir: dir}
		if s.size == 5 {
			opt.Method = "bfs"
		}
		ex, err := search.Solve(ctx, p, opt)
		if err != nil || ex.Status != search.Optimal {
			t.Fatalf("%dx%d, %d moves: search %v %v", s.size, s.size, s.moves, ex, err)
		}
		sr, err := deepen.Solve(ctx, p, deepen.Options{NewSolver: newGini, Jobs: 1})
		if err != nil || sr.Status != deepen.Optimal {
			t.Fatalf("%dx%d, %d moves: SAT %v %v", s.size, s.size, s.moves, sr, err)
		}
		if len(ex.Moves) != len(sr.Moves) {
			t.Errorf("%dx%d, %d moves: search %d moves, SAT %d", s.size, s.size, s.moves, len(ex.Moves), len(sr.Moves))
		}
		t.Logf("%dx%d, %d random moves: optimum %d", s.size, s.size, s.moves, len(ex.Moves))
	}
}
