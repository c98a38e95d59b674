package render

import (
	"image/color"
	"strconv"

	"github.com/tdewolff/canvas"

	lm "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// linjat draws a Linjat board as the reference app does: dots, numbers in
// discs, and each number's line as a broad stroke under its disc.
type linjat struct{ base[*lm.Puzzle] }

func (b *linjat) clues(p *pen) {
	m := b.m
	p.layer(zGrid)
	p.grid(m.Rows(), m.Cols(), 0.2, gridGrey)
	p.frame(m.Rows(), m.Cols(), 0.6, black)
	// Dots lie under the lines: a covered dot is a satisfied dot.
	for _, q := range m.Dots() {
		p.fill(canvas.Circle(S*0.11), cx(q.Col), cy(q.Row), black)
	}
	p.layer(zClue)
	face := p.f.face(S*0.36, true, black)
	for _, n := range m.Numbers() {
		p.fill(canvas.Circle(S*0.36), cx(n.Pos.Col), cy(n.Pos.Row), white)
		p.stroke(canvas.Circle(S*0.36), cx(n.Pos.Col), cy(n.Pos.Row), 0.5, black, false)
		p.text(cx(n.Pos.Col), cy(n.Pos.Row), strconv.Itoa(n.N), face)
	}
}

// placement is value v of number i, if there is one.
func (b *linjat) placement(i, v int) (lm.Placement, bool) {
	pls := b.m.Placements(i)
	if v < 0 || v >= len(pls) {
		return lm.Placement{}, false
	}
	return pls[v], true
}

// stroke draws a placement from its first to its last cell centre, moved
// sideways by off millimetres.
func (b *linjat) stroke(p *pen, pl lm.Placement, off, width float64, col color.RGBA, dashed bool) {
	first, last := pl.At(0), pl.At(pl.Len-1)
	dx, dy := 0.0, off
	if !pl.Horizontal {
		dx, dy = off, 0
	}
	if dashed {
		p.ctx.SetDashes(0, 1.6, 1.0)
		defer p.ctx.SetDashes(0)
	}
	p.line(cx(first.Col)+dx, cy(first.Row)+dy, cx(last.Col)+dx, cy(last.Row)+dy, width, col, !dashed)
}

func (b *linjat) values(p *pen, a puzzle.Assignment, col color.RGBA) {
	for i, v := range a {
		if pl, ok := b.placement(i, v); ok {
			b.stroke(p, pl, 0, S*0.42, lighten(col), false)
		}
	}
}

// struck draws every eliminated placement as a thin dashed red line, side
// by side when several share cells. The lines run under the number's disc,
// which stays readable.
func (b *linjat) struck(p *pen, i int, vals []int) {
	p.layer(zInk)
	for k, v := range vals {
		pl, ok := b.placement(i, v)
		if !ok {
			continue
		}
		off := (float64(k) - float64(len(vals)-1)/2) * 1.5
		b.stroke(p, pl, off, 0.6, struckRed, true)
	}
}

// changed is the number's cell and every cell one line covers and the
// other does not.
func (b *linjat) changed(i, v1, v2 int) []puzzle.Pos {
	out := []puzzle.Pos{b.m.Numbers()[i].Pos}
	p1, ok1 := b.placement(i, v1)
	p2, ok2 := b.placement(i, v2)
	for _, q := range append(p1.Cells(), p2.Cells()...) {
		c1 := ok1 && p1.Covers(q)
		c2 := ok2 && p2.Covers(q)
		if c1 != c2 {
			out = append(out, q)
		}
	}
	return out
}

// lighten mixes a colour halfway with white, so that a broad line does not
// drown the dots and numbers it passes.
func lighten(c color.RGBA) color.RGBA {
	mix := func(v uint8) uint8 { return uint8((int(v) + 255) / 2) }
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xff}
}
