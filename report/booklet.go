package report

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strings"

	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/render"
)

// Rect is a box on a booklet page in millimetres, y down from the trimmed
// page's top-left corner.
type Rect struct{ X0, Y0, X1, Y1 float64 }

// Drawn is one thing drawn on a booklet page: a line of text, a picture or
// a row of stars, with the box it covers (measured from the text's font,
// the picture's size and scale), which no item leaves the margins by.
type Drawn struct {
	// What is text, picture or stars.
	What string `json:"what"`
	// Text is the text drawn, or what a picture shows ("puzzle 3",
	// "solution 3", "problem P1").
	Text string `json:"text,omitempty"`
	Box  Rect   `json:"box"`
	// Cell is a picture's cell side in millimetres; Stars a row's stars
	// (1 to 10, half stars of five).
	Cell  float64 `json:"cell,omitempty"`
	Stars int     `json:"stars,omitempty"`

	text  *canvas.Text   // drawn with its baseline's left end at (x, y)
	x, y  float64        //
	pic   *canvas.Canvas // drawn at scale with its top-left corner at the box's
	scale float64        //
	col   color.RGBA     // the stars' colour
}

// Page is a booklet page: the part it belongs to (title, contents,
// problems, puzzles, solutions) and what is drawn on it.
type Page struct {
	Part  string  `json:"part"`
	Items []Drawn `json:"items"`
}

// Booklet is the print booklet laid out: a title page, the contents, a
// page per problem (not fit to print: an editor's to see first), the
// puzzles fit to print numbered 1..N, PerPage a page, then their answer
// keys, smaller and more a page.
type Booklet struct {
	Print Print
	Pages []Page
	// The first page (from 1) of each part, 0 when it has none.
	Contents, Problems, Puzzles, Solutions int
	// Numbered are the puzzles fit to print: Numbered[i] is puzzle i+1,
	// on page PuzzlePage[i], its answer key on SolutionPage[i] (0: none).
	Numbered                 []*Record
	PuzzlePage, SolutionPage []int
	// Trouble are the problems in order: Trouble[i] is problem P(i+1), on
	// page Problems+i.
	Trouble []*Record
	// Shrunk names the puzzles drawn at a smaller cell than Print.Cell,
	// which does not fit their box.
	Shrunk []string
}

// Booklet layout, in millimetres.
const (
	lineH      = 5.2 // a line of the contents
	headCap    = 4.2 // capital height of a heading
	textCap    = 2.5 // of body text
	smallCap   = 2.1 // of an answer key's label
	titleCap   = 9.0 // of the title page's title
	footerRoom = 8.0 // the page number's line at the foot of the margin box
	boxGap     = 8.0 // between the boxes of a page's grid
	starW      = 3.2 // a star's width in a row of five
	answerMax  = 0.6 // an answer key's cell at most this of its puzzle's
	// A puzzle (an answer key) whose box would draw its cells smaller than
	// this takes a row of its own.
	readableCell   = 5.0
	readableAnswer = 2.5
	// maxTitleLines are the title page's title's lines at most, the last
	// cut with "…".
	maxTitleLines = 3
)

var (
	inkColour  = color.RGBA{0x1b, 0x1b, 0x1b, 0xff}
	greyColour = color.RGBA{0x66, 0x66, 0x66, 0xff}
	redColour  = color.RGBA{0xc6, 0x28, 0x28, 0xff}
)

// gridOf is the columns and rows of a page of paper holding n boxes: two
// or three across on a portrait page, turned on a landscape one.
func gridOf(n int, paper Paper) (cols, rows int) {
	landscape := paper.W > paper.H
	switch n {
	case 1:
		cols, rows = 1, 1
	case 2:
		cols, rows = 1, 2
	case 4:
		cols, rows = 2, 2
	case 6:
		cols, rows = 2, 3
	case 9:
		cols, rows = 3, 3
	default: // answers of six a page: twelve
		cols, rows = 3, 4
	}
	if landscape {
		cols, rows = rows, cols
	}
	return cols, rows
}

// answersPer is the answer keys a page for PerPage puzzles a page.
func answersPer(perPage int) int {
	return map[int]int{1: 4, 2: 6, 4: 9, 6: 12}[perPage]
}

// composer lays a booklet out.
type composer struct {
	*Booklet
	f               *render.Fonts
	x0, y0, x1, y1  float64 // the margin box
	bodyBottom      float64 // above the page number's line
	contentsPerPage int
	page            *Page
	pictures        map[*Record]*Pictures
	many            map[string]bool // the files holding more than one puzzle of the booklet
	puzzleScale     []float64
	// where each numbered puzzle and its answer key go
	puzzleSlots, answerSlots []slot
	totalPages               int
}

// Compose lays out the booklet of recs as meta and p say, drawing every
// picture with the fonts f.
func Compose(recs []Record, meta Meta, p Print, f *render.Fonts) (*Booklet, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	c := &composer{Booklet: &Booklet{Print: p}, f: f, pictures: map[*Record]*Pictures{}}
	c.x0, c.y0 = p.Margin, p.Margin
	c.x1, c.y1 = p.Paper.W-p.Margin, p.Paper.H-p.Margin
	c.bodyBottom = c.y1 - footerRoom
	for _, r := range Arrange(meta.Kinds, recs, meta.ByDifficulty) {
		if r.Problem() || r.Puzzle == "" {
			c.Trouble = append(c.Trouble, r)
		} else {
			c.Numbered = append(c.Numbered, r)
		}
	}
	for _, r := range append(append([]*Record{}, c.Trouble...), c.Numbered...) {
		if r.Puzzle == "" {
			continue
		}
		pics, err := Draw(meta.Kinds, r, f)
		if err != nil {
			return nil, err
		}
		c.pictures[r] = pics
	}
	c.many = manyOf(c.Trouble, c.Numbered)
	c.number()
	c.titlePage(recs, meta)
	c.contents()
	for i, r := range c.Trouble {
		c.problem(i, r)
	}
	c.puzzles()
	c.solutions()
	if len(c.Pages) != c.totalPages {
		return nil, fmt.Errorf("report: internal error: %d pages laid out, %d planned", len(c.Pages), c.totalPages)
	}
	return c.Booklet, nil
}

// number works out every part's first page and every puzzle's page.
func (c *composer) number() {
	p := c.Print
	named := len(c.Trouble) + len(c.Numbered)
	// The contents' heading, a line under it, the columns' names, then
	// a line a puzzle down to the body's foot.
	c.contentsPerPage = max(1, int((c.bodyBottom-c.y0-ascent(c.f.Face(headCap, true, inkColour))-2*lineH)/lineH))
	contentsPages := max(1, (named+c.contentsPerPage-1)/c.contentsPerPage)
	page := 2
	c.Contents, page = page, page+contentsPages
	if len(c.Trouble) > 0 {
		c.Problems, page = page, page+len(c.Trouble)
	}
	c.PuzzlePage = make([]int, len(c.Numbered))
	c.SolutionPage = make([]int, len(c.Numbered))
	var puzzles, answers []*canvas.Canvas
	for _, r := range c.Numbered {
		puzzles = append(puzzles, c.pictures[r].Puzzle)
		answers = append(answers, c.pictures[r].Solution)
	}
	c.puzzleSlots = c.slots(puzzles, p.PerPage, c.y0, c.f.Face(headCap, true, inkColour), readableCell)
	c.answerSlots = c.slots(answers, answersPer(p.PerPage), c.y0+ascent(c.f.Face(headCap, true, inkColour))+lineH,
		c.f.Face(smallCap, true, inkColour), readableAnswer)
	for _, part := range []struct {
		first *int
		slots []slot
	}{{&c.Puzzles, c.puzzleSlots}, {&c.Solutions, c.answerSlots}} {
		pages := 0
		for _, sl := range part.slots {
			if sl.page >= 0 {
				pages = max(pages, sl.page+1)
			}
		}
		if pages > 0 {
			*part.first = page
		}
		page += pages
	}
	for i := range c.Numbered {
		c.PuzzlePage[i] = c.Puzzles + c.puzzleSlots[i].page
		if c.answerSlots[i].page >= 0 {
			c.SolutionPage[i] = c.Solutions + c.answerSlots[i].page
		}
	}
	c.totalPages = page - 1
}

// newPage starts a page of part, numbered at its foot.
func (c *composer) newPage(part string) {
	c.Pages = append(c.Pages, Page{Part: part})
	c.page = &c.Pages[len(c.Pages)-1]
	s := fmt.Sprintf("%d / %d", len(c.Pages), c.totalPages)
	face := c.f.Face(textCap, false, greyColour)
	w := face.TextWidth(s)
	c.put((c.x0+c.x1-w)/2, c.y1-face.Metrics().Descent, s, face)
}

// put writes s with its baseline's left end at (x, y) and returns the
// right end of its box.
func (c *composer) put(x, y float64, s string, face *canvas.FontFace) float64 {
	if s == "" {
		return x
	}
	t := canvas.NewTextLine(face, s, canvas.Left)
	b := t.Bounds()
	it := Drawn{What: "text", Text: s, text: t, x: x, y: y,
		Box: Rect{x + b.X0, y - b.Y1, x + b.X1, y - b.Y0}}
	c.page.Items = append(c.page.Items, it)
	return it.Box.X1
}

// putRight writes s with its right end at x.
func (c *composer) putRight(x, y float64, s string, face *canvas.FontFace) {
	c.put(x-face.TextWidth(s), y, s, face)
}

// ascent is the height of face's tallest letters above the baseline:
// where a line's baseline goes under a top edge.
func ascent(face *canvas.FontFace) float64 { return face.Metrics().Ascent }

// fit cuts s to width w with "…" (measured in face).
func fit(face *canvas.FontFace, s string, w float64) string {
	if face.TextWidth(s) <= w {
		return s
	}
	r := []rune(s)
	lo, hi := 0, len(r) // the longest prefix that fits with "…" is lo runes
	for lo < hi {
		m := (lo + hi + 1) / 2
		if face.TextWidth(string(r[:m])+"…") <= w {
			lo = m
		} else {
			hi = m - 1
		}
	}
	return strings.TrimRight(string(r[:lo]), " ,·") + "…"
}

// wrap breaks s into lines no wider than w (measured in face): at spaces,
// and a word wider than a line where it must.
func wrap(face *canvas.FontFace, s string, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		next := word
		if line != "" {
			next = line + " " + word
		}
		if face.TextWidth(next) <= w {
			line = next
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = word
		for face.TextWidth(line) > w {
			r := []rune(line)
			n := len(r) - 1
			for n > 1 && face.TextWidth(string(r[:n])) > w {
				n--
			}
			lines = append(lines, string(r[:n]))
			line = string(r[n:])
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// para writes s wrapped to the margin box from y (a baseline), returns
// the baseline after it.
func (c *composer) para(y float64, s string, face *canvas.FontFace, leading float64) float64 {
	for _, l := range wrap(face, s, c.x1-c.x0) {
		c.put(c.x0, y, l, face)
		y += leading
	}
	return y
}

// stars draws a row of n stars (of 10: half stars of five) with its left
// end at x, its baseline at y; returns its right end.
func (c *composer) stars(x, y float64, n int, size float64, col color.RGBA) float64 {
	w := 5 * size
	c.page.Items = append(c.page.Items, Drawn{What: "stars", Stars: n, col: col,
		Box: Rect{x, y - size*0.95, x + w, y}})
	return x + w
}

// picture places pic (what it shows: what) in the box (x, y, w, h),
// centred, at scale s.
func (c *composer) picture(pic *canvas.Canvas, what string, x, y, w, h, s float64) {
	pw, ph := pic.W*s, pic.H*s
	x += (w - pw) / 2
	y += max(0, (h-ph)/2)
	c.page.Items = append(c.page.Items, Drawn{What: "picture", Text: what, pic: pic, scale: s,
		Cell: math.Round(render.S*s*100) / 100, Box: Rect{x, y, x + pw, y + ph}})
}

// titlePage writes the title, the date, the counts, what is missing from
// the run and the parts with their first pages.
func (c *composer) titlePage(recs []Record, meta Meta) {
	c.newPage("title")
	big := c.f.Face(titleCap, true, inkColour)
	body := c.f.Face(textCap*1.3, false, inkColour)
	y := c.y0 + (c.bodyBottom-c.y0)/5
	lines := wrap(big, meta.Title, c.x1-c.x0)
	if len(lines) > maxTitleLines {
		lines = append(lines[:maxTitleLines-1], fit(big, strings.Join(lines[maxTitleLines-1:], " "), c.x1-c.x0))
	}
	for _, l := range lines {
		c.put(c.x0, y, l, big)
		y += titleCap * 1.6
	}
	y += lineH
	if c.Print.Date != "" {
		c.put(c.x0, y, c.Print.Date, c.f.Face(textCap*1.3, false, greyColour))
		y += lineH * 1.5
	}
	y = c.para(y, counts(recs), body, lineH*1.2)
	y = c.para(y, toPrint(len(c.Numbered), len(c.Trouble)), body, lineH*1.2)
	red := c.f.Face(textCap*1.3, false, redColour)
	if meta.Incomplete != "" {
		y = c.para(y, "Incomplete: "+meta.Incomplete+".", red, lineH*1.2)
	}
	if meta.Partial != "" {
		y = c.para(y, "Partial: "+meta.Partial+".", red, lineH*1.2)
	}
	if note := certifyNote(recs); note != "" {
		y = c.para(y, note, c.f.Face(textCap, false, greyColour), lineH)
	}
	y += lineH
	parts := []struct {
		name string
		page int
	}{{"Contents", c.Contents}, {"Problems (not fit to print)", c.Problems},
		{fmt.Sprintf("Puzzles 1–%d", len(c.Numbered)), c.Puzzles}, {"Solutions", c.Solutions}}
	for _, p := range parts {
		if p.page == 0 {
			continue
		}
		c.put(c.x0, y, p.name, body)
		c.putRight(c.x1, y, fmt.Sprintf("page %d", p.page), body)
		y += lineH * 1.3
	}
}

// toPrint says how many puzzles the booklet prints and how many problems
// come before them.
func toPrint(n, problems int) string {
	var s string
	switch n {
	case 0:
		s = "No puzzle fit to print"
	case 1:
		s = "1 puzzle to print, numbered 1"
	default:
		s = fmt.Sprintf("%d puzzles to print, numbered 1 to %d", n, n)
	}
	if problems > 0 {
		s += "; " + plural.N(problems, "problem") + " not fit to print, first"
	}
	return s + "."
}

// contents lists the problems (P1…) and the numbered puzzles, each with
// its page and its answer key's.
func (c *composer) contents() {
	ink := c.f.Face(textCap, false, inkColour)
	grey := c.f.Face(textCap, false, greyColour)
	red := c.f.Face(textCap, false, redColour)
	// The columns from the right: the answer's page, the puzzle's, the
	// stars; the number on the left, the name between.
	answerX, pageX := c.x1, c.x1-18
	starsX := pageX - 14 - 5*starW
	nameX := c.x0 + 12
	many := c.many
	type entry struct {
		num, name, page, answer string
		stars                   int
		face                    *canvas.FontFace
	}
	var entries []entry
	for i, r := range c.Trouble {
		name := r.DisplayName(many[r.File])
		what := r.Verdict
		if r.Verdict == Malformed {
			what = "malformed"
		} else {
			name += " · " + r.Kind + " " + r.Extent()
		}
		entries = append(entries, entry{num: fmt.Sprintf("P%d", i+1), name: name + " — " + what,
			page: fmt.Sprint(c.Problems + i), face: red})
	}
	for i, r := range c.Numbered {
		e := entry{num: fmt.Sprint(i + 1), name: r.DisplayName(many[r.File]) + " · " + r.Kind + " " + r.Extent(),
			page: fmt.Sprint(c.PuzzlePage[i]), stars: starsOf(r), face: ink}
		if c.SolutionPage[i] > 0 {
			e.answer = fmt.Sprint(c.SolutionPage[i])
		}
		entries = append(entries, e)
	}
	for k := 0; k < max(1, len(entries)); k += c.contentsPerPage {
		c.newPage("contents")
		head := c.f.Face(headCap, true, inkColour)
		y := c.y0 + ascent(head)
		c.put(c.x0, y, "Contents", head)
		y += 2 * lineH
		c.put(c.x0, y, "No.", grey)
		c.put(nameX, y, "Puzzle", grey)
		c.put(starsX, y, "Difficulty", grey)
		c.putRight(pageX, y, "Page", grey)
		c.putRight(answerX, y, "Answer", grey)
		for _, e := range entries[k:min(len(entries), k+c.contentsPerPage)] {
			y += lineH
			c.putRight(nameX-3, y, e.num, e.face)
			room := starsX - 3 - nameX
			if e.stars == 0 && e.face == red {
				room = pageX - 10 - nameX
			}
			c.put(nameX, y, fit(e.face, e.name, room), e.face)
			if e.stars > 0 {
				c.stars(starsX, y, e.stars, starW, inkColour)
			}
			c.putRight(pageX, y, e.page, e.face)
			c.putRight(answerX, y, e.answer, e.face)
		}
	}
}

// manyOf are the files that hold more than one puzzle of the booklet
// (or a puzzle after their first).
func manyOf(lists ...[]*Record) map[string]bool {
	n := map[string]int{}
	out := map[string]bool{}
	for _, rs := range lists {
		for _, r := range rs {
			n[r.File]++
			out[r.File] = n[r.File] > 1 || r.Entry > 1
		}
	}
	return out
}

// problem writes problem i's page: what is wrong, and the puzzle (two
// solutions and their differences when it has several; the contradicting
// clues highlighted when it has none).
func (c *composer) problem(i int, r *Record) {
	c.newPage("problems")
	head := c.f.Face(headCap, true, inkColour)
	y := c.y0 + ascent(head)
	c.put(c.x0, y, fit(head, fmt.Sprintf("Problem P%d · %s", i+1, r.DisplayName(c.many[r.File])), c.x1-c.x0), head)
	y += lineH * 1.5
	grey := c.f.Face(textCap, false, greyColour)
	red := c.f.Face(textCap, false, redColour)
	about := strings.TrimSpace(r.Kind + " " + r.Size())
	if about != "" {
		y = c.para(y, about, grey, lineH)
	}
	msg := r.Verdict
	switch r.Verdict {
	case Multiple:
		msg = fmt.Sprintf("Multiple solutions: two of them differ in %d cells. Not fit to print.", len(r.Differences))
	case Unsolvable:
		msg = "No solution: the puzzle's frame contradicts itself. Not fit to print."
		if n := len(r.Conflict); n > 0 {
			msg = fmt.Sprintf("No solution: the %s highlighted contradict each other. Not fit to print.", plural.N(n, "clue"))
		}
	case Timeout:
		msg = "No verdict within the time limit."
	case Malformed:
		msg = "Malformed: " + strings.ReplaceAll(r.Error, r.File, filepath.Base(r.File))
	case Unique:
		if r.Puzzle == "" {
			msg = "The record carries no puzzle to draw."
		} else {
			msg = "Cut short by the time limit: not every result is proven."
		}
	}
	y = c.para(y, msg, red, lineH)
	if r.Error != "" && r.Verdict != Malformed {
		y = c.para(y, strings.ReplaceAll(r.Error, r.File, filepath.Base(r.File)), red, lineH)
	}
	if r.Grade.TimedOut() {
		y = c.para(y, r.Grade.TimeoutNote(), red, lineH)
	}
	pics := c.pictures[r]
	if pics == nil {
		return
	}
	pic, what := pics.Puzzle, "problem"
	if pics.Both != nil {
		pic, what = pics.Both, "problem, two solutions"
	}
	top := y + 4
	w, h := c.x1-c.x0, c.bodyBottom-top
	c.picture(pic, fmt.Sprintf("%s P%d", what, i+1), c.x0, top, w, h, math.Min(maxCell/render.S, math.Min(w/pic.W, h/pic.H)))
}

// boxes are the boxes of a page's grid of n.
func (c *composer) boxes(n int, top float64) []Rect {
	cols, rows := gridOf(n, c.Print.Paper)
	w := (c.x1 - c.x0 - boxGap*float64(cols-1)) / float64(cols)
	h := (c.bodyBottom - top - boxGap*float64(rows-1)) / float64(rows)
	var out []Rect
	for k := range n {
		x := c.x0 + float64(k%cols)*(w+boxGap)
		y := top + float64(k/cols)*(h+boxGap)
		out = append(out, Rect{x, y, x + w, y + h})
	}
	return out
}

// puzzles writes the numbered puzzles, PerPage a page: each box its
// number, kind and stars over the puzzle, at --cell or as large as fits.
func (c *composer) puzzles() {
	c.puzzleScale = make([]float64, len(c.Numbered))
	for i, r := range c.Numbered {
		sl := c.puzzleSlots[i]
		if i == 0 || sl.page != c.puzzleSlots[i-1].page {
			c.newPage("puzzles")
		}
		b := sl.box
		head := c.f.Face(headCap, true, inkColour)
		y := b.Y0 + ascent(head)
		x := c.put(b.X0, y, fmt.Sprintf("Puzzle %d", i+1), head)
		kindFace := c.f.Face(textCap*1.2, false, greyColour)
		if n := starsOf(r); n > 0 {
			c.stars(b.X1-5*starW*1.2, y, n, starW*1.2, inkColour)
			c.put(x+3, y, fit(kindFace, r.Kind, b.X1-5*starW*1.2-x-6), kindFace)
		} else {
			c.put(x+3, y, fit(kindFace, r.Kind, b.X1-x-3), kindFace)
		}
		pic := c.pictures[r].Puzzle
		top := y + 4
		w, h := b.X1-b.X0, b.Y1-top
		fits := math.Min(w/pic.W, h/pic.H)
		s := math.Min(fits, maxCell/render.S)
		if c.Print.Cell > 0 {
			s = c.Print.Cell / render.S
			if s > fits {
				s = fits
				c.Shrunk = append(c.Shrunk, fmt.Sprintf("puzzle %d (%s): %s mm cells", i+1, r.DisplayName(c.many[r.File]), trimFloat(render.S*s)))
			}
		}
		c.puzzleScale[i] = s
		c.picture(pic, fmt.Sprintf("puzzle %d", i+1), b.X0, top, w, h, s)
	}
}

// solutions writes the answer keys at the back, more a page than the
// puzzles and each at most answerMax of its puzzle's size.
func (c *composer) solutions() {
	last := -1
	for i := range c.Numbered {
		sl := c.answerSlots[i]
		if sl.page < 0 {
			continue
		}
		if sl.page != last {
			c.newPage("solutions")
			head := c.f.Face(headCap, true, inkColour)
			c.put(c.x0, c.y0+ascent(head), "Solutions", head)
			last = sl.page
		}
		b := sl.box
		label := c.f.Face(smallCap, true, inkColour)
		y := b.Y0 + ascent(label)
		c.put(b.X0, y, fit(label, fmt.Sprintf("Solution %d", i+1), b.X1-b.X0), label)
		top := y + 2
		w, h := b.X1-b.X0, b.Y1-top
		pic := c.pictures[c.Numbered[i]].Solution
		s := math.Min(math.Min(w/pic.W, h/pic.H), answerMax*c.puzzleScale[i])
		c.picture(pic, fmt.Sprintf("solution %d", i+1), b.X0, top, w, h, s)
	}
}

// slot is where a picture goes: its page among its part's (from 0; -1:
// none, no picture) and its box (heading and picture).
type slot struct {
	page int
	box  Rect
}

// slots places pics (nil: none) in order in the grid of per boxes a page
// whose top is top, each box headed by a line in head: one box each, but
// a row of its own for a picture whose cells one box would draw under
// readable millimetres and a row draws larger (a 12x25 Juosan beside
// another at 3 mm cells would be unplayable), the row left before it
// empty.
func (c *composer) slots(pics []*canvas.Canvas, per int, top float64, head *canvas.FontFace, readable float64) []slot {
	grid := c.boxes(per, top)
	cols, _ := gridOf(per, c.Print.Paper)
	scale := func(pic *canvas.Canvas, b Rect) float64 {
		h := b.Y1 - b.Y0 - ascent(head) - 4
		return math.Min((b.X1-b.X0)/pic.W, h/pic.H)
	}
	out := make([]slot, len(pics))
	page, k := 0, 0 // the next free box: page, and k on it
	for i, pic := range pics {
		if pic == nil {
			out[i].page = -1
			continue
		}
		b := grid[k%per]
		wide := false
		if cols > 1 {
			row := Rect{grid[0].X0, b.Y0, grid[cols-1].X1, b.Y1}
			one := scale(pic, grid[0])
			wide = render.S*one < readable && scale(pic, row) > 1.2*one
		}
		if wide && k%cols != 0 {
			k += cols - k%cols
		}
		if k >= per {
			page, k = page+1, 0
		}
		b = grid[k]
		if wide {
			b.X0, b.X1 = grid[0].X0, grid[cols-1].X1
			k += cols
		} else {
			k++
		}
		out[i] = slot{page: page, box: b}
	}
	return out
}
