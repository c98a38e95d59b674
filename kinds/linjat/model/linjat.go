// Package model is the Linjat model (jsnell/linjat): the puzzle, its
// placements, readers and writers (the level JSON, bare row strings and the
// canonical text format), Verify and Draw.
//
// Rules. A grid holds numbers, dots and empty cells. Through every number
// draw one straight line, horizontal or vertical, of exactly that many
// cells, the number's own cell included. Lines may not overlap or cross and
// may not pass over another number's cell. Every dot must be covered by a
// line; empty cells may stay uncovered. Lines may touch side by side.
//
// Unknowns. Vars lists one unknown per number, in row-major order of the
// numbers' cells; its Pos is the number's cell and its domain the number's
// placements: every straight line of the right length through the number's
// cell that stays on the grid and crosses no other number. Horizontal
// placements come first (by starting column), then vertical ones (by
// starting row), labelled "h:c2-c5" and "v:r1-r3" (1-based). A 1 has a
// single placement, its own cell, labelled "r3c4" (its orientation does not
// matter). A number N has at most 2N placements (at most 18).
//
// Entries and names. The level JSON groups levels by difficulty. Every
// entry, in every group, has an entry number: its 1-based place in the
// file, in file order (Header.Entry, and Ordinal), so FILE#N is the file's
// N-th entry whatever its group (puzzle.Selection). It is also named
// GROUP/I, I its 1-based place in its group ("easy/3"; "easy-3" is an
// alias, see Aliases), or I in a bare array of entries. Entries that are
// messages without a puzzle are skipped but keep their numbers, so names
// and numbers never shift; selecting one is an error. Selecting a level
// reads the file only up to it. A canonical text holding several puzzles
// numbers them the same way, each from its "linjat" line on.
//
// Formats. Formats lists the readers and writers as values (canonical,
// levels, rows); Parse reads any of them.
package model

import (
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// KindName is the kind's name in the registry.
const KindName = "linjat"

// Cell contents: Empty, Dot, or a number 1..9.
const (
	Empty = 0
	Dot   = -1
)

// Number is one number of the grid.
type Number struct {
	Pos puzzle.Pos
	N   int
}

// Placement is one straight line of cells.
type Placement struct {
	Horizontal bool
	Start      puzzle.Pos // the top or left cell
	Len        int
}

// Cells lists the placement's cells, top/left first.
func (pl Placement) Cells() []puzzle.Pos {
	out := make([]puzzle.Pos, pl.Len)
	for i := range out {
		out[i] = pl.At(i)
	}
	return out
}

// At is the placement's i-th cell.
func (pl Placement) At(i int) puzzle.Pos {
	if pl.Horizontal {
		return puzzle.Pos{Row: pl.Start.Row, Col: pl.Start.Col + i}
	}
	return puzzle.Pos{Row: pl.Start.Row + i, Col: pl.Start.Col}
}

// Covers reports whether the placement covers q.
func (pl Placement) Covers(q puzzle.Pos) bool {
	if pl.Horizontal {
		return q.Row == pl.Start.Row && q.Col >= pl.Start.Col && q.Col < pl.Start.Col+pl.Len
	}
	return q.Col == pl.Start.Col && q.Row >= pl.Start.Row && q.Row < pl.Start.Row+pl.Len
}

// Words names the placement for a reader, by the cells it covers: "the
// line r2c2–r2c5", or the cell for a single-cell line.
func (pl Placement) Words() string {
	if pl.Len == 1 {
		return pl.Start.String()
	}
	end := pl.Start
	if pl.Horizontal {
		end.Col += pl.Len - 1
	} else {
		end.Row += pl.Len - 1
	}
	return "the line " + pl.Start.String() + "–" + end.String()
}

// Label names the placement: "h:c2-c5", "v:r1-r3", or the cell for a
// single-cell line.
func (pl Placement) Label() string {
	switch {
	case pl.Len == 1:
		return pl.Start.String()
	case pl.Horizontal:
		return fmt.Sprintf("h:c%d-c%d", pl.Start.Col+1, pl.Start.Col+pl.Len)
	}
	return fmt.Sprintf("v:r%d-r%d", pl.Start.Row+1, pl.Start.Row+pl.Len)
}

// Reference is what the level JSON says about a level: the reference
// solver's score and classification (depth and widest layer per rule kind).
type Reference struct {
	Score          float64
	Classification map[string]RefStat
	File           string // the generator database the level came from
}

// RefStat is one rule kind's entry of the reference classification.
type RefStat struct {
	Depth    int
	MaxWidth int
}

// Puzzle is one Linjat instance. Build it with New (the readers do).
type Puzzle struct {
	// Header holds the title (Name(), e.g. "easy/3") and the solution the
	// input carried: a placement index per number, or nil.
	puzzle.Header
	// Group and Level locate a level of the level JSON ("easy", 3: the
	// third entry of the group "easy"); Ordinal is its entry number in
	// that file (Header.Entry when read from it; a canonical text carries
	// it as "index"), 0 when not from one.
	Group   string
	Level   int
	Ordinal int
	// Message is a tutorial entry's text.
	Message string
	// Ref is the reference's classification, when the input carried one.
	Ref *Reference

	grid       [][]int8 // Empty, Dot or 1..9
	numbers    []Number
	numAt      []int // cell -> number index, -1
	placements [][]Placement
}

var _ puzzle.Model = (*Puzzle)(nil)

// New builds a puzzle from its cells: grid[r][c] is Empty, Dot or a
// number 1..9; rows must have equal, non-zero length. The slice becomes the
// puzzle's.
func New(title string, grid [][]int8) (*Puzzle, error) {
	if len(grid) == 0 || len(grid[0]) == 0 {
		return nil, fmt.Errorf("linjat: empty grid")
	}
	for r, row := range grid {
		if len(row) != len(grid[0]) {
			return nil, fmt.Errorf("linjat: row %d has %d cells, want %d", r+1, len(row), len(grid[0]))
		}
		for c, v := range row {
			if v < Dot || v > 9 {
				return nil, fmt.Errorf("linjat: %v: bad cell value %d", puzzle.Pos{Row: r, Col: c}, v)
			}
		}
	}
	p := &Puzzle{Header: puzzle.Header{Title: title}, grid: grid}
	p.prepare()
	return p, nil
}

func (p *Puzzle) prepare() {
	rows, cols := p.Rows(), p.Cols()
	p.numAt = make([]int, rows*cols)
	p.numbers = nil
	for r := range rows {
		for c := range cols {
			p.numAt[r*cols+c] = -1
			if v := p.grid[r][c]; v > 0 {
				p.numAt[r*cols+c] = len(p.numbers)
				p.numbers = append(p.numbers, Number{Pos: puzzle.Pos{Row: r, Col: c}, N: int(v)})
			}
		}
	}
	p.placements = make([][]Placement, len(p.numbers))
	for i, n := range p.numbers {
		p.placements[i] = p.fits(i, n)
	}
}

// fits lists every placement of number i on the empty grid.
func (p *Puzzle) fits(i int, n Number) []Placement {
	if n.N == 1 {
		return []Placement{{Horizontal: true, Start: n.Pos, Len: 1}}
	}
	var out []Placement
	for _, h := range []bool{true, false} {
		for off := n.N - 1; off >= 0; off-- {
			pl := Placement{Horizontal: h, Len: n.N, Start: n.Pos}
			if h {
				pl.Start.Col -= off
			} else {
				pl.Start.Row -= off
			}
			ok := true
			for _, q := range pl.Cells() {
				if !p.In(q) || (q != n.Pos && p.Index(q) >= 0) {
					ok = false
					break
				}
			}
			if ok {
				out = append(out, pl)
			}
		}
	}
	return out
}

// With returns a copy of p with the cell at q set to v, Empty or Dot, on a
// cell that holds no number. Dots do not change where a line may go, so the
// copy shares p's numbers and placements instead of computing them again
// as New does: generators add and remove many dots on one set of numbers.
func (p *Puzzle) With(q puzzle.Pos, v int8) (*Puzzle, error) {
	switch {
	case !p.In(q):
		return nil, fmt.Errorf("linjat: %v is off the %dx%d grid", q, p.Rows(), p.Cols())
	case v != Empty && v != Dot:
		return nil, fmt.Errorf("linjat: %v: With sets a dot or an empty cell, not %d", q, v)
	case p.Index(q) >= 0:
		return nil, fmt.Errorf("linjat: %v holds a number", q)
	}
	c := *p
	c.grid = p.Grid()
	c.grid[q.Row][q.Col] = v
	return &c, nil
}

// Kind is "linjat".
func (p *Puzzle) Kind() string { return KindName }

// Rows is the grid's height.
func (p *Puzzle) Rows() int { return len(p.grid) }

// Cols is the grid's width.
func (p *Puzzle) Cols() int {
	if len(p.grid) == 0 {
		return 0
	}
	return len(p.grid[0])
}

// In reports whether q is on the grid.
func (p *Puzzle) In(q puzzle.Pos) bool {
	return q.Row >= 0 && q.Row < p.Rows() && q.Col >= 0 && q.Col < p.Cols()
}

// Cell is Empty, Dot or the number at q (Empty off the grid).
func (p *Puzzle) Cell(q puzzle.Pos) int {
	if !p.In(q) {
		return Empty
	}
	return int(p.grid[q.Row][q.Col])
}

// IsDot reports whether q holds a dot.
func (p *Puzzle) IsDot(q puzzle.Pos) bool { return p.Cell(q) == Dot }

// Numbers lists the numbers, row-major; number i is unknown i.
func (p *Puzzle) Numbers() []Number { return p.numbers }

// Pos is the cell of number i, the cell of unknown i.
func (p *Puzzle) Pos(i int) puzzle.Pos { return p.numbers[i].Pos }

// Index is the index of the number (the unknown) at q, or -1.
func (p *Puzzle) Index(q puzzle.Pos) int {
	if !p.In(q) {
		return -1
	}
	return p.numAt[q.Row*p.Cols()+q.Col]
}

// Dots lists the dot cells, row-major.
func (p *Puzzle) Dots() []puzzle.Pos {
	var out []puzzle.Pos
	for r, row := range p.grid {
		for c, v := range row {
			if v == Dot {
				out = append(out, puzzle.Pos{Row: r, Col: c})
			}
		}
	}
	return out
}

// Placements lists number i's placements: its unknown's domain.
func (p *Puzzle) Placements(i int) []Placement { return p.placements[i] }

// Vars lists one unknown per number (see the package doc).
func (p *Puzzle) Vars() []puzzle.Var {
	vs := make([]puzzle.Var, len(p.numbers))
	for i, n := range p.numbers {
		dom := make([]string, len(p.placements[i]))
		for j, pl := range p.placements[i] {
			dom[j] = pl.Label()
		}
		vs[i] = puzzle.Var{Name: n.Pos.String(), Pos: n.Pos, Domain: dom}
	}
	return vs
}

// Grid returns a copy of the cells (Empty, Dot or the number).
func (p *Puzzle) Grid() [][]int8 {
	out := make([][]int8, len(p.grid))
	for r, row := range p.grid {
		out[r] = append([]int8(nil), row...)
	}
	return out
}

// line is one drawn line of a solution: number n's line over the cells
// from..to (inclusive, in one row or column). Lines read from a drawing may
// break the rules in ways no assignment can (bent, off the grid, two for
// one number); verifyLines says how.
type line struct {
	n        int
	from, to puzzle.Pos
}

// cells lists the line's cells from from to to (nil if not straight).
func (l line) cells() []puzzle.Pos {
	dr, dc := sign(l.to.Row-l.from.Row), sign(l.to.Col-l.from.Col)
	if dr != 0 && dc != 0 {
		return nil
	}
	out := []puzzle.Pos{l.from}
	for q := l.from; q != l.to; {
		q = puzzle.Pos{Row: q.Row + dr, Col: q.Col + dc}
		out = append(out, q)
	}
	return out
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// linesOf turns an assignment into lines; unknown (-1) or out-of-range
// entries give no line.
func (p *Puzzle) linesOf(a puzzle.Assignment) []line {
	var out []line
	for i := range p.numbers {
		if i >= len(a) || a[i] < 0 || a[i] >= len(p.placements[i]) {
			continue
		}
		pl := p.placements[i][a[i]]
		out = append(out, line{n: i, from: pl.Start, to: pl.At(pl.Len - 1)})
	}
	return out
}

// Violation rule names reported by Verify.
const (
	RuleShape       = "shape"
	RuleNoLine      = "no-line"
	RuleTwoLines    = "two-lines"
	RuleNotStraight = "not-straight"
	RuleLength      = "wrong-length"
	RuleMissNumber  = "misses-number"
	RuleOffGrid     = "off-grid"
	RuleOverNumber  = "over-number"
	RuleOverlap     = "overlap"
	RuleUncovered   = "uncovered-dot"
)

// Verify names every rule an assignment of Vars breaks: a value count other
// than one per number or a value out of range (its shape), and then what
// verifyLines finds on the lines drawn. It returns nil when a solves p.
//
// A -1 entry is a number whose line is not drawn yet (a player's board): it
// is reported once as having no line, and a dot is reported uncovered only
// when no placement of an undrawn number could cover it, so that what is
// reported on a partial board is wrong whatever the rest becomes.
func (p *Puzzle) Verify(a puzzle.Assignment) []puzzle.Violation {
	if len(a) != len(p.numbers) {
		return []puzzle.Violation{{Rule: RuleShape, Msg: fmt.Sprintf("assignment has %d values, want %d", len(a), len(p.numbers))}}
	}
	for i, v := range a {
		if v < -1 || v >= len(p.placements[i]) {
			return []puzzle.Violation{{Rule: RuleShape, Cells: []puzzle.Pos{p.numbers[i].Pos}, Msg: fmt.Sprintf("the %d at %v has no placement %d (it has %d)", p.numbers[i].N, p.numbers[i].Pos, v, len(p.placements[i]))}}
		}
	}
	vs := p.verifyLines(p.linesOf(a))
	out := vs[:0]
	for _, v := range vs {
		if v.Rule == RuleUncovered && p.coverable(a, v.Cells[0]) {
			continue
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// coverable reports whether a placement of a number a leaves undrawn
// covers q.
func (p *Puzzle) coverable(a puzzle.Assignment, q puzzle.Pos) bool {
	for i, v := range a {
		if v != -1 {
			continue
		}
		for _, pl := range p.placements[i] {
			if pl.Covers(q) {
				return true
			}
		}
	}
	return false
}

// verifyLines names every rule the lines break: numbers without a line or
// with two, lines that are not straight, of the wrong length, that miss
// their number, leave the grid or pass over another number, overlapping
// lines, and uncovered dots. It returns nil when the lines solve p.
func (p *Puzzle) verifyLines(lines []line) []puzzle.Violation {
	var vs []puzzle.Violation
	owner := make([]int, p.Rows()*p.Cols())
	for i := range owner {
		owner[i] = -1
	}
	seen := make([]int, len(p.numbers))
	for _, l := range lines {
		if l.n < 0 || l.n >= len(p.numbers) {
			vs = append(vs, puzzle.Violation{Rule: RuleShape, Cells: []puzzle.Pos{l.from, l.to}, Msg: fmt.Sprintf("line of unknown number %d", l.n)})
			continue
		}
		n := p.numbers[l.n]
		seen[l.n]++
		cells := l.cells()
		if cells == nil {
			vs = append(vs, puzzle.Violation{Rule: RuleNotStraight, Cells: []puzzle.Pos{n.Pos, l.from, l.to}, Msg: fmt.Sprintf("the line of the %d at %v from %v to %v is not straight", n.N, n.Pos, l.from, l.to)})
			continue
		}
		if len(cells) != n.N {
			vs = append(vs, puzzle.Violation{Rule: RuleLength, Cells: cells, Msg: fmt.Sprintf("the line of the %d at %v covers %d cells", n.N, n.Pos, len(cells))})
		}
		hasOwn := false
		for _, q := range cells {
			switch {
			case q == n.Pos:
				hasOwn = true
			case !p.In(q):
				vs = append(vs, puzzle.Violation{Rule: RuleOffGrid, Cells: []puzzle.Pos{n.Pos}, Msg: fmt.Sprintf("the line of the %d at %v leaves the grid at %v", n.N, n.Pos, q)})
				continue
			case p.Index(q) >= 0:
				vs = append(vs, puzzle.Violation{Rule: RuleOverNumber, Cells: []puzzle.Pos{n.Pos, q}, Msg: fmt.Sprintf("the line of the %d at %v passes over the %d at %v", n.N, n.Pos, p.Cell(q), q)})
				continue
			}
			k := q.Row*p.Cols() + q.Col
			if o := owner[k]; o >= 0 && o != l.n {
				vs = append(vs, puzzle.Violation{Rule: RuleOverlap, Cells: []puzzle.Pos{q, p.numbers[o].Pos, n.Pos}, Msg: fmt.Sprintf("the lines of the numbers at %v and %v overlap at %v", p.numbers[o].Pos, n.Pos, q)})
			}
			owner[k] = l.n
		}
		if !hasOwn {
			vs = append(vs, puzzle.Violation{Rule: RuleMissNumber, Cells: []puzzle.Pos{n.Pos, l.from, l.to}, Msg: fmt.Sprintf("the line from %v to %v does not pass through its number at %v", l.from, l.to, n.Pos)})
		}
	}
	for i, n := range seen {
		switch {
		case n == 0:
			vs = append(vs, puzzle.Violation{Rule: RuleNoLine, Cells: []puzzle.Pos{p.numbers[i].Pos}, Msg: fmt.Sprintf("the %d at %v has no line", p.numbers[i].N, p.numbers[i].Pos)})
		case n > 1:
			vs = append(vs, puzzle.Violation{Rule: RuleTwoLines, Cells: []puzzle.Pos{p.numbers[i].Pos}, Msg: fmt.Sprintf("the %d at %v has %d lines", p.numbers[i].N, p.numbers[i].Pos, n)})
		}
	}
	for _, d := range p.Dots() {
		if owner[d.Row*p.Cols()+d.Col] < 0 {
			vs = append(vs, puzzle.Violation{Rule: RuleUncovered, Cells: []puzzle.Pos{d}, Msg: fmt.Sprintf("the dot at %v is not covered", d)})
		}
	}
	return vs
}

// Draw renders an assignment as text rows, one character per cell: the
// digit on a number's cell, '-' and '|' on cells covered by horizontal and
// vertical lines, '.' an uncovered dot, ' ' an uncovered empty cell.
// Unknown (-1) entries draw no line; a nil assignment draws the puzzle.
func (p *Puzzle) Draw(a puzzle.Assignment) []string { return p.drawLines(p.linesOf(a)) }

// drawLines draws lines, which may break the rules: cells a line covers
// off the grid are not drawn and overlaps show the later line.
func (p *Puzzle) drawLines(lines []line) []string {
	g := make([][]byte, p.Rows())
	for r := range g {
		g[r] = make([]byte, p.Cols())
		for c := range g[r] {
			switch v := p.grid[r][c]; {
			case v == Dot:
				g[r][c] = '.'
			case v > 0:
				g[r][c] = byte('0' + v)
			default:
				g[r][c] = ' '
			}
		}
	}
	for _, l := range lines {
		mark := byte('|')
		if l.from.Row == l.to.Row && l.from.Col != l.to.Col {
			mark = '-'
		}
		for _, q := range l.cells() {
			if p.In(q) && p.grid[q.Row][q.Col] <= 0 {
				g[q.Row][q.Col] = mark
			}
		}
	}
	out := make([]string, len(g))
	for r := range g {
		out[r] = string(g[r])
	}
	return out
}

// Rowstrings returns the puzzle as the reference's row strings (' ' empty,
// '.' dot, digits).
func (p *Puzzle) Rowstrings() []string { return p.drawLines(nil) }

// String is the row strings joined by newlines.
func (p *Puzzle) String() string { return strings.Join(p.Rowstrings(), "\n") }
