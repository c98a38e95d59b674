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
var urlFormat = &puzzle.Format[*Puzzle]{
	Name: "url", Doc: "playground URL (shinro/COLS/ROWS/BODY)",
	Detect: func(_ string, data []byte) bool { _, ok := puzzle.URLQuery(data, KindName); return ok },
	Parse:  parseURL,
	Write:  puzzle.Joined(FormatURL, "\n"),
}

// maxURLSide bounds a URL's sides: its counts are one base-36 digit.
const maxURLSide = 35

// FormatURL writes p as the query of a playground URL.
func FormatURL(p *Puzzle) string {
	var b strings.Builder
	b.WriteString(KindName + "/" + strconv.Itoa(p.Cols()) + "/" + strconv.Itoa(p.Rows()) + "/")
	for _, n := range append(append([]int(nil), p.ColCounts...), p.RowCounts...) {
		b.WriteString(strconv.FormatInt(int64(n), 36))
	}
	run := 0
	for _, row := range p.Arrows {
		for _, d := range row {
			if !d.Valid() {
				run++
				continue
			}
			puzzle.Runs(&b, run)
			run = 0
			b.WriteString(d.String())
		}
	}
	puzzle.Runs(&b, run)
	return b.String()
}

func parseURL(name string, data []byte) ([]*Puzzle, error) {
	q, _ := puzzle.URLQuery(data, KindName)
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
	arrows := make([][]Dir, rows)
	for r := range arrows {
		arrows[r] = make([]Dir, cols)
	}
	k := 0
	for i := rows + cols; i < len(body); i++ {
		c := body[i]
		n := 1
		if run, ok := puzzle.RunLength(c); ok {
			n = run
		} else if d, ok := dirOf(rune(c)); ok {
			if k < rows*cols {
				arrows[k/cols][k%cols] = d
			}
		} else {
			return nil, puzzle.URLError(name, at+i, "%q: want an arrow digit or a run letter a-z", c)
		}
		k += n
		if k > rows*cols {
			return nil, puzzle.URLError(name, at+i, "the cells run past %d×%d", rows, cols)
		}
	}
	if k != rows*cols {
		return nil, puzzle.URLError(name, at+len(body), "%d cells of %d", k, rows*cols)
	}
	p, err := New(nameFromURL(name), arrows, counts[cols:], counts[:cols], total)
	if err != nil {
		return nil, puzzle.URLError(name, 0, "%v", err)
	}
	p.Entry = 1
	return []*Puzzle{p}, nil
}

// nameFromURL is a puzzle's title from its URL input: none, for a bare
// URL (the page names it by its size).
func nameFromURL(name string) string {
	if name == "input" || name == "" || strings.Contains(name, "/") || strings.Contains(name, "?") {
		return ""
	}
	return name
}
