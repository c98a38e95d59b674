package shift

import (
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	model "github.com/puzzlesat/puzzlesat/shift"
)

// TestCubesSplitDepth: the cubes of a depth cover its models (the depth
// with every cube excluded has none), a depth is satisfiable exactly when
// one of its cubes is, cubes do not overlap (checked pairwise where there
// are few), and a satisfiable cube's solution starts with the cube's word.
func TestCubesSplitDepth(t *testing.T) {
	rb, lq := scrambled(7, 8, 4)
	enc, _ := Lookup("layers")
	tests := []struct {
		p        *model.Puzzle
		maxK     int
		pairwise bool
	}{
		{rb, 4, false},
		{lq, 5, true},
	}
	for _, tt := range tests {
		p := tt.p
		// fresh returns a solver holding the encoding extended to depth k.
		fresh := func(k int) (*gini.Solver, Deepener) {
			return extended(t, enc, p, Options{MaxSteps: tt.maxK}, k)
		}
		for k := 0; k <= tt.maxK; k++ {
			s, e := fresh(k)
			cubes := e.(Cuber).Cubes(k)
			base := len(e.Assume(k))
			whole := solve(t, s, e.Assume(k))
			anyCube := sat.Unsat
			for _, c := range cubes {
				if solve(t, s, c.Assume) != sat.Sat {
					continue
				}
				anyCube = sat.Sat
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
					t.Errorf("%s depth %d cube %s %v: solution %v does not start with its word", p.Name, k, c.Part, c.Word, moves)
				}
			}
			if anyCube != whole {
				t.Errorf("%s depth %d: whole %v, some cube %v", p.Name, k, whole, anyCube)
			}
			// Cover: the depth with every cube's own literals excluded.
			s2, e2 := fresh(k)
			act := s2.NewVar()
			for _, c := range e2.(Cuber).Cubes(k) {
				cl := []int{-act}
				for _, l := range c.Assume[base:] {
					cl = append(cl, -l)
				}
				s2.AddClause(cl...)
			}
			if len(cubes) > 1 && solve(t, s2, append(e2.Assume(k), act)) != sat.Unsat {
				t.Errorf("%s depth %d: a model outside every cube", p.Name, k)
			}
			if !tt.pairwise {
				continue
			}
			for i := range cubes {
				for j := i + 1; j < len(cubes); j++ {
					both := append(slices.Clone(cubes[i].Assume), cubes[j].Assume[base:]...)
					if solve(t, s, both) != sat.Unsat {
						t.Errorf("%s depth %d: cubes %d and %d overlap", p.Name, k, i, j)
					}
				}
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

// TestMiddleSplitsPart: a part's middle cases cover it (the part with
// every case excluded has no model), one case is satisfiable exactly when
// the part is, and cases do not overlap (pairwise where there are few).
func TestMiddleSplitsPart(t *testing.T) {
	rb, lq := scrambled(9, 10, 5)
	enc, _ := Lookup("layers")
	tests := []struct {
		p        *model.Puzzle
		k        int
		pairwise bool
	}{
		{rb, 5, false},
		{lq, 6, true},
		{lq, 7, true},
	}
	for _, tt := range tests {
		s, e := extended(t, enc, tt.p, Options{MaxSteps: tt.k}, tt.k)
		split := 0
		for _, pt := range e.Parts(tt.k) {
			if len(pt.Middle) == 0 {
				continue
			}
			split++
			anyCase := sat.Unsat
			for _, c := range pt.Middle {
				if solve(t, s, slices.Concat(pt.Assume, c)) == sat.Sat {
					anyCase = sat.Sat
				}
			}
			if whole := solve(t, s, pt.Assume); whole != anyCase {
				t.Errorf("%s depth %d part %s: whole %v, some case %v", tt.p.Name, tt.k, pt.Name, whole, anyCase)
			}
			act := s.NewVar()
			for _, c := range pt.Middle {
				cl := []int{-act}
				for _, l := range c {
					cl = append(cl, -l)
				}
				s.AddClause(cl...)
			}
			if solve(t, s, append(slices.Clone(pt.Assume), act)) != sat.Unsat {
				t.Errorf("%s depth %d part %s: a model outside every case", tt.p.Name, tt.k, pt.Name)
			}
			if !tt.pairwise {
				continue
			}
			for i := range pt.Middle {
				for j := i + 1; j < len(pt.Middle); j++ {
					if solve(t, s, slices.Concat(pt.Assume, pt.Middle[i], pt.Middle[j])) != sat.Unsat {
						t.Errorf("%s depth %d part %s: cases %d and %d overlap", tt.p.Name, tt.k, pt.Name, i, j)
					}
				}
			}
		}
		if split == 0 {
			t.Errorf("%s depth %d: no part split in the middle", tt.p.Name, tt.k)
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
