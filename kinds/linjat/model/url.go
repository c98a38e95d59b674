package model

import (
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The URL format: linjat/COLS/ROWS/BODY, the query of a playground URL
// (https://host/?linjat/6/9/…) in puzz.link's shape. BODY is the cells row
// by row: a number as its digit 1-9, a dot as '.', a run of 1 to 26 empty
// cells as a letter a-z.
var urlFormat = &puzzle.Format[*Puzzle]{
	Name: "url", Doc: "playground URL (linjat/COLS/ROWS/BODY)",
	Detect: func(_ string, data []byte) bool { _, ok := puzzle.URLQuery(data, KindName); return ok },
	Parse:  parseURL,
	Write:  puzzle.Joined(FormatURL, "\n"),
}

// maxURLSide bounds a URL's sides.
const maxURLSide = 100

// FormatURL writes p as the query of a playground URL.
func FormatURL(p *Puzzle) string {
	var b strings.Builder
	b.WriteString(KindName + "/" + strconv.Itoa(p.Cols()) + "/" + strconv.Itoa(p.Rows()) + "/")
	run := 0
	for r := 0; r < p.Rows(); r++ {
		for c := 0; c < p.Cols(); c++ {
			v := p.Cell(puzzle.Pos{Row: r, Col: c})
			if v == Empty {
				run++
				continue
			}
			puzzle.Runs(&b, run)
			run = 0
			if v == Dot {
				b.WriteByte('.')
			} else {
				b.WriteString(strconv.Itoa(v))
			}
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
	grid := make([][]int8, rows)
	for r := range grid {
		grid[r] = make([]int8, cols)
	}
	k := 0
	for i := 0; i < len(body); i++ {
		c := body[i]
		n := 1
		var v int8
		switch run, ok := puzzle.RunLength(c); {
		case ok:
			n = run
		case c == '.':
			v = Dot
		case c >= '1' && c <= '9':
			v = int8(c - '0')
		default:
			return nil, puzzle.URLError(name, at+i, "%q: want a digit 1-9, '.' or a run letter a-z", c)
		}
		if k+n > rows*cols {
			return nil, puzzle.URLError(name, at+i, "the cells run past %d×%d", rows, cols)
		}
		if v != Empty {
			grid[k/cols][k%cols] = v
		}
		k += n
	}
	if k != rows*cols {
		return nil, puzzle.URLError(name, at+len(body), "%d cells of %d", k, rows*cols)
	}
	p, err := New("", grid)
	if err != nil {
		return nil, puzzle.URLError(name, 0, "%v", err)
	}
	p.Entry = 1
	return []*Puzzle{p}, nil
}
