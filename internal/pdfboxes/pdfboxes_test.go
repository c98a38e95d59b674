package pdfboxes

import (
	"bytes"
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/pdf"
)

// written is a PDF as puzzlesat's writer makes it: pages of w×h mm, a
// line and a link on each (a page dictionary with /Annots).
func written(t *testing.T, pages int, w, h float64) []byte {
	t.Helper()
	var buf bytes.Buffer
	r := pdf.New(&buf, w, h, nil)
	for i := range pages {
		if i > 0 {
			r.NewPage(w, h)
		}
		c := canvas.New(w, h)
		ctx := canvas.NewContext(c)
		ctx.SetStrokeColor(canvas.Black)
		ctx.MoveTo(10, 10)
		ctx.LineTo(w-10, h-10)
		ctx.Stroke()
		c.RenderTo(r)
		r.AddLink("https://example.com/(a)>>endobj", canvas.Rect{X0: 1, Y0: 1, X1: 5, Y1: 5})
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const pt = 72 / 25.4

// mm is a box of millimetres in points.
func mm(x0, y0, x1, y1 float64) Box { return Box{x0 * pt, y0 * pt, x1 * pt, y1 * pt} }

// popplerBoxes are the boxes pdfinfo -box reads of page i (from 1).
func popplerBoxes(t *testing.T, file []byte, page int) map[string]Box {
	t.Helper()
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		t.Fatal("pdfinfo (poppler-utils) is not installed: the boxes cannot be read back by another reader")
	}
	p := strconv.Itoa(page)
	cmd := exec.Command("pdfinfo", "-box", "-f", p, "-l", p, "-")
	cmd.Stdin = bytes.NewReader(file)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "Syntax Error") || strings.Contains(string(out), "Syntax Warning") {
		t.Errorf("pdfinfo finds the file broken:\n%s", out)
	}
	got := map[string]Box{}
	re := regexp.MustCompile(`Page\s+` + p + `\s+(\w+):\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)`)
	for _, m := range re.FindAllStringSubmatch(string(out), -1) {
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+2], 64)
		}
		got[m[1]] = Box{v[0], v[1], v[2], v[3]}
	}
	if len(got) == 0 {
		t.Fatalf("pdfinfo -box names no box of page %d:\n%s", page, out)
	}
	return got
}

func near(a, b Box) bool {
	return math.Abs(a.X0-b.X0) < 0.01 && math.Abs(a.Y0-b.Y0) < 0.01 && math.Abs(a.X1-b.X1) < 0.01 && math.Abs(a.Y1-b.Y1) < 0.01
}

func text(t *testing.T, file []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(file)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// TestAdd: the boxes are on every page as poppler reads them, the media
// box unchanged, the file as written kept as its first bytes.
func TestAdd(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pages int
		w, h  float64 // the page, mm
		boxes Boxes
	}{
		{name: "a4 with 3 mm bleed and crop marks, 1 page", pages: 1, w: 210 + 22, h: 297 + 22,
			boxes: Boxes{Trim: mm(11, 11, 221, 308), Bleed: mm(8, 8, 224, 311)}},
		{name: "6x9 in, 5 pages", pages: 5, w: 152.4 + 26, h: 228.6 + 26,
			boxes: Boxes{Trim: mm(13, 13, 165.4, 241.6), Bleed: mm(8, 8, 170.4, 246.6)}},
		{name: "a trim box alone", pages: 2, w: 100, h: 100,
			boxes: Boxes{Trim: mm(5, 5, 95, 95)}},
		{name: "the whole page", pages: 1, w: 100, h: 50,
			boxes: Boxes{Trim: mm(0, 0, 100, 50), Bleed: mm(0, 0, 100, 50)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := written(t, tc.pages, tc.w, tc.h)
			out, err := Add(in, tc.boxes)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(out, in) {
				t.Error("the file as written is not kept as the first bytes")
			}
			media := mm(0, 0, tc.w, tc.h)
			wantBleed := tc.boxes.Bleed
			if wantBleed == (Box{}) {
				wantBleed = media // a reader's default: the crop box, the media box
			}
			for p := 1; p <= tc.pages; p++ {
				got := popplerBoxes(t, out, p)
				for name, want := range map[string]Box{"MediaBox": media, "TrimBox": tc.boxes.Trim, "BleedBox": wantBleed} {
					if !near(got[name], want) {
						t.Errorf("page %d: %s %v, want %v", p, name, got[name], want)
					}
				}
			}
			if a, b := text(t, in), text(t, out); a != b {
				t.Errorf("the text changed: %q, then %q", a, b)
			}
			if _, err := Add(out, tc.boxes); err == nil {
				t.Error("the boxes added twice: want the updated file refused")
			}
		})
	}
}

// TestRefuse: what Add cannot do soundly it refuses, naming why.
func TestRefuse(t *testing.T) {
	good := written(t, 2, 100, 100)
	xref := bytes.LastIndex(good, []byte("\nxref\n")) + 1
	for _, tc := range []struct {
		name  string
		pdf   []byte
		boxes Boxes
		want  string
	}{
		{"not a PDF", []byte("hello"), Boxes{Trim: mm(5, 5, 95, 95)}, "not a PDF"},
		{"cut short", good[:len(good)-20], Boxes{Trim: mm(5, 5, 95, 95)}, "no startxref"},
		{"a cross-reference stream", append(append(bytes.Clone(good[:xref]), []byte("1 0 obj\n<</Type/XRef>>stream\n")...), good[bytes.LastIndex(good, []byte("startxref")):]...),
			Boxes{Trim: mm(5, 5, 95, 95)}, "no cross-reference table"},
		{"a trim outside the page", good, Boxes{Trim: mm(5, 5, 105, 95)}, "outside its MediaBox"},
		{"a trim outside the bleed", good, Boxes{Trim: mm(2, 2, 98, 98), Bleed: mm(3, 3, 97, 97)}, "not inside the bleed"},
		{"an empty trim", good, Boxes{}, "empty trim"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Add(tc.pdf, tc.boxes)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Add: %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// TestBoxString: a box is written to a hundredth of a point, no
// trailing zeros, never in exponent form.
func TestBoxString(t *testing.T) {
	for _, tc := range []struct {
		b    Box
		want string
	}{
		{Box{0, 0, 595.2756, 841.8898}, "[0 0 595.28 841.89]"},
		{Box{22.6772, 22.6772, 1e6, 3}, "[22.68 22.68 1000000 3]"},
	} {
		if got := tc.b.String(); got != tc.want {
			t.Errorf("%v: %s, want %s", fmt.Sprint([4]float64{tc.b.X0, tc.b.Y0, tc.b.X1, tc.b.Y1}), got, tc.want)
		}
	}
}
