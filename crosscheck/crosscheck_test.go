package crosscheck_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/crosscheck/kindtest"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// juosan is the first Juosan puzzle of the file at path.
func juosan(t *testing.T, path string) kind.Instance {
	t.Helper()
	return kindtest.Parse(t, "juosan", path, kind.Options{})[0]
}

// withRules adds rules to an instance's human rules.
type withRules struct {
	kind.Instance
	extra []*human.Rule
}

func (w withRules) Human() (*kind.HumanSetup, error) {
	s, err := w.Instance.Human()
	if err != nil {
		return nil, err
	}
	s.Rules = append(append([]*human.Rule(nil), w.extra...), s.Rules...)
	return s, nil
}

// TestUnsoundStepCaught: a rule that eliminates the solution's own value
// is refuted by SAT, with a counter-solution that has that value.
func TestUnsoundStepCaught(t *testing.T) {
	inst := juosan(t, "../testdata/juosan/janko/6x6_1.in")
	sol := inst.Solution()
	if sol == nil {
		// .in files carry no solution; take it from SAT.
		r, err := crosscheck.Grade(context.Background(), inst, crosscheck.Options{Solver: gini.NewSolver, Trials: -1})
		if err != nil || r.Solution == nil {
			t.Fatalf("grade: %v", err)
		}
		sol = r.Solution
	}
	liar := &human.Rule{Name: "liar", Doc: "eliminates the true value of r1c1", Level: 1,
		Apply: func(p *human.Pass) []human.Deduction {
			if !p.Cands[0].Has(sol[0]) || p.Cands[0].Count() == 1 {
				return nil
			}
			return []human.Deduction{{Elims: []human.Elim{{Var: 0, Value: sol[0]}}, Reason: "because"}}
		}}
	// With certification the lie is refuted as it is made; without, at
	// the end, against SAT's solution: either way the error names the step
	// and its rule.
	for _, certify := range []bool{true, false} {
		r, err := crosscheck.Grade(context.Background(), withRules{inst, []*human.Rule{liar}},
			crosscheck.Options{Solver: gini.NewSolver, Trials: 0, CertifySteps: certify})
		var u *crosscheck.UnsoundError
		if !errors.As(err, &u) {
			t.Fatalf("certify %v: have error %v, want an UnsoundError", certify, err)
		}
		if u.Step.Rule != "liar" || u.Elim != (human.Elim{Var: 0, Value: sol[0]}) || u.Counter[0] != sol[0] {
			t.Errorf("certify %v: have %+v, want rule liar refuted at r1c1 with a counter-solution holding value %d", certify, u, sol[0])
		}
		if want := "step 1 (rule liar) is unsound"; !strings.HasPrefix(u.Error(), want) {
			t.Errorf("certify %v: have %q, want it to start %q", certify, u, want)
		}
		if !certify && r.SAT == nil {
			t.Errorf("certify %v: no SAT answer in the result", certify)
		}
	}
}

// TestHintHeldToSAT: a hint comes with SAT's answer, and a lying first
// step is caught as a full solve's would be.
func TestHintHeldToSAT(t *testing.T) {
	inst := juosan(t, "../testdata/juosan/janko/6x6_1.in")
	r, err := crosscheck.Grade(context.Background(), inst, crosscheck.Options{Solver: gini.NewSolver, Trials: -1, HintOnly: true})
	if err != nil || r.Hint == nil || r.SAT == nil || r.SAT.Status != sat.UniqueSolution {
		t.Fatalf("hint on a unique puzzle: have %+v, %v; want a hint and SAT's unique answer", r, err)
	}
	sol := r.SAT.First
	liar := &human.Rule{Name: "liar", Doc: "eliminates the true value of r1c1", Level: 1,
		Apply: func(p *human.Pass) []human.Deduction {
			return []human.Deduction{{Elims: []human.Elim{{Var: 0, Value: sol[0]}}, Reason: "because"}}
		}}
	_, err = crosscheck.Grade(context.Background(), withRules{inst, []*human.Rule{liar}},
		crosscheck.Options{Solver: gini.NewSolver, Trials: 0, HintOnly: true})
	var u *crosscheck.UnsoundError
	if !errors.As(err, &u) || u.Step.Rule != "liar" {
		t.Errorf("lying hint: have error %v, want an UnsoundError naming liar", err)
	}
}

// TestGradeAgrees: on a sound rule set the human and SAT solutions match,
// every elimination is certified, and the result does not depend on the
// engine's parallelism.
func TestGradeAgrees(t *testing.T) {
	inst := juosan(t, "../testdata/juosan/janko/10x10_1.in")
	var first *crosscheck.Result
	for _, par := range []int{1, 4} {
		r, err := crosscheck.Grade(context.Background(), inst, crosscheck.Options{Solver: gini.NewSolver, Trials: -1, CertifySteps: true, Parallel: par})
		if err != nil {
			t.Fatal(err)
		}
		if r.Human.Status != human.StatusSolved || r.SAT == nil || r.Certified == 0 {
			t.Fatalf("parallel %d: status %s, certified %d", par, r.Human.Status, r.Certified)
		}
		if first == nil {
			first = r
			continue
		}
		if len(r.Human.Steps) != len(first.Human.Steps) || r.Human.Report.Score != first.Human.Report.Score {
			t.Errorf("parallel %d: %d steps, score %v; parallel 1: %d steps, score %v",
				par, len(r.Human.Steps), r.Human.Report.Score, len(first.Human.Steps), first.Human.Report.Score)
		}
	}
}

// TestHint: the hint is the first step of the full solve.
func TestHint(t *testing.T) {
	inst := juosan(t, "../testdata/juosan/janko/6x6_1.in")
	full, err := crosscheck.Grade(context.Background(), inst, crosscheck.Options{Solver: gini.NewSolver, Trials: -1})
	if err != nil {
		t.Fatal(err)
	}
	h, err := crosscheck.Grade(context.Background(), inst, crosscheck.Options{Solver: gini.NewSolver, Trials: -1, HintOnly: true, CertifySteps: true})
	if err != nil || h.Hint == nil {
		t.Fatalf("hint: %v", err)
	}
	if h.Hint.Rule != full.Human.Steps[0].Rule || len(h.Hint.Elims) != len(full.Human.Steps[0].Elims) {
		t.Errorf("hint %s %v, first step %s %v", h.Hint.Rule, h.Hint.Elims, full.Human.Steps[0].Rule, full.Human.Steps[0].Elims)
	}
}
