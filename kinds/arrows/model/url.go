package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// URL is the playground URL format: arrows/COLS/ROWS/BODY, the query of a
// playground URL (https://host/?arrows/5/5/…) in puzz.link's shape. BODY
// is the cells row by row, each its arrow as a letter a-h (clockwise from
// north: a ↑, b ↗, c →, d ↘, e ↓, f ↙, g ←, h ↖) and, when the puzzle
// gives its number, the number as one digit 0-9 or A-Z (10-35).
var URL = &puzzle.Format[*Puzzle]{
	Name:   "url",
	Doc:    "playground URL (arrows/COLS/ROWS/BODY)",
	Detect: func(_ string, data []byte) bool { _, ok := puzzle.URLQuery(data, "arrows"); return ok },
	Parse:  parseURL,
	Write: func(ps []*Puzzle) ([]byte, error) {
		return writeOne(ps, func(p *Puzzle, _ puzzle.Assignment) string { return FormatURL(p) })
	},
}

const urlDigits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// FormatURL writes p as the query of a playground URL.
func FormatURL(p *Puzzle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "arrows/%d/%d/", p.NumCols, p.NumRows)
	for r := range p.NumRows {
		for c := range p.NumCols {
			b.WriteByte(byte('a' + p.Dirs[r][c]&7))
			if v := p.Given[r][c]; v >= 0 && v < len(urlDigits) {
				b.WriteByte(urlDigits[v])
			}
		}
	}
	return b.String()
}

// parseURL reads a URL as the canonical text it stands for.
func parseURL(name string, data []byte) ([]*Puzzle, error) {
	q, _ := puzzle.URLQuery(data, "arrows")
	rows, cols, body, err := puzzle.URLGrid(name, q, MaxValue+1)
	if err != nil {
		return nil, err
	}
	at := len(q) - len(body)
	var t strings.Builder
	fmt.Fprintf(&t, "arrows %dx%d\n", rows, cols)
	k := 0
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c < 'a' || c > 'h' {
			return nil, puzzle.URLError(name, at+i, "%q: want an arrow letter a-h", c)
		}
		if k == rows*cols {
			return nil, puzzle.URLError(name, at+i, "the cells run past %d×%d", rows, cols)
		}
		if k%cols > 0 {
			t.WriteByte(' ')
		}
		t.WriteRune(glyphs[c-'a'])
		if i+1 < len(body) && strings.IndexByte(urlDigits, body[i+1]) >= 0 {
			i++
			t.WriteString(strconv.Itoa(strings.IndexByte(urlDigits, body[i])))
		} else {
			t.WriteByte('.')
		}
		k++
		if k%cols == 0 {
			t.WriteByte('\n')
		}
	}
	if k != rows*cols {
		return nil, puzzle.URLError(name, at+len(body), "%d cells of %d", k, rows*cols)
	}
	ps, err := parseWith(readCanonical, name, []byte(t.String()))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, p := range ps {
		p.Title = ""
	}
	return ps, nil
}
