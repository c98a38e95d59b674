package report

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"html/template"
	"image"
	"image/color"
	"strconv"
	"strings"

	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/svg"
)

// The page's pictures are written small, for a page of hundreds of puzzles
// to open in a moment (a 500-puzzle page was 31 MB of inline SVG, most of
// it text outlines and style attributes written again in every picture):
//
//   - a text run is outlined once for the whole page, as a path in a
//     hidden SVG's defs, and every picture places it with <use> (glyphs);
//   - a path's style attribute is a class of the page's style sheet
//     (classes);
//   - the pictures that sit behind a click (the solution, the redundant
//     clues) are kept gzipped in the page (packPicture) and drawn by the
//     page's script when their <details> opens.
//
// Pictures are drawn in parallel, so each names its text and styles by
// its own numbers first (placeholders), which sharePictures then turns
// into the page's, in the order of the page: the same records give the
// same bytes.

// drawnSVG is a picture as drawSVG writes it: SVG with placeholders for
// the page's glyphs and classes, and what they stand for.
type drawnSVG struct {
	text   string
	glyphs []string // the i-th text outline, the d of a path
	styles []string // the i-th style attribute
}

// The placeholders: "\x00g3\x00" is a picture's fourth text outline,
// "\x00s1\x00" its second style.

// textUses is an SVG renderer that writes text as <use> of an outline
// defined once (recorded in d), everything else as svg does.
type textUses struct {
	*svg.SVG
	w      *bytes.Buffer
	height float64
	d      *drawnSVG
	seen   map[string]int
}

// RenderText outlines each span of t (canvas.Text.RenderAsPath) in its own
// coordinates, flipped as SVG's y runs down, and places it where the span
// goes: the span's translation becomes the <use>'s x and y.
func (r *textUses) RenderText(t *canvas.Text, m canvas.Matrix) {
	var spans pathsOf
	t.RenderAsPath(&spans, m, 0)
	for _, s := range spans.paths {
		tx, ty := s.m.Pos()
		lin := s.m
		lin[0][2], lin[1][2] = 0, 0
		d := s.p.Copy().Transform(canvas.Identity.ReflectY().Mul(lin)).ToSVG()
		i, ok := r.seen[d]
		if !ok {
			i = len(r.d.glyphs)
			r.seen[d] = i
			r.d.glyphs = append(r.d.glyphs, d)
		}
		fmt.Fprintf(r.w, "<use href=\"#\x00g%d\x00\" x=\"%s\" y=\"%s\"", i, num(tx), num(r.height-ty))
		if s.fill != canvas.Black {
			fmt.Fprintf(r.w, ` fill="%s"`, canvas.CSSColor(s.fill))
		}
		r.w.WriteString("/>")
	}
}

// num is a coordinate written short: at most 3 decimals, no trailing
// zeros.
func num(x float64) string {
	s := strconv.FormatFloat(x, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}

// pathsOf collects the paths a text is outlined as.
type pathsOf struct {
	paths []struct {
		p    *canvas.Path
		m    canvas.Matrix
		fill color.RGBA
	}
}

func (c *pathsOf) Size() (float64, float64) { return 0, 0 }
func (c *pathsOf) RenderPath(p *canvas.Path, style canvas.Style, m canvas.Matrix) {
	fill := canvas.Black
	if style.HasFill() && style.Fill.IsColor() {
		fill = style.Fill.Color
	}
	c.paths = append(c.paths, struct {
		p    *canvas.Path
		m    canvas.Matrix
		fill color.RGBA
	}{p, m, fill})
}
func (c *pathsOf) RenderText(t *canvas.Text, m canvas.Matrix) { t.RenderAsPath(c, m, 0) }
func (c *pathsOf) RenderImage(image.Image, canvas.Matrix)     {}

// drawSVG writes c as an SVG element to put in the page, at its size in
// millimetres times scale and no wider than its container, its text and
// styles as placeholders.
func drawSVG(c *canvas.Canvas, scale float64, label string) (drawnSVG, error) {
	var buf bytes.Buffer
	d := drawnSVG{}
	r := &textUses{SVG: svg.New(&buf, c.W, c.H, &svg.Options{SizeUnits: "mm"}), w: &buf, height: c.H, d: &d, seen: map[string]int{}}
	c.RenderTo(r)
	if err := r.Close(); err != nil {
		return d, err
	}
	s := buf.String()
	m := svgSize.FindStringSubmatchIndex(s)
	if m == nil {
		return d, fmt.Errorf("render wrote an SVG of no size: %.40q", s)
	}
	head := fmt.Sprintf(`<svg class="pic" role="img" aria-label="%s" style="width:%.1fmm"`, htmlEscape(label), c.W*scale)
	// Each style attribute becomes a class placeholder (a scan, not a
	// regular expression: this is most of the page's writing).
	// The page's HTML parser puts an <svg> in SVG's namespace itself.
	body := strings.Replace(s[m[1]:], ` xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`, "", 1)
	var b strings.Builder
	b.WriteString(head)
	seen := map[string]int{}
	const attr = ` style="`
	for {
		k := strings.Index(body, attr)
		if k < 0 {
			break
		}
		end := strings.IndexByte(body[k+len(attr):], '"')
		if end < 0 {
			break
		}
		st := body[k+len(attr) : k+len(attr)+end]
		i, ok := seen[st]
		if !ok {
			i = len(d.styles)
			seen[st] = i
			d.styles = append(d.styles, st)
		}
		b.WriteString(body[:k])
		fmt.Fprintf(&b, " class=\"\x00s%d\x00\"", i)
		body = body[k+len(attr)+end+1:]
	}
	b.WriteString(body)
	d.text = b.String()
	return d, nil
}

// pageArt is what the pictures of a page share: the text outlines and
// the style classes, numbered in the order sharePictures meets them.
type pageArt struct {
	glyphs, styles []string
	glyphID        map[string]int
	styleID        map[string]int
}

// place turns a picture's placeholders into the page's glyph ids (#gN)
// and classes (sN).
func (a *pageArt) place(d drawnSVG) string {
	if a.glyphID == nil {
		a.glyphID, a.styleID = map[string]int{}, map[string]int{}
	}
	var b strings.Builder
	s := d.text
	for {
		k := strings.IndexByte(s, 0)
		if k < 0 || k+2 >= len(s) {
			break
		}
		end := strings.IndexByte(s[k+1:], 0)
		if end < 0 {
			break
		}
		what, n := s[k+1], s[k+2:k+1+end]
		i, _ := strconv.Atoi(n)
		b.WriteString(s[:k])
		if what == 'g' {
			b.WriteString("g" + strconv.Itoa(id(a.glyphID, &a.glyphs, d.glyphs[i])))
		} else {
			b.WriteString("s" + strconv.Itoa(id(a.styleID, &a.styles, d.styles[i])))
		}
		s = s[k+2+end:]
	}
	b.WriteString(s)
	return b.String()
}

// id is key's number in list, added at the end when new.
func id(ids map[string]int, list *[]string, key string) int {
	i, ok := ids[key]
	if !ok {
		i = len(*list)
		ids[key] = i
		*list = append(*list, key)
	}
	return i
}

// defs is the hidden SVG whose paths every picture's text uses.
func (a *pageArt) defs() template.HTML {
	var b strings.Builder
	b.WriteString(`<svg class="glyphs" aria-hidden="true" width="0" height="0" style="position:absolute"><defs>`)
	for i, d := range a.glyphs {
		fmt.Fprintf(&b, `<path id="g%d" d="%s"/>`, i, d)
	}
	b.WriteString(`</defs></svg>`)
	return template.HTML(b.String()) // paths render wrote
}

// css is the style sheet of the pictures' classes.
func (a *pageArt) css() template.CSS {
	var b strings.Builder
	for i, s := range a.styles {
		fmt.Fprintf(&b, "svg.pic .s%d{%s}\n", i, s)
	}
	return template.CSS(b.String()) // declarations render wrote
}

// packPicture is svg gzipped and in base64: a picture the page's script
// inflates (DecompressionStream) when it is asked for.
func packPicture(svg string) (string, error) {
	var buf bytes.Buffer
	b64 := base64.NewEncoder(base64.StdEncoding, &buf)
	z, err := gzip.NewWriterLevel(b64, gzip.DefaultCompression)
	if err != nil {
		return "", err
	}
	if _, err := z.Write([]byte(svg)); err != nil {
		return "", err
	}
	if err := z.Close(); err != nil {
		return "", err
	}
	if err := b64.Close(); err != nil {
		return "", err
	}
	return buf.String(), nil
}
