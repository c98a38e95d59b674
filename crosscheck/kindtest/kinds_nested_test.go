package kindtest_test

import (
	"context"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/crosscheck/kindtest"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
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

// TestNestedTrialPuzzles: each kind's nested-trial puzzles
// (kind.RulesCorpus.Nested: corpus puzzles with clues removed while their
// solution stays unique), which the kind's default rules solve only with
// a proof by contradiction inside a proof by contradiction, every
// elimination certified by SAT; without the nested trial the rules are
// stuck. The proof is a tree: the nested step's proof holds a trial step
// with its own assumption and proof.
func TestNestedTrialPuzzles(t *testing.T) { nestedTrials(t, kinds.Default()) }

// nestedTrials runs TestNestedTrialPuzzles over reg's kinds, and names the
// kinds it ran.
func nestedTrials(t *testing.T, reg *kinds.Registry) (ran []string) {
	ctx := context.Background()
	for _, k := range reg.List() {
		if k.Corpus == nil || k.Corpus.Rules == nil || len(k.Corpus.Rules.Nested) == 0 {
			continue
		}
		ran = append(ran, k.Name)
		t.Run(k.Name, func(t *testing.T) {
			for _, inst := range kindtest.Corpus(t, k, kind.Options{}, k.Corpus.Rules.Nested...) {
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
			}
		})
	}
	return ran
}
