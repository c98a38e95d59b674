package satoracle_test

import (
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/satoracle"
)

func TestSat(t *testing.T) {
	tests := []struct {
		name        string
		clauses     [][]int
		assumptions []int
		want        bool
	}{
		{"no clauses", nil, nil, true},
		{"empty clause", [][]int{{1}, {}}, nil, false},
		{"xor holds", [][]int{{1, 2}, {-1, -2}}, []int{1}, true},
		{"xor broken by assumptions", [][]int{{1, 2}, {-1, -2}}, []int{1, 2}, false},
		{"contradiction under assumptions", [][]int{{1}, {-1}}, []int{2}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := satoracle.New(2)
			for _, cl := range tt.clauses {
				c.AddClause(cl...)
			}
			if have := c.Sat(tt.assumptions...); have != tt.want {
				t.Errorf("have %v, want %v", have, tt.want)
			}
		})
	}
}

// TestIncremental checks answers stay right as clauses and assumptions
// change between calls, past an Unsat that holds whatever the assumptions.
func TestIncremental(t *testing.T) {
	c := satoracle.New(2)
	v := c.NewVar()
	if v != 3 || c.Vars != 3 {
		t.Fatalf("NewVar: have %d (Vars %d), want 3", v, c.Vars)
	}
	c.AddClause(1, 2)
	steps := []struct {
		add         []int
		assumptions []int
		want        bool
	}{
		{nil, []int{-1}, true},
		{[]int{-2, 3}, []int{-1, -3}, false},
		{nil, []int{1, -3}, true},
		{[]int{-1}, []int{-3}, false},
		{nil, nil, true},
		{[]int{-3}, nil, false},
		{nil, []int{2}, false},
	}
	for i, s := range steps {
		if s.add != nil {
			c.AddClause(s.add...)
		}
		if have := c.Sat(s.assumptions...); have != s.want {
			t.Errorf("step %d: have %v, want %v", i, have, s.want)
		}
	}
	if want := [][]int{{1, 2}, {-2, 3}, {-1}, {-3}}; !slices.EqualFunc(c.Clauses, want, slices.Equal) {
		t.Errorf("Clauses: have %v, want %v", c.Clauses, want)
	}
}

func TestAddClauseRejectsStrayLiterals(t *testing.T) {
	for _, lit := range []int{0, 3, -3} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("AddClause(1, %d) with 2 vars: no panic", lit)
				}
			}()
			satoracle.New(2).AddClause(1, lit)
		}()
	}
}

func TestAssignment(t *testing.T) {
	lits, model := satoracle.Assignment(3, 0b101)
	if want := []int{1, -2, 3}; !slices.Equal(lits, want) {
		t.Errorf("lits: have %v, want %v", lits, want)
	}
	if want := []bool{false, true, false, true}; !slices.Equal(model, want) {
		t.Errorf("model: have %v, want %v", model, want)
	}
}

// TestSolutions: solutions are told apart by the layout's primary
// variables only, capped at the limit, and leave c answering as before.
func TestSolutions(t *testing.T) {
	tests := []struct {
		name    string
		clauses [][]int
		limit   int
		want    int
	}{
		// Variables 1, 2 primary (one unknown with values 1 and 2 as
		// 1, 2 true); 3 is free and does not split solutions.
		{"exactly one of two", [][]int{{1, 2}, {-1, -2}}, 10, 2},
		{"capped", [][]int{{1, 2}, {-1, -2}}, 1, 1},
		{"forced", [][]int{{1, 2}, {-1, -2}, {2}}, 10, 1},
		{"none", [][]int{{1, 2}, {-1, -2}, {1, 3}, {-3}, {-1}}, 10, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := satoracle.New(3)
			for _, cl := range tt.clauses {
				c.AddClause(cl...)
			}
			sols, err := c.Solutions(encode.Layout{Lits: [][]int{{1, 2}}}, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if len(sols) != tt.want {
				t.Errorf("have %d solutions %v, want %d", len(sols), sols, tt.want)
			}
			if have, want := c.Sat(), tt.want > 0; have != want {
				t.Errorf("after Solutions, Sat is %v, want %v", have, want)
			}
		})
	}
}
