package hybrid

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
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

// TestSATYields: SAT stops when the exact search has proven a bound
// YieldGap or more past its depth (Loopover 4×4: the walking distances
// prove 9 or more at once), and the search's proof is the answer; a
// search that proves no bound (breadth-first, out of states) never makes
// SAT yield, and SAT's proof is the answer. SAT starts at once and may
// yield at once here (no head start, YieldAfter negative).
func TestSATYields(t *testing.T) {
	lo, _ := shift.Loopover(4, 4)
	far, _, err := shift.Scramble(lo, 40, rand.New(rand.NewPCG(36, 1)))
	if err != nil {
		t.Fatal(err)
	}
	near, _, err := shift.Scramble(shift.Reborn(), 6, rand.New(rand.NewPCG(5, 5)))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		p      *shift.Puzzle
		search search.Options
		proof  string
		yields bool
	}{
		{"search ahead", far, search.Options{TableDir: t.TempDir()}, ProofSearch, true},
		{"search proves no bound", near, search.Options{Method: "bfs", MaxStates: 10}, ProofSAT, false},
	}
	for _, tt := range tests {
		var progress strings.Builder
		h, err := Solve(context.Background(), tt.p, Options{
			Deepen: deepen.Options{NewSolver: newGini, Jobs: 1, Progress: &progress},
			Search: tt.search, HeadStart: -1, YieldAfter: -1})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if h.Status != deepen.Optimal || h.Proof != tt.proof {
			t.Errorf("%s: %s by %q; want optimal by %q", tt.name, h.Status, h.Proof, tt.proof)
		}
		if err := deepen.Check(tt.p, h.Moves, h.LowerBound); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		said := strings.Contains(progress.String(), "sat: stopped")
		if yielded := h.SATYielded != 0; yielded != tt.yields || said != tt.yields {
			t.Errorf("%s: SAT yielded at %d (progress says so: %v); want yielded %v", tt.name, h.SATYielded, said, tt.yields)
		}
		if tt.yields && (h.SATYielded < YieldGap || h.SATYielded > h.LowerBound) {
			t.Errorf("%s: yielded at bound %d; want %d..%d", tt.name, h.SATYielded, YieldGap, h.LowerBound)
		}
	}
}
