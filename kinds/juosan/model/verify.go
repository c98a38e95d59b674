package model

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Rule names reported by Verify.
const (
	RuleGridSize       = "grid-size"             // the grid does not match the puzzle's size
	RuleEmptyCell      = "empty-cell"            // a cell holds no symbol
	RuleThreeHorizBars = "three-horizontal-bars" // three or more '-' stacked vertically in a column
	RuleThreeVertBars  = "three-vertical-bars"   // three or more '|' side by side in a row
	RuleTerritoryCount = "territory-count"       // a numbered territory's count cannot be N
)

// Verify returns every rule the filling a (values of Vars, -1 for an
// empty cell) breaks, in a fixed order: size, empty cells (one violation
// each), runs of three or more `-` in a column and of `|` in a row (one
// violation per maximal run, naming all its cells), then numbered
// territories whose count is wrong under p.Reading. On a partial filling a
// territory is reported only when no filling of its empty cells could meet
// its number, so a clean result on a full one means a is a solution.
func (p *Puzzle) Verify(a puzzle.Assignment) []puzzle.Violation {
	g, err := p.GridOf(a)
	if err != nil {
		return []puzzle.Violation{{Rule: RuleGridSize, Msg: err.Error()}}
	}
	return p.verify(g)
}

// verify is Verify on a grid of p's size.
func (p *Puzzle) verify(g Grid) []puzzle.Violation {
	var out []puzzle.Violation
	rd := p.Reading
	for r, row := range g {
		for c, s := range row {
			if s != Horiz && s != Vert {
				out = append(out, puzzle.Violation{Rule: RuleEmptyCell, Cells: []puzzle.Pos{{Row: r, Col: c}}, Msg: "cell is empty"})
			}
		}
	}
	// Runs of '-' down each column.
	for c := 0; c < p.NumCols; c++ {
		for r := 0; r < p.NumRows; {
			n := 0
			for r+n < p.NumRows && g[r+n][c] == Horiz {
				n++
			}
			if n >= 3 {
				out = append(out, run(RuleThreeHorizBars, n, func(i int) puzzle.Pos { return puzzle.Pos{Row: r + i, Col: c} },
					fmt.Sprintf("%d '-' stacked in column %d", n, c+1)))
			}
			r += max(n, 1)
		}
	}
	// Runs of '|' along each row.
	for r := 0; r < p.NumRows; r++ {
		for c := 0; c < p.NumCols; {
			n := 0
			for c+n < p.NumCols && g[r][c+n] == Vert {
				n++
			}
			if n >= 3 {
				out = append(out, run(RuleThreeVertBars, n, func(i int) puzzle.Pos { return puzzle.Pos{Row: r, Col: c + i} },
					fmt.Sprintf("%d '|' side by side in row %d", n, r+1)))
			}
			c += max(n, 1)
		}
	}
	for t := range p.Clue {
		want := p.Clue[t]
		if want < 0 {
			continue
		}
		cells := p.Cells(t)
		h, v := 0, 0
		for _, q := range cells {
			switch g[q.Row][q.Col] {
			case Horiz:
				h++
			case Vert:
				v++
			}
		}
		if !CountPossible(h, v, len(cells)-h-v, want, rd) {
			// Named by its first cell, as the text names cells (r1c1).
			msg := fmt.Sprintf("the territory at %v has number %d but %d '-' and %d '|'", cells[0], want, h, v)
			switch empty := len(cells) - h - v; {
			case empty == 1:
				msg += " with 1 cell empty"
			case empty > 1:
				msg += fmt.Sprintf(" with %d cells empty", empty)
			}
			switch rd {
			case Majority:
				msg += " (majority: the larger count must be the number)"
			default:
				msg += " (either count must be the number)"
			}
			out = append(out, puzzle.Violation{Rule: RuleTerritoryCount, Cells: append([]puzzle.Pos(nil), cells...), Msg: msg})
		}
	}
	return out
}

func run(rule string, n int, at func(int) puzzle.Pos, msg string) puzzle.Violation {
	cells := make([]puzzle.Pos, n)
	for i := range cells {
		cells[i] = at(i)
	}
	return puzzle.Violation{Rule: rule, Cells: cells, Msg: msg}
}

// CountPossible reports whether a territory holding h '-', v '|' and e
// empty cells can still end with number n under rd.
func CountPossible(h, v, e, n int, rd Reading) bool {
	for k := 0; k <= e; k++ { // k of the empty cells get '-'
		hh, vv := h+k, v+e-k
		switch rd {
		case Majority:
			if max(hh, vv) == n {
				return true
			}
		default:
			if hh == n || vv == n {
				return true
			}
		}
	}
	return false
}
