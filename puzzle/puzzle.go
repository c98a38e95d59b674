// Package puzzle holds what every puzzle kind shares: grid positions, the
// kind-independent view of a puzzle as unknowns with finite domains,
// assignments, rule violations and positioned parse errors. Each kind's model
// (parse, format, verify) lives in kinds/<kind>/model; encode/ and human/ both
// depend on these models and never on each other.
package puzzle

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Pos is a grid cell, 0-based.
type Pos struct{ Row, Col int }

// String is "r1c1" for the top-left cell. It names the cells of every
// rule's reason, so it is written without fmt.
func (p Pos) String() string { return "r" + strconv.Itoa(p.Row+1) + "c" + strconv.Itoa(p.Col+1) }

// posJSON is a position as JSON: numbered from 1, as the text's r1c1.
type posJSON struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// MarshalJSON writes {"row": 1, "col": 1} for the top-left cell: the
// numbers the text shows (r1c1), not the 0-based fields.
func (p Pos) MarshalJSON() ([]byte, error) {
	return json.Marshal(posJSON{p.Row + 1, p.Col + 1})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (p *Pos) UnmarshalJSON(data []byte) error {
	var j posJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*p = Pos{Row: j.Row - 1, Col: j.Col - 1}
	return nil
}

// Var is one unknown of a puzzle: the value of a cell (or, for Linjat, the
// placement of a number's line), with its finite domain of value labels.
type Var struct {
	Name   string
	Pos    Pos
	Domain []string
}

// Problem is the kind-independent view of one puzzle instance: the unknowns a
// solution assigns. The SAT side maps each (var, value) to a literal; the human
// side keeps a candidate set per var.
type Problem interface {
	Kind() string
	Name() string
	Rows() int
	Cols() int
	Vars() []Var
}

// Assignment gives a value index into Vars()[i].Domain for every unknown i;
// -1 means unknown.
type Assignment []int

// Fits reports how a does not fit p, or nil: a length other than p's
// number of unknowns, or a value outside its unknown's domain (-1, no
// value, fits). Readers of solutions hold what they return to it.
func Fits(p Problem, a Assignment) error {
	vars := p.Vars()
	if len(a) != len(vars) {
		return fmt.Errorf("want one value per unknown (%d), have %d", len(vars), len(a))
	}
	for i, v := range a {
		if v < -1 || v >= len(vars[i].Domain) {
			return fmt.Errorf("%s = %d, outside its %d values", vars[i].Name, v, len(vars[i].Domain))
		}
	}
	return nil
}

// Violation is one broken rule, named, with the cells involved.
type Violation struct {
	Rule  string `json:"rule"`
	Cells []Pos  `json:"cells"`
	Msg   string `json:"message"`
}

func (v Violation) String() string {
	return fmt.Sprintf("%s at %s: %s", v.Rule, JoinPos(v.Cells), v.Msg)
}

// JoinPos names cells as violations and rule reasons do: "r1c1,r1c2".
func JoinPos(ps []Pos) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.String()
	}
	return strings.Join(s, ",")
}

// Error is a positioned parse error (srcpos.Error).
type Error = srcpos.Error

// ErrorList collects every positioned error of one input (srcpos.ErrorList).
type ErrorList = srcpos.ErrorList
