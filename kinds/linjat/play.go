package linjat

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	lm "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// dotToken is the editor's dot; a number is its digit.
const dotToken = "•"

var editLayers = []kind.EditLayer{{Name: "cell"}}

// play: a number's value is its line, picked by the cell it reaches.
var play = &kind.Play{
	Mode:  kind.PlayCells,
	HowTo: "Click a number, then the cell where its line should end (or drag there, or click the number again to cycle its lines; right-click clears it). Every number N gets a straight line of N cells through it; lines never cross; every dot is covered.",
	Click: "cover",
	Editor: &kind.Editor{
		Layers: editLayers,
		Tools: []kind.Tool{
			{Name: "number", Help: "Number: click a cell, type 1-9 (Backspace removes)", Layer: "cell", Op: "number", Min: 1, Max: 9},
			{Name: "dot", Help: "Dot: click sets or removes a dot", Layer: "cell", Op: "cycle", Tokens: []string{"", dotToken}},
		},
	},
	Compose: compose,
	Open:    kind.OpenOf("linjat", editLayers, open),
}

// compose writes the text format: a row per line, '_' empty, '.' a dot.
func compose(e *kind.Edit) (string, error) {
	cell := e.Layers["cell"]
	var b strings.Builder
	fmt.Fprintf(&b, "linjat\nsize %d %d\n", e.Rows, e.Cols)
	for r, row := range cell {
		for c, t := range row {
			switch n, err := strconv.Atoi(t); {
			case t == "":
				b.WriteByte('_')
			case t == dotToken:
				b.WriteByte('.')
			case err == nil && n >= 1 && n <= 9:
				b.WriteString(t)
			default:
				return "", fmt.Errorf("%v: token %q", puzzle.Pos{Row: r, Col: c}, t)
			}
		}
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// open fills the editor's cells with a puzzle (kind.OpenOf).
func open(e *kind.Edit, p *lm.Puzzle, _ puzzle.Assignment) {
	for r, row := range p.Grid() {
		for c, v := range row {
			switch {
			case v == lm.Dot:
				e.Layers["cell"][r][c] = dotToken
			case v > 0:
				e.Layers["cell"][r][c] = strconv.Itoa(int(v))
			}
		}
	}
}
