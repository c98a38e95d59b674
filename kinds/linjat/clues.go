package linjat

import (
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	lm "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// clues are a Linjat puzzle's dots (id: the cell's index in reading
// order); its numbers are the unknowns themselves, not clues.
func clues(p *lm.Puzzle) []kind.Clue {
	var out []kind.Clue
	for _, q := range p.Dots() {
		out = append(out, kind.Clue{ID: q.Row*p.Cols() + q.Col, Cell: q, Label: "dot"})
	}
	return out
}

// without is p with the dots of cells ids taken away.
func without(p *lm.Puzzle, ids []int) (*lm.Puzzle, error) {
	q := p
	for _, i := range ids {
		var err error
		if q, err = q.With(puzzle.Pos{Row: i / p.Cols(), Col: i % p.Cols()}, lm.Empty); err != nil {
			return nil, err
		}
	}
	if q == p {
		c := *p
		q = &c
	}
	q.Solution = nil
	return q, nil
}
