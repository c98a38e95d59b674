package shinro

import (
	"math"
	"strconv"

	"github.com/puzzlesat/puzzlesat/display"
	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
)

// board draws a Shinro board as playshinro does: the column counts above
// the grid and the row counts to its left, arrows in their cells, stones as
// dark discs.
func board(p *sm.Puzzle) *display.Board {
	rows, cols := p.Rows(), p.Cols()
	b := &display.Board{Rows: rows, Cols: cols, Top: 1, Left: 1, Clues: display.GridLines(rows, cols, 0.03, display.Ink)}
	b.Clues = append(b.Clues, display.Frame(rows, cols, 0.09))
	for r, n := range p.RowCounts {
		b.Clues = append(b.Clues, display.Label(-0.5, float64(r)+0.5, strconv.Itoa(n), 0.36, true, display.Muted, display.Clue))
	}
	for c, n := range p.ColCounts {
		b.Clues = append(b.Clues, display.Label(float64(c)+0.5, -0.5, strconv.Itoa(n), 0.36, true, display.Muted, display.Clue))
	}
	for r, row := range p.Arrows {
		for c, d := range row {
			if !d.Valid() {
				continue
			}
			dr, dc := d.Delta()
			n := math.Hypot(float64(dr), float64(dc))
			ux, uy := float64(dc)/n*0.31, float64(dr)/n*0.31
			x, y := float64(c)+0.5, float64(r)+0.5
			b.Clues = append(b.Clues, display.Item{Op: display.Arrow, X: x - ux, Y: y - uy, X2: x + ux, Y2: y + uy, W: 0.07, Layer: display.Clue})
		}
	}
	for _, v := range p.Vars() {
		u := display.Unknown{Cell: v.Pos}
		x, y := display.Centre(v.Pos)
		for k := range v.Domain {
			mx, my := display.Slot(v.Pos, k, len(v.Domain))
			switch k {
			case sm.Stone:
				u.Values = append(u.Values, []display.Item{display.Disc(x, y, 0.32, display.Value, display.Values)})
				u.Marks = append(u.Marks, []display.Item{{Op: display.Circle, X: mx, Y: my, R: 0.13, W: 0.05, Color: display.Value, Layer: display.Marks}})
			default:
				// An empty cell draws nothing; its mark is a small dot.
				u.Values = append(u.Values, nil)
				u.Marks = append(u.Marks, []display.Item{display.Disc(mx, my, 0.06, display.Value, display.Marks)})
			}
		}
		b.Unknowns = append(b.Unknowns, u)
	}
	return b
}
