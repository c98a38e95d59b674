// Package render draws puzzles as pictures, in the look people know from
// paper and from the reference apps: Juosan territories with thick borders,
// their numbers and the - and | bars; Japanese Arrows' arrows with their
// numbers; Shinro's arrows, stones and the counts along the edges; Linjat's
// numbers, dots and lines; a shift puzzle as a strip of states with the move
// between each.
//
// A picture is one drawing (a github.com/tdewolff/canvas Canvas) that Write
// turns into SVG, PNG or PDF, so the three formats always show the same
// thing. Besides the puzzle a picture can show a solution, two solutions side
// by side with the cells where they differ marked, the backbone (the cells
// every solution agrees on, the others greyed), or a hint: the next step of
// the human solver, with the cells it looked at highlighted, the values it
// eliminates struck out and its rule and reason as a caption. The answer
// layer (answer.Prepare) finds each of these with the packages every
// command uses; render only draws.
//
// Text is drawn with DejaVu Sans, compiled in, and SVG output draws text as
// outlines, so a picture does not depend on the fonts of the machine that
// makes or shows it, and the same puzzle always gives the same bytes.
//
// render knows no kind: what is particular to one (territories, arrows,
// dots) is the kind's display.Board, which the playground's page draws
// too; a shift puzzle's strip of states is shift.go's.
package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/display"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Room around and between the parts of a picture, in millimetres.
const (
	margin   = 5.0
	gap      = 10.0 // between two boards
	titleCap = 3.6  // capital height of the title
	labelCap = 2.6  // of a board's label and of the caption
	minWidth = 110.0
)

// Draw draws inst as pic (answer.Prepare's figure of it) says.
func Draw(inst kind.Instance, pic answer.Figure) (*canvas.Canvas, error) {
	f, err := loadFaces()
	if err != nil {
		return nil, err
	}
	return draw(f, inst, pic)
}

// Draw draws inst as the function Draw does, with fonts loaded once for
// many pictures (loading them is most of a small picture's time); one
// goroutine at a time.
func (f *Fonts) Draw(inst kind.Instance, pic answer.Figure) (*canvas.Canvas, error) {
	return draw(f.f, inst, pic)
}

func draw(f *faces, inst kind.Instance, pic answer.Figure) (*canvas.Canvas, error) {
	b := inst.Display()
	n := len(inst.Vars())
	if len(b.Unknowns) != n {
		return nil, fmt.Errorf("render: %s board draws %d unknowns of %d", inst.Kind(), len(b.Unknowns), n)
	}
	for _, a := range []puzzle.Assignment{pic.Values, pic.Second} {
		if a != nil && len(a) != n {
			return nil, fmt.Errorf("render: assignment of %d values for %d unknowns", len(a), n)
		}
	}
	if pic.Hint != nil && len(pic.Start) != n {
		return nil, fmt.Errorf("render: hint without the %d starting candidates", n)
	}
	boards := []puzzle.Assignment{pic.Values}
	labels := []string{""}
	if pic.Second != nil {
		boards = append(boards, pic.Second)
		labels = []string{"solution 1", "solution 2"}
	}
	rows, cols := b.Rows, b.Cols
	top, left := b.Top, b.Left
	bw, bh := float64(cols+left)*S, float64(rows+top)*S
	content := float64(len(boards))*bw + float64(len(boards)-1)*gap

	l := newLayout(f, pic.Title, pic.Caption, content)
	labelH := 0.0
	if pic.Second != nil {
		labelH = labelCap * 2.5
	}
	height := l.top + labelH + bh + l.bottom
	c := canvas.New(l.width, math.Ceil(height))
	p := newPen(c, f)
	l.draw(p, labelH+bh)

	marks := differences(b, pic.Values, pic.Second)
	x := (l.width - content) / 2
	for k, a := range boards {
		if labels[k] != "" {
			p.at(x, l.top).text(bw/2+float64(left)*S/2, labelCap, labels[k], f.face(labelCap, false, labelGrey))
		}
		q := p.at(x+float64(left)*S, l.top+labelH+float64(top)*S)
		drawBoard(q, b, inst, pic, a, marks)
		x += bw + gap
	}
	return c, nil
}

// drawBoard draws one board: backgrounds, the puzzle, the values, and the
// marks of a hint or of a difference.
func drawBoard(p *pen, b *display.Board, inst kind.Instance, pic answer.Figure, a puzzle.Assignment, marks []puzzle.Pos) {
	vars := inst.Vars()
	p.layer(zBack)
	if pic.Grey && a != nil {
		for i, v := range a {
			if v < 0 {
				p.cell(vars[i].Pos, greyBack)
			}
		}
	}
	if pic.Hint != nil {
		for _, q := range pic.Hint.Cells {
			p.cell(q, hintBack)
		}
	}
	for _, q := range marks {
		p.cell(q, diffBack)
	}
	p.items(b.Clues, black)
	if a != nil {
		drawValues(p, b, a, ink)
	}
	if pic.Hint != nil {
		drawHint(p, b, pic.Hint, pic.Start)
	}
	p.layer(zMark)
	for _, q := range marks {
		p.outline(q, 0.6, struckRed)
	}
}

// drawValues draws the values of a (-1: nothing) in colour col.
func drawValues(p *pen, b *display.Board, a puzzle.Assignment, col color.RGBA) {
	for i, v := range a {
		if u := &b.Unknowns[i]; v >= 0 && v < len(u.Values) {
			p.items(u.Values[v], col)
		}
	}
}

// drawHint strikes out a step's eliminations and draws, in the hint's
// colour, the values they leave single.
func drawHint(p *pen, b *display.Board, h *human.Step, start []human.Cands) {
	after := append([]human.Cands(nil), start...)
	for _, e := range h.Elims {
		if e.Var < 0 || e.Var >= len(after) {
			continue
		}
		after[e.Var] = after[e.Var].Without(e.Value)
		if u := &b.Unknowns[e.Var]; e.Value >= 0 && e.Value < len(u.Marks) {
			p.struck(u.Marks[e.Value])
		}
	}
	forced := make(puzzle.Assignment, len(start))
	for i := range forced {
		forced[i] = -1
		_, was := start[i].Single()
		if v, ok := after[i].Single(); ok && !was {
			forced[i] = v
		}
	}
	drawValues(p, b, forced, forcedInk)
}

// differences lists the cells that differ between two assignments.
func differences(b *display.Board, a1, a2 puzzle.Assignment) []puzzle.Pos {
	if a1 == nil || a2 == nil {
		return nil
	}
	seen := map[puzzle.Pos]bool{}
	var out []puzzle.Pos
	for i := range b.Unknowns {
		if a1[i] == a2[i] {
			continue
		}
		for _, q := range b.Unknowns[i].Changed(a1[i], a2[i]) {
			if !seen[q] {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// layout places a picture's title above and caption below content of a
// given width.
type layout struct {
	width, top, bottom float64
	title, caption     *canvas.Text
}

func newLayout(f *faces, title, caption string, content float64) *layout {
	l := &layout{top: margin, bottom: margin}
	w := content
	if title != "" {
		l.title = canvas.NewTextLine(f.face(titleCap, true, black), title, canvas.Left)
		w = math.Max(w, l.title.Bounds().W())
		l.top += titleCap * 2.2
	}
	if caption != "" {
		// A caption wraps: give it room for a readable line even under
		// a small board.
		w = math.Max(w, minWidth)
		l.caption = canvas.NewTextBox(f.face(labelCap, false, black), caption, w, 0, canvas.Left, canvas.Top, nil)
		l.bottom += labelCap*1.5 + l.caption.Bounds().H()
	}
	l.width = math.Ceil(w + 2*margin)
	return l
}

// draw writes the title and the caption around content of height h.
func (l *layout) draw(p *pen, h float64) {
	p.layer(zClue)
	if l.title != nil {
		p.ctx.DrawText(margin, margin+titleCap, l.title)
	}
	if l.caption != nil {
		p.ctx.DrawText(margin, l.top+h+labelCap*1.5, l.caption)
	}
}
