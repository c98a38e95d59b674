package conformance

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/rup"
)

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
