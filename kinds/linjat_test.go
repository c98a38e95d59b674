package kinds_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kindtest"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// TestLinjatCorpus: tutorial/3 has two solutions and the other tutorials
// one; the sound rules (no trials) finish each of the 100 graded levels,
// whose route is "sound". kindtest covers the rest of the corpus but
// linjatRowsBroken: for those this test keeps the checks kindtest would
// make, uniqueness on every back-end and every step certified.
func TestLinjatCorpus(t *testing.T) {
	insts := parseFile(t, "linjat", testcorpus.Path("linjat", "puzzles.json"), kinds.Options{})
	ctx := context.Background()
	graded := 0
	for _, inst := range insts {
		name := inst.Name()
		broken := slices.Contains(linjatRowsBroken, name)
		if strings.HasPrefix(name, "tutorial/") {
			r, err := solve.Check(ctx, inst, "gini", false)
			if err != nil {
				t.Fatal(err)
			}
			want := sat.UniqueSolution
			if name == "tutorial/3" {
				want = sat.MultipleSolutions
			}
			if r.Status != want {
				t.Errorf("%s: have %v, want %v", name, r.Status, want)
			}
			continue
		}
		graded++
		if broken {
			for _, solver := range kindtest.Backends(t) {
				r, err := solve.Check(ctx, inst, solver, false)
				if err != nil {
					t.Fatalf("%s %s: %v", name, solver, err)
				}
				if r.Status != sat.UniqueSolution {
					t.Errorf("%s %s: have %v, want unique", name, solver, r.Status)
				}
			}
		}
		g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: "gini", Trials: 0, CertifySteps: broken})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		elims := 0
		for _, s := range g.Human.Steps {
			elims += len(s.Elims)
		}
		if g.Human.Status != human.StatusSolved || broken && g.Certified != elims {
			t.Errorf("%s: rules ended %s with %d of %d eliminations certified; want solved, all certified",
				name, g.Human.Status, g.Certified, elims)
		}
		if rr, ok := inst.(kinds.RouteReporter); !ok {
			t.Fatalf("%s: Linjat instances must report their route", name)
		} else if route, err := rr.Route(ctx); err != nil || route != "sound" {
			t.Errorf("%s: route %q (%v), want sound", name, route, err)
		}
	}
	if graded != 100 {
		t.Errorf("have %d graded levels, want 100", graded)
	}
}
