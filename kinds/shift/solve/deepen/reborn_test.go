//go:build acceptance

package deepen

import (
	"context"
	"os"
	"os/exec"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/ext"
)

// checkRebornProof asserts the acceptance facts: 11 moves that replay to a
// goal, every depth 0..10 refuted part by part, and depth 11 satisfiable.
func checkRebornProof(t *testing.T, res *Result, solver string) {
	t.Helper()
	p := shift.Reborn()
	if res.Status != Optimal || len(res.Moves) != 11 || res.LowerBound != 11 {
		t.Fatalf("%s: %s, %d moves, bound %d; want optimal 11", solver, res.Status, len(res.Moves), res.LowerBound)
	}
	if err := Check(p, res.Moves, 11); err != nil {
		t.Errorf("%s: %v", solver, err)
	}
	if len(res.Depths) != 12 {
		t.Fatalf("%s: %d depths in the proof, want 12", solver, len(res.Depths))
	}
	for k, d := range res.Depths[:11] {
		if d.K != k || d.Status != "UNSATISFIABLE" || len(d.Parts) != max(1, 2*k) {
			t.Errorf("%s: depth %d: k %d, %s, %d parts; want UNSATISFIABLE with %d parts", solver, k, d.K, d.Status, len(d.Parts), max(1, 2*k))
		}
		for _, pt := range d.Parts {
			if pt.Status != "UNSATISFIABLE" {
				t.Errorf("%s: depth %d part %s: %s", solver, k, pt.Name, pt.Status)
			}
		}
	}
	if d := res.Depths[11]; d.Status != "SATISFIABLE" {
		t.Errorf("%s: depth 11 is %s", solver, d.Status)
	}
	var names []string
	for _, m := range res.Moves {
		names = append(names, p.Moves[m].Name)
	}
	t.Logf("%s: 10 refuted at %.1f s, optimum at %.1f s: %v", solver, res.Depths[10].AtMS/1000, res.Elapsed.Seconds(), names)
}

// TestAcceptanceRebornOptimumCadical: the acceptance run on cadical (about
// 20 s on two cores), and the exact search's answer beside it (IDA* with
// pattern databases, about 15 s; not under the race detector).
func TestAcceptanceRebornOptimumCadical(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("cadical is not on PATH; CI installs it (.ci/run)")
		}
		t.Skip("cadical is not on PATH (install it to run this test; CI does)")
	}
	res, err := Solve(context.Background(), shift.Reborn(), Options{MaxSteps: 11, Jobs: 2,
		NewSolver: func() (sat.Solver, error) { return ext.New("cadical --sat") }})
	if err != nil {
		t.Fatal(err)
	}
	checkRebornProof(t, res, "cadical --sat")
	if raceEnabled {
		return // building the pattern databases under the race detector takes minutes
	}

	p := shift.Reborn()
	goals, _ := p.GoalStates(1000, 10_000_000)
	h, err := search.NewHeuristic(context.Background(), p, goals, 4_000_000, 2, "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := search.Solve(context.Background(), p, search.Options{Goals: goals, Heuristic: h, Method: "ida"})
	if err != nil || r.Status != search.Optimal || len(r.Moves) != 11 {
		t.Errorf("exact search: %+v %v; want optimal 11", r, err)
	}
}

// TestAcceptanceRebornOptimumGini: the same proof in-process, one incremental gini
// per worker (about 2 min on two cores). Under the race detector, which
// slows gini about tenfold, only depths 0..8 are refuted.
func TestAcceptanceRebornOptimumGini(t *testing.T) {
	if raceEnabled {
		res, err := Solve(context.Background(), shift.Reborn(), Options{MaxSteps: 8, Jobs: 2, NewSolver: newGini})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != NoSolutionWithin || res.LowerBound != 9 {
			t.Errorf("depths 0..8: %s, bound %d; want no-solution-within, 9", res.Status, res.LowerBound)
		}
		return
	}
	res, err := Solve(context.Background(), shift.Reborn(), Options{MaxSteps: 11, Jobs: 2, NewSolver: newGini})
	if err != nil {
		t.Fatal(err)
	}
	checkRebornProof(t, res, "gini")
}
