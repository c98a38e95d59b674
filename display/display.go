// Package display is a puzzle's board described once, as data: what a
// kind draws (grid, walls and region borders, numbers, arrows, dots,
// discs) and how each value of each unknown looks, as a full value and
// as a pencil mark. Package render draws a Board to SVG, PNG and PDF and
// the playground's page draws the same Board (sent as JSON) in the
// browser; neither knows any kind. A kind builds its Board from its model
// (kinds/<kind>/display.go), and the generic code composes the pictures:
// a solution is the Values of each unknown's value, a hint its cells
// highlighted and its eliminations' Marks struck, two solutions their
// Cover differences marked.
//
// Everything is in cell units: x runs along the columns and y down the
// rows, from the top-left corner of the board's first cell (a board with
// room around it for labels, Shinro's counts, draws them at negative
// coordinates). A JSON Board is a drawing, not a puzzle record: its
// coordinates are 0-based; its cells (Unknown.Cell, Cover) are
// puzzle.Pos, written 1-based like every position puzzlesat writes.
package display

import "github.com/puzzlesat/puzzlesat/puzzle"

// Board is one puzzle's board.
type Board struct {
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// Top and Left are the cells of room the board needs above and to
	// the left of its grid (labels).
	Top  int `json:"top,omitempty"`
	Left int `json:"left,omitempty"`
	// Clues draw what the puzzle gives: its grid, borders and clues.
	Clues []Item `json:"clues"`
	// Unknowns are the puzzle's unknowns, in the order of its Vars.
	Unknowns []Unknown `json:"unknowns"`
}

// Unknown is how one unknown is drawn.
type Unknown struct {
	// Cell is where the unknown is shown and played.
	Cell puzzle.Pos `json:"cell"`
	// Values[v] draws value v (colour Value: the drawer's ink); none
	// draws nothing (Shinro's empty cell).
	Values [][]Item `json:"values"`
	// Marks[v] draws value v as a pencil mark, small enough that every
	// value's mark fits beside the others in the cell (colour Value: the
	// drawer's grey for a candidate, red for a struck one).
	Marks [][]Item `json:"marks"`
	// Cover[v] are the cells value v occupies when it is more than Cell
	// (a Linjat line); nil: Cell.
	Cover [][]puzzle.Pos `json:"cover,omitempty"`
}

// Op is what an Item draws.
type Op string

const (
	// Line from (X, Y) to (X2, Y2), W wide; Round caps, Dash dashed.
	Line Op = "line"
	// Arrow from (X, Y) to its tip (X2, Y2), W wide, with a head.
	Arrow Op = "arrow"
	// Circle at (X, Y) of radius R: filled when W is 0, else a ring W
	// wide (Fill set: filled with Fill's colour as well).
	Circle Op = "circle"
	// Rect from (X, Y) to (X2, Y2), its corners rounded by R: filled
	// when W is 0, else its outline (Fill set: filled with Fill's colour
	// as well).
	Rect Op = "rect"
	// Text centred on (X, Y), capitals Size high, Bold.
	Text Op = "text"
)

// Color is a role, which each drawer maps to its own colour, so that the
// picture and the page read alike and a value can be drawn as found, as
// forced by a hint, as a candidate or as struck.
type Color string

const (
	Ink   Color = ""      // the puzzle's black
	Grid  Color = "grid"  // light grid lines
	Muted Color = "muted" // counts outside the grid
	Paper Color = "paper" // the background (a number's disc)
	Value Color = "value" // the drawer's colour for the value drawn
	Light Color = "light" // Value mixed halfway with white (a broad line over dots)
	Alert Color = "alert" // what changed or is wrong (a moved token's frame)
)

// Tones are the fills that tell tokens apart at a glance (a shift
// puzzle's tokens, by value): Tone(n) is the n-th, cycling.
const Tones = 9

// Tone is the n-th token fill, "tone0" to "tone8".
func Tone(n int) Color { return Color("tone" + string(rune('0'+(n%Tones+Tones)%Tones))) }

// Layer orders the items: a drawer draws lower layers first, whatever the
// order of the items.
type Layer int

const (
	Back   Layer = iota // cell backgrounds (highlights)
	Under               // grid lines, dots
	Values              // values
	Clue                // borders, numbers, arrows
	Marks               // pencil marks, eliminations, difference outlines
)

// Item is one thing drawn.
type Item struct {
	Op    Op      `json:"op"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	X2    float64 `json:"x2,omitempty"`
	Y2    float64 `json:"y2,omitempty"`
	W     float64 `json:"w,omitempty"`
	R     float64 `json:"r,omitempty"`
	Text  string  `json:"text,omitempty"`
	Size  float64 `json:"size,omitempty"`
	Bold  bool    `json:"bold,omitempty"`
	Round bool    `json:"round,omitempty"`
	Dash  bool    `json:"dash,omitempty"`
	Color Color   `json:"color,omitempty"`
	Fill  Color   `json:"fill,omitempty"`
	Layer Layer   `json:"layer"`
}

// Cells returns the cells value v of unknown u occupies.
func (u *Unknown) Cells(v int) []puzzle.Pos {
	if v >= 0 && v < len(u.Cover) && u.Cover[v] != nil {
		return u.Cover[v]
	}
	return []puzzle.Pos{u.Cell}
}

// Changed lists the cells that look different when unknown u holds value
// a in one drawing and b in the other: its cell, and every cell one
// value occupies and the other does not.
func (u *Unknown) Changed(a, b int) []puzzle.Pos {
	out := []puzzle.Pos{u.Cell}
	ca, cb := u.Cells(a), u.Cells(b)
	in := func(q puzzle.Pos, cs []puzzle.Pos) bool {
		for _, c := range cs {
			if c == q {
				return true
			}
		}
		return false
	}
	for _, q := range append(append([]puzzle.Pos(nil), ca...), cb...) {
		if q != u.Cell && in(q, ca) != in(q, cb) && !in(q, out) {
			out = append(out, q)
		}
	}
	return out
}

// The helpers below are how kinds write items.

// Segment is a line from (x1, y1) to (x2, y2), w wide, on layer l.
func Segment(x1, y1, x2, y2, w float64, c Color, l Layer) Item {
	return Item{Op: Line, X: x1, Y: y1, X2: x2, Y2: y2, W: w, Color: c, Layer: l, Round: true}
}

// Label is text s centred on (x, y) with capitals size high.
func Label(x, y float64, s string, size float64, bold bool, c Color, l Layer) Item {
	return Item{Op: Text, X: x, Y: y, Text: s, Size: size, Bold: bold, Color: c, Layer: l}
}

// Disc is a filled circle.
func Disc(x, y, r float64, c Color, l Layer) Item {
	return Item{Op: Circle, X: x, Y: y, R: r, Color: c, Layer: l}
}

// GridLines are the lines between the cells of a rows×cols board, w wide.
func GridLines(rows, cols int, w float64, c Color) []Item {
	var out []Item
	for r := 1; r < rows; r++ {
		out = append(out, Item{Op: Line, X: 0, Y: float64(r), X2: float64(cols), Y2: float64(r), W: w, Color: c, Layer: Under})
	}
	for col := 1; col < cols; col++ {
		out = append(out, Item{Op: Line, X: float64(col), Y: 0, X2: float64(col), Y2: float64(rows), W: w, Color: c, Layer: Under})
	}
	return out
}

// Frame is the outer border of a rows×cols board, w wide.
func Frame(rows, cols int, w float64) Item {
	return Item{Op: Rect, X: 0, Y: 0, X2: float64(cols), Y2: float64(rows), W: w, Layer: Clue}
}

// Centre is the centre of cell q.
func Centre(q puzzle.Pos) (x, y float64) { return float64(q.Col) + 0.5, float64(q.Row) + 0.5 }

// Slot is the centre of mark slot k of n in cell q: the marks of a cell's
// values side by side in rows of up to three, like pencil marks.
func Slot(q puzzle.Pos, k, n int) (x, y float64) {
	per := min(n, 3)
	rows := (n + per - 1) / per
	col, row := k%per, k/per
	return float64(q.Col) + (float64(col)+0.5)/float64(per), float64(q.Row) + (float64(row)+0.5)/float64(max(rows, 1))
}
