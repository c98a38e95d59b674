package shinro

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The editor's tokens: a hidden stone, and the arrows clockwise from
// north with the numpad keys that type them (sm.Dir is the digit).
const stoneToken = "●"

var (
	arrowTokens = []string{"", "↑", "↗", "→", "↘", "↓", "↙", "←", "↖"}
	numpad      = map[string]string{"8": "↑", "9": "↗", "6": "→", "3": "↘", "2": "↓", "1": "↙", "4": "←", "7": "↖", "0": ""}
	editLayers  = []kind.EditLayer{{Name: "cell"}}
)

// play: a click cycles stone, empty and undecided; the editor hides
// stones (the counts follow them) and places arrows.
var play = &kind.Play{
	Mode:  kind.PlayCells,
	HowTo: "Click a cell: stone, then empty (dot), then undecided. Keys: * or s a stone, . or x empty, Backspace undecided. Rows and columns show their stone counts; every arrow points at a stone.",
	Click: "cycle",
	Cycle: []int{sm.Stone, sm.Empty},
	Keys:  map[string]int{"*": sm.Stone, "s": sm.Stone, "1": sm.Stone, ".": sm.Empty, "0": sm.Empty, "x": sm.Empty},
	Editor: &kind.Editor{
		Layers: editLayers,
		Tools: []kind.Tool{
			{Name: "stone", Help: "Stone: click hides a stone (the counts follow the stones)", Layer: "cell", Op: "cycle", Tokens: []string{"", stoneToken}},
			{Name: "arrow", Help: "Arrow: click turns it clockwise, right-click back; or type 1-9 as on a numpad, 0 removes", Layer: "cell", Op: "cycle", Tokens: arrowTokens, Keys: numpad},
		},
		Solution: true,
	},
	Compose: compose,
	Open:    kind.OpenOf("shinro", editLayers, open),
}

// digit is the numpad digit of an arrow token, 0 for none.
func digit(tok string) int {
	for d, t := range numpad {
		if t == tok && tok != "" {
			n, _ := strconv.Atoi(d)
			return n
		}
	}
	return 0
}

// compose writes the text format with the stones as its solution, the
// counts counted from them.
func compose(e *kind.Edit) (string, error) {
	cell := e.Layers["cell"]
	rowCounts, colCounts := make([]int, e.Rows), make([]int, e.Cols)
	total := 0
	for r, row := range cell {
		for c, t := range row {
			if t == stoneToken {
				rowCounts[r]++
				colCounts[c]++
				total++
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "shinro\nsize %d %d\nstones %d\ncols: %s\n", e.Rows, e.Cols, total, ints(colCounts))
	var sol []string
	for r, row := range cell {
		arrows, stones := make([]string, e.Cols), make([]string, e.Cols)
		for c, t := range row {
			switch d := digit(t); {
			case d != 0:
				arrows[c], stones[c] = strconv.Itoa(d), strconv.Itoa(d)
			case t == stoneToken:
				arrows[c], stones[c] = ".", "*"
			case t == "":
				arrows[c], stones[c] = ".", "."
			default:
				return "", fmt.Errorf("%v: token %q", puzzle.Pos{Row: r, Col: c}, t)
			}
		}
		fmt.Fprintf(&b, "%d  %s\n", rowCounts[r], strings.Join(arrows, " "))
		sol = append(sol, strings.Join(stones, " "))
	}
	b.WriteString("solution\n" + strings.Join(sol, "\n") + "\n")
	return b.String(), nil
}

func ints(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, " ")
}

// open fills the editor's cells with a puzzle (kind.OpenOf): its arrows,
// and the stones of sol, which keep its counts.
func open(e *kind.Edit, p *sm.Puzzle, sol puzzle.Assignment) {
	for r, row := range p.Arrows {
		for c, d := range row {
			if d.Valid() {
				e.Layers["cell"][r][c] = string(d.Rune())
			}
		}
	}
	if len(sol) == len(p.Vars()) {
		for i, v := range p.Vars() {
			if sol[i] == sm.Stone {
				e.Layers["cell"][v.Pos.Row][v.Pos.Col] = stoneToken
			}
		}
	}
}
