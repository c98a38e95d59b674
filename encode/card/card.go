// Package card encodes cardinality constraints ("at most / at least /
// exactly k of these literals") into CNF. Each encoding is a named Encoding
// listed explicitly in All and checked by Validate; Lookup finds one by name.
// Totalizer is the default.
package card

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/encode"
)

// Encoding is one way to write cardinality constraints as clauses. The
// functions write to any encode.Adder (a solver, a formula, or a Guard that
// makes the constraint conditional). AMO-only encodings leave AtMost etc.
// nil; drivers reject them for k > 1.
type Encoding struct {
	Name string
	Doc  string
	// AtMost adds "at most k of lits are true".
	AtMost func(a encode.Adder, lits []int, k int)
	// AtLeast adds "at least k of lits are true".
	AtLeast func(a encode.Adder, lits []int, k int)
	// Exactly adds "exactly k of lits are true".
	Exactly func(a encode.Adder, lits []int, k int)
}

// Default is the encoding used when none is named.
const Default = "totalizer"

// Lookup returns the encoding called name ("" means Default).
func Lookup(name string) (*Encoding, error) {
	if name == "" {
		name = Default
	}
	for _, e := range All {
		if e.Name == name {
			return e, nil
		}
	}
	return nil, fmt.Errorf("unknown cardinality encoding %q", name)
}

// All lists every encoding, explicitly. Filled in as encodings land.
var All = []*Encoding{}
