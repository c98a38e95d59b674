package arrows

import (
	"fmt"
	"strconv"
	"strings"

	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// arrowGlyphs are the arrows clockwise from north (am.Dir's order), and
// numpad the keys that type them.
var (
	arrowGlyphs = []string{"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"}
	numpad      = map[string]string{"8": "↑", "9": "↗", "6": "→", "3": "↘", "2": "↓", "1": "↙", "4": "←", "7": "↖"}
)

// editLayers are the editor's: an arrow in every cell, and the given
// numbers.
var editLayers = []kind.EditLayer{{Name: "arrow", Default: "→"}, {Name: "number"}}

// play: a click selects a cell and another counts its number up; digits
// type it.
var play = &kind.Play{
	Mode:   kind.PlayCells,
	HowTo:  "Click a cell to select it, type its number (click it again to count up, right-click down). Every arrow's number is how many distinct numbers it points at.",
	Click:  "select",
	Number: true,
	Editor: &kind.Editor{
		Layers: editLayers,
		Tools: []kind.Tool{
			{Name: "arrow", Help: "Arrow: click turns it clockwise, right-click back; or type 1-9 as on a numpad", Layer: "arrow", Op: "cycle", Tokens: arrowGlyphs, Keys: numpad},
			{Name: "number", Help: "Number: click a cell, type its given number", Layer: "number", Op: "number", Max: -1},
		},
	},
	Compose: compose,
	Open:    kind.OpenOf("arrows", editLayers, open),
}

// compose writes the box format's compact form: a row per line, each
// cell its arrow and its number or '.'.
func compose(e *kind.Edit) (string, error) {
	arrow, number := e.Layers["arrow"], e.Layers["number"]
	var b strings.Builder
	fmt.Fprintf(&b, "arrows %dx%d\n", e.Rows, e.Cols)
	for r := range e.Rows {
		toks := make([]string, e.Cols)
		for c := range e.Cols {
			a := arrow[r][c]
			if a == "" {
				a = "→"
			}
			n := strings.TrimSpace(number[r][c])
			if n == "" {
				n = "."
			} else if _, err := strconv.Atoi(n); err != nil {
				return "", fmt.Errorf("%v: number %q", puzzle.Pos{Row: r, Col: c}, n)
			}
			toks[c] = a + n
		}
		b.WriteString(strings.Join(toks, " ") + "\n")
	}
	return b.String(), nil
}

// open fills the editor's layers with a puzzle (kind.OpenOf).
func open(e *kind.Edit, p *am.Puzzle, _ puzzle.Assignment) {
	for r, row := range p.Dirs {
		for c, d := range row {
			e.Layers["arrow"][r][c] = string(d.Glyph())
			if g := p.Given[r][c]; g >= 0 {
				e.Layers["number"][r][c] = strconv.Itoa(g)
			}
		}
	}
}
