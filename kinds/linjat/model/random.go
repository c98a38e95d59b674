package model

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Random plants a solution and builds a puzzle around it: up to tries
// attempts to place a random straight line of 2..maxLen cells on free
// cells, each line's number on a random cell of it, and a dot on each
// other cell of a line with probability dots. Solution holds the planted
// lines, so the puzzle always has a solution, not necessarily a unique
// one. It is meant for tests and benchmarks.
func Random(rng *rand.Rand, rows, cols, tries, maxLen int, dots float64) (*Puzzle, error) {
	if rows < 1 || cols < 1 || rows > 100 || cols > 100 || maxLen < 2 || maxLen > 9 || tries < 0 {
		return nil, fmt.Errorf("linjat: random %dx%d with lines up to %d", rows, cols, maxLen)
	}
	grid := make([][]int8, rows)
	used := make([][]bool, rows)
	for r := range grid {
		grid[r] = make([]int8, cols)
		used[r] = make([]bool, cols)
	}
	var planted []Placement
	for range tries {
		pl := Placement{Horizontal: rng.IntN(2) == 0, Len: 2 + rng.IntN(maxLen-1),
			Start: puzzle.Pos{Row: rng.IntN(rows), Col: rng.IntN(cols)}}
		ok := true
		for _, q := range pl.Cells() {
			if q.Row >= rows || q.Col >= cols || used[q.Row][q.Col] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		at := rng.IntN(pl.Len)
		for i, q := range pl.Cells() {
			used[q.Row][q.Col] = true
			switch {
			case i == at:
				grid[q.Row][q.Col] = int8(pl.Len)
			case rng.Float64() < dots:
				grid[q.Row][q.Col] = Dot
			}
		}
		planted = append(planted, pl)
	}
	p, err := New("random", grid)
	if err != nil {
		return nil, err
	}
	p.Solution = make(puzzle.Assignment, len(p.numbers))
	for _, pl := range planted {
		for i := range pl.Len {
			if n := p.Index(pl.At(i)); n >= 0 {
				p.Solution[n] = slices.Index(p.placements[n], pl)
			}
		}
	}
	if vs := p.Verify(p.Solution); vs != nil {
		return nil, fmt.Errorf("linjat: random puzzle breaks its planted solution: %v", vs)
	}
	return p, nil
}
