package puzzle

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestPosJSON: positions are written numbered from 1, as the text writes
// them, and read back.
func TestPosJSON(t *testing.T) {
	for _, tc := range []struct {
		pos  Pos
		want string
	}{
		{Pos{0, 0}, `{"row":1,"col":1}`},
		{Pos{2, 11}, `{"row":3,"col":12}`},
	} {
		have, err := json.Marshal(tc.pos)
		if err != nil || string(have) != tc.want {
			t.Errorf("Marshal(%v): have %s, %v; want %s", tc.pos, have, err, tc.want)
		}
		var back Pos
		if err := json.Unmarshal(have, &back); err != nil || back != tc.pos {
			t.Errorf("Unmarshal(%s): have %v, %v; want %v", have, back, err, tc.pos)
		}
	}
}

// twoCells is a Problem of two unknowns with two and three values.
type twoCells struct{}

func (twoCells) Kind() string { return "test" }
func (twoCells) Name() string { return "two" }
func (twoCells) Rows() int    { return 1 }
func (twoCells) Cols() int    { return 2 }
func (twoCells) Vars() []Var {
	return []Var{{Name: "r1c1", Domain: []string{"a", "b"}}, {Name: "r1c2", Pos: Pos{0, 1}, Domain: []string{"x", "y", "z"}}}
}

func TestFits(t *testing.T) {
	for _, tc := range []struct {
		a    Assignment
		want string // "" for fits
	}{
		{Assignment{1, 2}, ""},
		{Assignment{-1, 0}, ""},
		{Assignment{0}, "want one value per unknown (2), have 1"},
		{Assignment{2, 0}, "r1c1 = 2, outside its 2 values"},
		{Assignment{0, -2}, "r1c2 = -2, outside its 3 values"},
	} {
		err := Fits(twoCells{}, tc.a)
		if have := fmt.Sprint(err); (tc.want == "") != (err == nil) || err != nil && have != tc.want {
			t.Errorf("Fits(%v): have %v, want %q", tc.a, err, tc.want)
		}
	}
}
