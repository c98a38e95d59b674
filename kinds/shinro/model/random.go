package model

import (
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Random plants a solution and builds a puzzle around it: stones on
// distinct random cells, then up to arrows arrows on other cells, each
// pointing in a random direction whose ray holds a planted stone. Counts
// come from the stones and Solution holds them. The puzzle need not have a
// unique solution. It is meant for tests and benchmarks.
func Random(rng *rand.Rand, rows, cols, stones, arrows int) (*Puzzle, error) {
	if rows < 1 || cols < 1 || rows > maxSide || cols > maxSide {
		return nil, fmt.Errorf("shinro: random size %dx%d outside 1..%d", rows, cols, maxSide)
	}
	if stones < 0 || stones > rows*cols || arrows < 0 {
		return nil, fmt.Errorf("shinro: random %d stones and %d arrows in %dx%d", stones, arrows, rows, cols)
	}
	sol := make(Stones, rows)
	grid := make([][]Dir, rows)
	for r := range sol {
		sol[r] = make([]bool, cols)
		grid[r] = make([]Dir, cols)
	}
	for _, k := range rng.Perm(rows * cols)[:stones] {
		sol[k/cols][k%cols] = true
	}
	p := &Puzzle{Header: puzzle.Header{Title: fmt.Sprintf("random %dx%d", rows, cols)}, Difficulty: -1, Arrows: grid}
	dirs := []Dir{SW, S, SE, W, E, NW, N, NE}
	for _, k := range rng.Perm(rows * cols) {
		if arrows == 0 {
			break
		}
		r, c := k/cols, k%cols
		if sol[r][c] {
			continue
		}
		var ok []Dir
		for _, d := range dirs {
			grid[r][c] = d
			for _, q := range p.Ray(puzzle.Pos{Row: r, Col: c}) {
				if sol[q.Row][q.Col] {
					ok = append(ok, d)
					break
				}
			}
		}
		grid[r][c] = None
		if len(ok) > 0 {
			grid[r][c] = ok[rng.IntN(len(ok))]
			arrows--
		}
	}
	p.RowCounts, p.ColCounts = make([]int, rows), make([]int, cols)
	for r := range sol {
		for c, s := range sol[r] {
			if s {
				p.RowCounts[r]++
				p.ColCounts[c]++
				p.Total++
			}
		}
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	p.prepare()
	p.Solution = p.AssignmentOf(sol)
	return p, nil
}
