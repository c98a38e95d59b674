// Package pdfboxes gives every page of a PDF its TrimBox and BleedBox,
// the boxes print shops read to trim a page and to check its bleed,
// which the PDF writer puzzlesat draws with (tdewolff/canvas) does not
// write. It does so as an incremental update (ISO 32000-1, 7.5.6): the
// file as written stays byte for byte, and a new version of each page
// object, its dictionary with the boxes added, follows it with its own
// cross-reference section pointing back to the first. It reads what a
// classic cross-reference table and plain page dictionaries say (as
// canvas writes them) and refuses anything else rather than guess. It
// imports nothing of ours.
package pdfboxes

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Box is a rectangle in PDF points (1/72 in), its origin the page's
// bottom-left corner: X0, Y0 the lower-left corner, X1, Y1 the upper-right.
type Box struct{ X0, Y0, X1, Y1 float64 }

// Boxes are the boxes given to a page: the trimmed page, and the bleed
// around it (the zero Box: none written).
type Boxes struct{ Trim, Bleed Box }

// within reports whether b lies inside o (to a hundredth of a point).
func (b Box) within(o Box) bool {
	const eps = 0.01
	return b.X0 >= o.X0-eps && b.Y0 >= o.Y0-eps && b.X1 <= o.X1+eps && b.Y1 <= o.Y1+eps
}

func (b Box) empty() bool { return b.X1 <= b.X0 || b.Y1 <= b.Y0 }

func (b Box) String() string {
	f := func(x float64) string { return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64) }
	return "[" + f(b.X0) + " " + f(b.Y0) + " " + f(b.X1) + " " + f(b.Y1) + "]"
}

// Add returns pdf with every page given the boxes of bx: its TrimBox,
// and its BleedBox unless bx.Bleed is zero. The trim must lie inside the
// bleed, and both inside each page's MediaBox.
func Add(pdf []byte, bx Boxes) ([]byte, error) {
	if bx.Trim.empty() {
		return nil, fmt.Errorf("pdfboxes: an empty trim box %v", bx.Trim)
	}
	bleed := bx.Bleed != Box{}
	if bleed && !bx.Trim.within(bx.Bleed) {
		return nil, fmt.Errorf("pdfboxes: the trim box %v is not inside the bleed box %v", bx.Trim, bx.Bleed)
	}
	f, err := read(pdf)
	if err != nil {
		return nil, err
	}
	pages, err := f.pages()
	if err != nil {
		return nil, err
	}
	out := bytes.NewBuffer(slices.Clip(pdf))
	if !bytes.HasSuffix(pdf, []byte("\n")) {
		out.WriteByte('\n')
	}
	offsets := make([]int, len(pages))
	for i, n := range pages {
		dict, err := f.dict(n)
		if err != nil {
			return nil, err
		}
		if bytes.Contains(dict, []byte("/TrimBox")) || bytes.Contains(dict, []byte("/BleedBox")) {
			return nil, fmt.Errorf("pdfboxes: page object %d has its boxes already", n)
		}
		media, err := mediaBox(dict)
		if err != nil {
			return nil, fmt.Errorf("pdfboxes: page object %d: %v", n, err)
		}
		outer := bx.Trim
		if bleed {
			outer = bx.Bleed
		}
		if !outer.within(media) {
			return nil, fmt.Errorf("pdfboxes: page object %d: the boxes %v reach outside its MediaBox %v", n, outer, media)
		}
		add := "/TrimBox" + bx.Trim.String()
		if bleed {
			add += "/BleedBox" + bx.Bleed.String()
		}
		offsets[i] = out.Len()
		fmt.Fprintf(out, "%d 0 obj\n%s%s>>\nendobj\n", n, dict[:len(dict)-2], add)
	}
	xref := out.Len()
	out.WriteString("xref\n")
	for i, n := range pages {
		fmt.Fprintf(out, "%d 1\n%010d 00000 n \n", n, offsets[i])
	}
	fmt.Fprintf(out, "trailer\n<</Size %d/Root %s", f.size, f.root)
	if f.info != "" {
		fmt.Fprintf(out, "/Info %s", f.info)
	}
	fmt.Fprintf(out, "/Prev %d>>\nstartxref\n%d\n%%%%EOF\n", f.xref, xref)
	return out.Bytes(), nil
}

// file is what Add reads of a PDF: its objects' offsets (by number, from
// 1), where each ends, and its trailer's entries.
type file struct {
	data       []byte
	offset     []int // offset[n]: object n's; offset[0] unused
	end        map[int]int
	xref, size int
	root, info string // "1 0 R"
}

var (
	startxref = regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`)
	xrefHead  = regexp.MustCompile(`^xref\r?\n0 (\d+)\r?\n`)
	xrefEntry = regexp.MustCompile(`^(\d{10}) (\d{5}) ([nf])\s{1,2}`)
	ref       = func(key string) *regexp.Regexp { return regexp.MustCompile(`/` + key + `\s*(\d+) 0 R`) }
	rootRef   = ref("Root")
	infoRef   = ref("Info")
	pagesRef  = ref("Pages")
	sizeKey   = regexp.MustCompile(`/Size\s*(\d+)`)
	kidsKey   = regexp.MustCompile(`/Kids\s*\[([^\]]*)\]`)
	kidRef    = regexp.MustCompile(`^(\d+) 0 R$`)
	typeKey   = regexp.MustCompile(`/Type\s*/(\w+)`)
	num       = `\s*(-?[0-9.]+)`
	mediaKey  = regexp.MustCompile(`/MediaBox\s*\[` + num + num + num + num + `\s*\]`)
)

// read reads the cross-reference table and trailer of pdf: one table of
// one subsection from object 0, as a file written at once has, and no
// earlier version (/Prev).
func read(pdf []byte) (*file, error) {
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		return nil, fmt.Errorf("pdfboxes: not a PDF")
	}
	m := startxref.FindSubmatch(pdf)
	if m == nil {
		return nil, fmt.Errorf("pdfboxes: no startxref at the end of the PDF")
	}
	f := &file{data: pdf, end: map[int]int{}}
	f.xref, _ = strconv.Atoi(string(m[1]))
	if f.xref >= len(pdf) {
		return nil, fmt.Errorf("pdfboxes: startxref %d beyond the end of the PDF", f.xref)
	}
	rest := pdf[f.xref:]
	h := xrefHead.FindSubmatch(rest)
	if h == nil {
		return nil, fmt.Errorf("pdfboxes: no cross-reference table of one section from object 0 at %d (a cross-reference stream, or an updated file, is not read)", f.xref)
	}
	n, _ := strconv.Atoi(string(h[1]))
	rest = rest[len(h[0]):]
	f.offset = make([]int, n)
	for i := range n {
		e := xrefEntry.FindSubmatch(rest)
		if e == nil {
			return nil, fmt.Errorf("pdfboxes: cross-reference entry %d of %d unreadable", i, n)
		}
		if i > 0 && string(e[3]) == "n" {
			if gen := string(e[2]); gen != "00000" {
				return nil, fmt.Errorf("pdfboxes: object %d of generation %s (an updated file is not read)", i, gen)
			}
			f.offset[i], _ = strconv.Atoi(string(e[1]))
		}
		rest = rest[len(e[0]):]
	}
	trailer, ok := bytes.CutPrefix(rest, []byte("trailer"))
	if !ok {
		return nil, fmt.Errorf("pdfboxes: no trailer after the cross-reference table")
	}
	trailer, _, _ = bytes.Cut(trailer, []byte("startxref"))
	if bytes.Contains(trailer, []byte("/Prev")) || bytes.Contains(trailer, []byte("/Encrypt")) {
		return nil, fmt.Errorf("pdfboxes: an updated or encrypted PDF is not read")
	}
	r := rootRef.FindSubmatch(trailer)
	s := sizeKey.FindSubmatch(trailer)
	if r == nil || s == nil {
		return nil, fmt.Errorf("pdfboxes: the trailer names no /Root or /Size")
	}
	f.root = string(r[1]) + " 0 R"
	f.size, _ = strconv.Atoi(string(s[1]))
	if f.size != n {
		return nil, fmt.Errorf("pdfboxes: the trailer's /Size %d, the table's %d objects", f.size, n)
	}
	if i := infoRef.FindSubmatch(trailer); i != nil {
		f.info = string(i[1]) + " 0 R"
	}
	// Each object ends where the next begins, the last where the table does.
	starts := []int{f.xref}
	for _, o := range f.offset[1:] {
		if o > 0 {
			starts = append(starts, o)
		}
	}
	slices.Sort(starts)
	for i, o := range f.offset {
		if i == 0 || o == 0 {
			continue
		}
		k, _ := slices.BinarySearch(starts, o)
		if k+1 >= len(starts) || o >= f.xref {
			return nil, fmt.Errorf("pdfboxes: object %d at %d, after the cross-reference table", i, o)
		}
		f.end[i] = starts[k+1]
	}
	return f, nil
}

// dict is the dictionary of object n, which must be one and nothing
// else (no stream).
func (f *file) dict(n int) ([]byte, error) {
	if n <= 0 || n >= len(f.offset) || f.offset[n] == 0 {
		return nil, fmt.Errorf("pdfboxes: object %d is not in the cross-reference table", n)
	}
	body := f.data[f.offset[n]:f.end[n]]
	head := fmt.Sprintf("%d 0 obj", n)
	body, ok := bytes.CutPrefix(body, []byte(head))
	if !ok {
		return nil, fmt.Errorf("pdfboxes: object %d's offset %d does not start %q", n, f.offset[n], head)
	}
	body = bytes.TrimSpace(body)
	body, ok = bytes.CutSuffix(body, []byte("endobj"))
	if !ok {
		return nil, fmt.Errorf("pdfboxes: object %d does not end with endobj", n)
	}
	body = bytes.TrimSpace(body)
	if !bytes.HasPrefix(body, []byte("<<")) || !bytes.HasSuffix(body, []byte(">>")) {
		return nil, fmt.Errorf("pdfboxes: object %d is not a dictionary alone", n)
	}
	return body, nil
}

// pages are the object numbers of the pages, in order: the kids of the
// catalog's page tree, every one a page (a nested tree is not read).
func (f *file) pages() ([]int, error) {
	rootN, _ := strconv.Atoi(strings.Fields(f.root)[0])
	cat, err := f.dict(rootN)
	if err != nil {
		return nil, err
	}
	p := pagesRef.FindSubmatch(cat)
	if p == nil {
		return nil, fmt.Errorf("pdfboxes: the catalog names no /Pages")
	}
	treeN, _ := strconv.Atoi(string(p[1]))
	tree, err := f.dict(treeN)
	if err != nil {
		return nil, err
	}
	k := kidsKey.FindSubmatch(tree)
	if k == nil {
		return nil, fmt.Errorf("pdfboxes: the page tree has no /Kids")
	}
	var out []int
	for _, kid := range regexp.MustCompile(`\d+ 0 R`).FindAll(k[1], -1) {
		m := kidRef.FindSubmatch(kid)
		n, _ := strconv.Atoi(string(m[1]))
		d, err := f.dict(n)
		if err != nil {
			return nil, err
		}
		if t := typeKey.FindSubmatch(d); t == nil || string(t[1]) != "Page" {
			return nil, fmt.Errorf("pdfboxes: the page tree's kid %d is not a /Page (a nested page tree is not read)", n)
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("pdfboxes: a PDF of no pages")
	}
	return out, nil
}

// mediaBox is a page dictionary's MediaBox.
func mediaBox(dict []byte) (Box, error) {
	m := mediaKey.FindSubmatch(dict)
	if m == nil {
		return Box{}, fmt.Errorf("no /MediaBox of four numbers")
	}
	var v [4]float64
	for i := range v {
		x, err := strconv.ParseFloat(string(m[i+1]), 64)
		if err != nil {
			return Box{}, fmt.Errorf("its /MediaBox: %v", err)
		}
		v[i] = x
	}
	return Box{v[0], v[1], v[2], v[3]}, nil
}
