package juosan

import (
	"strconv"

	"github.com/puzzlesat/puzzlesat/display"
	jm "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
)

// board draws a Juosan board as pzprjs does: a light grid, thick borders
// around the territories, each number small in the top-left corner of its
// territory's first cell (so that the cell's bar still fits), and the bars
// across the cells.
func board(p *jm.Puzzle) *display.Board {
	rows, cols := p.Rows(), p.Cols()
	b := &display.Board{Rows: rows, Cols: cols, Clues: display.GridLines(rows, cols, 0.02, display.Grid)}
	const border = 0.09
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			reg := p.Region[r][c]
			x, y := float64(c), float64(r)
			if c+1 < cols && p.Region[r][c+1] != reg {
				b.Clues = append(b.Clues, display.Segment(x+1, y, x+1, y+1, border, display.Ink, display.Clue))
			}
			if r+1 < rows && p.Region[r+1][c] != reg {
				b.Clues = append(b.Clues, display.Segment(x, y+1, x+1, y+1, border, display.Ink, display.Clue))
			}
		}
	}
	b.Clues = append(b.Clues, display.Frame(rows, cols, border*1.4))
	for reg, clue := range p.Clue {
		var s string
		switch {
		case clue >= 0:
			s = strconv.Itoa(clue)
		case clue == jm.Question:
			s = "?"
		default:
			continue
		}
		q := p.Cells(reg)[0]
		// The number's left edge stays clear of the border.
		x := float64(q.Col) + 0.12 + float64(len(s))*0.085
		b.Clues = append(b.Clues, display.Label(x, float64(q.Row)+0.22, s, 0.24, true, display.Ink, display.Clue))
	}
	for _, v := range p.Vars() {
		u := display.Unknown{Cell: v.Pos}
		x, y := display.Centre(v.Pos)
		for k, label := range v.Domain {
			u.Values = append(u.Values, bar(x+0.04, y+0.04, label, 1, display.Values))
			mx, my := display.Slot(v.Pos, k, len(v.Domain))
			u.Marks = append(u.Marks, bar(mx, my, label, 0.5, display.Marks))
		}
		b.Unknowns = append(b.Unknowns, u)
	}
	return b
}

// bar draws a - or | centred on (x, y), scaled by k.
func bar(x, y float64, label string, k float64, l display.Layer) []display.Item {
	h, w := 0.32*k, 0.11*k
	switch label {
	case "-":
		return []display.Item{display.Segment(x-h, y, x+h, y, w, display.Value, l)}
	case "|":
		return []display.Item{display.Segment(x, y-h, x, y+h, w, display.Value, l)}
	}
	return []display.Item{display.Label(x, y, label, 0.3*k, false, display.Value, l)}
}
