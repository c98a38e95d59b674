// Package conformance is the test suite every SAT back-end must pass, in the
// style of testing/fstest: a back-end's own test calls
//
//	conformance.Test(t, func() (sat.Solver, error) { return mybackend.New(), nil })
//
// It checks answers on small formulas against brute force, the lifetime of
// assumptions, incremental clauses, failed assumptions, cancellation on a
// hard instance, variables used beyond NewVar, parallel use of separate
// instances, native cardinality (for a sat.CardAdder), RUP certificates
// (for a sat.Certifier) and effort counters (for a sat.Statser). It holds a regression test for each gophersat bug
// in the project's solver notes, run against every back-end. Every model
// any test sees is checked against the solver's Formula.
package conformance

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/sat"
)

// hangLimit bounds every Solve in the suite on formulas that are easy for
// any solver: reaching it means the back-end hangs.
const hangLimit = time.Minute

// cancelLimit is how long after cancellation Solve may take to return. The
// requirement is about a second; the limit is generous because test
// machines are shared and slow under -race.
const cancelLimit = 5 * time.Second

// Test runs the suite on the back-end that newSolver makes; every subtest
// uses fresh solvers.
func Test(t *testing.T, newSolver func() (sat.Solver, error)) {
	t.Helper()
	mk := func(t *testing.T) sat.Solver {
		t.Helper()
		s, err := newSolver()
		if err != nil {
			t.Fatalf("new solver: %v", err)
		}
		return s
	}
	tests := []struct {
		name string
		run  func(*testing.T, func(*testing.T) sat.Solver)
	}{
		{"NewVar", testNewVar},
		{"Small", testSmall},
		{"EmptyClause", testEmptyClause},
		{"UnsatStaysUnsat", testUnsatStaysUnsat},
		{"VarsBeyondNewVar", testVarsBeyondNewVar},
		{"FormulaIsVerbatim", testFormulaIsVerbatim},
		{"ModelIsCopy", testModelIsCopy},
		{"Random", testRandom},
		{"RandomIncremental", testRandomIncremental},
		{"AssumptionsDoNotLeak", testAssumptionsDoNotLeak},
		{"FailedAssumptions", testFailedAssumptions},
		{"IncrementalAfterSat", testIncrementalAfterSat},
		{"NoDuplicateModels", testNoDuplicateModels},
		{"AssumeKeepsUnits", testAssumeKeepsUnits},
		{"AddAfterAssumedSolve", testAddAfterAssumedSolve},
		{"Parallel", testParallel},
		{"Cancel", testCancel},
		{"Deadline", testDeadline},
		{"CancelledBeforeSolve", testCancelledBeforeSolve},
		{"Card", testCard},
		{"Certificate", testCertificate},
		{"Stats", testStats},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, mk) })
	}
}

// solve runs s.Solve under hangLimit and checks what the answer promises.
func solve(t *testing.T, s sat.Solver, assumptions ...int) sat.Status {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangLimit)
	defer cancel()
	st, err := s.Solve(ctx, assumptions...)
	if err != nil {
		t.Fatalf("Solve(%v): %v", assumptions, err)
	}
	checkAnswer(t, s, st, assumptions)
	return st
}

// checkAnswer checks a Sat answer's model against Formula and the
// assumptions, and an Unsat answer's failed assumptions.
func checkAnswer(t *testing.T, s sat.Solver, st sat.Status, assumptions []int) {
	t.Helper()
	switch st {
	case sat.Sat:
		m := s.Model()
		if m == nil {
			t.Fatalf("Solve(%v) = Sat but Model() = nil", assumptions)
		}
		if have, want := len(m), s.NumVars()+1; have < want {
			t.Fatalf("len(Model()) = %d, want at least NumVars()+1 = %d", have, want)
		}
		if ok, i := s.Formula().Satisfies(m); !ok {
			t.Fatalf("Solve(%v): model falsifies clause %d %v", assumptions, i, s.Formula().Clauses[i])
		}
		if !holds(m, assumptions) {
			t.Fatalf("Solve(%v): model violates the assumptions", assumptions)
		}
	case sat.Unsat:
		if m := s.Model(); m != nil {
			t.Fatalf("Solve(%v) = Unsat but Model() is not nil", assumptions)
		}
		failed := s.Failed()
		if !s.Capabilities().FailedAssumptions {
			if failed != nil {
				t.Fatalf("Failed() = %v without the FailedAssumptions capability, want nil", failed)
			}
			return
		}
		if failed == nil {
			t.Fatalf("Solve(%v) = Unsat: Failed() = nil, want a subset of the assumptions", assumptions)
		}
		for _, l := range failed {
			if !slices.Contains(assumptions, l) {
				t.Fatalf("Failed() = %v holds %d, not among the assumptions %v", failed, l, assumptions)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), hangLimit)
		defer cancel()
		again, err := s.Solve(ctx, failed...)
		if err != nil || again != sat.Unsat {
			t.Fatalf("Failed() = %v after Solve(%v) = Unsat, but Solve(%v) = %v, %v; want Unsat", failed, assumptions, failed, again, err)
		}
	default:
		t.Fatalf("Solve(%v) = %v with no error, want Sat or Unsat", assumptions, st)
	}
}

func want(count int) sat.Status {
	if count > 0 {
		return sat.Sat
	}
	return sat.Unsat
}

func testNewVar(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	for i := 1; i <= 3; i++ {
		if have := s.NewVar(); have != i {
			t.Fatalf("NewVar() = %d, want %d", have, i)
		}
	}
	if have := s.NumVars(); have != 3 {
		t.Fatalf("NumVars() = %d, want 3", have)
	}
	if have := solve(t, s); have != sat.Sat {
		t.Fatalf("Solve() on no clauses = %v, want Sat", have)
	}
}

func testSmall(t *testing.T, mk func(*testing.T) sat.Solver) {
	tests := []struct {
		name    string
		clauses [][]int
	}{
		{"no clauses", nil},
		{"unit", [][]int{{1}}},
		{"contradictory units", [][]int{{1}, {-1}}},
		{"all four binaries", [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}},
		{"three binaries", [][]int{{1, 2}, {-1, 2}, {1, -2}}},
		{"tautology and repeat", [][]int{{1, -1}, {2, 2}, {-2, 3, -2}}},
		{"implication chain", [][]int{{1}, {-1, 2}, {-2, 3}, {-3, 4}, {-4, -1}}},
		{"xor chain sat", [][]int{{1, 2}, {-1, -2}, {2, 3}, {-2, -3}, {1, 3, 4}}},
		{"xor cycle unsat", [][]int{{1, 2}, {-1, -2}, {2, 3}, {-2, -3}, {1, 3}, {-1, -3}}},
		{"pigeonhole 4 into 3", Pigeonhole(4, 3).Clauses},
		{"pigeonhole 3 into 3", Pigeonhole(3, 3).Clauses},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &sat.Formula{}
			for _, c := range tc.clauses {
				f.AddClause(c...)
			}
			s := mk(t)
			sat.Load(s, f)
			if have, want := solve(t, s), want(bruteCount(f, nil, nil)); have != want {
				t.Fatalf("Solve() = %v, want %v", have, want)
			}
		})
	}
}

func testEmptyClause(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	s.AddClause(1, 2)
	if have := solve(t, s); have != sat.Sat {
		t.Fatalf("Solve() before the empty clause = %v, want Sat", have)
	}
	s.AddClause()
	if have := solve(t, s); have != sat.Unsat {
		t.Fatalf("Solve() after the empty clause = %v, want Unsat", have)
	}
	if have := solve(t, s, 1); have != sat.Unsat {
		t.Fatalf("Solve(1) after the empty clause = %v, want Unsat", have)
	}
	s = mk(t)
	s.AddClause()
	if have := solve(t, s); have != sat.Unsat {
		t.Fatalf("Solve() on the empty clause alone = %v, want Unsat", have)
	}
}

// testUnsatStaysUnsat solves again after the search (not mere propagation
// of the clauses as added) proved the formula unsatisfiable: gini v1.0.4
// then claims a model and exits the process from its own model check.
func testUnsatStaysUnsat(t *testing.T, mk func(*testing.T) sat.Solver) {
	for _, assume := range [][]int{nil, {3}} {
		s := mk(t)
		sat.Load(s, Pigeonhole(4, 3))
		s.AddClause(-13, 14)
		for i := 0; i < 3; i++ {
			if have := solve(t, s, assume...); have != sat.Unsat {
				t.Fatalf("Solve(%v) number %d on pigeonhole 4→3 = %v, want Unsat", assume, i+1, have)
			}
		}
		s.AddClause(13, 15)
		if have := solve(t, s, 13); have != sat.Unsat {
			t.Fatalf("Solve(13) after adding a clause = %v, want Unsat", have)
		}
		if have := solve(t, s); have != sat.Unsat {
			t.Fatalf("Solve() after adding a clause = %v, want Unsat", have)
		}
	}
}

func testVarsBeyondNewVar(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	s.NewVar()
	s.AddClause(-7)
	s.AddClause(5, 7)
	if have := s.NumVars(); have != 7 {
		t.Fatalf("NumVars() after a clause on variable 7 = %d, want 7", have)
	}
	if have := solve(t, s); have != sat.Sat {
		t.Fatalf("Solve() = %v, want Sat", have)
	}
	if m := s.Model(); !m[5] || m[7] {
		t.Fatalf("model has x5=%v x7=%v, want true false", m[5], m[7])
	}
	if have := s.NewVar(); have != 8 {
		t.Fatalf("NewVar() after NumVars() = 7 gave %d, want 8", have)
	}
	s.AddClause(-8, -5)
	if have := solve(t, s, 8); have != sat.Unsat {
		t.Fatalf("Solve(8) = %v, want Unsat", have)
	}
	if have := solve(t, s, 3, -3); have != sat.Unsat {
		t.Fatalf("Solve(3, -3) = %v, want Unsat", have)
	}
	if st, err := s.Solve(context.Background(), 1, 0); st != sat.Unknown || err == nil {
		t.Fatalf("Solve(1, 0) = %v, %v; want Unknown and an error", st, err)
	}
	if have := solve(t, s); have != sat.Sat {
		t.Fatalf("Solve() after a bad assumption = %v, want Sat", have)
	}
}

func testFormulaIsVerbatim(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	want := [][]int{{1, -1}, {2, 2, 3}, {-3}, {4, -2}}
	for _, c := range want {
		s.AddClause(c...)
	}
	solve(t, s, 1)
	f := s.Formula()
	if f.Vars != 4 {
		t.Fatalf("Formula().Vars = %d, want 4", f.Vars)
	}
	if !slices.EqualFunc(f.Clauses, want, slices.Equal[[]int]) {
		t.Fatalf("Formula().Clauses = %v, want %v (no learnt clauses, no assumptions)", f.Clauses, want)
	}
}

func testModelIsCopy(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	s.AddClause(1)
	s.AddClause(-2)
	solve(t, s)
	m := s.Model()
	m[1], m[2] = false, true
	if m2 := s.Model(); !m2[1] || m2[2] {
		t.Fatalf("changing a Model() result changed the next one: x1=%v x2=%v", m2[1], m2[2])
	}
	// gini wipes its model when a clause is added: Model must still hold.
	s.AddClause(3, 4)
	if m3 := s.Model(); m3 == nil || !m3[1] || m3[2] {
		t.Fatalf("Model() after AddClause = %v, want the last model (x1 true, x2 false)", m3)
	}
}

func testRandom(t *testing.T, mk func(*testing.T) sat.Solver) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 80; i++ {
		vars := 8 + rng.IntN(5)
		f := Random3SAT(rng, vars, vars*43/10)
		s := mk(t)
		sat.Load(s, f)
		if have, want := solve(t, s), want(bruteCount(f, nil, nil)); have != want {
			t.Fatalf("instance %d %v: Solve() = %v, want %v", i, f.Clauses, have, want)
		}
		a := []int{rng.IntN(vars) + 1, -(rng.IntN(vars) + 1)}
		if have, want := solve(t, s, a...), want(bruteCount(f, a, nil)); have != want {
			t.Fatalf("instance %d %v: Solve(%v) = %v, want %v", i, f.Clauses, a, have, want)
		}
	}
}
