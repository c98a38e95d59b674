// Package cnf encodes Japanese Arrows into CNF.
//
// Every cell i has one-hot value variables x[i][v] (the primary variables,
// named "r1c1=3"). For each arrow i and value v a Tseytin literal
// sees[i][v] ⇔ ∨_{j on i's ray} x[j][v] says the arrow sees v. The arrow's
// value is the number of true sees literals: either through a cardinality
// encoding from encode/card ("exactly v of sees[i][·]" under the guard
// x[i][v]), or, by default, through one totalizer over sees[i][·] whose
// unary outputs o_k ⇔ (at least k are true) are tied to the value:
// x[i][v] → o_v ∧ ¬o_{v+1}. Arrows pointing off the grid hold 0 because
// their sees sets are empty.
package cnf

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	model "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
)

// Options choose how the count is encoded.
type Options struct {
	// Card, when set, encodes "exactly v of sees[i][·]" under x[i][v] for
	// every v with this encoding; nil uses the built-in tied totalizer.
	Card *card.Encoding
}

// Encode writes p's constraints through b and returns the layout of its
// cells (reading order, values 0..NumValues-1).
func Encode(b *encode.Builder, p *model.Puzzle, opt Options) (encode.Layout, error) {
	if err := p.Check(); err != nil {
		return encode.Layout{}, err
	}
	if opt.Card != nil && opt.Card.Exactly == nil {
		return encode.Layout{}, fmt.Errorf("arrows: cardinality encoding %q has no Exactly", opt.Card.Name)
	}
	n, m := p.NumRows*p.NumCols, p.NumValues()
	x := make([][]int, n)
	for i := range x {
		pos := p.Pos(i)
		x[i] = make([]int, m)
		for v := range x[i] {
			x[i][v] = b.Var(fmt.Sprintf("%v=%d", pos, v))
		}
		exactlyOne(b, x[i])
		if g := p.Given[pos.Row][pos.Col]; g >= 0 {
			b.AddClause(x[i][g])
		}
		// An arrow sees at most len(ray) distinct values, and at least one
		// when its ray is not empty. Implied, but cheap and it helps.
		ray := p.Ray(i)
		for v := range x[i] {
			if v > len(ray) || (v == 0 && len(ray) > 0) {
				b.AddClause(-x[i][v])
			}
		}
	}
	for i := 0; i < n; i++ {
		ray := p.Ray(i)
		if len(ray) == 0 {
			continue // value 0 forced above
		}
		sees := make([]int, m)
		for v := range sees {
			s := b.NewVar()
			sees[v] = s
			big := []int{-s}
			for _, j := range ray {
				b.AddClause(-x[j][v], s)
				big = append(big, x[j][v])
			}
			b.AddClause(big...)
		}
		if opt.Card != nil {
			for v := 0; v <= min(len(ray), m-1); v++ {
				opt.Card.Exactly(encode.Guard(b, x[i][v]), sees, v)
			}
			continue
		}
		out := totalizer(b, sees)
		for v := 0; v < m; v++ {
			if v >= 1 {
				b.AddClause(-x[i][v], out[v-1])
			}
			if v < len(out) {
				b.AddClause(-x[i][v], -out[v])
			}
		}
	}
	return encode.Layout{Lits: x}, nil
}

// exactlyOne adds "exactly one of lits" (pairwise at-most-one: domains are
// at most 36 values).
func exactlyOne(a encode.Adder, lits []int) {
	a.AddClause(lits...)
	for i := range lits {
		for j := i + 1; j < len(lits); j++ {
			a.AddClause(-lits[i], -lits[j])
		}
	}
}

// totalizer returns unary outputs out[k-1] ⇔ "at least k of lits are true"
// (both directions, so the count is exact).
func totalizer(a encode.Adder, lits []int) []int {
	if len(lits) == 1 {
		return []int{lits[0]}
	}
	l := totalizer(a, lits[:len(lits)/2])
	r := totalizer(a, lits[len(lits)/2:])
	out := make([]int, len(l)+len(r))
	for k := range out {
		out[k] = a.NewVar()
	}
	// at(xs, k) is the literal "at least k of xs" with k = 0 true and
	// k > len(xs) false; 0 stands for a constant.
	for i := 0; i <= len(l); i++ {
		for j := 0; j <= len(r); j++ {
			// up: ≥i left and ≥j right → ≥i+j.
			if i+j > 0 {
				c := []int{out[i+j-1]}
				if i > 0 {
					c = append(c, -l[i-1])
				}
				if j > 0 {
					c = append(c, -r[j-1])
				}
				a.AddClause(c...)
			}
			// down: <i+1 left and <j+1 right → <i+j+1.
			if i+j < len(out) {
				c := []int{-out[i+j]}
				if i < len(l) {
					c = append(c, l[i])
				}
				if j < len(r) {
					c = append(c, r[j])
				}
				a.AddClause(c...)
			}
		}
	}
	return out
}
