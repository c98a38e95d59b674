package juosan

import (
	"strconv"

	jm "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// clues are a Juosan puzzle's numbers, one per numbered territory (id:
// the territory), drawn in its first cell; a "?" constrains nothing and
// is none.
func clues(p *jm.Puzzle) []kind.Clue {
	var out []kind.Clue
	for t, n := range p.Clue {
		if p.Numbered(t) {
			out = append(out, kind.Clue{ID: t, Cell: p.Cells(t)[0], Label: strconv.Itoa(n)})
		}
	}
	return out
}

// without is p with the numbers of territories ids taken away.
func without(p *jm.Puzzle, ids []int) (*jm.Puzzle, error) {
	clue := append([]int(nil), p.Clue...)
	for _, t := range ids {
		clue[t] = jm.NoNumber
	}
	return withClues(p, clue)
}

// full is p with every territory numbered as the solution sol fills it
// (numberOf: as the generator numbers one).
func full(p *jm.Puzzle, sol puzzle.Assignment) (*jm.Puzzle, error) {
	g, err := p.GridOf(sol)
	if err != nil {
		return nil, err
	}
	clue := append([]int(nil), p.Clue...)
	for t := range clue {
		if !p.Numbered(t) {
			clue[t] = numberOf(g, p.Cells(t))
		}
	}
	return withClues(p, clue)
}

// withClues is p with the territory numbers clue, read as p is.
func withClues(p *jm.Puzzle, clue []int) (*jm.Puzzle, error) {
	q, err := jm.New(p.Title, p.Region, clue)
	if err != nil {
		return nil, err
	}
	q = q.WithReading(p.Reading)
	q.Entry = p.Entry
	return q, nil
}
