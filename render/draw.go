package render

import (
	"image/color"
	"math"
	"strings"

	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/display"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// S is the side of one cell in millimetres, the unit every board is laid
// out in.
const S = 10.0

// Layers, drawn bottom to top: a board draws its parts in any order and the
// canvas sorts them, so a cell's highlight never hides a clue.
const (
	zBack = iota // cell backgrounds: hint, difference, undetermined
	zGrid        // grid lines, Linjat's dots
	zInk         // values: bars, stones, lines
	zClue        // borders, numbers, arrows
	zMark        // eliminations, difference outlines
)

// The colours. Values are drawn in ink, not black, so that what the
// puzzle gives and what was found read apart.
var (
	black     = color.RGBA{0x00, 0x00, 0x00, 0xff}
	white     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	gridGrey  = color.RGBA{0xa0, 0xa0, 0xa0, 0xff}
	ink       = color.RGBA{0x1a, 0x3f, 0x8f, 0xff}
	forcedInk = color.RGBA{0x00, 0x8a, 0x46, 0xff}
	struckRed = color.RGBA{0xd0, 0x1c, 0x1c, 0xff}
	hintBack  = color.RGBA{0xff, 0xe9, 0x8a, 0xff}
	diffBack  = color.RGBA{0xff, 0xc8, 0xc8, 0xff}
	greyBack  = color.RGBA{0xcc, 0xcc, 0xcc, 0xff}
	labelGrey = color.RGBA{0x55, 0x55, 0x55, 0xff}
)

// faces are the fonts of one drawing. DejaVu Sans is compiled in so that a
// picture never depends on the fonts of the machine that draws it, and it
// covers every character the captions use (≠, ⇒, arrows), which the Go
// fonts do not.
type faces struct {
	regular, bold *canvas.FontFamily
}

func loadFaces() (*faces, error) {
	// Each drawing loads its own fonts: canvas's fonts keep shaping state,
	// and drawings may be made on several goroutines at once (a server).
	r := canvas.NewFontFamily("DejaVu Sans")
	if err := r.LoadFont(dejavusans.TTF, 0, canvas.FontRegular); err != nil {
		return nil, err
	}
	b := canvas.NewFontFamily("DejaVu Sans Bold")
	if err := b.LoadFont(dejavusansbold.TTF, 0, canvas.FontRegular); err != nil {
		return nil, err
	}
	return &faces{regular: r, bold: b}, nil
}

// face returns a face whose capital letters are capMM millimetres high.
func (f *faces) face(capMM float64, bold bool, col color.RGBA) *canvas.FontFace {
	fam := f.regular
	if bold {
		fam = f.bold
	}
	// DejaVu's capitals are 0.729 em high; canvas sizes faces in points.
	const capPerEm = 0.729
	return fam.Face(capMM/capPerEm*72/25.4, col)
}

// pen draws on a canvas in millimetres with y pointing down, relative to
// the top-left corner of the board being drawn.
type pen struct {
	c    *canvas.Canvas
	ctx  *canvas.Context
	f    *faces
	x, y float64
}

func newPen(c *canvas.Canvas, f *faces) *pen {
	ctx := canvas.NewContext(c)
	ctx.SetCoordSystem(canvas.CartesianIV)
	return &pen{c: c, ctx: ctx, f: f}
}

// at returns a pen whose origin is (x, y) on the canvas.
func (p *pen) at(x, y float64) *pen {
	q := *p
	q.x, q.y = x, y
	return &q
}

func (p *pen) layer(z int) { p.c.SetZIndex(z) }

func (p *pen) fill(path *canvas.Path, x, y float64, col color.RGBA) {
	p.ctx.SetFillColor(col)
	p.ctx.SetStrokeColor(canvas.Transparent)
	p.ctx.DrawPath(p.x+x, p.y+y, path)
}

func (p *pen) stroke(path *canvas.Path, x, y, width float64, col color.RGBA, round bool) {
	p.ctx.SetFillColor(canvas.Transparent)
	p.ctx.SetStrokeColor(col)
	p.ctx.SetStrokeWidth(width)
	if round {
		p.ctx.SetStrokeCapper(canvas.RoundCap)
		p.ctx.SetStrokeJoiner(canvas.RoundJoin)
	} else {
		p.ctx.SetStrokeCapper(canvas.ButtCap)
		p.ctx.SetStrokeJoiner(canvas.MiterJoin)
	}
	p.ctx.DrawPath(p.x+x, p.y+y, path)
}

func (p *pen) line(x1, y1, x2, y2, width float64, col color.RGBA, round bool) {
	p.stroke(canvas.Line(x2-x1, y2-y1), x1, y1, width, col, round)
}

// cell fills cell q.
func (p *pen) cell(q puzzle.Pos, col color.RGBA) {
	p.fill(canvas.Rectangle(S, S), float64(q.Col)*S, float64(q.Row)*S, col)
}

// outline draws a frame just inside cell q.
func (p *pen) outline(q puzzle.Pos, width float64, col color.RGBA) {
	in := width / 2
	p.stroke(canvas.Rectangle(S-2*in, S-2*in), float64(q.Col)*S+in, float64(q.Row)*S+in, width, col, false)
}

// text writes s centred on (x, y): horizontally by its advance, vertically
// by the capital height, so digits sit in the middle of a cell.
func (p *pen) text(x, y float64, s string, face *canvas.FontFace) {
	t := canvas.NewTextLine(face, s, canvas.Center)
	p.ctx.DrawText(p.x+x, p.y+y+face.Metrics().CapHeight/2, t)
}

// slash strikes out a small square of side d centred on (x, y).
func (p *pen) slash(x, y, d float64) {
	p.line(x-d/2, y+d/2, x+d/2, y-d/2, 0.35, struckRed, true)
}

// items draws display items, their Value colour in col.
func (p *pen) items(its []display.Item, col color.RGBA) {
	for _, it := range its {
		p.item(it, col)
	}
}

// colour maps a display colour role to this drawing's colour.
func colour(c display.Color, value color.RGBA) color.RGBA {
	switch c {
	case display.Grid:
		return gridGrey
	case display.Muted:
		return labelGrey
	case display.Paper:
		return white
	case display.Value:
		return value
	case display.Light:
		return lighten(value)
	case display.Alert:
		return struckRed
	}
	if n, ok := strings.CutPrefix(string(c), "tone"); ok && len(n) == 1 && n[0] >= '0' && n[0] <= '9' {
		return tokenColors[int(n[0]-'0')%len(tokenColors)]
	}
	return black
}

// item draws one display item; coordinates are in cells.
func (p *pen) item(it display.Item, value color.RGBA) {
	p.layer(int(it.Layer))
	col := colour(it.Color, value)
	x, y, x2, y2, w := it.X*S, it.Y*S, it.X2*S, it.Y2*S, it.W*S
	switch it.Op {
	case display.Line:
		if it.Dash {
			p.ctx.SetDashes(0, 1.6, 1.0)
			defer p.ctx.SetDashes(0)
		}
		p.line(x, y, x2, y2, w, col, it.Round && !it.Dash)
	case display.Arrow:
		p.arrowTo(x, y, x2, y2, w, col)
	case display.Circle:
		p.shape(canvas.Circle(it.R*S), it, x, y, w, col, value)
	case display.Rect:
		r := canvas.Rectangle(x2-x, y2-y)
		if it.R > 0 {
			r = canvas.RoundedRectangle(x2-x, y2-y, it.R*S)
		}
		p.shape(r, it, x, y, w, col, value)
	case display.Text:
		p.text(x, y, it.Text, p.f.face(it.Size*S, it.Bold, col))
	}
}

// shape draws a circle's or a rectangle's path at x, y: filled with col
// when it has no outline (W 0), else outlined w wide in col over its Fill,
// if any.
func (p *pen) shape(path *canvas.Path, it display.Item, x, y, w float64, col, value color.RGBA) {
	if it.W == 0 {
		p.fill(path, x, y, col)
		return
	}
	if it.Fill != "" {
		p.fill(path, x, y, colour(it.Fill, value))
	}
	p.stroke(path, x, y, w, col, false)
}

// struck draws a pencil mark struck out: in red, with a slash through it
// when it is small (a line across the board is struck by its colour).
func (p *pen) struck(mark []display.Item) {
	p.items(mark, struckRed)
	x0, y0, x1, y1, ok := bounds(mark)
	if !ok || math.Max(x1-x0, y1-y0) > 0.6 {
		return
	}
	d := math.Max(math.Max(x1-x0, y1-y0)+0.08, 0.2)
	p.layer(zMark)
	p.slash((x0+x1)/2*S, (y0+y1)/2*S, d*S)
}

// bounds is the box, in cells, around display items.
func bounds(its []display.Item) (x0, y0, x1, y1 float64, ok bool) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	grow := func(x, y, rx, ry float64) {
		x0, y0 = math.Min(x0, x-rx), math.Min(y0, y-ry)
		x1, y1 = math.Max(x1, x+rx), math.Max(y1, y+ry)
	}
	for _, it := range its {
		switch it.Op {
		case display.Line, display.Arrow, display.Rect:
			grow(it.X, it.Y, it.W/2, it.W/2)
			grow(it.X2, it.Y2, it.W/2, it.W/2)
		case display.Circle:
			grow(it.X, it.Y, it.R+it.W/2, it.R+it.W/2)
		case display.Text:
			grow(it.X, it.Y, float64(len([]rune(it.Text)))*it.Size*0.4, it.Size/2)
		}
	}
	return x0, y0, x1, y1, len(its) > 0
}

// lighten mixes a colour halfway with white, so that a broad line does not
// drown the dots and numbers it passes.
func lighten(c color.RGBA) color.RGBA {
	mix := func(v uint8) uint8 { return uint8((int(v) + 255) / 2) }
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xff}
}

// arrowTo draws an arrow from (x1, y1) to its tip (x2, y2).
func (p *pen) arrowTo(x1, y1, x2, y2, width float64, col color.RGBA) {
	l := math.Hypot(x2-x1, y2-y1)
	if l == 0 {
		return
	}
	ux, uy := (x2-x1)/l, (y2-y1)/l
	head := 2.6 * width
	// The shaft stops inside the head so that its round cap does not
	// poke through the tip.
	p.line(x1, y1, x2-ux*head*0.8, y2-uy*head*0.8, width, col, true)
	tri := &canvas.Path{}
	tri.MoveTo(0, 0)
	tri.LineTo(-ux*head-uy*head*0.55, -uy*head+ux*head*0.55)
	tri.LineTo(-ux*head+uy*head*0.55, -uy*head-ux*head*0.55)
	tri.Close()
	p.fill(tri, x2, y2, col)
}
