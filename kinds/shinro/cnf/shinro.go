// Package cnf encodes a Shinro puzzle as CNF: one primary variable per
// non-arrow cell (true = stone, named like "r3c4"), exactly-k constraints
// for every row, every column and the stone total through an encode/card
// encoding, and one clause per arrow: at least one stone among the
// non-arrow cells of its ray. Arrow cells have no variable, so no stone can
// lie on an arrow; an arrow whose ray holds only arrows gets the empty
// clause (the puzzle has no solution).
package cnf

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Options choose how the constraints are written.
type Options struct {
	// Card names the cardinality encoding (encode/card); "" is the default.
	Card string
	// NoTotal leaves out the exactly-K constraint on the whole grid. It is
	// implied by the row counts (which add up to K), so dropping it keeps
	// the same solutions with fewer clauses; it is on by default because
	// it helps propagation.
	NoTotal bool
}

// Encode writes p's constraints through b and returns the layout: unknown i
// (p.Vars()[i]) has literals {¬x, x} for values empty and stone.
func Encode(b *encode.Builder, p *shinro.Puzzle, opt Options) (encode.Layout, error) {
	enc, err := card.Lookup(opt.Card)
	if err != nil {
		return encode.Layout{}, err
	}
	if enc.Exactly == nil {
		return encode.Layout{}, fmt.Errorf("encode/shinro: cardinality encoding %q has no Exactly (at-most-one only)", enc.Name)
	}
	vars := p.Vars()
	x := make([]int, len(vars))
	lay := encode.Layout{Lits: make([][]int, len(vars))}
	for i, v := range vars {
		x[i] = b.Var(v.Name)
		lay.Lits[i] = []int{-x[i], x[i]}
	}
	// lits are the stone literals of the non-arrow cells among cells.
	lits := func(cells []puzzle.Pos) []int {
		var out []int
		for _, q := range cells {
			if i := p.Index(q); i >= 0 {
				out = append(out, x[i])
			}
		}
		return out
	}
	for r, want := range p.RowCounts {
		enc.Exactly(b, lits(p.Line(r, true)), want)
	}
	for c, want := range p.ColCounts {
		enc.Exactly(b, lits(p.Line(c, false)), want)
	}
	if !opt.NoTotal {
		enc.Exactly(b, append([]int(nil), x...), p.Total)
	}
	for _, a := range p.ArrowCells() {
		b.AddClause(lits(p.Ray(a))...)
	}
	return lay, nil
}
