package model

import (
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The URL format: shinro/COLS/ROWS/BODY, the query of a playground URL
// (https://host/?shinro/8/8/…) in puzz.link's shape. BODY is the column
// counts then the row counts, one base-36 digit each, then the cells row
// by row: an arrow as its numpad digit (1-4, 6-9), a run of 1 to 26 cells
// without an arrow as a letter a-z.
var urlFormat = puzzle.URLFormat(KindName, parseURL, FormatURL)

// maxURLSide bounds a URL's sides: its counts are one base-36 digit.
const maxURLSide = 35

// FormatURL writes p as the query of a playground URL.
func FormatURL(p *Puzzle) string {
	var counts strings.Builder
	for _, n := range append(append([]int(nil), p.ColCounts...), p.RowCounts...) {
		counts.WriteString(strconv.FormatInt(int64(n), 36))
	}
	return puzzle.FormatURLCells(KindName, p.Rows(), p.Cols(), counts.String(), func(at puzzle.Pos) string {
		if d := p.Arrows[at.Row][at.Col]; d.Valid() {
			return d.String()
		}
		return ""
	})
}

func parseURL(name, q string) (*Puzzle, error) {
	rows, cols, body, err := puzzle.URLGrid(name, q, maxURLSide)
	if err != nil {
		return nil, err
	}
	at := len(q) - len(body)
	if len(body) < rows+cols {
		return nil, puzzle.URLError(name, at, "want %d counts (columns, then rows), have %d characters", rows+cols, len(body))
	}
	counts := make([]int, rows+cols)
	total := 0
	for i := range counts {
		n, err := strconv.ParseInt(body[i:i+1], 36, 0)
		if err != nil {
			return nil, puzzle.URLError(name, at+i, "count %q: want a base-36 digit", body[i:i+1])
		}
		counts[i] = int(n)
		if i >= cols {
			total += int(n)
		}
	}
	arrows, err := puzzle.ReadURLCells(name, at+rows+cols, body[rows+cols:], rows, cols, "an arrow digit", func(c byte) (Dir, bool) {
		return dirOf(rune(c))
	})
	if err != nil {
		return nil, err
	}
	p, err := New(nameFromURL(name), arrows, counts[cols:], counts[:cols], total)
	if err != nil {
		return nil, puzzle.URLError(name, 0, "%v", err)
	}
	p.Entry = 1
	return p, nil
}

// nameFromURL is a puzzle's title from its URL input: none, for a bare
// URL (the page names it by its size).
func nameFromURL(name string) string {
	if name == "input" || name == "" || strings.Contains(name, "/") || strings.Contains(name, "?") {
		return ""
	}
	return name
}
