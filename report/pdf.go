package report

import (
	"bytes"
	"image/color"
	"io"
	"math"

	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/internal/pdfboxes"
	"github.com/puzzlesat/puzzlesat/render"
)

// Crop marks, in millimetres: their length beyond the bleed, and their
// line width (a hairline of 0.25 pt).
const (
	markLen   = 8.0
	markWidth = 0.25 * 25.4 / 72
)

// WritePDF lays out the booklet of recs (Compose) and writes it: every
// page the trimmed paper, or, with a bleed, the paper and its bleed and
// crop marks beyond it, the page's TrimBox and BleedBox saying where
// (as print shops read them). It returns the booklet as laid out.
func WritePDF(w io.Writer, recs []Record, meta Meta, p Print) (*Booklet, error) {
	f, err := render.LoadFonts()
	if err != nil {
		return nil, err
	}
	b, err := Compose(recs, meta, p, f)
	if err != nil {
		return nil, err
	}
	pages := make([]*canvas.Canvas, len(b.Pages))
	for i := range b.Pages {
		pages[i] = b.draw(&b.Pages[i])
	}
	if b.Print.Bleed == 0 {
		return b, render.WritePages(w, pages)
	}
	var buf bytes.Buffer
	if err := render.WritePages(&buf, pages); err != nil {
		return nil, err
	}
	boxed, err := pdfboxes.Add(buf.Bytes(), b.Boxes())
	if err != nil {
		return nil, err
	}
	_, err = w.Write(boxed)
	return b, err
}

// Boxes are a page's trim and bleed in PDF points (1/72 in, from the
// sheet's bottom-left corner): the paper, and the paper with its bleed,
// centred on the sheet.
func (b *Booklet) Boxes() pdfboxes.Boxes {
	w, h, o := b.Sheet()
	const pt = 72 / 25.4
	box := func(in float64) pdfboxes.Box {
		return pdfboxes.Box{X0: in * pt, Y0: in * pt, X1: (w - in) * pt, Y1: (h - in) * pt}
	}
	return pdfboxes.Boxes{Trim: box(o), Bleed: box(o - b.Print.Bleed)}
}

// Sheet is the size of a PDF page: the trimmed paper, and with a bleed
// the bleed and the crop marks' room around it; Offset is where the
// trimmed page's top-left corner is on it.
func (b *Booklet) Sheet() (w, h, offset float64) {
	if b.Print.Bleed > 0 {
		offset = b.Print.Bleed + markLen
	}
	return b.Print.Paper.W + 2*offset, b.Print.Paper.H + 2*offset, offset
}

// draw draws a page as its items say.
func (b *Booklet) draw(pg *Page) *canvas.Canvas {
	w, h, o := b.Sheet()
	c := canvas.New(w, h)
	ctx := canvas.NewContext(c)
	ctx.SetCoordSystem(canvas.CartesianIV)
	for _, it := range pg.Items {
		switch it.What {
		case "text":
			ctx.DrawText(o+it.x, o+it.y, it.text)
		case "picture":
			// The page canvas is y-up: the picture's bottom-left corner.
			it.pic.RenderViewTo(c, canvas.Identity.Translate(o+it.Box.X0, h-o-it.Box.Y1).Scale(it.scale, it.scale))
		case "stars":
			drawStars(ctx, o+it.Box.X0, o+it.Box.Y1, it.Box.X1-it.Box.X0, it.Stars, it.col)
		}
	}
	if b.Print.Bleed > 0 {
		cropMarks(ctx, b.Print.Paper, o, b.Print.Bleed)
	}
	return c
}

// cropMarks draws the trim's corners as lines in the trim's edges
// continued, from the bleed's edge outwards, on the sheet around a page
// of paper whose top-left corner is at (o, o).
func cropMarks(ctx *canvas.Context, paper Paper, o, bleed float64) {
	ctx.SetStrokeColor(canvas.Black)
	ctx.SetStrokeWidth(markWidth)
	ctx.SetFillColor(canvas.Transparent)
	for _, x := range []float64{o, o + paper.W} {
		for _, y := range []float64{o, o + paper.H} {
			dx, dy := math.Copysign(1, x-o-paper.W/2), math.Copysign(1, y-o-paper.H/2)
			// the horizontal mark, in the line of the trim's top or bottom
			ctx.MoveTo(x+dx*bleed, y)
			ctx.LineTo(x+dx*(bleed+markLen), y)
			ctx.Stroke()
			// the vertical one, in the line of its left or right edge
			ctx.MoveTo(x, y+dy*bleed)
			ctx.LineTo(x, y+dy*(bleed+markLen))
			ctx.Stroke()
		}
	}
}

// drawStars draws a row of five stars of width w, its bottom-left corner
// at (x, y) (y down), n of 10 filled: whole stars, then a half.
func drawStars(ctx *canvas.Context, x, y, w float64, n int, col color.RGBA) {
	size := w / 5
	r := size * 0.5
	for i := range 5 {
		cx, cy := x+size*(float64(i)+0.5), y-size*0.45
		full := n >= 2*(i+1)
		half := n == 2*i+1
		outline := star(r, 0, 10)
		if full {
			ctx.SetFillColor(col)
			ctx.SetStrokeColor(canvas.Transparent)
			ctx.DrawPath(cx, cy, outline)
			continue
		}
		if half {
			// The star's left half: its points from the top round the
			// left side to the inner point below the centre.
			ctx.SetFillColor(col)
			ctx.SetStrokeColor(canvas.Transparent)
			ctx.DrawPath(cx, cy, star(r, 5, 11))
		}
		ctx.SetFillColor(canvas.Transparent)
		ctx.SetStrokeColor(col)
		ctx.SetStrokeWidth(r * 0.12)
		ctx.DrawPath(cx, cy, outline)
	}
	ctx.SetStrokeColor(canvas.Transparent)
}

// star is a five-pointed star of outer radius r centred on the origin
// (y down, a point up), closed over its vertices from..to-1 counted from
// the top point clockwise, outer and inner in turn (0..10: the whole
// star; 5..11: the left half, the bottom inner point to the top).
func star(r float64, from, to int) *canvas.Path {
	p := &canvas.Path{}
	inner := r * 0.382
	for k := from; k < to; k++ {
		rad := r
		if k%2 == 1 {
			rad = inner
		}
		a := float64(k%10) * math.Pi / 5
		px, py := rad*math.Sin(a), -rad*math.Cos(a)
		if k == from {
			p.MoveTo(px, py)
		} else {
			p.LineTo(px, py)
		}
	}
	p.Close()
	return p
}
