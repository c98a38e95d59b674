package model

import (
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Random builds a rows×cols puzzle around a random solution: a grid with
// no three `-` in a column and no three `|` in a row, cut into random
// connected territories of 1 to 6 cells, about three in four of them
// numbered with the larger of their two counts (so the grid solves the
// puzzle under both readings). The puzzle need not have a unique solution;
// it is meant for sizing, benchmarks and tests. The same rng state gives
// the same puzzle.
func Random(rng *rand.Rand, rows, cols int) (*Puzzle, Grid, error) {
	if !sizeOK(rows) || !sizeOK(cols) {
		return nil, nil, fmt.Errorf("juosan: random size %d×%d outside 1..%d", rows, cols, MaxSize)
	}
	g := randomGrid(rng, rows, cols)

	region := make([][]int, rows)
	for r := range region {
		region[r] = make([]int, cols)
		for c := range region[r] {
			region[r][c] = -1
		}
	}
	p := &Puzzle{NumRows: rows, NumCols: cols, Region: region}
	n := 0
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if region[r][c] >= 0 {
				continue
			}
			target := 1 + rng.IntN(6)
			region[r][c] = n
			var frontier []puzzle.Pos
			add := func(q puzzle.Pos) {
				for _, nb := range p.Neighbors(q) {
					if region[nb.Row][nb.Col] < 0 {
						frontier = append(frontier, nb)
					}
				}
			}
			add(puzzle.Pos{Row: r, Col: c})
			for size := 1; size < target && len(frontier) > 0; {
				i := rng.IntN(len(frontier))
				q := frontier[i]
				frontier[i] = frontier[len(frontier)-1]
				frontier = frontier[:len(frontier)-1]
				if region[q.Row][q.Col] >= 0 {
					continue
				}
				region[q.Row][q.Col] = n
				size++
				add(q)
			}
			n++
		}
	}
	clue := make([]int, n)
	h, v := make([]int, n), make([]int, n)
	for r, row := range region {
		for c, t := range row {
			if g[r][c] == Horiz {
				h[t]++
			} else {
				v[t]++
			}
		}
	}
	for t := range clue {
		clue[t] = NoNumber
		if rng.IntN(4) > 0 {
			clue[t] = max(h[t], v[t])
		}
	}
	q, err := New(fmt.Sprintf("random-%dx%d", rows, cols), region, clue)
	if err != nil {
		return nil, nil, err
	}
	return q, g, nil
}

// randomGrid fills a grid with random symbols, backtracking where a cell
// can take neither symbol without a run of three.
func randomGrid(rng *rand.Rand, rows, cols int) Grid {
	// Chronological backtracking can thrash for a very long time after an
	// early unlucky choice; restarting after a budget of steps (the same rng
	// goes on, so the result stays a function of its state) keeps every
	// size fast.
	for {
		if g, ok := tryRandomGrid(rng, rows, cols, 20*rows*cols+100); ok {
			return g
		}
	}
}

func tryRandomGrid(rng *rand.Rand, rows, cols, budget int) (Grid, bool) {
	g := NewGrid(rows, cols)
	n := rows * cols
	first := make([]Symbol, n) // the symbol tried first at each cell
	tried := make([]int, n)    // how many symbols have been tried there
	allowed := func(r, c int, s Symbol) bool {
		if s == Horiz {
			return r < 2 || g[r-1][c] != Horiz || g[r-2][c] != Horiz
		}
		return c < 2 || g[r][c-1] != Vert || g[r][c-2] != Vert
	}
	for i := 0; i < n; budget-- {
		if budget == 0 {
			return nil, false
		}
		r, c := i/cols, i%cols
		if tried[i] == 0 {
			first[i] = Horiz + Symbol(rng.IntN(2))
		}
		if tried[i] == 2 {
			tried[i] = 0
			g[r][c] = Empty
			i--
			continue
		}
		s := first[i]
		if tried[i] == 1 {
			s = Horiz + Vert - s
		}
		tried[i]++
		if allowed(r, c, s) {
			g[r][c] = s
			i++
		}
	}
	return g, true
}
