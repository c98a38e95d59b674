package linjat

import (
	"fmt"
	"strconv"

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

// frame are a Linjat puzzle's numbers above 1 (id: the cell's index in
// reading order, as a dot's): the parts of its frame that can contradict
// each other.
func frame(p *lm.Puzzle) []kind.Clue {
	var out []kind.Clue
	for _, n := range p.Numbers() {
		if n.N > 1 {
			out = append(out, kind.Clue{ID: n.Pos.Row*p.Cols() + n.Pos.Col, Cell: n.Pos, Label: strconv.Itoa(n.N)})
		}
	}
	return out
}

// relax is p without its dots and with the numbers of cells ids made 1s:
// a 1's line is its own cell, which the number took already, so a relaxed
// number asks nothing, and without dots to cover, relaxing more never
// takes a solution away.
func relax(p *lm.Puzzle, ids []int) (*lm.Puzzle, error) {
	g := p.Grid()
	for r, row := range g {
		for c, v := range row {
			if v == lm.Dot {
				g[r][c] = lm.Empty
			}
		}
	}
	for _, i := range ids {
		r, c := i/p.Cols(), i%p.Cols()
		if g[r][c] <= 1 {
			return nil, fmt.Errorf("linjat: r%dc%d holds no number above 1", r+1, c+1)
		}
		g[r][c] = 1
	}
	return lm.New(p.Title, g)
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
	return unsolved(p, q), nil
}

// full is p with a dot on every empty cell the solution sol's lines
// cover, as the generator places dots (never one that contradicts).
func full(p *lm.Puzzle, sol puzzle.Assignment) (*lm.Puzzle, error) {
	q := p
	for i, j := range sol {
		if j < 0 || j >= len(p.Placements(i)) {
			return nil, fmt.Errorf("linjat: number %d has no placement %d", i+1, j)
		}
		for _, x := range p.Placements(i)[j].Cells() {
			if q.Cell(x) != lm.Empty {
				continue
			}
			var err error
			if q, err = q.With(x, lm.Dot); err != nil {
				return nil, err
			}
		}
	}
	return unsolved(p, q), nil
}

// unsolved is q, an edit of p, without the solution p's input carried
// (which may no longer fit); a copy when the edit changed nothing.
func unsolved(p, q *lm.Puzzle) *lm.Puzzle {
	if q == p {
		c := *p
		q = &c
	}
	q.Solution = nil
	return q
}
