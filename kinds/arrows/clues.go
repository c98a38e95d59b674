package arrows

import (
	"strconv"

	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// clues are an Arrows puzzle's given numbers (id: the cell's index in
// reading order).
func clues(p *am.Puzzle) []kind.Clue {
	var out []kind.Clue
	for r, row := range p.Given {
		for c, g := range row {
			if g >= 0 {
				out = append(out, kind.Clue{ID: r*p.NumCols + c, Cell: puzzle.Pos{Row: r, Col: c}, Label: strconv.Itoa(g)})
			}
		}
	}
	return out
}

// without is p with the givens of cells ids taken away.
func without(p *am.Puzzle, ids []int) (*am.Puzzle, error) {
	q := *p
	q.Solution = nil
	q.Given = make([][]int, len(p.Given))
	for r := range q.Given {
		q.Given[r] = append([]int(nil), p.Given[r]...)
	}
	for _, i := range ids {
		q.Given[i/q.NumCols][i%q.NumCols] = -1
	}
	q.Prepare()
	return &q, nil
}

// full is p with every cell given the number the solution sol puts there.
func full(p *am.Puzzle, sol puzzle.Assignment) (*am.Puzzle, error) {
	q := *p
	q.Solution = nil
	q.Given = make([][]int, len(p.Given))
	for r := range q.Given {
		q.Given[r] = append([]int(nil), p.Given[r]...)
		for c, g := range q.Given[r] {
			if g < 0 {
				q.Given[r][c] = sol[r*q.NumCols+c]
			}
		}
	}
	q.Prepare()
	return &q, nil
}
