package render

import (
	"image/color"
	"strconv"

	"github.com/tdewolff/canvas"

	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// shinro draws a Shinro board as playshinro does: the column counts above
// the grid and the row counts to its left, arrows in their cells, stones as
// dark discs.
type shinro struct{ base[*sm.Puzzle] }

func (b *shinro) pad() (int, int) { return 1, 1 }

func (b *shinro) clues(p *pen) {
	m := b.m
	rows, cols := m.Rows(), m.Cols()
	p.gridUnder(rows, cols, 0.3, black)
	p.frame(rows, cols, 0.9, black)
	face := p.f.face(S*0.36, true, labelGrey)
	for r, n := range m.RowCounts {
		p.text(-S*0.5, cy(r), strconv.Itoa(n), face)
	}
	for c, n := range m.ColCounts {
		p.text(cx(c), -S*0.5, strconv.Itoa(n), face)
	}
	for r, row := range m.Arrows {
		for c, d := range row {
			if d.Valid() {
				dr, dc := d.Delta()
				p.arrow(cx(c), cy(r), dr, dc, S*0.62, S*0.07, black)
			}
		}
	}
}

// stone draws a stone of radius k·S.
func (b *shinro) stone(p *pen, x, y, k float64, col color.RGBA) {
	p.fill(canvas.Circle(S*k), x, y, col)
}

func (b *shinro) values(p *pen, a puzzle.Assignment, col color.RGBA) {
	for i, v := range a {
		if v == sm.Stone {
			q := b.vars[i].Pos
			b.stone(p, cx(q.Col), cy(q.Row), 0.32, col)
		}
	}
}

// struck draws the eliminated value struck through: a stone that cannot
// be as a red ring in the middle of its cell, the dot of an empty cell
// that cannot stay empty small in the corner, beside the stone that must
// be there.
func (b *shinro) struck(p *pen, i int, vals []int) {
	q := b.vars[i].Pos
	for _, v := range vals {
		switch v {
		case sm.Stone:
			p.stroke(canvas.Circle(S*0.2), cx(q.Col), cy(q.Row), 0.4, struckRed, false)
			p.slash(cx(q.Col), cy(q.Row), S*0.42)
		case sm.Empty:
			x, y := float64(q.Col)*S+S*0.82, float64(q.Row)*S+S*0.82
			b.stone(p, x, y, 0.05, struckRed)
			p.slash(x, y, S*0.24)
		}
	}
}
