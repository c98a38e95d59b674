package report

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// Paper is a page size in millimetres: the trimmed page, bleed aside.
type Paper struct {
	Name string
	W, H float64
}

// The paper sizes.
var (
	A4     = Paper{"a4", 210, 297}
	Letter = Paper{"letter", 215.9, 279.4}
	A5     = Paper{"a5", 148, 210}
)

// PaperOf returns the paper called name: a4 (also ""), letter, a5, or WxH
// with a unit on either or both (148x210mm, 6x9in; a bare number is
// millimetres when the other side has a unit, else refused).
func PaperOf(name string) (Paper, error) {
	switch strings.ToLower(name) {
	case "", "a4":
		return A4, nil
	case "letter":
		return Letter, nil
	case "a5":
		return A5, nil
	}
	w, h, ok := strings.Cut(strings.ToLower(name), "x")
	if ok {
		unit := unitOf(h)
		if unitOf(w) == "" && unit != "" {
			w += unit
		}
		if unitOf(h) == "" && unitOf(w) != "" {
			h += unitOf(w)
		}
		pw, errW := ParseSize(w)
		ph, errH := ParseSize(h)
		switch {
		case errW != nil:
			return Paper{}, fmt.Errorf("paper %q: %v", name, errW)
		case errH != nil:
			return Paper{}, fmt.Errorf("paper %q: %v", name, errH)
		case pw < minPaper || ph < minPaper:
			return Paper{}, fmt.Errorf("paper %q: %s×%s mm is under %g mm a side", name, trimFloat(pw), trimFloat(ph), minPaper)
		}
		return Paper{name, pw, ph}, nil
	}
	return Paper{}, fmt.Errorf("unknown paper %q (want a4, letter, a5 or WxH with a unit: 148x210mm, 6x9in)", name)
}

// minPaper is the smallest side of a page: a puzzle and its heading
// inside margins.
const minPaper = 50.0

// units are the lengths a size may be given in, in millimetres.
var units = map[string]float64{"mm": 1, "cm": 10, "in": 25.4, "pt": 25.4 / 72}

func unitOf(s string) string {
	for u := range units {
		if strings.HasSuffix(s, u) {
			return u
		}
	}
	return ""
}

// ParseSize reads a length with its unit (7mm, 20pt, 0.5in, 1cm) as
// millimetres. A bare number is refused: 7 could be either.
func ParseSize(s string) (float64, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	u := unitOf(s)
	if u == "" {
		return 0, fmt.Errorf("size %q has no unit (want mm, cm, in or pt: 7mm, 20pt)", s)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(s, u)), 64)
	if err != nil || v < 0 || v != v || v > 1e5 {
		return 0, fmt.Errorf("size %q is not a length (want a number and mm, cm, in or pt: 7mm, 20pt)", s)
	}
	return v * units[u], nil
}

// Print is how the booklet is set: the paper, puzzles a page, their cell
// size, the margins and the bleed, and the date its title page says.
type Print struct {
	Paper Paper
	// PerPage is puzzles a page: 1, 2, 4 or 6.
	PerPage int
	// Cell is the side of a puzzle's cell in millimetres; 0 draws each
	// puzzle as large as its box allows (up to maxCell).
	Cell float64
	// Margin is the room between the trimmed page's edge and anything
	// drawn on it, in millimetres; Bleed the paper beyond the trim that a
	// printer cuts away, with crop marks at the trim's corners when > 0.
	Margin, Bleed float64
	// Date is the title page's date ("" says none).
	Date string
}

// PerPageChoices are the puzzles a page the booklet lays out.
var PerPageChoices = []int{1, 2, 4, 6}

// DefaultPrint is A4, a puzzle a page, as large as fits, 15 mm margins.
func DefaultPrint() Print { return Print{Paper: A4, PerPage: 1, Margin: 15} }

// Check says what is wrong with p: a count of puzzles a page the booklet
// has no grid for, a cell or margin that leaves no room.
func (p Print) Check() error {
	ok := false
	for _, n := range PerPageChoices {
		ok = ok || p.PerPage == n
	}
	if !ok {
		return fmt.Errorf("--per-page %d: want 1, 2, 4 or 6", p.PerPage)
	}
	if p.Margin < 0 || p.Bleed < 0 || p.Cell < 0 {
		return fmt.Errorf("margins, bleed and cell size are lengths, not negative")
	}
	if p.Bleed > 25 {
		return fmt.Errorf("--bleed %s mm: a bleed is a few millimetres (at most 25)", trimFloat(p.Bleed))
	}
	if room := min(p.Paper.W, p.Paper.H) - 2*p.Margin; room < 0.5*min(p.Paper.W, p.Paper.H) {
		return fmt.Errorf("--margin %s mm leaves %s mm of a %s×%s mm page: want at least half of it", trimFloat(p.Margin), trimFloat(room), trimFloat(p.Paper.W), trimFloat(p.Paper.H))
	}
	if p.Cell > 0 && (p.Cell < minCell || p.Cell > maxCell*2) {
		return fmt.Errorf("--cell %s mm: want %g to %g mm", trimFloat(p.Cell), minCell, maxCell*2)
	}
	return nil
}

// Cell sizes, in millimetres: the smallest a pencil fills, and the largest
// a puzzle grows to when the page leaves room (a 4x4 Linjat would
// otherwise fill an A4 page with 4 cm squares).
const (
	minCell = 3.0
	maxCell = 16.0
)

// DisplayName is what the booklet calls a puzzle: its own name when it
// has one, else its file's base name, with #N when the file holds more
// than one puzzle (many); never a path.
func (r *Record) DisplayName(many bool) string {
	if r.Name != "" && r.Name != r.File && !filepath.IsAbs(r.Name) {
		return r.Name
	}
	name := filepath.Base(r.File)
	if many && r.Entry > 0 {
		name += "#" + strconv.Itoa(r.Entry)
	}
	return name
}

// starsOf is a puzzle's difficulty in stars, 1 to 10 (0: none, e.g. an
// unsolved grade), drawn as half stars of five: the rating every front end
// shows (package answer/rating), so the booklet, grade and the page agree.
func starsOf(r *Record) int {
	if r.Grade == nil {
		return 0
	}
	return r.Grade.Rating
}
