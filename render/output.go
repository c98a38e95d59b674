package render

import (
	"fmt"
	"image/color"
	"image/png"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/pdf"
	"github.com/tdewolff/canvas/renderers/rasterizer"
	"github.com/tdewolff/canvas/renderers/svg"
)

func init() {
	// canvas writes SVG and PDF numbers with 8 significant digits; 5 keep
	// a hundredth of a millimetre on a picture up to a metre wide, and
	// make outlined text (most of an SVG's bytes) a third smaller.
	canvas.Precision = 5
}

// Format is an output format.
type Format string

// The output formats.
const (
	SVG Format = "svg"
	PNG Format = "png"
	PDF Format = "pdf"
)

// PixelsPerMM is the resolution of PNG output: a cell of S millimetres is
// 60 pixels wide.
const PixelsPerMM = 6

// MaxPixels bounds a PNG picture: a larger one (a 200×200 puzzle would be
// 12,000 pixels square, over half a gigabyte to draw) is drawn at the
// lower resolution that fits.
const MaxPixels = 1 << 24

// resolution is the PNG resolution of c in pixels per millimetre.
func resolution(c *canvas.Canvas) float64 {
	r := float64(PixelsPerMM)
	if px := c.W * c.H * r * r; px > MaxPixels {
		r *= math.Sqrt(MaxPixels / px)
	}
	return r
}

// FormatOf returns the format a file name's extension asks for.
func FormatOf(name string) (Format, error) {
	switch ext := strings.ToLower(filepath.Ext(name)); ext {
	case ".svg":
		return SVG, nil
	case ".png":
		return PNG, nil
	case ".pdf":
		return PDF, nil
	case "":
		return "", fmt.Errorf("%s has no extension: want .svg, .png or .pdf", name)
	default:
		return "", fmt.Errorf("cannot write %s pictures (%s): want .svg, .png or .pdf", ext, name)
	}
}

// PixelSize is the size in pixels of c written as PNG.
func PixelSize(c *canvas.Canvas) (w, h int) {
	r := resolution(c)
	return int(c.W*r + 0.5), int(c.H*r + 0.5)
}

// Write writes c in format f.
func Write(w io.Writer, c *canvas.Canvas, f Format) error {
	switch f {
	case SVG:
		// Text becomes outlines: an SVG viewer would otherwise pick its
		// own fonts, and embedded fonts would make every file large.
		r := svg.New(w, c.W, c.H, &svg.Options{SizeUnits: "mm"})
		c.RenderTo(outlines{r})
		return r.Close()
	case PNG:
		img := rasterizer.Draw(c, canvas.DPMM(resolution(c)), canvas.DefaultColorSpace)
		return png.Encode(w, img)
	case PDF:
		r := pdf.New(w, c.W, c.H, nil)
		c.RenderTo(r)
		return r.Close()
	}
	return fmt.Errorf("render: unknown format %q", f)
}

// outlines passes everything to an SVG renderer but text, which it turns
// into paths.
type outlines struct{ *svg.SVG }

func (o outlines) RenderText(t *canvas.Text, m canvas.Matrix) {
	t.RenderAsPath(o.SVG, m, 0)
}

// WritePages writes pages as one PDF document, a page per canvas, each of
// its canvas's size (package report's booklet).
func WritePages(w io.Writer, pages []*canvas.Canvas) error {
	if len(pages) == 0 {
		return fmt.Errorf("render: a PDF of no pages")
	}
	r := pdf.New(w, pages[0].W, pages[0].H, nil)
	for i, c := range pages {
		if i > 0 {
			r.NewPage(c.W, c.H)
		}
		c.RenderTo(r)
	}
	return r.Close()
}

// Fonts are the fonts pictures are written in, for pages composed around
// pictures (package report's booklet) to match them.
type Fonts struct{ f *faces }

// LoadFonts loads the fonts; each goroutine drawing needs its own.
func LoadFonts() (*Fonts, error) {
	f, err := loadFaces()
	if err != nil {
		return nil, err
	}
	return &Fonts{f}, nil
}

// Face is the font face whose capitals are capMM millimetres high.
func (f *Fonts) Face(capMM float64, bold bool, col color.RGBA) *canvas.FontFace {
	return f.f.face(capMM, bold, col)
}
