// Package card encodes cardinality constraints ("at most / at least /
// exactly k of these literals") into CNF. Each encoding is a named Encoding
// listed explicitly in All and checked by Validate; Lookup finds one by name.
// Totalizer is the default.
//
// Semantics shared by every encoding: lits is a multiset, so a literal
// listed twice counts twice, and a literal with its complement counts
// exactly one between them (such pairs are cancelled and k lowered before
// encoding). Any k is accepted: at most k < 0, at least k > len(lits) and
// exactly k outside 0..len(lits) add the empty clause; at most k ≥
// len(lits) and at least k ≤ 0 add nothing. The easy cases are written the
// same way by every encoding: "none" as negative units, "all" as positive
// units, "not all" as one clause, "at least one" as one clause. The
// functions never panic on any of this.
//
// Every encoding's auxiliary variables are defined only by its own clauses,
// so each stays correct under encode.Guard.
package card

import (
	"errors"
	"fmt"

	"github.com/puzzlesat/puzzlesat/encode"
)

// Encoding is one way to write cardinality constraints as clauses. The
// functions write to any encode.Adder (a solver, a formula, or a Guard that
// makes the constraint conditional); all three are set for every encoding
// and correct for every k.
type Encoding struct {
	Name string
	Doc  string
	// AtMost adds "at most k of lits are true".
	AtMost func(a encode.Adder, lits []int, k int)
	// AtLeast adds "at least k of lits are true".
	AtLeast func(a encode.Adder, lits []int, k int)
	// Exactly adds "exactly k of lits are true".
	Exactly func(a encode.Adder, lits []int, k int)
	// AMOOnly marks an at-most-one encoding: its own clauses are used only
	// for at most one (and, through negation, at least n−1); every other
	// bound falls back to the totalizer. Drivers that want the named
	// encoding and nothing else should reject it for those bounds.
	AMOOnly bool
}

// Default is the encoding used when none is named.
const Default = "totalizer"

// Lookup returns the encoding called name ("" means Default).
func Lookup(name string) (*Encoding, error) {
	if e, ok := encode.LookupNamed(All, encodingName, name, Default); ok {
		return e, nil
	}
	return nil, fmt.Errorf("unknown cardinality encoding %q (known: %v)", name, Names())
}

// Names lists the names of All in order.
func Names() []string { return encode.Names(All, encodingName) }

func encodingName(e *Encoding) string { return e.Name }

// All lists every encoding, explicitly.
var All = []*Encoding{
	Pairwise,
	Ladder,
	Commander,
	Product,
	SeqCounter,
	Totalizer,
	CardNet,
	Native,
}

// isWord reports whether name is a lower-case word: a letter, then letters
// and digits. (A regexp here cost every start of the binary its compile.)
func isWord(name string) bool {
	for i, r := range name {
		if !('a' <= r && r <= 'z' || i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return name != ""
}

// Validate checks one encoding: a lower-case name, a doc line and all
// three functions.
func (e *Encoding) Validate() error {
	if e == nil {
		return errors.New("card: nil encoding")
	}
	if !isWord(e.Name) {
		return fmt.Errorf("card: encoding name %q is not a lower-case word", e.Name)
	}
	if e.Doc == "" {
		return fmt.Errorf("card: encoding %q has no doc", e.Name)
	}
	if e.AtMost == nil || e.AtLeast == nil || e.Exactly == nil {
		return fmt.Errorf("card: encoding %q lacks AtMost, AtLeast or Exactly", e.Name)
	}
	return nil
}

// Validate checks every encoding in All, that names are unique and that
// Default is among them.
func Validate() error {
	var errs []error
	seen := map[string]bool{}
	for _, e := range All {
		if err := e.Validate(); err != nil {
			errs = append(errs, err)
			continue
		}
		if seen[e.Name] {
			errs = append(errs, fmt.Errorf("card: encoding name %q listed twice", e.Name))
		}
		seen[e.Name] = true
	}
	if !seen[Default] {
		errs = append(errs, fmt.Errorf("card: default encoding %q is not listed", Default))
	}
	return errors.Join(errs...)
}
