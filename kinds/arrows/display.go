package arrows

import (
	"math"
	"strconv"

	"github.com/puzzlesat/puzzlesat/display"
	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// board draws a Japanese Arrows board: every cell's arrow with its number
// behind it, given numbers bold. The number stands behind its arrow, the
// way the formats write a cell ("↘3" read backwards): the arrow starts next
// to the number and runs to the side or corner it points at, so that it is
// never read as the neighbour's.
func board(p *am.Puzzle) *display.Board {
	rows, cols := p.Rows(), p.Cols()
	b := &display.Board{Rows: rows, Cols: cols, Clues: display.GridLines(rows, cols, 0.03, display.Ink)}
	b.Clues = append(b.Clues, display.Frame(rows, cols, 0.09))
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			q := puzzle.Pos{Row: r, Col: c}
			dr, dc := p.Dirs[r][c].Delta()
			from, to := 0.03, 0.42
			if dr != 0 && dc != 0 {
				from, to = 0.08, 0.38
			}
			x, y := display.Centre(q)
			b.Clues = append(b.Clues, display.Item{Op: display.Arrow,
				X: x + float64(dc)*from, Y: y + float64(dr)*from, X2: x + float64(dc)*to, Y2: y + float64(dr)*to, W: 0.055, Layer: display.Clue})
			if g := p.Given[r][c]; g >= 0 {
				nx, ny := numberAt(q, dr, dc)
				b.Clues = append(b.Clues, display.Label(nx, ny, strconv.Itoa(g), 0.3, true, display.Ink, display.Clue))
			}
		}
	}
	for _, v := range p.Vars() {
		q := v.Pos
		u := display.Unknown{Cell: q}
		dr, dc := p.Dirs[q.Row][q.Col].Delta()
		nx, ny := numberAt(q, dr, dc)
		for k, label := range v.Domain {
			if p.Given[q.Row][q.Col] >= 0 {
				// A given number is drawn with the clues.
				u.Values = append(u.Values, nil)
			} else {
				u.Values = append(u.Values, []display.Item{display.Label(nx, ny, label, 0.3, false, display.Value, display.Values)})
			}
			mx, my := markAt(q, dr, dc, k, len(v.Domain))
			u.Marks = append(u.Marks, []display.Item{display.Label(mx, my, label, 0.17, false, display.Value, display.Marks)})
		}
		b.Unknowns = append(b.Unknowns, u)
	}
	return b
}

// numberAt is the centre of the number of cell q, whose arrow points along
// (dr, dc).
func numberAt(q puzzle.Pos, dr, dc int) (x, y float64) {
	k := 0.18
	if dr != 0 && dc != 0 {
		k = 0.15
	}
	x, y = display.Centre(q)
	return x - float64(dc)*k, y - float64(dr)*k
}

// markAt is the centre of pencil mark k of n in cell q, whose arrow
// points along (dr, dc): the marks fill the two parts of the cell that
// neither the arrow nor the number behind it reaches (beside a straight
// arrow, the other two corners of a diagonal one), the first half of the
// marks in the first part, so that a struck mark never crosses the arrow
// or the value drawn with it.
func markAt(q puzzle.Pos, dr, dc, k, n int) (x, y float64) {
	type part struct{ x, y, w, h float64 }
	var a, b part
	switch {
	case dr == 0: // a row: the strips above and below it
		a, b = part{0, 0, 1, 0.3}, part{0, 0.7, 1, 0.3}
	case dc == 0: // a column: the strips left and right of it
		a, b = part{0, 0, 0.3, 1}, part{0.7, 0, 0.3, 1}
	default: // a diagonal: the corners on its tip's row and on its tip's column
		a = part{0.5 * float64(max(-dc, 0)), 0.5 * float64(max(dr, 0)), 0.5, 0.5}
		b = part{0.5 - a.x, 0.5 - a.y, 0.5, 0.5}
	}
	first := (n + 1) / 2
	p, m, j := a, first, k
	if k >= first {
		p, m, j = b, n-first, k-first
	}
	// A grid in the part as square as its shape allows.
	per := max(1, min(m, int(math.Ceil(math.Sqrt(float64(m)*p.w/p.h)))))
	rows := (m + per - 1) / per
	return float64(q.Col) + p.x + p.w*(float64(j%per)+0.5)/float64(per),
		float64(q.Row) + p.y + p.h*(float64(j/per)+0.5)/float64(rows)
}
