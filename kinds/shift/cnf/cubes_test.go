package cnf

import (
	"fmt"
	"slices"
	"testing"

	model "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestSplits: the two ways the layers encoding splits its work, a depth
// into cubes (Cuber.Cubes, every depth up to k) and a part into middle
// cases (Part.Middle, at depth k), each pass checkSplit; a satisfiable
// cube's solution starts with the cube's word, and some part of depth k
// is split in the middle.
func TestSplits(t *testing.T) {
	enc, _ := Lookup("layers")
	rb4, lq4 := scrambled(7, 8, 4)
	rb5, lq5 := scrambled(9, 10, 5)
	tests := []struct {
		split    string
		p        *model.Puzzle
		k        int
		pairwise bool
	}{
		{"cubes", rb4, 4, false},
		{"cubes", lq4, 5, true},
		{"middle", rb5, 5, false},
		{"middle", lq5, 6, true},
		{"middle", lq5, 7, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s/%d", tt.split, tt.p.Name, tt.k), func(t *testing.T) {
			if tt.split == "cubes" {
				for k := 0; k <= tt.k; k++ {
					cubesSplitDepth(t, enc, tt.p, tt.k, k, tt.pairwise)
				}
				return
			}
			middleSplitsParts(t, enc, tt.p, tt.k, tt.pairwise)
		})
	}
}

// cubesSplitDepth checks the cubes of depth k of p, encoded up to maxK.
func cubesSplitDepth(t *testing.T, enc *Encoding, p *model.Puzzle, maxK, k int, pairwise bool) {
	s, e := extended(t, enc, p, Options{MaxSteps: maxK}, k)
	cubes := e.(Cuber).Cubes(k)
	base := e.Assume(k)
	words := make([][]int, len(cubes))
	for i, c := range cubes {
		words[i] = c.Assume[len(base):]
	}
	what := fmt.Sprintf("%s depth %d", p.Name, k)
	checkSplit(t, s, base, words, pairwise, what, func(i int) {
		c := cubes[i]
		moves, err := e.Decode(s.Model(), k)
		if err != nil {
			t.Fatal(err)
		}
		// Moves of one layer commute: compare as multisets.
		head := slices.Clone(moves[:len(c.Word)])
		word := slices.Clone(c.Word)
		slices.Sort(head)
		slices.Sort(word)
		if !slices.Equal(head, word) {
			t.Errorf("%s cube %s %v: solution %v does not start with its word", what, c.Part, c.Word, moves)
		}
	})
}

// middleSplitsParts checks the middle cases of every part of depth k of p.
func middleSplitsParts(t *testing.T, enc *Encoding, p *model.Puzzle, k int, pairwise bool) {
	s, e := extended(t, enc, p, Options{MaxSteps: k}, k)
	split := 0
	for _, pt := range e.Parts(k) {
		if len(pt.Middle) == 0 {
			continue
		}
		split++
		checkSplit(t, s, pt.Assume, pt.Middle, pairwise, fmt.Sprintf("%s depth %d part %s", p.Name, k, pt.Name), nil)
	}
	if split == 0 {
		t.Errorf("%s depth %d: no part split in the middle", p.Name, k)
	}
}

// checkSplit checks that cases, each literals added to the assumptions
// base, split what s has under base: some case is satisfiable exactly when
// base is, the cases cover it (base with every case excluded has no
// model), and, with pairwise (where there are few), no two cases overlap.
// onSat, when set, is called with each satisfiable case's index while s
// holds its model.
func checkSplit(t *testing.T, s *gini.Solver, base []int, cases [][]int, pairwise bool, what string, onSat func(i int)) {
	t.Helper()
	anyCase := sat.Unsat
	for i, c := range cases {
		if solve(t, s, slices.Concat(base, c)) != sat.Sat {
			continue
		}
		anyCase = sat.Sat
		if onSat != nil {
			onSat(i)
		}
	}
	if whole := solve(t, s, base); whole != anyCase {
		t.Errorf("%s: whole %v, some case %v", what, whole, anyCase)
	}
	// Cover: base with every case's own literals excluded, under act.
	act := s.NewVar()
	for _, c := range cases {
		cl := []int{-act}
		for _, l := range c {
			cl = append(cl, -l)
		}
		s.AddClause(cl...)
	}
	if solve(t, s, append(slices.Clone(base), act)) != sat.Unsat {
		t.Errorf("%s: a model outside every case", what)
	}
	if !pairwise {
		return
	}
	for i := range cases {
		for j := i + 1; j < len(cases); j++ {
			if solve(t, s, slices.Concat(base, cases[i], cases[j])) != sat.Unsat {
				t.Errorf("%s: cases %d and %d overlap", what, i, j)
			}
		}
	}
}

// TestCubesCount: Reborn's depth 2 counted by hand. Layer 1 (next to the
// goal) turns columns, layer 2 rows, layer 3 columns; a cube fixes the
// start-side layer, within the part's budget. Columns of cost ≤ 2: 12
// single moves and C(6,2)·4 pairs = 72; of cost ≤ 1: 12. Rows of cost ≤ 2:
// per row the powers ±1 and ±2 alone (12) and two rows ±1 each (3·4 = 12);
// of cost ≤ 1: 6.
func TestCubesCount(t *testing.T) {
	enc, _ := Lookup("layers")
	_, e := extended(t, enc, model.Reborn(), Options{MaxSteps: 2}, 2)
	got := map[string]int{}
	for _, c := range e.(Cuber).Cubes(2) {
		got[c.Part]++
	}
	want := map[string]int{"L1A": 72, "L1B": 24, "L2A": 6, "L2B": 12}
	for name, n := range want {
		if got[name] != n {
			t.Errorf("part %s: %d cubes, want %d", name, got[name], n)
		}
	}
}

func TestPivotValue(t *testing.T) {
	rb := model.Reborn()
	goals, _ := rb.GoalStates(1000, 10_000_000)
	lo, _ := model.Loopover(3, 3)
	tests := []struct {
		name  string
		p     *model.Puzzle
		goals [][]int
		want  string
	}{
		{"reborn: the 5s end on the centres", rb, goals, "5"},
		{"loopover: every value pinned to one cell, the first", lo, nil, "1"},
	}
	for _, tt := range tests {
		have := pivotValue(tt.p, tt.goals)
		if have < 0 || tt.p.Values[have] != tt.want {
			t.Errorf("%s: pivot %d, want value %s", tt.name, have, tt.want)
		}
	}
}
