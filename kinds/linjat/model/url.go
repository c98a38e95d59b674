package model

import (
	"strconv"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The URL format: linjat/COLS/ROWS/BODY, the query of a playground URL
// (https://host/?linjat/6/9/…) in puzz.link's shape. BODY is the cells row
// by row: a number as its digit 1-9, a dot as '.', a run of 1 to 26 empty
// cells as a letter a-z.
var urlFormat = puzzle.URLFormat(KindName, parseURL, FormatURL)

// maxURLSide bounds a URL's sides.
const maxURLSide = 100

// FormatURL writes p as the query of a playground URL.
func FormatURL(p *Puzzle) string {
	return puzzle.FormatURLCells(KindName, p.Rows(), p.Cols(), "", func(at puzzle.Pos) string {
		switch v := p.Cell(at); v {
		case Empty:
			return ""
		case Dot:
			return "."
		default:
			return strconv.Itoa(v)
		}
	})
}

func parseURL(name, q string) (*Puzzle, error) {
	rows, cols, body, err := puzzle.URLGrid(name, q, maxURLSide)
	if err != nil {
		return nil, err
	}
	grid, err := puzzle.ReadURLCells(name, len(q)-len(body), body, rows, cols, "a digit 1-9, '.'", func(c byte) (int8, bool) {
		switch {
		case c == '.':
			return Dot, true
		case c >= '1' && c <= '9':
			return int8(c - '0'), true
		}
		return 0, false
	})
	if err != nil {
		return nil, err
	}
	p, err := New("", grid)
	if err != nil {
		return nil, puzzle.URLError(name, 0, "%v", err)
	}
	p.Entry = 1
	return p, nil
}
