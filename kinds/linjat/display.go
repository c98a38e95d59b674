package linjat

import (
	"strconv"

	"github.com/puzzlesat/puzzlesat/display"
	lm "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
)

// board draws a Linjat board as the reference app does: dots, numbers in
// discs, and each number's line as a broad stroke under its disc. A
// number's value is one of its placements; its pencil marks are the
// placements as thin dashed lines, side by side.
func board(p *lm.Puzzle) *display.Board {
	rows, cols := p.Rows(), p.Cols()
	b := &display.Board{Rows: rows, Cols: cols, Clues: display.GridLines(rows, cols, 0.02, display.Grid)}
	b.Clues = append(b.Clues, display.Frame(rows, cols, 0.06))
	// Dots lie under the lines: a covered dot is a satisfied dot.
	for _, q := range p.Dots() {
		x, y := display.Centre(q)
		b.Clues = append(b.Clues, display.Disc(x, y, 0.11, display.Ink, display.Under))
	}
	for i, n := range p.Numbers() {
		x, y := display.Centre(n.Pos)
		b.Clues = append(b.Clues,
			display.Item{Op: display.Circle, X: x, Y: y, R: 0.36, W: 0.05, Fill: display.Paper, Layer: display.Clue},
			display.Label(x, y, strconv.Itoa(n.N), 0.36, true, display.Ink, display.Clue))
		u := display.Unknown{Cell: n.Pos}
		pls := p.Placements(i)
		for k, pl := range pls {
			first, last := pl.At(0), pl.At(pl.Len-1)
			x1, y1 := display.Centre(first)
			x2, y2 := display.Centre(last)
			u.Values = append(u.Values, []display.Item{display.Segment(x1, y1, x2, y2, 0.42, display.Light, display.Values)})
			// Marks side by side across the line, in up to five lanes.
			off := (float64(k%5) - 2) * 0.12
			dx, dy := 0.0, off
			if !pl.Horizontal {
				dx, dy = off, 0
			}
			u.Marks = append(u.Marks, []display.Item{{Op: display.Line, X: x1 + dx, Y: y1 + dy, X2: x2 + dx, Y2: y2 + dy,
				W: 0.06, Dash: true, Color: display.Value, Layer: display.Values}})
			u.Cover = append(u.Cover, pl.Cells())
		}
		b.Unknowns = append(b.Unknowns, u)
	}
	return b
}
