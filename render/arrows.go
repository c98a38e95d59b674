package render

import (
	"fmt"
	"image/color"
	"strings"

	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// arrows draws a Japanese Arrows board: every cell's arrow with its number
// behind it, given numbers in black and bold.
type arrows struct{ base[*am.Puzzle] }

// dir is the step of the arrow at q.
func (b *arrows) dir(q puzzle.Pos) (dr, dc int) { return b.m.Dirs[q.Row][q.Col].Delta() }

func (b *arrows) given(q puzzle.Pos) int { return b.m.Given[q.Row][q.Col] }

// The number stands behind its arrow, the way the formats write a cell
// ("↘3" read backwards): the arrow starts next to the number and runs to the
// side or corner it points at, so that it is never read as the neighbour's.

// numberAt is the centre of the number of cell q.
func (b *arrows) numberAt(q puzzle.Pos) (x, y float64) {
	dr, dc := b.dir(q)
	k := S * 0.18
	if dr != 0 && dc != 0 {
		k = S * 0.15
	}
	return cx(q.Col) - float64(dc)*k, cy(q.Row) - float64(dr)*k
}

func (b *arrows) arrow(p *pen, q puzzle.Pos) {
	dr, dc := b.dir(q)
	from, to := S*0.03, S*0.42
	if dr != 0 && dc != 0 {
		from, to = S*0.08, S*0.38
	}
	mid, l := (from+to)/2, (to-from)*hypot(dr, dc)
	p.arrow(cx(q.Col)+float64(dc)*mid, cy(q.Row)+float64(dr)*mid, dr, dc, l, S*0.055, black)
}

func (b *arrows) clues(p *pen) {
	rows, cols := b.m.Rows(), b.m.Cols()
	p.gridUnder(rows, cols, 0.3, black)
	p.frame(rows, cols, 0.9, black)
	face := p.f.face(S*0.3, true, black)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			q := puzzle.Pos{Row: r, Col: c}
			b.arrow(p, q)
			if g := b.given(q); g >= 0 {
				x, y := b.numberAt(q)
				p.text(x, y, fmt.Sprint(g), face)
			}
		}
	}
}

func (b *arrows) values(p *pen, a puzzle.Assignment, col color.RGBA) {
	face := p.f.face(S*0.3, false, col)
	for i, v := range a {
		q := b.vars[i].Pos
		if v < 0 || b.given(q) >= 0 {
			continue
		}
		x, y := b.numberAt(q)
		p.text(x, y, valueLabel(b.inst, i, v), face)
	}
}

// struck writes the eliminated numbers small in a row along the cell's
// bottom edge, struck through, or along its top edge when the arrow points
// down there.
func (b *arrows) struck(p *pen, i int, vals []int) {
	q := b.vars[i].Pos
	labels := make([]string, len(vals))
	for k, v := range vals {
		labels[k] = valueLabel(b.inst, i, v)
	}
	s := strings.Join(labels, " ")
	dr, _ := b.dir(q)
	y := cy(q.Row) + S*0.38
	if dr > 0 {
		y = cy(q.Row) - S*0.38
	}
	face := p.f.face(S*0.16, false, struckRed)
	p.text(cx(q.Col), y, s, face)
	w := face.TextWidth(s)
	p.line(cx(q.Col)-w/2-0.3, y, cx(q.Col)+w/2+0.3, y, 0.3, struckRed, true)
}
