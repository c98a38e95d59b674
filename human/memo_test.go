package human

import (
	"reflect"
	"slices"
	"sync/atomic"
	"testing"
)

// memoKey is the key the memo tests keep their value under.
type memoKey struct{}

// memoCount counts, over a solve, the values Memo built and the rule
// evaluations that saw a value built from another state than their own.
type memoCount struct{ builds, stale atomic.Int64 }

// memoized is r (a plain rule) with every evaluation asking Memo for a copy
// of the candidates it is evaluated on; the deductions are r's own.
func memoized(r *Rule, n *memoCount) *Rule {
	if r.Apply == nil {
		return r
	}
	w := *r
	w.Apply = func(p *Pass) []Deduction {
		seen := Memo(p, memoKey{}, func() []Cands {
			n.builds.Add(1)
			return slices.Clone(p.Cands)
		})
		if !slices.Equal(seen, p.Cands) {
			n.stale.Add(1)
		}
		return r.Apply(p)
	}
	return &w
}

// TestMemoPerState: every rule evaluation the engine makes (the levels
// tried in turn, and inside chain, layer and nested trials their inner
// rules and checks) sees the memo of its own state, and the results are
// those of the rules without the memo, on one goroutine and on four.
func TestMemoPerState(t *testing.T) {
	sets := []struct {
		name  string
		rules []*Rule
	}{
		{"plain", bothRules},
		{"chain", []*Rule{nakedSingle, clash, chainTrial}},
		{"layers", append([]*Rule{nakedSingle}, LayerTrials(1, 2, 1)...)},
		{"nested", append(append([]*Rule{nakedSingle}, LayerTrials(1, 2, 0)...),
			&Rule{Name: "nested-trial", Level: 4, Doc: "a trial inside a trial", Trial: &Trial{MaxLevel: 3, Layers: 2}})},
	}
	for _, s := range []string{latinPuzzles[0], latinPuzzles[9]} {
		l := parseLatin(s)
		for _, set := range sets {
			want := solveLatin(t, &Engine{Rules: set.rules, Parallel: 1}, l)
			for _, par := range []int{1, 4} {
				var n memoCount
				var rules []*Rule
				for _, r := range set.rules {
					rules = append(rules, memoized(r, &n))
				}
				have := solveLatin(t, &Engine{Rules: rules, Parallel: par}, l)
				if !reflect.DeepEqual(have, want) {
					t.Errorf("%s, %s, Parallel %d: the rules with Memo solve differently: %d steps, want %d", s, set.name, par, len(have.Steps), len(want.Steps))
				}
				if st := n.stale.Load(); st > 0 {
					t.Errorf("%s, %s, Parallel %d: %d rule evaluations saw the memo of another state", s, set.name, par, st)
				}
				// Without trials a state is met once per layer, and once
				// more at the end: one build each, whatever the rules
				// evaluated on it.
				if set.name == "plain" {
					if have, want := n.builds.Load(), int64(len(have.Layers)+1); have != want {
						t.Errorf("%s, Parallel %d: Memo built %d values, want %d (one per state)", s, par, have, want)
					}
				}
			}
		}
	}
}

// TestMemoByHand: on a pass the engine did not make, Memo builds at every
// call.
func TestMemoByHand(t *testing.T) {
	p := &Pass{Cands: []Cands{3}}
	builds := 0
	for range 2 {
		if have := Memo(p, memoKey{}, func() int { builds++; return builds }); have != builds {
			t.Errorf("Memo = %d, want %d", have, builds)
		}
	}
	if builds != 2 {
		t.Errorf("%d builds, want 2", builds)
	}
}
