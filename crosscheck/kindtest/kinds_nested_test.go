package kindtest_test

import (
	"context"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/crosscheck/kindtest"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// flat keeps the plain rules and the trials with no trial inside them.
type flat struct{ kind.Instance }

func (f flat) Human() (*kind.HumanSetup, error) {
	s, err := f.Instance.Human()
	if err != nil {
		return nil, err
	}
	top := human.TopLevel(s.Rules)
	var rules []*human.Rule
	for _, r := range s.Rules {
		if r.Trial == nil || r.Trial.MaxLevel <= top && r.Trial.Nest == 0 {
			rules = append(rules, r)
		}
	}
	s.Rules = rules
	return s, nil
}

// TestNestedTrialPuzzles: a Juosan, a Shinro and a Linjat puzzle (each a
// corpus puzzle with clues removed while its solution stays unique) that
// the kind's default rules solve only with a proof by contradiction inside
// a proof by contradiction, every elimination certified by SAT; without
// the nested trial the rules are stuck. The proof is a tree: the nested
// step's proof holds a trial step with its own assumption and proof.
func TestNestedTrialPuzzles(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ kind, file string }{
		{"juosan", "juosan/nested.juosan"},
		{"shinro", "shinro/nested.shinro"},
		{"linjat", "linjat/nested.linjat"},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			inst := kindtest.Parse(t, tc.kind, testcorpus.Path(tc.file), kind.Options{})[0]
			g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: factory(t, "gini"), Trials: -1, CertifySteps: true})
			if err != nil {
				t.Fatal(err)
			}
			rep := g.Human.Report
			if g.Human.Status != human.StatusSolved || rep.Nesting != 2 || g.Certified == 0 {
				t.Fatalf("default rules: %s, nesting %d, %d certified; want solved with nesting 2", g.Human.Status, rep.Nesting, g.Certified)
			}
			var tree *human.Step
			for _, s := range g.Human.Steps {
				for i, in := range s.Proof {
					if in.Assume != nil && len(in.Proof) > 0 {
						tree = &s.Proof[i]
					}
				}
			}
			if tree == nil {
				t.Error("no step's proof holds a trial with its own proof")
			}
			f, err := crosscheck.Grade(ctx, flat{inst}, crosscheck.Options{Solver: factory(t, "gini"), Trials: -1})
			if err != nil {
				t.Fatal(err)
			}
			if f.Human.Status != human.StatusStuck {
				t.Errorf("without the nested trial: %s, want stuck", f.Human.Status)
			}
			t.Logf("%s: %d steps, trial depth %d, nesting %d, complexity used %d; without nesting stuck after %d steps",
				inst.Name(), rep.Steps, rep.TrialDepth, rep.Nesting, rep.Complexity, f.Human.Report.Steps)
		})
	}
}
