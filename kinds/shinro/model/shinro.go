// Package model is the Shinro model: the puzzle, its readers and writers
// (playshinro JSON and the canonical text format) and Verify.
//
// Rules. An R×C grid hides K stones. Each row and column shows how many
// stones it holds. Some cells hold arrows in one of eight directions; a
// stone never lies on an arrow, and every arrow points at at least one stone
// somewhere along its ray to the edge (the ray passes over other arrows).
// The classic size is 8×8 with 12 stones; any size and count is accepted.
//
// Unknowns. Vars lists one unknown per non-arrow cell, row-major, with the
// domain {".", "*"}: value 0 is empty, value 1 is a stone. Arrow cells are
// not unknowns (they are empty by the rules), so an Assignment can never put
// a stone on an arrow. Pos and Index convert between unknowns and cells;
// StonesOf and AssignmentOf between an Assignment and a grid of stones.
//
// Canonical text format (one or more puzzles per file, each starting with
// its "shinro" line; blank lines and lines starting with '#' are ignored;
// keywords in any order before the grid):
//
//	shinro
//	name playshinro 1          (optional)
//	index 1                    (optional, playshinro's puzzle number)
//	difficulty 0.181216931     (optional, playshinro's difficulty fraction)
//	size 8 8                   (rows, columns)
//	stones 12                  (the total; must equal the sum of each count line)
//	cols: 2 2 2 0 0 2 2 2      (column counts; "cols" without the colon works too)
//	2  2 . . . . . . 2         (R lines: the row count, then C cells)
//	...
//	solution                   (optional block: R lines of C cells, '*' a stone)
//	* . . . . . . *
//	...
//	end                        (optional)
//
// Cells are '.' (empty) or an arrow: a numpad digit (8=N 9=NE 6=E 3=SE 2=S
// 1=SW 4=W 7=NW) or one of the arrows ↑↗→↘↓↙←↖. Cells may be separated by
// spaces or written together ("2......2"). In the solution block a cell is
// '*' (stone), '.' (no stone), or the puzzle's own arrow (no stone).
//
// playshinro JSON (doranchak/shinro puzzles2.js): an array of objects
// {index, difficulty, grid}, grid an 8×8 array of ints: 0 empty, 5 stone
// (the solution is embedded), arrows in numpad codes. Counts are derived
// from the stones. A puzzle is named "playshinro INDEX"; one without an
// index takes its entry number for it.
//
// Formats lists both, canonical first; Parse reads whichever it detects.
//
// Entries and names. Both formats hold many puzzles: each array element,
// each puzzle of a text from its "shinro" line on, is an entry, numbered
// from 1 in file order, malformed ones included (Header.Entry). FILE#N
// selects entry N, not the puzzle whose index is N (playshinro's indexes
// run 1, 4, 7, ...: FILE#5 is "playshinro 13"); FILE#NAME selects by name,
// "playshinro 13" or its alias "playshinro-13" (Aliases), which needs no
// quoting (puzzle.Selection). A malformed entry's errors name it ("entry
// 2 (playshinro 4): ..."). Selecting from playshinro JSON reads the array
// only up to the selected entry.
package model

import (
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// KindName is the kind's name in the registry.
const KindName = "shinro"

// Dir is an arrow's direction as a numpad digit; 0 means no arrow.
type Dir int8

// The eight directions, numbered as on a numeric keypad.
const (
	None Dir = 0
	SW   Dir = 1
	S    Dir = 2
	SE   Dir = 3
	W    Dir = 4
	E    Dir = 6
	NW   Dir = 7
	N    Dir = 8
	NE   Dir = 9
)

// Valid reports whether d is one of the eight arrows.
func (d Dir) Valid() bool { return d >= 1 && d <= 9 && d != 5 }

// Delta is the step (row, column) of one move along the arrow.
func (d Dir) Delta() (dr, dc int) {
	switch d {
	case 7, 8, 9:
		dr = -1
	case 1, 2, 3:
		dr = 1
	}
	switch d {
	case 1, 4, 7:
		dc = -1
	case 3, 6, 9:
		dc = 1
	}
	return dr, dc
}

var dirArrows = map[Dir]rune{N: '↑', NE: '↗', E: '→', SE: '↘', S: '↓', SW: '↙', W: '←', NW: '↖'}

// Rune is the arrow's Unicode glyph ('.' for None).
func (d Dir) Rune() rune {
	if r, ok := dirArrows[d]; ok {
		return r
	}
	return '.'
}

// String is the numpad digit, or "." for None.
func (d Dir) String() string {
	if !d.Valid() {
		return "."
	}
	return string(rune('0' + d))
}

// dirOf reads a cell character as an arrow.
func dirOf(r rune) (Dir, bool) {
	if r >= '1' && r <= '9' && r != '5' {
		return Dir(r - '0'), true
	}
	for d, a := range dirArrows {
		if a == r {
			return d, true
		}
	}
	return None, false
}

// Stones marks stone cells, Rows x Cols.
type Stones [][]bool

// Count is the number of stones.
func (s Stones) Count() int {
	n := 0
	for _, row := range s {
		for _, b := range row {
			if b {
				n++
			}
		}
	}
	return n
}

// Puzzle is one Shinro instance. Build it with New (the readers do) so that
// the counts are checked and the cell index is prepared.
type Puzzle struct {
	// Header holds the title and the solution the input carried (an
	// Assignment of Vars: a stone written on an arrow cell is dropped, as
	// no unknown can hold it).
	puzzle.Header
	// Number is playshinro's puzzle number (0 when unknown).
	Number int
	// Difficulty is playshinro's difficulty fraction in [0,1], or -1.
	Difficulty float64
	// Arrows is Rows x Cols; None for a non-arrow cell.
	Arrows [][]Dir
	// RowCounts and ColCounts are the stones each row and column holds.
	RowCounts, ColCounts []int
	// Total is the number of stones.
	Total int

	index []int        // cell r*C+c -> unknown, -1 for arrows
	cells []puzzle.Pos // unknown -> cell
	sight []ArrowSight // the arrows and the unknowns they see
}

// ArrowSight is one arrow and the unknowns on its ray, nearest first.
type ArrowSight struct {
	At   puzzle.Pos
	Sees []int
}

var _ puzzle.Model = (*Puzzle)(nil)

// New checks the shape and counts and returns the puzzle. It copies nothing:
// the slices become the puzzle's. Arrows must point at least one cell into
// the grid; counts must be non-negative, fit the non-arrow cells of their
// line, and add up to total.
func New(title string, arrows [][]Dir, rowCounts, colCounts []int, total int) (*Puzzle, error) {
	p := &Puzzle{Header: puzzle.Header{Title: title}, Difficulty: -1, Arrows: arrows, RowCounts: rowCounts, ColCounts: colCounts, Total: total}
	if err := p.check(); err != nil {
		return nil, err
	}
	p.prepare()
	return p, nil
}

// check validates everything New promises, without positions (the readers
// report positioned errors before calling New).
func (p *Puzzle) check() error {
	rows := len(p.Arrows)
	if rows == 0 {
		return fmt.Errorf("shinro: empty grid")
	}
	cols := len(p.Arrows[0])
	if cols == 0 {
		return fmt.Errorf("shinro: empty grid")
	}
	for r, row := range p.Arrows {
		if len(row) != cols {
			return fmt.Errorf("shinro: row %d has %d cells, want %d", r+1, len(row), cols)
		}
		for c, d := range row {
			if d != None && !d.Valid() {
				return fmt.Errorf("shinro: %v: bad arrow code %d", puzzle.Pos{Row: r, Col: c}, d)
			}
			if d != None && len(p.Ray(puzzle.Pos{Row: r, Col: c})) == 0 {
				return fmt.Errorf("shinro: %v: arrow %v points off the grid", puzzle.Pos{Row: r, Col: c}, d)
			}
		}
	}
	if len(p.RowCounts) != rows || len(p.ColCounts) != cols {
		return fmt.Errorf("shinro: %d row counts and %d column counts for a %dx%d grid", len(p.RowCounts), len(p.ColCounts), rows, cols)
	}
	if err := checkCounts(p.RowCounts, p.Total, "row", func(i int) int { return p.lineFree(i, true) }); err != nil {
		return err
	}
	return checkCounts(p.ColCounts, p.Total, "column", func(i int) int { return p.lineFree(i, false) })
}

func checkCounts(counts []int, total int, what string, free func(int) int) error {
	sum := 0
	for i, n := range counts {
		if n < 0 {
			return fmt.Errorf("shinro: %s %d count %d is negative", what, i+1, n)
		}
		if f := free(i); n > f {
			return fmt.Errorf("shinro: %s %d count %d exceeds its %d non-arrow cells", what, i+1, n, f)
		}
		sum += n
	}
	if sum != total {
		return fmt.Errorf("shinro: %s counts add up to %d, want the stone total %d", what, sum, total)
	}
	return nil
}

// Line lists the cells of row i (row true) or of column i, in order.
func (p *Puzzle) Line(i int, row bool) []puzzle.Pos {
	if row {
		out := make([]puzzle.Pos, p.Cols())
		for c := range out {
			out[c] = puzzle.Pos{Row: i, Col: c}
		}
		return out
	}
	out := make([]puzzle.Pos, p.Rows())
	for r := range out {
		out[r] = puzzle.Pos{Row: r, Col: i}
	}
	return out
}

// lineFree is the number of non-arrow cells in row i (or column i).
func (p *Puzzle) lineFree(i int, row bool) int {
	n := 0
	for _, q := range p.Line(i, row) {
		if p.Arrows[q.Row][q.Col] == None {
			n++
		}
	}
	return n
}

func (p *Puzzle) prepare() {
	p.index, p.cells = p.buildIndex()
	p.sight = p.buildSight()
}

// Sight lists every arrow (in ArrowCells order) with the unknowns its ray
// passes over: what the rules read of the arrows at every step, computed
// once. The slices are shared: callers must not modify them.
func (p *Puzzle) Sight() []ArrowSight {
	if p.sight != nil || p.index != nil {
		return p.sight
	}
	return p.buildSight()
}

func (p *Puzzle) buildSight() []ArrowSight {
	var out []ArrowSight
	for _, a := range p.ArrowCells() {
		as := ArrowSight{At: a}
		for _, q := range p.Ray(a) {
			if i := p.Index(q); i >= 0 {
				as.Sees = append(as.Sees, i)
			}
		}
		out = append(out, as)
	}
	return out
}

func (p *Puzzle) buildIndex() ([]int, []puzzle.Pos) {
	rows, cols := p.Rows(), p.Cols()
	index := make([]int, rows*cols)
	var cells []puzzle.Pos
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if p.Arrows[r][c] != None {
				index[r*cols+c] = -1
				continue
			}
			index[r*cols+c] = len(cells)
			cells = append(cells, puzzle.Pos{Row: r, Col: c})
		}
	}
	return index, cells
}

func (p *Puzzle) ensure() ([]int, []puzzle.Pos) {
	if p.index != nil {
		return p.index, p.cells
	}
	return p.buildIndex()
}

// Kind is "shinro".
func (p *Puzzle) Kind() string { return KindName }

// Rows is the grid's height.
func (p *Puzzle) Rows() int { return len(p.Arrows) }

// Cols is the grid's width.
func (p *Puzzle) Cols() int {
	if len(p.Arrows) == 0 {
		return 0
	}
	return len(p.Arrows[0])
}

// Domain of every unknown: value 0 empty, value 1 stone.
var Domain = []string{".", "*"}

// Value indices of Domain.
const (
	Empty = 0
	Stone = 1
)

// Vars lists one unknown per non-arrow cell, row-major.
func (p *Puzzle) Vars() []puzzle.Var {
	_, cells := p.ensure()
	vs := make([]puzzle.Var, len(cells))
	for i, pos := range cells {
		vs[i] = puzzle.Var{Name: pos.String(), Pos: pos, Domain: Domain}
	}
	return vs
}

// NumVars is len(Vars()) without building them.
func (p *Puzzle) NumVars() int {
	_, cells := p.ensure()
	return len(cells)
}

// Index is the unknown of cell q, or -1 for an arrow or a cell off the grid.
func (p *Puzzle) Index(q puzzle.Pos) int {
	if !p.In(q) {
		return -1
	}
	index, _ := p.ensure()
	return index[q.Row*p.Cols()+q.Col]
}

// Pos is the cell of unknown i.
func (p *Puzzle) Pos(i int) puzzle.Pos {
	_, cells := p.ensure()
	return cells[i]
}

// In reports whether pos is on the grid.
func (p *Puzzle) In(pos puzzle.Pos) bool {
	return pos.Row >= 0 && pos.Row < p.Rows() && pos.Col >= 0 && pos.Col < p.Cols()
}

// IsArrow reports whether pos holds an arrow.
func (p *Puzzle) IsArrow(pos puzzle.Pos) bool { return p.In(pos) && p.Arrows[pos.Row][pos.Col] != None }

// Ray lists every cell the arrow at pos points at, nearest first, arrows
// included (nil when pos is not an arrow).
func (p *Puzzle) Ray(pos puzzle.Pos) []puzzle.Pos {
	if !p.IsArrow(pos) {
		return nil
	}
	dr, dc := p.Arrows[pos.Row][pos.Col].Delta()
	var out []puzzle.Pos
	for q := (puzzle.Pos{Row: pos.Row + dr, Col: pos.Col + dc}); p.In(q); q = (puzzle.Pos{Row: q.Row + dr, Col: q.Col + dc}) {
		out = append(out, q)
	}
	return out
}

// ArrowCells lists the arrow cells, row-major.
func (p *Puzzle) ArrowCells() []puzzle.Pos {
	var out []puzzle.Pos
	for r, row := range p.Arrows {
		for c, d := range row {
			if d != None {
				out = append(out, puzzle.Pos{Row: r, Col: c})
			}
		}
	}
	return out
}

// StonesOf turns a full assignment into a stone grid (-1 entries: no stone).
func (p *Puzzle) StonesOf(a puzzle.Assignment) Stones {
	s := p.emptyStones()
	_, cells := p.ensure()
	for i, pos := range cells {
		if i < len(a) && a[i] == Stone {
			s[pos.Row][pos.Col] = true
		}
	}
	return s
}

// AssignmentOf turns a stone grid into an assignment of the unknowns; stones
// on arrows are dropped, as no unknown can hold them.
func (p *Puzzle) AssignmentOf(s Stones) puzzle.Assignment {
	_, cells := p.ensure()
	a := make(puzzle.Assignment, len(cells))
	for i, pos := range cells {
		if pos.Row < len(s) && pos.Col < len(s[pos.Row]) && s[pos.Row][pos.Col] {
			a[i] = Stone
		}
	}
	return a
}

func (p *Puzzle) emptyStones() Stones {
	s := make(Stones, p.Rows())
	for r := range s {
		s[r] = make([]bool, p.Cols())
	}
	return s
}

// Draw renders an assignment as text rows ('*' stone, '.' empty, '?'
// unknown, arrows as digits); nil draws the puzzle itself.
func (p *Puzzle) Draw(a puzzle.Assignment) []string {
	index, _ := p.ensure()
	out := make([]string, p.Rows())
	for r := range out {
		var b strings.Builder
		for c := 0; c < p.Cols(); c++ {
			if c > 0 {
				b.WriteByte(' ')
			}
			if d := p.Arrows[r][c]; d != None {
				b.WriteString(d.String())
				continue
			}
			switch i := index[r*p.Cols()+c]; {
			case a == nil:
				b.WriteByte('.')
			case i >= len(a) || a[i] < 0:
				b.WriteByte('?')
			case a[i] == Stone:
				b.WriteByte('*')
			default:
				b.WriteByte('.')
			}
		}
		out[r] = b.String()
	}
	return out
}

// Violation rule names reported by Verify. No rule is needed for a stone
// on an arrow: arrow cells are not unknowns, so no Assignment holds one.
const (
	RuleShape       = "shape"
	RuleEmpty       = "empty-cell"
	RuleRowCount    = "row-count"
	RuleColCount    = "col-count"
	RuleArrowUnseen = "arrow-sees-no-stone"
	RuleTotal       = "stone-total"
)

// Verify names every rule an assignment of Vars breaks: wrong row and
// column counts, arrows that see no stone and a wrong total (or, for an
// assignment of the wrong length or with values other than Empty, Stone
// and -1, its shape). It returns nil when a solves p.
//
// A -1 entry is an undecided cell (a player's board): it is reported once
// as empty, and a count or an arrow is reported only when no decision of
// the undecided cells could meet it (too many stones already, or too few
// even if every undecided cell held one), so that what is reported on a
// partial board is wrong whatever the rest becomes.
func (p *Puzzle) Verify(a puzzle.Assignment) []puzzle.Violation {
	if len(a) != p.NumVars() {
		return []puzzle.Violation{{Rule: RuleShape, Msg: fmt.Sprintf("assignment has %d values, want %d", len(a), p.NumVars())}}
	}
	var vs []puzzle.Violation
	open := p.emptyStones()
	for i, v := range a {
		switch v {
		case Empty, Stone:
		case -1:
			q := p.Pos(i)
			open[q.Row][q.Col] = true
			vs = append(vs, puzzle.Violation{Rule: RuleEmpty, Cells: []puzzle.Pos{q}, Msg: "cell is undecided"})
		default:
			return []puzzle.Violation{{Rule: RuleShape, Cells: []puzzle.Pos{p.Pos(i)}, Msg: fmt.Sprintf("unknown %d has value %d, want 0 or 1", i, v)}}
		}
	}
	return append(vs, p.verifyStones(p.StonesOf(a), open)...)
}

// verifyStones checks the counts and arrows on a grid of stones, where
// rays and lines are read more simply than through the unknowns; open
// marks the undecided cells.
func (p *Puzzle) verifyStones(s, open Stones) []puzzle.Violation {
	var vs []puzzle.Violation
	for _, row := range []bool{true, false} {
		counts, rule, what := p.ColCounts, RuleColCount, "column"
		if row {
			counts, rule, what = p.RowCounts, RuleRowCount, "row"
		}
		for i, want := range counts {
			var cells []puzzle.Pos
			undecided := 0
			for _, q := range p.Line(i, row) {
				switch {
				case s[q.Row][q.Col]:
					cells = append(cells, q)
				case open[q.Row][q.Col]:
					undecided++
				}
			}
			if len(cells) > want || len(cells)+undecided < want {
				vs = append(vs, puzzle.Violation{Rule: rule, Cells: cells, Msg: fmt.Sprintf("%s %d holds %d stones, want %d", what, i+1, len(cells), want)})
			}
		}
	}
	for _, a := range p.ArrowCells() {
		seen := false
		for _, q := range p.Ray(a) {
			if s[q.Row][q.Col] || open[q.Row][q.Col] {
				seen = true
				break
			}
		}
		if !seen {
			vs = append(vs, puzzle.Violation{Rule: RuleArrowUnseen, Cells: []puzzle.Pos{a}, Msg: fmt.Sprintf("arrow %v at %v sees no stone", p.Arrows[a.Row][a.Col], a)})
		}
	}
	if n := s.Count(); n > p.Total || n+open.Count() < p.Total {
		vs = append(vs, puzzle.Violation{Rule: RuleTotal, Msg: fmt.Sprintf("the grid holds %d stones, want %d", n, p.Total)})
	}
	return vs
}
