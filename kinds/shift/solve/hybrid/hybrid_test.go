package hybrid

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/deepen"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

func newGini() (sat.Solver, error) { return gini.New(), nil }

func scrambles(t *testing.T) []*shift.Puzzle {
	t.Helper()
	rng := rand.New(rand.NewPCG(17, 18))
	var out []*shift.Puzzle
	for i := 0; i < 4; i++ {
		q, _, err := shift.Scramble(shift.Reborn(), 3+i, rng)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, q)
	}
	for _, size := range [][2]int{{2, 3}, {3, 3}} {
		lo, _ := shift.Loopover(size[0], size[1])
		q, _, err := shift.Scramble(lo, 20, rng)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, q)
	}
	return out
}

// TestHybridEqualsBoth: on seeded scrambles the hybrid's optimum equals
// the exact search's and SAT deepening's, its moves replay to a goal, and
// it names the side whose proof it returns.
func TestHybridEqualsBoth(t *testing.T) {
	ctx := context.Background()
	for _, p := range scrambles(t) {
		ex, err := search.Solve(ctx, p, search.Options{Method: "bfs"})
		if err != nil || ex.Status != search.Optimal {
			t.Fatalf("%s: exact search %v %v", p.Name, ex, err)
		}
		sr, err := deepen.Solve(ctx, p, deepen.Options{NewSolver: newGini, Jobs: 1})
		if err != nil || sr.Status != deepen.Optimal {
			t.Fatalf("%s: SAT %v %v", p.Name, sr, err)
		}
		if len(sr.Moves) != len(ex.Moves) {
			t.Fatalf("%s: SAT %d moves, exact search %d", p.Name, len(sr.Moves), len(ex.Moves))
		}
		h, err := Solve(ctx, p, Options{Deepen: deepen.Options{NewSolver: newGini}})
		if err != nil {
			t.Fatal(err)
		}
		if h.Status != deepen.Optimal || len(h.Moves) != len(ex.Moves) || h.LowerBound != len(ex.Moves) {
			t.Errorf("%s: hybrid %s, %d moves, bound %d; both methods %d", p.Name, h.Status, len(h.Moves), h.LowerBound, len(ex.Moves))
		}
		if err := deepen.Check(p, h.Moves, len(ex.Moves)); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
		if h.Proof != ProofSAT && h.Proof != ProofSearch {
			t.Errorf("%s: proof %q", p.Name, h.Proof)
		}
	}
}

// TestHybridOneSideFails: when one side cannot settle, the other's proof
// is the answer.
func TestHybridOneSideFails(t *testing.T) {
	p, _, err := shift.Scramble(shift.Reborn(), 6, rand.New(rand.NewPCG(5, 5)))
	if err != nil {
		t.Fatal(err)
	}
	broken := func() (sat.Solver, error) { return nil, errors.New("no solver today") }
	tests := []struct {
		name  string
		opt   Options
		proof string
	}{
		{"search out of states", Options{Deepen: deepen.Options{NewSolver: newGini},
			Search: search.Options{Method: "bfs", MaxStates: 10}}, ProofSAT},
		{"no SAT solver", Options{Deepen: deepen.Options{NewSolver: broken}}, ProofSearch},
	}
	for _, tt := range tests {
		h, err := Solve(context.Background(), p, tt.opt)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if h.Status != deepen.Optimal || h.Proof != tt.proof {
			t.Errorf("%s: %s by %q; want optimal by %q", tt.name, h.Status, h.Proof, tt.proof)
		}
	}
	// Neither side: the error of each is reported.
	_, err = Solve(context.Background(), p, Options{Deepen: deepen.Options{NewSolver: broken},
		Search: search.Options{Method: "bfs", MaxStates: 10}})
	if err == nil {
		t.Error("both sides failed and Solve did not say so")
	}
}

// TestHybridHeadStart: SAT waits out the search's head start. A search
// that settles within it leaves SAT unstarted; one that stops without
// settling starts SAT at once (the head start is an hour: were SAT to
// wait it out, the test would hang, not pass).
func TestHybridHeadStart(t *testing.T) {
	p, _, err := shift.Scramble(shift.Reborn(), 6, rand.New(rand.NewPCG(5, 5)))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		search search.Options
		proof  string
		sat    bool // whether SAT ran
	}{
		{"search settles", search.Options{}, ProofSearch, false},
		{"search out of states", search.Options{Method: "bfs", MaxStates: 10}, ProofSAT, true},
	}
	for _, tt := range tests {
		h, err := Solve(context.Background(), p, Options{Deepen: deepen.Options{NewSolver: newGini},
			Search: tt.search, HeadStart: time.Hour})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if h.Status != deepen.Optimal || h.Proof != tt.proof || (h.SAT != nil) != tt.sat {
			t.Errorf("%s: %s by %q, SAT ran: %v; want optimal by %q, SAT ran: %v", tt.name, h.Status, h.Proof, h.SAT != nil, tt.proof, tt.sat)
		}
	}
}
