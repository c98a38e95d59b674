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
// eliminates struck out and its rule and reason as a caption. Prepare
// computes each of these with the packages the commands use (solve,
// crosscheck); Draw only draws.
//
// Text is drawn with DejaVu Sans, compiled in, and SVG output draws text as
// outlines, so a picture does not depend on the fonts of the machine that
// makes or shows it, and the same puzzle always gives the same bytes.
//
// What is particular to a kind (territories, arrows, dots) is read from the
// kind's model in one file per kind (juosan.go, arrows.go, shinro.go,
// linjat.go, shift.go); the rest sees only the kind-independent
// kinds.Instance.
package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	jm "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	lm "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Picture says what to draw of one puzzle besides the puzzle itself.
type Picture struct {
	// Title is written above the board.
	Title string
	// Values are drawn on the board; nil draws the puzzle alone. Entries
	// of -1 draw nothing, and with Grey their cells are greyed (the
	// cells a backbone leaves open).
	Values puzzle.Assignment
	Grey   bool
	// Second, when set, is drawn on a second board beside the first, and
	// the cells where the two differ are marked on both.
	Second puzzle.Assignment
	// Hint is a step of the human solver taken from the candidates
	// Start: the cells it looked at are highlighted, the values it
	// eliminates struck out, and the values it leaves single drawn in
	// the hint's colour.
	Hint  *human.Step
	Start []human.Cands
	// Caption is written below the board, wrapped.
	Caption string
}

// board draws one kind's grid. Every method draws relative to the board's
// top-left cell; the shared code lays boards out and paints backgrounds.
type board interface {
	// size is the grid in cells, and pad the cells of room around it
	// that labels need (Shinro's counts above and to the left).
	size() (rows, cols int)
	pad() (top, left int)
	// clues draws what the puzzle gives: grid, borders, numbers, arrows.
	clues(p *pen)
	// values draws an assignment (-1: nothing) in colour col.
	values(p *pen, a puzzle.Assignment, col color.RGBA)
	// struck marks values vals of unknown i as eliminated.
	struck(p *pen, i int, vals []int)
	// changed lists the cells that look different when unknown i holds
	// value a in one drawing and b in the other.
	changed(i, a, b int) []puzzle.Pos
}

// boardFor returns the board of inst's kind.
func boardFor(inst kinds.Instance) (board, error) {
	switch inst.Kind() {
	case "juosan":
		return newBoard(inst, func(b base[*jm.Puzzle]) board { return &juosan{b} })
	case "shinro":
		return newBoard(inst, func(b base[*sm.Puzzle]) board { return &shinro{b} })
	case "arrows":
		return newBoard(inst, func(b base[*am.Puzzle]) board { return &arrows{b} })
	case "linjat":
		return newBoard(inst, func(b base[*lm.Puzzle]) board { return &linjat{b} })
	}
	return nil, fmt.Errorf("render: cannot draw %s puzzles", inst.Kind())
}

// newBoard reads inst's model into a base and makes the kind's board of it.
func newBoard[M sized](inst kinds.Instance, kind func(base[M]) board) (board, error) {
	b, err := newBase[M](inst)
	if err != nil {
		return nil, err
	}
	return kind(b), nil
}

// sized is a kind's model as a board sees it: a grid of rows and columns.
type sized interface {
	Rows() int
	Cols() int
}

// base is what every board keeps: the instance, its unknowns and the
// kind's own model (the territories, arrows and dots a board draws are not
// in the kind-independent view). Its methods are the defaults: no room
// around the grid, and a difference shows in the unknown's own cell.
type base[M sized] struct {
	inst kinds.Instance
	vars []puzzle.Var
	m    M
}

func newBase[M sized](inst kinds.Instance) (base[M], error) {
	x, ok := inst.(interface{ Model() M })
	if !ok {
		return base[M]{}, fmt.Errorf("render: %s instance %T has no model", inst.Kind(), inst)
	}
	return base[M]{inst: inst, vars: inst.Vars(), m: x.Model()}, nil
}

func (b *base[M]) size() (int, int) { return b.m.Rows(), b.m.Cols() }
func (b *base[M]) pad() (int, int)  { return 0, 0 }

func (b *base[M]) changed(i, _, _ int) []puzzle.Pos { return []puzzle.Pos{b.vars[i].Pos} }

// Room around and between the parts of a picture, in millimetres.
const (
	margin   = 5.0
	gap      = 10.0 // between two boards
	titleCap = 3.6  // capital height of the title
	labelCap = 2.6  // of a board's label and of the caption
	minWidth = 110.0
)

// Draw draws inst as pic says.
func Draw(inst kinds.Instance, pic Picture) (*canvas.Canvas, error) {
	b, err := boardFor(inst)
	if err != nil {
		return nil, err
	}
	n := len(inst.Vars())
	for _, a := range []puzzle.Assignment{pic.Values, pic.Second} {
		if a != nil && len(a) != n {
			return nil, fmt.Errorf("render: assignment of %d values for %d unknowns", len(a), n)
		}
	}
	if pic.Hint != nil && len(pic.Start) != n {
		return nil, fmt.Errorf("render: hint without the %d starting candidates", n)
	}
	f, err := loadFaces()
	if err != nil {
		return nil, err
	}
	boards := []puzzle.Assignment{pic.Values}
	labels := []string{""}
	if pic.Second != nil {
		boards = append(boards, pic.Second)
		labels = []string{"solution 1", "solution 2"}
	}
	rows, cols := b.size()
	top, left := b.pad()
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

	marks := differences(b, inst, pic.Values, pic.Second)
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
func drawBoard(p *pen, b board, inst kinds.Instance, pic Picture, a puzzle.Assignment, marks []puzzle.Pos) {
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
	b.clues(p)
	if a != nil {
		p.layer(zInk)
		b.values(p, a, ink)
	}
	if pic.Hint != nil {
		drawHint(p, b, pic.Hint, pic.Start)
	}
	p.layer(zMark)
	for _, q := range marks {
		p.outline(q, 0.6, struckRed)
	}
}

// drawHint strikes out a step's eliminations and draws, in the hint's
// colour, the values they leave single.
func drawHint(p *pen, b board, h *human.Step, start []human.Cands) {
	after := append([]human.Cands(nil), start...)
	elims := map[int][]int{}
	var order []int
	for _, e := range h.Elims {
		if e.Var < 0 || e.Var >= len(after) {
			continue
		}
		if _, ok := elims[e.Var]; !ok {
			order = append(order, e.Var)
		}
		elims[e.Var] = append(elims[e.Var], e.Value)
		after[e.Var] = after[e.Var].Without(e.Value)
	}
	forced := make(puzzle.Assignment, len(start))
	for i := range forced {
		forced[i] = -1
		_, was := start[i].Single()
		if v, ok := after[i].Single(); ok && !was {
			forced[i] = v
		}
	}
	p.layer(zInk)
	b.values(p, forced, forcedInk)
	p.layer(zMark)
	for _, i := range order {
		b.struck(p, i, elims[i])
	}
}

// differences lists the cells that differ between two assignments.
func differences(b board, inst kinds.Instance, a1, a2 puzzle.Assignment) []puzzle.Pos {
	if a1 == nil || a2 == nil {
		return nil
	}
	seen := map[puzzle.Pos]bool{}
	var out []puzzle.Pos
	for i := range inst.Vars() {
		if a1[i] == a2[i] {
			continue
		}
		for _, q := range b.changed(i, a1[i], a2[i]) {
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

// valueLabel is the label of value j of unknown i, or "?".
func valueLabel(inst kinds.Instance, i, j int) string {
	vars := inst.Vars()
	if i < 0 || i >= len(vars) || j < 0 || j >= len(vars[i].Domain) {
		return "?"
	}
	return vars[i].Domain[j]
}
