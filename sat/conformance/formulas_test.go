package conformance

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
)

func TestPigeonhole(t *testing.T) {
	tests := []struct {
		pigeons, holes        int
		vars, clauses, models int
	}{
		{3, 2, 6, 3 + 2*3, 0},
		{2, 2, 4, 2 + 2*1, 2},
		{3, 3, 9, 3 + 3*3, 6},
		{11, 10, 110, 11 + 10*55, 0}, // the suite's hard instance; not brute forced
	}
	for _, tc := range tests {
		f := Pigeonhole(tc.pigeons, tc.holes)
		if f.Vars != tc.vars || len(f.Clauses) != tc.clauses {
			t.Errorf("Pigeonhole(%d, %d): %d vars, %d clauses; want %d, %d", tc.pigeons, tc.holes, f.Vars, len(f.Clauses), tc.vars, tc.clauses)
		}
		if f.Vars <= 16 {
			if have := bruteCount(f, nil, nil); have != tc.models {
				t.Errorf("Pigeonhole(%d, %d): %d models, want %d", tc.pigeons, tc.holes, have, tc.models)
			}
		}
	}
}

func TestRandom3SAT(t *testing.T) {
	f := Random3SAT(rand.New(rand.NewPCG(1, 1)), 5, 200)
	if f.Vars != 5 || len(f.Clauses) != 200 {
		t.Fatalf("Random3SAT(5, 200): %d vars, %d clauses", f.Vars, len(f.Clauses))
	}
	for _, c := range f.Clauses {
		a, b, d := abs(c[0]), abs(c[1]), abs(c[2])
		if len(c) != 3 || a == b || b == d || a == d || a > 5 || b > 5 || d > 5 {
			t.Fatalf("clause %v: want three distinct variables of 1..5", c)
		}
	}
}

func TestBruteCountCards(t *testing.T) {
	f := &sat.Formula{Vars: 3}
	tests := []struct {
		cards []card
		want  int
	}{
		{[]card{{[]int{1, 2, 3}, 2}}, 4},
		{[]card{{[]int{1, 1, 2}, 2}}, 4}, // x1 counts twice: x1 alone suffices, x2 alone does not
		{[]card{{[]int{1, -1}, 1}}, 8},
		{[]card{{[]int{1, 2}, 3}}, 0},
	}
	for _, tc := range tests {
		if have := bruteCount(f, nil, tc.cards); have != tc.want {
			t.Errorf("bruteCount(%v) = %d, want %d", tc.cards, have, tc.want)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestModels: every model, in the order of the assignments' bits, and an
// early break stops the enumeration.
func TestModels(t *testing.T) {
	tests := []struct {
		name string
		f    *sat.Formula
		want [][]bool
	}{
		{"x1 or x2", &sat.Formula{Vars: 2, Clauses: [][]int{{1, 2}}},
			[][]bool{{false, true, false}, {false, false, true}, {false, true, true}}},
		{"contradiction", &sat.Formula{Vars: 1, Clauses: [][]int{{1}, {-1}}}, nil},
		{"no variables", &sat.Formula{}, [][]bool{{false}}},
	}
	for _, tc := range tests {
		var have [][]bool
		for m := range Models(tc.f) {
			have = append(have, slices.Clone(m))
		}
		if !reflect.DeepEqual(have, tc.want) {
			t.Errorf("%s: Models = %v, want %v", tc.name, have, tc.want)
		}
	}
	n := 0
	for range Models(&sat.Formula{Vars: 3}) {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("a break after 2 models left %d", n)
	}
}
