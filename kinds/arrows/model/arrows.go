// Package model is the Japanese Arrows model: the puzzle, its formats (the
// vanHavel/japanese-arrows box format with an optional metadata.yaml and
// solution.txt beside it, and puzzlesat's canonical text format) and
// Verify.
//
// Every cell holds an arrow in one of eight directions and a number: the
// count of distinct numbers among all cells the arrow points at, up to the
// edge of the grid. Values range over 0..max(rows, cols)-1.
//
// Both formats hold one puzzle per file: its only entry, 1 (Header.Entry),
// so FILE#1 or the puzzle's name (the file's name) selects it and any
// other selection finds no puzzle (puzzle.Selection).
package model

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Kind is the kind name used by the registry.
const Kind = "arrows"

// MaxValue is the largest value a cell may hold (the formats write 0..35).
const MaxValue = 35

// Dir is an arrow direction, clockwise from north.
type Dir int8

const (
	N Dir = iota
	NE
	E
	SE
	S
	SW
	W
	NW
)

// Glyphs are the arrow characters of the box format, indexed by Dir.
var glyphs = [8]rune{'↑', '↗', '→', '↘', '↓', '↙', '←', '↖'}

var names = [8]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// Delta returns the row and column step of d.
func (d Dir) Delta() (dr, dc int) {
	switch d {
	case N:
		return -1, 0
	case NE:
		return -1, 1
	case E:
		return 0, 1
	case SE:
		return 1, 1
	case S:
		return 1, 0
	case SW:
		return 1, -1
	case W:
		return 0, -1
	case NW:
		return -1, -1
	}
	return 0, 0
}

// Glyph is d's arrow character.
func (d Dir) Glyph() rune { return glyphs[d&7] }

// Diagonal reports whether d is one of the four diagonal directions.
func (d Dir) Diagonal() bool { return d%2 == 1 }

func (d Dir) String() string { return names[d&7] }

// DirOf returns the direction of an arrow glyph.
func DirOf(r rune) (Dir, bool) {
	for i, g := range glyphs {
		if g == r {
			return Dir(i), true
		}
	}
	return 0, false
}

// Metadata is the content of metadata.yaml beside a box-format puzzle.
type Metadata struct {
	Difficulty string // Easy, Normal, Hard, Devious (free text)
	Size       string // e.g. "6x6"
	Arrows     string // Straight or Diagonal
}

// Puzzle is one Japanese Arrows instance. Its Header's Title is the file or
// folder name and its Solution, in reading order, the solution read beside
// it (nil when none).
type Puzzle struct {
	puzzle.Header
	NumRows, NumCols int
	// Dirs[r][c] is the arrow of cell (r, c).
	Dirs [][]Dir
	// Given[r][c] is the given number or -1.
	Given [][]int
	// Meta is metadata.yaml when one sat beside the puzzle.
	Meta Metadata

	rays [][]int // per cell index, the cell indexes it points at
}

var _ puzzle.Model = (*Puzzle)(nil)

// Kind returns "arrows".
func (p *Puzzle) Kind() string { return Kind }

// Rows returns the number of rows.
func (p *Puzzle) Rows() int { return p.NumRows }

// Cols returns the number of columns.
func (p *Puzzle) Cols() int { return p.NumCols }

// NumValues is the size of every cell's domain, max(rows, cols).
func (p *Puzzle) NumValues() int { return max(p.NumRows, p.NumCols) }

// Vars returns one unknown per cell in reading order, domain 0..NumValues-1.
func (p *Puzzle) Vars() []puzzle.Var {
	dom := make([]string, p.NumValues())
	for i := range dom {
		dom[i] = fmt.Sprint(i)
	}
	vs := make([]puzzle.Var, 0, p.NumRows*p.NumCols)
	for r := 0; r < p.NumRows; r++ {
		for c := 0; c < p.NumCols; c++ {
			pos := puzzle.Pos{Row: r, Col: c}
			vs = append(vs, puzzle.Var{Name: pos.String(), Pos: pos, Domain: dom})
		}
	}
	return vs
}

// Index returns the cell index of q in reading order, or -1 when q lies
// outside the grid. Every cell is an unknown.
func (p *Puzzle) Index(q puzzle.Pos) int {
	if q.Row < 0 || q.Row >= p.NumRows || q.Col < 0 || q.Col >= p.NumCols {
		return -1
	}
	return q.Row*p.NumCols + q.Col
}

// Pos returns the position of cell index i.
func (p *Puzzle) Pos(i int) puzzle.Pos { return puzzle.Pos{Row: i / p.NumCols, Col: i % p.NumCols} }

// Dir returns the arrow of cell index i.
func (p *Puzzle) Dir(i int) Dir { return p.Dirs[i/p.NumCols][i%p.NumCols] }

// Ray returns the cell indexes the arrow at cell i points at, nearest
// first. The slice is shared: callers must not modify it.
func (p *Puzzle) Ray(i int) []int {
	if p.rays == nil {
		// Not prepared: compute without caching, so that unprepared
		// puzzles stay safe to share between goroutines.
		return p.ray(i/p.NumCols, i%p.NumCols)
	}
	return p.rays[i]
}

func (p *Puzzle) ray(r, c int) []int {
	dr, dc := p.Dirs[r][c].Delta()
	var ray []int
	for rr, cc := r+dr, c+dc; rr >= 0 && rr < p.NumRows && cc >= 0 && cc < p.NumCols; rr, cc = rr+dr, cc+dc {
		ray = append(ray, rr*p.NumCols+cc)
	}
	return ray
}

// Behind returns how many cells lie behind cell i against its direction.
func (p *Puzzle) Behind(i int) int {
	dr, dc := p.Dir(i).Delta()
	r, c := i/p.NumCols-dr, i%p.NumCols-dc
	n := 0
	for r >= 0 && r < p.NumRows && c >= 0 && c < p.NumCols {
		n++
		r, c = r-dr, c-dc
	}
	return n
}

// Diagonal reports whether any arrow is diagonal (or the metadata says so).
func (p *Puzzle) Diagonal() bool {
	if p.Meta.Arrows == "Diagonal" {
		return true
	}
	for _, row := range p.Dirs {
		for _, d := range row {
			if d.Diagonal() {
				return true
			}
		}
	}
	return false
}

// Prepare computes derived data (rays). Readers call it; callers building
// a Puzzle by hand may call it before sharing the puzzle between goroutines.
func (p *Puzzle) Prepare() { p.computeRays() }

func (p *Puzzle) computeRays() {
	rays := make([][]int, p.NumRows*p.NumCols)
	for r := 0; r < p.NumRows; r++ {
		for c := 0; c < p.NumCols; c++ {
			rays[r*p.NumCols+c] = p.ray(r, c)
		}
	}
	p.rays = rays
}

// Check validates the puzzle's shape and givens.
func (p *Puzzle) Check() error {
	if p.NumRows < 1 || p.NumCols < 1 {
		return fmt.Errorf("arrows: empty grid")
	}
	if p.NumValues()-1 > MaxValue {
		return fmt.Errorf("arrows: grid %dx%d allows values above %d", p.NumRows, p.NumCols, MaxValue)
	}
	if len(p.Dirs) != p.NumRows || len(p.Given) != p.NumRows {
		return fmt.Errorf("arrows: grid has %d rows of arrows, want %d", len(p.Dirs), p.NumRows)
	}
	for r := 0; r < p.NumRows; r++ {
		if len(p.Dirs[r]) != p.NumCols || len(p.Given[r]) != p.NumCols {
			return fmt.Errorf("arrows: row %d has %d cells, want %d", r+1, len(p.Dirs[r]), p.NumCols)
		}
		for c := 0; c < p.NumCols; c++ {
			if d := p.Dirs[r][c]; d < N || d > NW {
				return fmt.Errorf("arrows: %v has no direction", puzzle.Pos{Row: r, Col: c})
			}
			if g := p.Given[r][c]; g < -1 || g >= p.NumValues() {
				return fmt.Errorf("arrows: %v: given %d out of range 0..%d", puzzle.Pos{Row: r, Col: c}, g, p.NumValues()-1)
			}
		}
	}
	return nil
}

// Grid unfolds an assignment in reading order into a Rows x Cols value
// grid, for code that wants rows; cells a does not reach hold -1.
func (p *Puzzle) Grid(a puzzle.Assignment) [][]int {
	g := make([][]int, p.NumRows)
	for r := range g {
		g[r] = make([]int, p.NumCols)
		for c := range g[r] {
			g[r][c] = -1
			if i := r*p.NumCols + c; i < len(a) {
				g[r][c] = a[i]
			}
		}
	}
	return g
}

// RuleEmpty is the rule Verify names for a cell without a number (-1).
const RuleEmpty = "empty-cell"

// Verify names every arrow whose number is wrong in the assignment a
// (reading order): a value that is out of range, differs from a given, or
// is not the count of distinct values the arrow sees. An empty cell (-1)
// is reported once as such, and an arrow is counted only when it and every
// cell it points at are filled, so that on a partial filling (a player's
// board) what is reported is wrong whatever the empty cells get. Nil means
// a is a solution.
func (p *Puzzle) Verify(a puzzle.Assignment) []puzzle.Violation {
	n := p.NumRows * p.NumCols
	if len(a) != n {
		return []puzzle.Violation{{Rule: "size", Msg: fmt.Sprintf("assignment has %d values, want %d", len(a), n)}}
	}
	var out []puzzle.Violation
	bad := make([]bool, n)
	for i, v := range a {
		pos := p.Pos(i)
		switch {
		case v == -1:
			out = append(out, puzzle.Violation{Rule: RuleEmpty, Cells: []puzzle.Pos{pos}, Msg: "cell is empty"})
			bad[i] = true
		case v < 0 || v >= p.NumValues():
			out = append(out, puzzle.Violation{Rule: "range", Cells: []puzzle.Pos{pos}, Msg: fmt.Sprintf("value %d not in 0..%d", v, p.NumValues()-1)})
			bad[i] = true
		case p.Given[pos.Row][pos.Col] >= 0 && p.Given[pos.Row][pos.Col] != v:
			out = append(out, puzzle.Violation{Rule: "given", Cells: []puzzle.Pos{pos}, Msg: fmt.Sprintf("value %d, given %d", v, p.Given[pos.Row][pos.Col])})
		}
	}
	for i, v := range a {
		if bad[i] {
			continue
		}
		seen := map[int]bool{}
		cells := []puzzle.Pos{p.Pos(i)}
		open := false
		for _, j := range p.Ray(i) {
			seen[a[j]] = true
			cells = append(cells, p.Pos(j))
			open = open || a[j] == -1
		}
		if !open && len(seen) != v {
			out = append(out, puzzle.Violation{Rule: "count", Cells: cells,
				Msg: fmt.Sprintf("the arrow %c at %s holds %d but sees %s", p.Dir(i).Glyph(), p.Pos(i), v, distinct(len(seen)))})
		}
	}
	return out
}

// distinct words a count of different numbers seen.
func distinct(n int) string {
	switch n {
	case 0:
		return "no number"
	case 1:
		return "1 different number"
	}
	return fmt.Sprintf("%d different numbers", n)
}
