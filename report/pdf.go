package report

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strings"

	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/render"
)

// Paper is a page size in millimetres.
type Paper struct {
	Name string
	W, H float64
}

// The paper sizes.
var (
	A4     = Paper{"a4", 210, 297}
	Letter = Paper{"letter", 215.9, 279.4}
)

// PaperOf returns the paper called name ("" is A4).
func PaperOf(name string) (Paper, error) {
	switch strings.ToLower(name) {
	case "", "a4":
		return A4, nil
	case "letter":
		return Letter, nil
	}
	return Paper{}, fmt.Errorf("unknown paper %q (want a4 or letter)", name)
}

// Booklet page layout, in millimetres.
const (
	pageMargin   = 15.0
	lineH        = 5.2  // a line of the contents
	solsAcross   = 2    // solutions per row of a solution page
	solsDown     = 2    // and rows
	maxPicScale  = 2.5  // a small puzzle grows no more than this
	headCap      = 4.2  // capital height of a page's heading
	textCap      = 2.5  // of body text
	footerOffset = 10.0 // page number's baseline above the bottom edge
)

var (
	inkColour  = color.RGBA{0x1b, 0x1b, 0x1b, 0xff}
	greyColour = color.RGBA{0x66, 0x66, 0x66, 0xff}
	redColour  = color.RGBA{0xc6, 0x28, 0x28, 0xff}
)

// Booklet is the print booklet's plan: the contents pages, a page per
// puzzle, then the solution pages (solsAcross×solsDown to a page).
type Booklet struct {
	Paper     Paper
	Order     []*Record // every record, as Arrange orders them
	Puzzles   []*Record // those with a puzzle page
	Solutions []*Record // those with a solution to print
	Contents  int       // pages of contents
}

// Plan lays out the booklet of recs.
func Plan(reg *kinds.Registry, recs []Record, paper Paper, byDifficulty bool) *Booklet {
	b := &Booklet{Paper: paper, Order: Arrange(reg, recs, byDifficulty)}
	for _, r := range b.Order {
		if r.Verdict != Malformed && r.Puzzle != "" {
			b.Puzzles = append(b.Puzzles, r)
			if r.Solution != nil {
				b.Solutions = append(b.Solutions, r)
			}
		}
	}
	// The first contents page loses room to the title and the counts.
	lines := len(b.Order) + 4
	per := b.linesPerPage()
	b.Contents = max(1, (lines+per-1)/per)
	return b
}

func (b *Booklet) linesPerPage() int {
	return int((b.Paper.H - 2*pageMargin - footerOffset) / lineH)
}

// SolutionPages is the number of solution pages.
func (b *Booklet) SolutionPages() int {
	per := solsAcross * solsDown
	return (len(b.Solutions) + per - 1) / per
}

// Pages is the booklet's page count.
func (b *Booklet) Pages() int { return b.Contents + len(b.Puzzles) + b.SolutionPages() }

// WritePDF writes the booklet: contents (problems first), a page per
// puzzle sized to the page, then the solutions, every page numbered.
func WritePDF(w io.Writer, recs []Record, meta Meta, paper Paper) error {
	b := Plan(meta.Kinds, recs, paper, meta.ByDifficulty)
	f, err := render.LoadFonts()
	if err != nil {
		return err
	}
	bk := &booklet{Booklet: b, reg: meta.Kinds, f: f, total: b.Pages()}
	puzzlePage := map[*Record]int{}
	for i, r := range b.Puzzles {
		puzzlePage[r] = b.Contents + i + 1
	}
	bk.contents(meta, puzzlePage)
	for _, r := range b.Puzzles {
		if err := bk.puzzle(r); err != nil {
			return err
		}
	}
	if err := bk.solutions(); err != nil {
		return err
	}
	if len(bk.pages) != b.Pages() {
		return fmt.Errorf("report: internal error: %d pages written, %d planned", len(bk.pages), b.Pages())
	}
	return render.WritePages(w, bk.pages)
}

// booklet writes a Booklet's pages.
type booklet struct {
	*Booklet
	reg   *kinds.Registry
	f     *render.Fonts
	pages []*canvas.Canvas
	total int
	// the page being written, with y pointing down from its top edge
	ctx *canvas.Context
	y   float64
}

// newPage starts a page, numbered at its foot.
func (b *booklet) newPage() {
	c := canvas.New(b.Paper.W, b.Paper.H)
	b.pages = append(b.pages, c)
	b.ctx = canvas.NewContext(c)
	b.ctx.SetCoordSystem(canvas.CartesianIV)
	b.y = pageMargin
	b.text(b.Paper.W/2, b.Paper.H-footerOffset, fmt.Sprintf("%d / %d", len(b.pages), b.total), textCap, false, greyColour, canvas.Center)
}

// text writes s with its baseline at y.
func (b *booklet) text(x, y float64, s string, capMM float64, bold bool, col color.RGBA, align canvas.TextAlign) {
	t := canvas.NewTextLine(b.f.Face(capMM, bold, col), s, align)
	b.ctx.DrawText(x, y, t)
}

// line writes a line of text at the page's current y and moves down.
func (b *booklet) line(s string, col color.RGBA, bold bool) {
	b.y += lineH
	b.text(pageMargin, b.y, clip(s, 110), textCap, bold, col, canvas.Left)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// contents writes the contents pages: the counts, then every puzzle in
// the booklet's order (the problems first) with its page.
func (b *booklet) contents(meta Meta, page map[*Record]int) {
	b.newPage()
	b.y += headCap
	b.text(pageMargin, b.y, meta.Title, headCap, true, inkColour, canvas.Left)
	b.y += 2
	recs := make([]Record, len(b.Order))
	for i, r := range b.Order {
		recs[i] = *r
	}
	if meta.Incomplete != "" {
		b.line("Incomplete: "+meta.Incomplete+".", redColour, false)
	}
	if meta.Partial != "" {
		b.line("Partial: "+meta.Partial+".", redColour, false)
	}
	b.line(counts(recs), inkColour, false)
	if note := certifyNote(recs); note != "" {
		b.line(note, greyColour, false)
	}
	b.line("", inkColour, false)
	per := b.linesPerPage()
	n := 4 // the lines above
	if meta.Incomplete != "" {
		n++
	}
	if meta.Partial != "" {
		n++
	}
	for _, r := range b.Order {
		if n >= per {
			b.newPage()
			n = 0
		}
		n++
		col := inkColour
		if r.Problem() {
			col = redColour
		}
		s := fmt.Sprintf("%d. ", r.Index+1)
		switch {
		case r.Verdict == Malformed:
			s += "malformed: " + r.Error
		default:
			name := r.Name
			if name == "" {
				name = r.File
			}
			s += fmt.Sprintf("%s %s, %s", r.Kind, name, r.About())
			if r.Grade != nil && r.Grade.Band != "" {
				s += fmt.Sprintf(", %s (%s)", r.Grade.Band, trimFloat(r.Grade.Score))
			}
			if r.Grade.TimedOut() {
				s += ", " + r.Grade.TimeoutNote()
			}
			if p := page[r]; p > 0 {
				s += fmt.Sprintf(" — page %d", p)
			}
		}
		b.line(s, col, false)
	}
	for len(b.pages) < b.Contents {
		b.newPage()
	}
}

// puzzle writes a puzzle's page: its heading and the puzzle, as large as
// the page allows (up to maxPicScale).
func (b *booklet) puzzle(r *Record) error {
	pics, err := Draw(b.reg, r, b.f)
	if err != nil {
		return err
	}
	b.newPage()
	name := r.Name
	if name == "" {
		name = r.File
	}
	b.y += headCap
	b.text(pageMargin, b.y, clip(fmt.Sprintf("%d. %s %s", r.Index+1, r.Kind, name), 60), headCap, true, inkColour, canvas.Left)
	about := r.Size()
	if r.Grade != nil && r.Grade.Band != "" {
		about += fmt.Sprintf(", %s, score %s", r.Grade.Band, trimFloat(r.Grade.Score))
	}
	b.line(about, greyColour, false)
	if r.Problem() {
		msg := r.Verdict
		switch r.Verdict {
		case Multiple:
			msg = fmt.Sprintf("multiple solutions (they differ in %d cells): not fit to print", len(r.Differences))
		case Unsolvable:
			msg = "no solution: not fit to print"
		case Timeout:
			msg = "no verdict within the time limit"
		}
		b.line(msg, redColour, true)
	}
	if r.Grade.TimedOut() {
		b.line(r.Grade.TimeoutNote(), redColour, false)
	}
	top := b.y + 6
	b.place(pics.Puzzle, pageMargin, top, b.Paper.W-2*pageMargin, b.Paper.H-pageMargin-footerOffset-4-top, maxPicScale)
	return nil
}

// place draws pic centred in the box at (x, y) (top-left, y down) of
// width w and height h, scaled to fit it, no more than maxScale.
func (b *booklet) place(pic *canvas.Canvas, x, y, w, h, maxScale float64) {
	s := math.Min(maxScale, math.Min(w/pic.W, h/pic.H))
	pw, ph := pic.W*s, pic.H*s
	x += (w - pw) / 2
	// The page canvas is y-up: the picture's bottom-left corner.
	page := b.pages[len(b.pages)-1]
	pic.RenderViewTo(page, canvas.Identity.Translate(x, b.Paper.H-y-ph).Scale(s, s))
}

// solutions writes the solution pages.
func (b *booklet) solutions() error {
	per := solsAcross * solsDown
	boxW := (b.Paper.W - 2*pageMargin) / solsAcross
	bodyTop := pageMargin + headCap + 6
	boxH := (b.Paper.H - bodyTop - pageMargin - footerOffset) / solsDown
	for i, r := range b.Solutions {
		if i%per == 0 {
			b.newPage()
			b.y += headCap
			b.text(pageMargin, b.y, "Solutions", headCap, true, inkColour, canvas.Left)
		}
		pics, err := Draw(b.reg, r, b.f)
		if err != nil {
			return err
		}
		k := i % per
		x := pageMargin + float64(k%solsAcross)*boxW
		y := bodyTop + float64(k/solsAcross)*boxH
		name := r.Name
		if name == "" {
			name = r.File
		}
		label := fmt.Sprintf("%d. %s %s", r.Index+1, r.Kind, name)
		if r.Verdict != Unique {
			label += " (one of several)"
		}
		b.text(x+2, y+textCap+1, clip(label, 42), textCap, true, inkColour, canvas.Left)
		b.place(pics.Solution, x, y+textCap+3, boxW-4, boxH-textCap-6, maxPicScale)
	}
	return nil
}
