package render

import (
	"image/color"
	"strconv"

	jm "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// juosan draws a Juosan board as pzprjs does: a light grid, thick borders
// around the territories, each number small in the top-left corner of its
// territory's first cell (so that the cell's bar still fits), and the bars
// across the cells.
type juosan struct{ base[*jm.Puzzle] }

func (b *juosan) clues(p *pen) {
	m := b.m
	rows, cols := m.Rows(), m.Cols()
	p.gridUnder(rows, cols, 0.2, gridGrey)
	const border = 0.9
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			reg := m.Region[r][c]
			if c+1 < cols && m.Region[r][c+1] != reg {
				x := float64(c+1) * S
				p.line(x, float64(r)*S, x, float64(r+1)*S, border, black, true)
			}
			if r+1 < rows && m.Region[r+1][c] != reg {
				y := float64(r+1) * S
				p.line(float64(c)*S, y, float64(c+1)*S, y, border, black, true)
			}
		}
	}
	p.frame(rows, cols, border*1.4, black)
	face := p.f.face(S*0.24, true, black)
	for reg, clue := range m.Clue {
		var s string
		switch {
		case clue >= 0:
			s = strconv.Itoa(clue)
		case clue == jm.Question:
			s = "?"
		default:
			continue
		}
		q := m.Cells(reg)[0]
		// The number's left edge stays clear of the border.
		p.text(float64(q.Col)*S+S*0.12+float64(len(s))*S*0.085, float64(q.Row)*S+S*0.22, s, face)
	}
}

// bar draws a - or | in a cell, scaled by k around the point (x, y).
func (b *juosan) bar(p *pen, x, y float64, label string, k float64, col color.RGBA) {
	h := S * 0.32 * k
	w := S * 0.11 * k
	switch label {
	case "-":
		p.line(x-h, y, x+h, y, w, col, true)
	case "|":
		p.line(x, y-h, x, y+h, w, col, true)
	}
}

func (b *juosan) values(p *pen, a puzzle.Assignment, col color.RGBA) {
	for i, v := range a {
		if v < 0 {
			continue
		}
		q := b.vars[i].Pos
		b.bar(p, cx(q.Col)+S*0.04, cy(q.Row)+S*0.04, valueLabel(b.inst, i, v), 1, col)
	}
}

// struck draws the eliminated bar small in the bottom-right corner, struck
// through, leaving the middle for the bar that remains.
func (b *juosan) struck(p *pen, i int, vals []int) {
	q := b.vars[i].Pos
	x, y := float64(q.Col)*S+S*0.78, float64(q.Row)*S+S*0.79
	for _, v := range vals {
		b.bar(p, x, y, valueLabel(b.inst, i, v), 0.5, struckRed)
	}
	p.slash(x, y, S*0.32)
}
