// Package cnf encodes a Linjat puzzle as CNF: one primary selector
// variable per placement of each number (named like "r3c4=h:c2-c5"),
// exactly one selector per number, at most one selected placement over each
// cell (placements that share a cell exclude each other), and at least one
// selected placement over each dot. Cardinality constraints go through an
// encode/card encoding. A number without any placement gets the empty
// clause (the puzzle has no solution).
package cnf

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	linjat "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Options choose how the constraints are written.
type Options struct {
	// Card names the cardinality encoding (encode/card); "" is the default.
	Card string
}

// Encode writes p's constraints through b and returns the layout:
// Lits[i][j] is the selector of placement j of number i (p.Vars()[i]).
func Encode(b *encode.Builder, p *linjat.Puzzle, opt Options) (encode.Layout, error) {
	enc, err := card.Lookup(opt.Card)
	if err != nil {
		return encode.Layout{}, err
	}
	if enc.Exactly == nil || enc.AtMost == nil {
		return encode.Layout{}, fmt.Errorf("encode/linjat: cardinality encoding %q lacks Exactly or AtMost", enc.Name)
	}
	vars := p.Vars()
	lay := encode.Layout{Lits: make([][]int, len(vars))}
	cols := p.Cols()
	over := make([][]int, p.Rows()*cols) // cell -> selectors of other numbers' placements over it
	for i, v := range vars {
		lay.Lits[i] = make([]int, len(v.Domain))
		own := p.Pos(i)
		for j, label := range v.Domain {
			x := b.Var(v.Name + "=" + label)
			lay.Lits[i][j] = x
			for _, q := range p.Placements(i)[j].Cells() {
				if q != own {
					over[q.Row*cols+q.Col] = append(over[q.Row*cols+q.Col], x)
				}
			}
		}
		enc.Exactly(b, append([]int(nil), lay.Lits[i]...), 1)
	}
	for k, xs := range over {
		if len(xs) > 1 {
			enc.AtMost(b, xs, 1)
		}
		if p.IsDot(posOf(k, cols)) {
			// An empty clause when no placement reaches the dot.
			b.AddClause(xs...)
		}
	}
	return lay, nil
}

func posOf(k, cols int) puzzle.Pos { return puzzle.Pos{Row: k / cols, Col: k % cols} }
