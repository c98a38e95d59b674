package model

import (
	"fmt"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// TestVerifyLines: drawn lines that no assignment can express (bent, off
// the grid, two for one number, over another number) are named.
func TestVerifyLines(t *testing.T) {
	p, err := ParseRows("t", []byte("3 .\n 2 \n.  "))
	if err != nil {
		t.Fatal(err)
	}
	pos := func(r, c int) puzzle.Pos { return puzzle.Pos{Row: r, Col: c} }
	tests := []struct {
		name  string
		lines []line
		want  []string
	}{
		{"solved", []line{{0, pos(0, 0), pos(0, 2)}, {1, pos(1, 1), pos(1, 2)}}, []string{RuleUncovered}},
		{"3 down", []line{{0, pos(0, 0), pos(2, 0)}, {1, pos(1, 1), pos(1, 2)}}, []string{RuleUncovered}},
		{"short", []line{{0, pos(0, 0), pos(0, 1)}, {1, pos(1, 1), pos(1, 2)}}, []string{RuleLength, RuleUncovered, RuleUncovered}},
		{"overlap and over number", []line{{0, pos(0, 0), pos(2, 0)}, {1, pos(1, 0), pos(1, 1)}}, []string{RuleOverlap, RuleUncovered}},
		{"over number", []line{{0, pos(0, 0), pos(0, 2)}, {1, pos(1, 1), pos(1, 2)}, {1, pos(0, 1), pos(1, 1)}}, []string{RuleOverlap, RuleUncovered, RuleTwoLines}},
		{"missing", []line{{0, pos(0, 0), pos(0, 2)}}, []string{RuleNoLine, RuleUncovered}},
		{"bent", []line{{0, pos(0, 0), pos(1, 1)}, {1, pos(1, 1), pos(1, 2)}}, []string{RuleNotStraight, RuleUncovered, RuleUncovered}},
		{"off grid", []line{{0, pos(0, 0), pos(0, 2)}, {1, pos(1, 2), pos(1, 3)}}, []string{RuleMissNumber, RuleOffGrid, RuleUncovered}},
	}
	for _, tt := range tests {
		var got []string
		for _, v := range p.verifyLines(tt.lines) {
			got = append(got, v.Rule)
		}
		if !sameSet(got, tt.want) {
			t.Errorf("%s: have %v, want %v", tt.name, got, tt.want)
		}
	}
	// The 2 at r2c2 passing over the 3 at r1c1.
	q, _ := ParseRows("t", []byte("3  \n2  "))
	var got []string
	for _, v := range q.verifyLines([]line{{0, pos(0, 0), pos(0, 2)}, {1, pos(0, 0), pos(1, 0)}}) {
		got = append(got, v.Rule)
	}
	if !sameSet(got, []string{RuleOverNumber}) {
		t.Errorf("over number: have %v", got)
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]int{}
	for _, x := range a {
		m[x]++
	}
	for _, x := range b {
		m[x]--
	}
	for _, n := range m {
		if n != 0 {
			return false
		}
	}
	return true
}

// TestVerifyPartial: on a board with undrawn lines (-1) each undrawn number
// is named once, and a dot only when no undrawn line could cover it.
func TestVerifyPartial(t *testing.T) {
	p, err := ParseRows("t", []byte("3__\n_2.\n.__"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		a    puzzle.Assignment
		want []string
	}{
		{"nothing drawn", puzzle.Assignment{-1, -1}, []string{"no-line@[r1c1]", "no-line@[r2c2]"}},
		// The 3 across: the 2 can still reach r2c3 but not r3c1.
		{"3 across", puzzle.Assignment{0, -1}, []string{"no-line@[r2c2]", "uncovered-dot@[r3c1]"}},
		{"solved", puzzle.Assignment{1, 1}, nil},
		{"out of range", puzzle.Assignment{2, -1}, []string{"shape@[r1c1]"}},
		{"below -1", puzzle.Assignment{-2, -1}, []string{"shape@[r1c1]"}},
	} {
		var have []string
		for _, v := range p.Verify(tc.a) {
			have = append(have, v.Rule+"@"+fmt.Sprint(v.Cells))
		}
		if !slices.Equal(have, tc.want) {
			t.Errorf("%s: have %v, want %v", tc.name, have, tc.want)
		}
	}
}
