package kindtest_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/crosscheck/kindtest"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// TestRulesSolveCorpus: the human rules finish every puzzle of each
// kind's graded corpus (kind.RulesCorpus.Finish, under each of the kind's
// readings; kindtest certifies their steps and proves the solutions
// unique, it does not require the rules to finish).
func TestRulesSolveCorpus(t *testing.T) { rulesFinish(t, kinds.Default()) }

// rulesFinish runs TestRulesSolveCorpus over reg's kinds, and names the
// kinds it ran.
func rulesFinish(t *testing.T, reg *kinds.Registry) (ran []string) {
	for _, k := range reg.List() {
		if k.Corpus == nil || k.Corpus.Rules == nil || len(k.Corpus.Rules.Finish) == 0 {
			continue
		}
		rc := k.Corpus.Rules
		for _, rd := range readings(k) {
			t.Run(readingName(k, rd), func(t *testing.T) {
				n := 0
				for _, inst := range kindtest.Corpus(t, k, rd.Options(), rc.Finish...) {
					n++
					g, err := crosscheck.Grade(context.Background(), inst, crosscheck.Options{Solver: factory(t, "gini"), Trials: -1})
					if err != nil {
						t.Fatalf("%s: %v", inst.Name(), err)
					}
					if g.Human.Status != human.StatusSolved {
						t.Errorf("%s: rules end %s, want %s", inst.Name(), g.Human.Status, human.StatusSolved)
					}
				}
				if n != rc.Count {
					t.Errorf("have %d puzzles, want %d", n, rc.Count)
				}
			})
		}
		ran = append(ran, k.Name)
	}
	return ran
}

// TestRulesSolvePlayground: the default rules finish every unique puzzle
// of the Juosan playground file, every elimination certified by SAT (the
// five with several solutions end stuck; 5x5_3 is malformed).
func TestRulesSolvePlayground(t *testing.T) {
	path := testcorpus.Path("juosan", "janko_instances.json")
	insts, err := kinds.Default().MustFind("juosan").Parse(path, testcorpus.Read(t, "juosan", "janko_instances.json"), kind.Options{})
	var partial *kind.PartialError
	if err != nil && !errors.As(err, &partial) {
		t.Fatal(err)
	}
	solved := 0
	for _, inst := range insts {
		g, err := crosscheck.Grade(context.Background(), inst, crosscheck.Options{Solver: factory(t, "gini"), Trials: -1, CertifySteps: true})
		if err != nil {
			t.Fatalf("%s: %v", inst.Name(), err)
		}
		switch {
		case g.Human.Status == human.StatusSolved:
			solved++
		case g.SAT.Status == sat.UniqueSolution:
			t.Errorf("%s: rules end %s on a unique puzzle, want solved", inst.Name(), g.Human.Status)
		}
	}
	if solved != 68 {
		t.Errorf("solved %d playground puzzles, want the 68 unique ones", solved)
	}
}

// TestLinjatCorpus: tutorial/3 has two solutions and the other tutorials
// one; the sound rules (no trials) finish each of the 100 graded levels,
// whose route is "sound". kindtest covers uniqueness on every back-end
// and the certification of every step.
func TestLinjatCorpus(t *testing.T) {
	insts := kindtest.Parse(t, "linjat", testcorpus.Path("linjat", "puzzles.json"), kind.Options{})
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
		if rr, ok := inst.(kind.RouteReporter); !ok {
			t.Fatalf("%s: Linjat instances must report their route", name)
		} else if route, err := rr.Route(ctx); err != nil || route != "sound" {
			t.Errorf("%s: route %q (%v), want sound", name, route, err)
		}
	}
	if graded != 100 {
		t.Errorf("have %d graded levels, want 100", graded)
	}
}
