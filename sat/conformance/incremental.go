package conformance

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
)

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
