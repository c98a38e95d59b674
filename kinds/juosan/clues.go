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
	q, err := jm.New(p.Title, p.Region, clue)
	if err != nil {
		return nil, err
	}
	q = q.WithReading(p.Reading)
	q.Entry = p.Entry
	return q, nil
}

// full is p with every territory numbered as the solution sol fills it
// (the larger of its '-' and '|' counts, as the generator numbers one).
func full(p *jm.Puzzle, sol puzzle.Assignment) (*jm.Puzzle, error) {
	g, err := p.GridOf(sol)
	if err != nil {
		return nil, err
	}
	clue := append([]int(nil), p.Clue...)
	for t := range clue {
		if p.Numbered(t) {
			continue
		}
		h, cells := 0, p.Cells(t)
		for _, q := range cells {
			if g[q.Row][q.Col] == jm.Horiz {
				h++
			}
		}
		clue[t] = max(h, len(cells)-h)
	}
	q, err := jm.New(p.Title, p.Region, clue)
	if err != nil {
		return nil, err
	}
	q = q.WithReading(p.Reading)
	q.Entry = p.Entry
	return q, nil
}
