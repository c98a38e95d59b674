package juosan

import (
	"fmt"
	"strconv"
	"strings"

	jm "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// play: a click cycles − | and undecided; the editor paints territories
// and gives each at most one number.
var play = &kind.Play{
	Mode:  kind.PlayCells,
	HowTo: "Click a cell: − then | then empty (right-click goes back). Keys: - | Backspace; the arrow keys move. A territory's number counts its − or its | cells; no three − stacked, no three | side by side.",
	Click: "cycle",
	Keys:  map[string]int{"-": 0, "h": 0, "|": 1, "v": 1, "\\": 1},
	Editor: &kind.Editor{
		Layers: editLayers,
		Tools: []kind.Tool{
			{Name: "territory", Help: "Territory: drag across cells to make them one territory", Layer: "region", Op: "region"},
			{Name: "number", Help: "Number: click a territory, type its number or ?", Layer: "number", Op: "number", Extra: []string{"?"}, Region: "region"},
		},
	},
	Compose: compose,
	Open:    kind.OpenOf("juosan", editLayers, open),
}

// editLayers are the editor's: territory labels, and numbers.
var editLayers = []kind.EditLayer{{Name: "region", Default: "0"}, {Name: "number"}}

// compose writes the text format: each territory (a connected piece of
// equal labels) a letter, in reading order, and its first number after
// the letter of the cell it stands in.
func compose(e *kind.Edit) (string, error) {
	region, number := e.Layers["region"], e.Layers["number"]
	id := pieces(region)
	numbered := map[int]bool{}
	var b strings.Builder
	fmt.Fprintf(&b, "juosan\nsize %d %d\ngrid\n", e.Rows, e.Cols)
	for r := range e.Rows {
		toks := make([]string, e.Cols)
		for c := range e.Cols {
			t := letters(id[r][c])
			if n := strings.TrimSpace(number[r][c]); n != "" && !numbered[id[r][c]] {
				if n != "?" {
					if _, err := strconv.Atoi(n); err != nil {
						return "", fmt.Errorf("%v: number %q", puzzle.Pos{Row: r, Col: c}, n)
					}
				}
				numbered[id[r][c]] = true
				t += n
			}
			toks[c] = t
		}
		b.WriteString(strings.Join(toks, " ") + "\n")
	}
	return b.String(), nil
}

// pieces numbers the connected pieces of equal labels in reading order.
func pieces(label [][]string) [][]int {
	rows, cols := len(label), len(label[0])
	id := make([][]int, rows)
	for r := range id {
		id[r] = make([]int, cols)
		for c := range id[r] {
			id[r][c] = -1
		}
	}
	n := 0
	for r := range rows {
		for c := range cols {
			if id[r][c] >= 0 {
				continue
			}
			stack := []puzzle.Pos{{Row: r, Col: c}}
			id[r][c] = n
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					y, x := q.Row+d[0], q.Col+d[1]
					if y >= 0 && y < rows && x >= 0 && x < cols && id[y][x] < 0 && label[y][x] == label[r][c] {
						id[y][x] = n
						stack = append(stack, puzzle.Pos{Row: y, Col: x})
					}
				}
			}
			n++
		}
	}
	return id
}

// letters names territory t: a..z, then aa, ab, ...
func letters(t int) string {
	s := ""
	for t++; t > 0; t /= 26 {
		t--
		s = string(rune('a'+t%26)) + s
	}
	return s
}

// open fills the editor's layers with a puzzle (kind.OpenOf): territory
// indexes, and each number in its territory's first cell.
func open(e *kind.Edit, p *jm.Puzzle, _ puzzle.Assignment) {
	for r, row := range p.Region {
		for c, t := range row {
			e.Layers["region"][r][c] = strconv.Itoa(t)
		}
	}
	for t, n := range p.Clue {
		q := p.Cells(t)[0]
		switch {
		case n >= 0:
			e.Layers["number"][q.Row][q.Col] = strconv.Itoa(n)
		case n == jm.Question:
			e.Layers["number"][q.Row][q.Col] = "?"
		}
	}
}
