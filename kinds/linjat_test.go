package kinds_test

import (
	"context"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// TestLinjatCorpus: the 100 graded levels are unique on every back-end and
// the sound rules (no cheats) solve each with every step SAT-certified;
// tutorial/3 has two solutions.
func TestLinjatCorpus(t *testing.T) {
	insts := parseFile(t, "linjat", "../testdata/linjat/puzzles.json", kinds.Options{})
	ctx := context.Background()
	graded := 0
	for _, inst := range insts {
		name := inst.Name()
		if strings.HasPrefix(name, "tutorial/") {
			r, err := solve.Check(ctx, inst, factory(t, "gini"), false)
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
		for _, solver := range backends(t) {
			r, err := solve.Check(ctx, inst, factory(t, solver), false)
			if err != nil {
				t.Fatalf("%s %s: %v", name, solver, err)
			}
			if r.Status != sat.UniqueSolution {
				t.Errorf("%s %s: have %v, want unique", name, solver, r.Status)
			}
		}
		g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: factory(t, "gini"), Trials: 0, CertifySteps: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.Human.Status != human.StatusSolved || g.Certified != countElims(g.Human.Steps) {
			t.Errorf("%s: rules ended %s with %d of %d eliminations certified; want solved, all certified",
				name, g.Human.Status, g.Certified, countElims(g.Human.Steps))
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
