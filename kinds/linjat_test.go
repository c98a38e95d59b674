package kinds_test

import (
	"context"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// TestLinjatCorpus: tutorial/3 has two solutions and the other tutorials
// one; the sound rules (no trials) finish each of the 100 graded levels,
// whose route is "sound". kindtest covers uniqueness on every back-end
// and the certification of every step.
func TestLinjatCorpus(t *testing.T) {
	insts := parseFile(t, "linjat", testcorpus.Path("linjat", "puzzles.json"), kinds.Options{})
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
		g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: factory(t, "gini"), Trials: 0, CertifySteps: false})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.Human.Status != human.StatusSolved {
			t.Errorf("%s: rules ended %s, want solved", name, g.Human.Status)
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
