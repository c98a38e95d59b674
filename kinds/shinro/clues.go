package shinro

import (
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// clues are a Shinro puzzle's arrows (id: the cell's index in reading
// order); the counts along the edges are its frame, not clues.
func clues(p *sm.Puzzle) []kind.Clue {
	var out []kind.Clue
	for _, q := range p.ArrowCells() {
		out = append(out, kind.Clue{ID: q.Row*p.Cols() + q.Col, Cell: q, Label: string(p.Arrows[q.Row][q.Col].Rune())})
	}
	return out
}

// without is p with the arrows of cells ids taken away: those cells
// become unknowns, so the carried solution no longer fits and is dropped.
func without(p *sm.Puzzle, ids []int) (*sm.Puzzle, error) {
	a := make([][]sm.Dir, len(p.Arrows))
	for r := range a {
		a[r] = append([]sm.Dir(nil), p.Arrows[r]...)
	}
	for _, i := range ids {
		a[i/p.Cols()][i%p.Cols()] = sm.None
	}
	q, err := sm.New(p.Title, a, append([]int(nil), p.RowCounts...), append([]int(nil), p.ColCounts...), p.Total)
	if err != nil {
		return nil, err
	}
	q.Entry, q.Number, q.Difficulty = p.Entry, p.Number, p.Difficulty
	return q, nil
}

// full is p with an arrow on every cell the solution sol leaves empty
// that sees one of its stones (the first direction that does, in
// shinroDirs' order), as the generator plants arrows.
func full(p *sm.Puzzle, sol puzzle.Assignment) (*sm.Puzzle, error) {
	s := p.StonesOf(sol)
	a := make([][]sm.Dir, len(p.Arrows))
	for r := range a {
		a[r] = append([]sm.Dir(nil), p.Arrows[r]...)
		for c := range a[r] {
			if a[r][c] != sm.None || s[r][c] {
				continue
			}
			for _, d := range shinroDirs {
				if seesStone(s, puzzle.Pos{Row: r, Col: c}, d) {
					a[r][c] = d
					break
				}
			}
		}
	}
	q, err := sm.New(p.Title, a, append([]int(nil), p.RowCounts...), append([]int(nil), p.ColCounts...), p.Total)
	if err != nil {
		return nil, err
	}
	q.Entry, q.Number, q.Difficulty = p.Entry, p.Number, p.Difficulty
	return q, nil
}
