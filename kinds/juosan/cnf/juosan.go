// Package cnf encodes a Juosan puzzle (kinds/juosan/model) as CNF.
//
// One primary variable per cell, named like "r3c4" (1-based, row-major
// order), is true when the cell holds `-` and false for `|`; the Layout row
// of cell i is {x, -x} (value 0 = `-`, value 1 = `|`). The clauses:
//
//   - no three `-` stacked in a column: (¬a ∨ ¬b ∨ ¬c) for each vertical
//     triple; no three `|` side by side in a row: (a ∨ b ∨ c) for each
//     horizontal triple;
//   - a territory of S cells numbered N, reading (p.Reading) Either: when 2N = S the
//     single constraint #`-` = N (then #`|` = N too); otherwise a fresh
//     selector s with s → #`-` = N and ¬s → #`|` = N, each written with the
//     card encoding's Exactly under encode.Guard. The counts fix s, so it
//     adds no solutions beyond the cells';
//   - reading Majority, max(#`-`, #`|`) = N: when 2N ≥ S this is the same
//     constraint as Either (the count that equals N is then the larger), so
//     it is written the same way; when 2N < S no filling can meet it, and
//     it is written as its definition's first half, #`-` ≤ N and #`|` ≤ N,
//     which the S cells cannot satisfy;
//   - unnumbered territories and "?" clues add nothing.
package cnf

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	model "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
)

// Options chooses the cardinality encoding. (The clue reading is the
// puzzle's own, model.Puzzle.Reading.)
type Options struct {
	Card string // encoding name for encode/card, "" = card.Default
}

// VarName is the name of the primary variable of cell (r, c), 0-based:
// "r1c1" for the top left cell.
func VarName(r, c int) string { return fmt.Sprintf("r%dc%d", r+1, c+1) }

// Encode writes p's rules to b and returns the layout of its cells
// (row-major, as in p.Vars()). It fails, writing nothing, for an invalid
// puzzle (an unknown reading included) or an unknown card encoding.
func Encode(b *encode.Builder, p *model.Puzzle, opt Options) (encode.Layout, error) {
	if err := p.Validate(); err != nil {
		return encode.Layout{}, err
	}
	enc, err := card.Lookup(opt.Card)
	if err != nil {
		return encode.Layout{}, err
	}

	x := make([][]int, p.NumRows)
	lay := encode.Layout{Lits: make([][]int, 0, p.NumRows*p.NumCols)}
	for r := range x {
		x[r] = make([]int, p.NumCols)
		for c := range x[r] {
			v := b.Var(VarName(r, c))
			x[r][c] = v
			lay.Lits = append(lay.Lits, []int{v, -v})
		}
	}

	for r := 0; r < p.NumRows; r++ {
		for c := 0; c < p.NumCols; c++ {
			if r+2 < p.NumRows {
				b.AddClause(-x[r][c], -x[r+1][c], -x[r+2][c])
			}
			if c+2 < p.NumCols {
				b.AddClause(x[r][c], x[r][c+1], x[r][c+2])
			}
		}
	}

	for t, n := range p.Clue {
		if n >= 0 {
			Number(b, enc, p, x, t)
		}
	}
	return lay, nil
}

// Number writes the number of territory t of p (which must have one)
// through a, over the cell variables x[row][col]; package generate writes
// it behind a selector with encode.Guard, to take numbers away and put them
// back on one solver.
func Number(a encode.Adder, enc *card.Encoding, p *model.Puzzle, x [][]int, t int) {
	n := p.Clue[t]
	cells := p.Cells(t)
	horiz := make([]int, len(cells))
	vert := make([]int, len(cells))
	for i, q := range cells {
		horiz[i] = x[q.Row][q.Col]
		vert[i] = -horiz[i]
	}
	switch size := len(cells); {
	case 2*n == size:
		enc.Exactly(a, horiz, n)
	case p.Reading == model.Majority && 2*n < size:
		enc.AtMost(a, horiz, n)
		enc.AtMost(a, vert, n)
	default:
		s := a.NewVar()
		enc.Exactly(encode.Guard(a, s), horiz, n)
		enc.Exactly(encode.Guard(a, -s), vert, n)
	}
}

// Decode reads the grid a model assigns (model indexed by variable, as
// sat.Solver.Model returns it).
func Decode(p *model.Puzzle, lay encode.Layout, m []bool) (model.Grid, error) {
	vals, err := lay.Decode(m)
	if err != nil {
		return nil, err
	}
	return p.GridOf(vals)
}
