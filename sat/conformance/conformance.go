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
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/rup"
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

// testRandomIncremental interleaves clauses and solves under random
// assumptions, checking each answer against brute force; the sequences run
// on until the formula is unsatisfiable, then a few steps more.
func testRandomIncremental(t *testing.T, mk func(*testing.T) sat.Solver) {
	rng := rand.New(rand.NewPCG(13, 14))
	lit := func() int { return (rng.IntN(8) + 1) * (1 - 2*rng.IntN(2)) }
	for i := 0; i < 40; i++ {
		f := Random3SAT(rng, 8, 10)
		s := mk(t)
		sat.Load(s, f)
		for step := 0; step < 25; step++ {
			if rng.IntN(3) == 0 {
				c := make([]int, 1+rng.IntN(3))
				for j := range c {
					c[j] = lit()
				}
				f.AddClause(c...)
				s.AddClause(c...)
				continue
			}
			a := make([]int, rng.IntN(4))
			for j := range a {
				a[j] = lit()
			}
			if have, want := solve(t, s, a...), want(bruteCount(f, a, nil)); have != want {
				t.Fatalf("sequence %d step %d: Solve(%v) = %v, want %v", i, step, a, have, want)
			}
		}
	}
}

func testAssumptionsDoNotLeak(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	s.AddClause(1, 2)
	steps := []struct {
		assume []int
		want   sat.Status
	}{
		{[]int{-1, -2}, sat.Unsat},
		{nil, sat.Sat},
		{[]int{-1}, sat.Sat},
		{[]int{-2}, sat.Sat},
		{[]int{-1, -2}, sat.Unsat},
		{[]int{1, 2}, sat.Sat},
		{[]int{-1, -2}, sat.Unsat},
		{[]int{-2}, sat.Sat},
	}
	for i, st := range steps {
		if have := solve(t, s, st.assume...); have != st.want {
			t.Fatalf("step %d: Solve(%v) = %v, want %v", i, st.assume, have, st.want)
		}
	}
}

func testFailedAssumptions(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	// x1 → x2 → x3; x4 is free.
	s.AddClause(-1, 2)
	s.AddClause(-2, 3)
	if have := solve(t, s, 4, 1, -3); have != sat.Unsat {
		t.Fatalf("Solve(4, 1, -3) = %v, want Unsat", have)
	}
	if s.Capabilities().FailedAssumptions {
		if failed := s.Failed(); slices.Contains(failed, 4) {
			t.Errorf("Failed() = %v names the irrelevant assumption 4", failed)
		}
	}
	s.AddClause(-5)
	if have := solve(t, s, 5); have != sat.Unsat {
		t.Fatalf("Solve(5) with unit ¬5 = %v, want Unsat", have)
	}
	// An assumption refuted by a unit clause says nothing about the formula.
	if have := solve(t, s); have != sat.Sat {
		t.Fatalf("Solve() after Solve(5) = Unsat = %v, want Sat", have)
	}
	s.AddClause(6)
	s.AddClause(-6)
	if have := solve(t, s, 1); have != sat.Unsat {
		t.Fatalf("Solve(1) on an unsatisfiable formula = %v, want Unsat", have)
	}
}

// enumerate counts the models of s by adding a blocking clause over vars
// after each one, each clause prefixed by guard (0 for none) and each solve
// under the assumptions; it fails on a repeated model.
func enumerate(t *testing.T, s sat.Solver, vars []int, guard int, assumptions ...int) int {
	t.Helper()
	seen := map[string]bool{}
	for n := 0; ; n++ {
		st := solve(t, s, assumptions...)
		if st == sat.Unsat {
			return n
		}
		m := s.Model()
		key := make([]byte, len(vars))
		block := []int{}
		if guard != 0 {
			block = append(block, -guard)
		}
		block = sat.AppendBlock(block, m, vars)
		for i, v := range vars {
			key[i] = '0'
			if m[v] {
				key[i] = '1'
			}
		}
		if seen[string(key)] {
			t.Fatalf("model %d repeats an earlier model %s", n+1, key)
		}
		seen[string(key)] = true
		s.AddClause(block...)
	}
}

// testIncrementalAfterSat enumerates models by blocking clauses added
// after each Sat answer.
func testIncrementalAfterSat(t *testing.T, mk func(*testing.T) sat.Solver) {
	enumerateRandom(t, mk, 3, 10, 8, 14, false)
}

// testNoDuplicateModels enumerates under an activation literal, as the sat
// drivers do, and checks the solver is usable once the literal is retired.
// (gophersat's own CountModels gives 581 latin squares of order 4 for 576.)
func testNoDuplicateModels(t *testing.T, mk func(*testing.T) sat.Solver) {
	enumerateRandom(t, mk, 5, 6, 9, 12, true)
}

// enumerateRandom counts the models of n random 3-SAT formulas (seeded
// with seed, seed+1) of vars variables and clauses clauses by blocking
// clauses, under an activation literal when guarded, and compares with
// brute force. A guarded solver must answer Sat once the literal is
// retired.
func enumerateRandom(t *testing.T, mk func(*testing.T) sat.Solver, seed uint64, n, vars, clauses int, guarded bool) {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for i := 0; i < n; i++ {
		f := Random3SAT(rng, vars, clauses)
		s := mk(t)
		sat.Load(s, f)
		guard, how := 0, "by blocking clauses"
		var as []int
		if guarded {
			guard, how = s.NewVar(), "under an activation literal"
			as = []int{guard}
		}
		if have, want := enumerate(t, s, sat.Vars(vars), guard, as...), bruteCount(f, nil, nil); have != want {
			t.Fatalf("instance %d: %d models %s, want %d", i, have, how, want)
		}
		if !guarded {
			continue
		}
		s.AddClause(-guard)
		if have := solve(t, s); have != sat.Sat {
			t.Fatalf("instance %d: Solve() after retiring the activation literal = %v, want Sat", i, have)
		}
	}
}

// testAssumeKeepsUnits: gophersat's Assume drops the unit x1 that parsing
// already used, so assuming ¬x1 wrongly answers Sat.
func testAssumeKeepsUnits(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	s.AddClause(1)
	s.AddClause(-1, 2)
	s.AddClause(-2, -3, 4)
	steps := []struct {
		assume []int
		want   sat.Status
	}{
		{[]int{-1}, sat.Unsat},
		{[]int{3, -4}, sat.Unsat},
		{[]int{-2}, sat.Unsat},
		{[]int{3}, sat.Sat},
		{nil, sat.Sat},
		{[]int{-1}, sat.Unsat},
	}
	for i, st := range steps {
		if have := solve(t, s, st.assume...); have != st.want {
			t.Fatalf("step %d: Solve(%v) = %v, want %v", i, st.assume, have, st.want)
		}
	}
	if m := s.Model(); m != nil {
		t.Fatalf("Model() after Unsat = %v, want nil", m)
	}
}

// testAddAfterAssumedSolve: gophersat simplifies a clause appended while
// assumptions are active against them and then loses it.
func testAddAfterAssumedSolve(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	s.AddClause(1, 2)
	if have := solve(t, s, 1); have != sat.Sat {
		t.Fatalf("Solve(1) = %v, want Sat", have)
	}
	s.AddClause(-1, 3) // satisfied... under the old assumption only
	s.AddClause(-3)
	if have := solve(t, s); have != sat.Sat {
		t.Fatalf("Solve() = %v, want Sat", have)
	}
	if m := s.Model(); m[1] || !m[2] || m[3] {
		t.Fatalf("model x1=%v x2=%v x3=%v, want false true false", m[1], m[2], m[3])
	}
	if have := solve(t, s, 1); have != sat.Unsat {
		t.Fatalf("Solve(1) after adding ¬1∨3 and ¬3 = %v, want Unsat", have)
	}
	if have := solve(t, s, -2); have != sat.Unsat {
		t.Fatalf("Solve(-2) = %v, want Unsat", have)
	}
	s.AddClause(-2, 4)
	if have := solve(t, s, -4); have != sat.Unsat {
		t.Fatalf("Solve(-4) after adding ¬2∨4 = %v, want Unsat", have)
	}
	s.AddClause(-4)
	if have := solve(t, s); have != sat.Unsat {
		t.Fatalf("Solve() after adding ¬4 = %v, want Unsat", have)
	}
}

// testParallel uses separate solvers from several goroutines at once (run
// under -race; gophersat shares a buffer between its solvers).
func testParallel(t *testing.T, mk func(*testing.T) sat.Solver) {
	const workers, each = 4, 15
	type job struct {
		f    *sat.Formula
		want sat.Status
	}
	rng := rand.New(rand.NewPCG(7, 8))
	jobs := make([][]job, workers)
	for w := range jobs {
		for i := 0; i < each; i++ {
			f := Random3SAT(rng, 12, 52)
			jobs[w] = append(jobs[w], job{f, want(bruteCount(f, nil, nil))})
		}
	}
	solvers := make([][]sat.Solver, workers)
	for w := range solvers {
		for range each {
			solvers[w] = append(solvers[w], mk(t))
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, j := range jobs[w] {
				s := solvers[w][i]
				sat.Load(s, j.f)
				ctx, cancel := context.WithTimeout(context.Background(), hangLimit)
				st, err := s.Solve(ctx)
				cancel()
				switch {
				case err != nil:
					errs <- fmt.Errorf("goroutine %d job %d: %v", w, i, err)
				case st != j.want:
					errs <- fmt.Errorf("goroutine %d job %d: Solve() = %v, want %v", w, i, st, j.want)
				case st == sat.Sat:
					if ok, c := j.f.Satisfies(s.Model()); !ok {
						errs <- fmt.Errorf("goroutine %d job %d: model falsifies clause %d", w, i, c)
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// hard loads pigeonhole 11→10 guarded by a fresh variable g (every clause
// gets ¬g): hard under the assumption g, trivial without it.
func hard(s sat.Solver) (g int) { return GuardedPigeonhole(s, 11, 10) }

// GuardedPigeonhole loads a pigeonhole formula guarded by a fresh
// variable g (the next one) into s: refuted only under the assumption g.
func GuardedPigeonhole(s sat.Solver, pigeons, holes int) (g int) {
	g = s.NewVar()
	php := Pigeonhole(pigeons, holes)
	for range php.Vars {
		s.NewVar()
	}
	for _, c := range php.Clauses {
		lits := []int{-g}
		for _, l := range c {
			if l > 0 {
				lits = append(lits, l+g)
			} else {
				lits = append(lits, l-g)
			}
		}
		s.AddClause(lits...)
	}
	return g
}

type answer struct {
	st  sat.Status
	err error
}

// solveAsync starts s.Solve(ctx, assumptions...) and returns where its
// answer arrives.
func solveAsync(ctx context.Context, s sat.Solver, assumptions ...int) <-chan answer {
	done := make(chan answer, 1)
	go func() {
		st, err := s.Solve(ctx, assumptions...)
		done <- answer{st, err}
	}()
	return done
}

// stopped checks that a Solve on the hard instance, whose context ends at
// about the time "ended" is sent, returns Unknown with the context's error
// soon after; then that the solver still answers.
func stopped(t *testing.T, s sat.Solver, g int, done <-chan answer, ended <-chan time.Time, wantErr error) {
	t.Helper()
	var r answer
	select {
	case at := <-ended:
		select {
		case r = <-done:
			t.Logf("Solve returned %v after the context ended", time.Since(at).Round(time.Millisecond))
		case <-time.After(cancelLimit):
			t.Fatalf("Solve did not return within %v of its context ending", cancelLimit)
		}
	case r = <-done:
		// A prompt solver answers before the goroutine that reports the
		// end runs: an answer that carries the context's error came after
		// the end (a flake under load when it failed here).
		if !errors.Is(r.err, wantErr) {
			t.Fatalf("Solve on pigeonhole 11→10 returned %v, %v before its context ended", r.st, r.err)
		}
	}
	if r.st != sat.Unknown || !errors.Is(r.err, wantErr) {
		t.Fatalf("Solve on pigeonhole 11→10 = %v, %v; want Unknown, %v", r.st, r.err, wantErr)
	}
	if m := s.Model(); m != nil {
		t.Fatalf("Model() after Unknown is not nil")
	}
	// Without the guard the solver could still branch on g first and face
	// the pigeonhole again: assume ¬g.
	if have := solve(t, s, -g); have != sat.Sat {
		t.Fatalf("Solve(¬g) after cancellation = %v, want Sat", have)
	}
}

func testCancel(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	g := hard(s)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := solveAsync(ctx, s, g)
	ended := make(chan time.Time, 1)
	time.AfterFunc(300*time.Millisecond, func() {
		cancel()
		ended <- time.Now()
	})
	stopped(t, s, g, done, ended, context.Canceled)
}

func testDeadline(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	g := hard(s)
	const d = 300 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	done := solveAsync(ctx, s, g)
	ended := make(chan time.Time, 1)
	go func() {
		<-ctx.Done()
		ended <- time.Now()
	}()
	stopped(t, s, g, done, ended, context.DeadlineExceeded)
}

func testCancelledBeforeSolve(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	s.AddClause(1, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err := s.Solve(ctx)
	if st != sat.Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve with a cancelled context = %v, %v; want Unknown, context.Canceled", st, err)
	}
	if have := solve(t, s); have != sat.Sat {
		t.Fatalf("Solve() afterwards = %v, want Sat", have)
	}
}

// implements reports whether s implements the optional interface I. When
// it does not, the capability named flag must not claim it (claimed), and
// the test logs that there is nothing to check.
func implements[I any](t *testing.T, s sat.Solver, flag string, claimed bool) bool {
	t.Helper()
	if _, ok := s.(I); ok {
		return true
	}
	name := reflect.TypeFor[I]().String()
	if claimed {
		t.Fatalf("Capabilities().%s is true but the solver is not a %s", flag, name)
	}
	t.Logf("not a %s: nothing to check", name)
	return false
}

// testCard checks native cardinality against brute force, with the cases
// gophersat's parser gets wrong: fixed literals inside a constraint,
// repeated and complementary literals, k ≤ 0 and k beyond the list.
func testCard(t *testing.T, mk func(*testing.T) sat.Solver) {
	if s := mk(t); !implements[sat.CardAdder](t, s, "NativeCard", s.Capabilities().NativeCard) {
		return
	}
	fixed := []struct {
		name    string
		clauses [][]int
		cards   []card
	}{
		{"unit inside", [][]int{{1}, {-2}}, []card{{[]int{1, 2, 3}, 2}}},
		{"units force", [][]int{{1}}, []card{{[]int{1, 2, 3}, 3}}},
		{"repeat counts twice", nil, []card{{[]int{1, 1, 2}, 2}}},
		{"complement", nil, []card{{[]int{1, -1, 2}, 2}}},
		{"k zero", [][]int{{-1}}, []card{{[]int{1}, 0}}},
		{"k beyond", nil, []card{{[]int{1, 2}, 3}}},
		{"at most one", [][]int{{1, 2, 3}}, []card{{[]int{-1, -2, -3}, 2}}},
	}
	for _, tc := range fixed {
		f := &sat.Formula{Vars: 4}
		for _, c := range tc.clauses {
			f.AddClause(c...)
		}
		checkCard(t, mk, tc.name, f, tc.cards)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 30; i++ {
		f := &sat.Formula{Vars: 6}
		for range rng.IntN(6) {
			c := make([]int, 1+rng.IntN(3))
			for j := range c {
				c[j] = (rng.IntN(6) + 1) * (1 - 2*rng.IntN(2))
			}
			f.AddClause(c...)
		}
		var cards []card
		for range 1 + rng.IntN(2) {
			lits := make([]int, 2+rng.IntN(4))
			for j := range lits {
				lits[j] = (rng.IntN(6) + 1) * (1 - 2*rng.IntN(2))
			}
			cards = append(cards, card{lits, rng.IntN(len(lits)+2) - 1})
		}
		checkCard(t, mk, fmt.Sprintf("random %d", i), f, cards)
	}
}

func checkCard(t *testing.T, mk func(*testing.T) sat.Solver, name string, f *sat.Formula, cards []card) {
	t.Helper()
	s := mk(t)
	sat.Load(s, f)
	ca := s.(sat.CardAdder)
	for _, c := range cards {
		ca.AddAtLeast(c.lits, c.k)
	}
	vars := sat.Vars(f.Vars)
	wantN := bruteCount(f, nil, cards)
	seen := 0
	for {
		st := solve(t, s)
		if st == sat.Unsat {
			break
		}
		m := s.Model()
		for _, c := range cards {
			if !c.holds(m) {
				t.Fatalf("%s: model violates at least %d of %v", name, c.k, c.lits)
			}
		}
		seen++
		if seen > wantN {
			t.Fatalf("%s: more than %d models", name, wantN)
		}
		s.AddClause(sat.AppendBlock(nil, m, vars)...)
	}
	if seen != wantN {
		t.Fatalf("%s: %d models, want %d", name, seen, wantN)
	}
}

// testCertificate checks a sat.Certifier's certificates with the
// independent checker in sat/rup.
func testCertificate(t *testing.T, mk func(*testing.T) sat.Solver) {
	if s := mk(t); !implements[sat.Certifier](t, s, "Proof", s.Capabilities().Proof) {
		return
	}
	rng := rand.New(rand.NewPCG(11, 12))
	type cse struct {
		name   string
		f      *sat.Formula
		assume []int
	}
	cases := []cse{
		{"pigeonhole 6 into 5", Pigeonhole(6, 5), nil},
		{"empty clause", &sat.Formula{Clauses: [][]int{{1, 2}, {}}, Vars: 2}, nil},
		{"contradictory units", &sat.Formula{Clauses: [][]int{{1}, {-1}}, Vars: 1}, nil},
		{"by assumption", &sat.Formula{Clauses: [][]int{{1, 2}, {-1, 2}, {1, -2, 3}}, Vars: 3}, []int{-2}},
		{"satisfiable", &sat.Formula{Clauses: [][]int{{1, 2}, {-1, 2}}, Vars: 2}, nil},
	}
	for i := 0; i < 10; i++ {
		cases = append(cases, cse{fmt.Sprintf("random %d", i), Random3SAT(rng, 30, 180), nil})
	}
	for _, tc := range cases {
		s := mk(t)
		sat.Load(s, tc.f)
		ctx, cancel := context.WithTimeout(context.Background(), hangLimit)
		st, cert, err := s.(sat.Certifier).SolveCertified(ctx, tc.assume...)
		cancel()
		if err != nil {
			t.Fatalf("%s: SolveCertified: %v", tc.name, err)
		}
		checkAnswer(t, s, st, tc.assume)
		withUnits := &sat.Formula{Vars: tc.f.Vars, Clauses: slices.Clone(tc.f.Clauses)}
		for _, a := range tc.assume {
			withUnits.AddClause(a)
		}
		if withUnits.Vars <= 16 { // small enough for brute force
			if have, want := st, want(bruteCount(withUnits, nil, nil)); have != want {
				t.Fatalf("%s: SolveCertified = %v, want %v", tc.name, have, want)
			}
		}
		switch st {
		case sat.Sat:
			if cert != nil {
				t.Fatalf("%s: Sat with a certificate of %d lemmas, want none", tc.name, len(cert))
			}
		case sat.Unsat:
			if len(cert) == 0 || len(cert[len(cert)-1]) != 0 {
				t.Fatalf("%s: certificate does not end with the empty clause", tc.name)
			}
			if err := rup.Check(context.Background(), withUnits, cert); err != nil {
				t.Fatalf("%s: certificate of %d lemmas: %v", tc.name, len(cert), err)
			}
		}
	}
}

// testStats checks a sat.Statser's effort counters: kept or NotCounted,
// never negative otherwise, summed over Solve calls (so they never go
// down), conflicts counted on a formula no search refutes without them,
// and the same counts from a fresh solver given the same calls: they are
// what CI gates on, so they must not depend on the run.
func testStats(t *testing.T, mk func(*testing.T) sat.Solver) {
	if _, ok := mk(t).(sat.Statser); !ok {
		t.Log("not a sat.Statser: nothing to check")
		return
	}
	run := func() []sat.Stats {
		// Pigeonhole 6 into 5 under the assumption g: refuted only by
		// search, and the formula stays satisfiable without g.
		s := mk(t)
		g := GuardedPigeonhole(s, 6, 5)
		var seen []sat.Stats
		for _, step := range []struct {
			assume []int
			want   sat.Status
		}{{[]int{g}, sat.Unsat}, {nil, sat.Sat}, {[]int{g}, sat.Unsat}} {
			if have := solve(t, s, step.assume...); have != step.want {
				t.Fatalf("guarded pigeonhole 6 into 5, Solve(%v) = %v, want %v", step.assume, have, step.want)
			}
			seen = append(seen, s.(sat.Statser).Stats())
		}
		return seen
	}
	first := run()
	for i, st := range first {
		for _, c := range []struct {
			name string
			v    int64
		}{{"Conflicts", st.Conflicts}, {"Decisions", st.Decisions}, {"Propagations", st.Propagations}} {
			if c.v < 0 && c.v != sat.NotCounted {
				t.Errorf("after solve %d: %s = %d, want ≥ 0 or NotCounted", i+1, c.name, c.v)
			}
		}
		if i > 0 {
			prev := first[i-1]
			if st.Conflicts < prev.Conflicts || st.Decisions < prev.Decisions || st.Propagations < prev.Propagations {
				t.Errorf("counters went down from solve %d to %d: %+v then %+v", i, i+1, prev, st)
			}
		}
	}
	last := first[len(first)-1]
	t.Logf("counters after the three solves: %+v", last)
	if !last.Counted() {
		t.Log("the back-end reports no counters")
		return
	}
	if last.Conflicts == 0 {
		t.Errorf("pigeonhole 6 into 5 refuted with Conflicts = 0: %+v", last)
	}
	if again := run(); !slices.Equal(again, first) {
		t.Errorf("the same calls on a fresh solver counted %+v, the first %+v", again, first)
	}
}
