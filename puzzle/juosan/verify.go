package juosan

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

// Verify returns every rule g breaks, in a fixed order: grid size, empty
// cells (one violation each), runs of three or more `-` in a column and of
// `|` in a row (one violation per maximal run, naming all its cells), then
// numbered territories whose count is wrong under rd. On a partial grid a
// territory is reported only when no filling of its empty cells could meet
// its number, so a clean result on a full grid means g is a solution.
func Verify(p *Puzzle, g Grid, rd Reading) []puzzle.Violation {
	var out []puzzle.Violation
	if len(g) != p.Rows {
		return []puzzle.Violation{{Rule: RuleGridSize, Msg: fmt.Sprintf("grid has %d rows, puzzle has %d", len(g), p.Rows)}}
	}
	for r, row := range g {
		if len(row) != p.Cols {
			return []puzzle.Violation{{Rule: RuleGridSize, Msg: fmt.Sprintf("grid row %d has %d cells, puzzle has %d columns", r+1, len(row), p.Cols)}}
		}
	}
	for r, row := range g {
		for c, s := range row {
			if s != Horiz && s != Vert {
				out = append(out, puzzle.Violation{Rule: RuleEmptyCell, Cells: []puzzle.Pos{{Row: r, Col: c}}, Msg: "cell is empty"})
			}
		}
	}
	// Runs of '-' down each column.
	for c := 0; c < p.Cols; c++ {
		for r := 0; r < p.Rows; {
			n := 0
			for r+n < p.Rows && g[r+n][c] == Horiz {
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
	for r := 0; r < p.Rows; r++ {
		for c := 0; c < p.Cols; {
			n := 0
			for c+n < p.Cols && g[r][c+n] == Vert {
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
			msg := fmt.Sprintf("territory %d has number %d but %d '-' and %d '|'", t, want, h, v)
			if h+v < len(cells) {
				msg += fmt.Sprintf(" with %d cells empty", len(cells)-h-v)
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

// Solved reports whether g is a full grid that breaks no rule under rd.
func Solved(p *Puzzle, g Grid, rd Reading) bool {
	return len(Verify(p, g, rd)) == 0
}
