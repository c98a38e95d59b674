// Package model is the Juosan model: the puzzle, its readers and writers
// (tsaqifammar .in/.ans, playground JSON, janko.at text, puzz.link URLs, and
// the canonical text format), and Verify.
//
// # Rules
//
// An M×N grid is divided into territories (connected regions). Every cell
// gets `-` or `|`. No three `-` may be stacked vertically in a column
// (rule "three-horizontal-bars"), no three `|` may stand side by side in a
// row ("three-vertical-bars"). A territory's number N says how many symbols
// of one kind it holds; Reading picks the interpretation (Either: #`-` = N
// or #`|` = N; Majority: max(#`-`, #`|`) = N). Unnumbered territories are
// free.
//
// # The "?" clue
//
// puzz.link and the canonical format can mark a territory with "?" (a number
// that is not given). It is kept as Clue = Question (-2) so that it
// survives reading and writing, but it constrains nothing: under either
// reading some N always fits (N = #`-`, or N = max), so Verify never reports
// it and the encoder writes no clause for it.
//
// # Canonical format
//
// A text format meant to be written by hand. `#` starts a comment that runs
// to the end of the line; blank lines are ignored; keywords are lower case.
//
//	juosan                  first line: names the format
//	name 6x6_1              optional: the rest of the line is the name
//	size 6 6                rows, then columns (1..200 each)
//	grid                    then one line per row, one token per cell
//	a1 b7 b  b  b  c2       a token is a territory label (ASCII letters),
//	a  b  b  b  b  c        optionally followed by the territory's number
//	d5 d  d  e3 e  e        (digits) or "?"; at most one cell of a
//	d  d  d  e  e  e        territory carries its number. Cells with the
//	f3 f  g3 g  h4 h        same label form one territory, which must be
//	f  f  g  g  h  h        connected (horizontally or vertically).
//	solution                optional: one line per row of -, | or . (empty),
//	- - - - - |             spaces between them optional
//	...
//	end                     optional
//
// FormatCanonical writes this format with labels a..z, aa, ab, ... in
// reading order of each territory's first cell and the number on that cell.
//
// # Other formats
//
//   - tsaqifammar `.in`: "M N", "r", r numbers (-1 none), M rows of 1-based
//     labels, with its solution in a `.ans` file beside: M rows of `-`/`|`
//     (read by ParseSolution, written by FormatGrid).
//   - Juosan Interactive Playground JSON: a list of {name, m, n, r, N, R}
//     with 0-based labels.
//   - janko.at text: begin / puzzle juosan / size / problem / areas /
//     solution / end.
//   - puzz.link URLs: https://puzz.link/p?juosan/COLS/ROWS/BODY, also
//     http://, pzv.jp, or just juosan/COLS/ROWS/BODY, one per line.
//
// Formats lists them as values; Parse tells the format from the content
// and reads any of them, each puzzle carrying the solution its input held
// (Header.Solution). Every reader renumbers territories 0, 1, ... in
// reading order of their first cell, so the same puzzle read from any
// format gives an Equal Puzzle. Errors are srcpos.ErrorList values with
// file, line and column.
//
// # Entries and names
//
// A playground JSON list and a list of URLs hold many puzzles: each JSON
// element, each URL line, is an entry, numbered from 1 in file order,
// malformed ones included (Header.Entry; the other formats hold one
// puzzle, entry 1). FILE#N selects entry N, FILE#NAME a puzzle by name
// (puzzle.Selection): a playground entry's "name" ("4x4_1 (easy).in"),
// or its first word without ".in" ("4x4_1", Aliases); a URL of a list is
// named FILE:LINE. A malformed entry's errors name it ("entry 6 (5x5_3
// (medium).in): ..."). Selecting from playground JSON reads the list only
// up to the selected entry (Formats' Select).
package model

import (
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Symbol is a cell's content.
type Symbol int8

const (
	Empty Symbol = iota
	Horiz        // '-'
	Vert         // '|'
)

// String returns "-", "|" or "." (Empty).
func (s Symbol) String() string {
	switch s {
	case Horiz:
		return "-"
	case Vert:
		return "|"
	}
	return "."
}

// Value is the symbol's index in the Domain of a cell's puzzle.Var: 0 for
// `-`, 1 for `|`, -1 for Empty.
func (s Symbol) Value() int {
	switch s {
	case Horiz:
		return 0
	case Vert:
		return 1
	}
	return -1
}

// SymbolOf is the inverse of Value: 0 → Horiz, 1 → Vert, anything else → Empty.
func SymbolOf(value int) Symbol {
	switch value {
	case 0:
		return Horiz
	case 1:
		return Vert
	}
	return Empty
}

// Reading selects the clue rule. Either: #'-' = N or #'|' = N (default).
// Majority: max(#'-', #'|') = N (pzprjs).
type Reading int

const (
	Either Reading = iota
	Majority
)

// String returns "either" or "majority".
func (r Reading) String() string {
	switch r {
	case Either:
		return "either"
	case Majority:
		return "majority"
	}
	return fmt.Sprintf("Reading(%d)", int(r))
}

// ParseReading maps "either" (or "") and "majority" to a Reading.
func ParseReading(s string) (Reading, error) {
	switch s {
	case "", "either":
		return Either, nil
	case "majority":
		return Majority, nil
	}
	return Either, fmt.Errorf("unknown juosan reading %q (want either or majority)", s)
}

// Clue values other than a number.
const (
	NoNumber = -1 // an unnumbered territory
	Question = -2 // a "?" clue: numbered, number not given; constrains nothing
)

// MaxSize is the largest number of rows or columns a reader accepts.
const MaxSize = 200

// Puzzle is one Juosan instance. Regions are 0-based and contiguous
// (readers renumber labels); Clue[r] is -1 for an unnumbered territory.
//
// Build puzzles with New or a reader: they validate, number territories in
// reading order of their first cell, and index each territory's cells so
// that Cells is cheap. Treat a Puzzle as immutable afterwards (WithReading
// gives a copy under another reading).
type Puzzle struct {
	puzzle.Header
	NumRows, NumCols int
	Region           [][]int // NumRows x NumCols territory index
	Clue             []int   // per territory, -1 = no number, -2 = "?"
	// Reading is how the numbers count, and so part of what the puzzle
	// means: the same grid and numbers have other solutions under the
	// other reading. No format writes it down (readers give Either); the
	// user picks it per run (--rule), and Verify, the encoder and the
	// human rules all read it from here, so they cannot disagree.
	Reading Reading
	// Cells[r] lists the cells of territory r in reading order (derived).
	cells [][]puzzle.Pos
}

var _ puzzle.Model = (*Puzzle)(nil)

// Grid is a (partial) filling, Rows x Cols.
type Grid [][]Symbol

// NewGrid returns an empty rows×cols grid.
func NewGrid(rows, cols int) Grid {
	g := make(Grid, rows)
	for r := range g {
		g[r] = make([]Symbol, cols)
	}
	return g
}

// Equal reports whether g and h have the same size and symbols.
func (g Grid) Equal(h Grid) bool {
	if len(g) != len(h) {
		return false
	}
	for r := range g {
		if len(g[r]) != len(h[r]) {
			return false
		}
		for c := range g[r] {
			if g[r][c] != h[r][c] {
				return false
			}
		}
	}
	return true
}

// Full reports whether no cell is Empty.
func (g Grid) Full() bool {
	for _, row := range g {
		for _, s := range row {
			if s == Empty {
				return false
			}
		}
	}
	return true
}

// Assignment returns the grid as values of the puzzle's Vars (row-major,
// 0 = `-`, 1 = `|`, -1 = empty).
func (g Grid) Assignment() puzzle.Assignment {
	var a puzzle.Assignment
	for _, row := range g {
		for _, s := range row {
			a = append(a, s.Value())
		}
	}
	return a
}

// GridOf turns an assignment of the puzzle's Vars back into a grid.
func (p *Puzzle) GridOf(a puzzle.Assignment) (Grid, error) {
	if len(a) != p.NumRows*p.NumCols {
		return nil, fmt.Errorf("juosan: assignment has %d values, want %d", len(a), p.NumRows*p.NumCols)
	}
	g := NewGrid(p.NumRows, p.NumCols)
	for i, v := range a {
		g[i/p.NumCols][i%p.NumCols] = SymbolOf(v)
	}
	return g, nil
}

// New validates a puzzle given by its territory map and clues and returns
// it with territories renumbered in reading order of their first cell (the
// clues move with them), under the Either reading. region must be a
// non-ragged grid of indices into clue; every index must be used and every
// territory connected.
func New(name string, region [][]int, clue []int) (*Puzzle, error) {
	p := &Puzzle{Header: puzzle.Header{Title: name}, NumRows: len(region), Clue: clue, Region: region}
	if len(region) > 0 {
		p.NumCols = len(region[0])
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p.normalized(), nil
}

// Validate checks the puzzle's shape: sizes within 1..MaxSize, a
// non-ragged Region whose indices are all in range and all used, connected
// territories, clues that are NoNumber, Question or 0..territory size, and
// a known Reading.
func (p *Puzzle) Validate() error {
	if p.NumRows < 1 || p.NumCols < 1 || p.NumRows > MaxSize || p.NumCols > MaxSize {
		return fmt.Errorf("juosan: size %d×%d outside 1..%d", p.NumRows, p.NumCols, MaxSize)
	}
	if p.Reading != Either && p.Reading != Majority {
		return fmt.Errorf("juosan: unknown reading %v", p.Reading)
	}
	if len(p.Region) != p.NumRows {
		return fmt.Errorf("juosan: Region has %d rows, want %d", len(p.Region), p.NumRows)
	}
	n := len(p.Clue)
	size := make([]int, n)
	for r, row := range p.Region {
		if len(row) != p.NumCols {
			return fmt.Errorf("juosan: Region row %d has %d cells, want %d", r+1, len(row), p.NumCols)
		}
		for c, t := range row {
			if t < 0 || t >= n {
				return fmt.Errorf("juosan: territory index %d at %v out of range 0..%d", t, puzzle.Pos{Row: r, Col: c}, n-1)
			}
			size[t]++
		}
	}
	for t, s := range size {
		if s == 0 {
			return fmt.Errorf("juosan: territory %d has no cells", t)
		}
		if cl := p.Clue[t]; cl < Question || cl > s {
			return fmt.Errorf("juosan: territory %d has number %d, outside 0..%d (its size)", t, cl, s)
		}
	}
	seen := make([]bool, n)
	for r, row := range p.Region {
		for c, t := range row {
			if seen[t] {
				continue
			}
			seen[t] = true
			if got := len(p.flood(puzzle.Pos{Row: r, Col: c})); got != size[t] {
				return fmt.Errorf("juosan: territory %d is not connected (%d of its %d cells reachable from %v)", t, got, size[t], puzzle.Pos{Row: r, Col: c})
			}
		}
	}
	return nil
}

// flood returns the cells connected to start within its territory.
func (p *Puzzle) flood(start puzzle.Pos) []puzzle.Pos {
	t := p.Region[start.Row][start.Col]
	seen := map[puzzle.Pos]bool{start: true}
	out := []puzzle.Pos{start}
	for i := 0; i < len(out); i++ {
		for _, q := range p.Neighbors(out[i]) {
			if !seen[q] && p.Region[q.Row][q.Col] == t {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// normalized returns a copy with territories in reading order of first
// cell and the cell index built. p must be valid.
func (p *Puzzle) normalized() *Puzzle {
	n := len(p.Clue)
	newID := make([]int, n)
	for i := range newID {
		newID[i] = -1
	}
	q := &Puzzle{Header: p.Header, NumRows: p.NumRows, NumCols: p.NumCols, Reading: p.Reading, Region: make([][]int, p.NumRows), Clue: make([]int, n)}
	next := 0
	for r, row := range p.Region {
		q.Region[r] = make([]int, p.NumCols)
		for c, t := range row {
			if newID[t] < 0 {
				newID[t] = next
				q.Clue[next] = p.Clue[t]
				next++
			}
			q.Region[r][c] = newID[t]
		}
	}
	q.index()
	return q
}

// index builds the per-territory cell lists.
func (p *Puzzle) index() { p.cells = cellLists(p.Region, len(p.Clue)) }

// cellLists lists the cells of each of n territories in reading order
// (leaving out cells whose index is not one of them, which only an invalid
// literal Puzzle has).
func cellLists(region [][]int, n int) [][]puzzle.Pos {
	out := make([][]puzzle.Pos, n)
	for r, row := range region {
		for c, t := range row {
			if t >= 0 && t < n {
				out[t] = append(out[t], puzzle.Pos{Row: r, Col: c})
			}
		}
	}
	return out
}

// Equal reports whether p and q are the same puzzle: size, territories
// (with the same numbering), clues and reading. The headers (name and
// carried solution) are not compared.
func (p *Puzzle) Equal(q *Puzzle) bool {
	if p.NumRows != q.NumRows || p.NumCols != q.NumCols || p.Reading != q.Reading || len(p.Clue) != len(q.Clue) || len(p.Region) != len(q.Region) {
		return false
	}
	for i := range p.Clue {
		if p.Clue[i] != q.Clue[i] {
			return false
		}
	}
	for r := range p.Region {
		if len(p.Region[r]) != len(q.Region[r]) {
			return false
		}
		for c := range p.Region[r] {
			if p.Region[r][c] != q.Region[r][c] {
				return false
			}
		}
	}
	return true
}

// NumRegions is the number of territories.
func (p *Puzzle) NumRegions() int { return len(p.Clue) }

// Cells returns the cells of territory r in reading order. The slice is
// shared: callers must not modify it.
func (p *Puzzle) Cells(r int) []puzzle.Pos {
	if p.cells != nil {
		return p.cells[r]
	}
	// A Puzzle built as a literal has no index (and is not changed here,
	// as it may be shared): build one for this call.
	return cellLists(p.Region, len(p.Clue))[r]
}

// Size is the number of cells of territory r.
func (p *Puzzle) Size(r int) int { return len(p.Cells(r)) }

// RegionAt is the territory of cell q.
func (p *Puzzle) RegionAt(q puzzle.Pos) int { return p.Region[q.Row][q.Col] }

// Numbered reports whether territory r constrains its cells (a number,
// not NoNumber or Question).
func (p *Puzzle) Numbered(r int) bool { return p.Clue[r] >= 0 }

// In reports whether q lies on the grid.
func (p *Puzzle) In(q puzzle.Pos) bool {
	return q.Row >= 0 && q.Row < p.NumRows && q.Col >= 0 && q.Col < p.NumCols
}

// Neighbors returns the up to four orthogonal neighbours of q on the grid.
func (p *Puzzle) Neighbors(q puzzle.Pos) []puzzle.Pos {
	out := make([]puzzle.Pos, 0, 4)
	for _, d := range [4]puzzle.Pos{{Row: -1}, {Col: -1}, {Col: 1}, {Row: 1}} {
		n := puzzle.Pos{Row: q.Row + d.Row, Col: q.Col + d.Col}
		if p.In(n) {
			out = append(out, n)
		}
	}
	return out
}

// WithReading returns a copy of p under reading rd (sharing p's immutable
// territory data).
func (p *Puzzle) WithReading(rd Reading) *Puzzle {
	q := *p
	q.Reading = rd
	return &q
}

// Index is the index of cell q's unknown in Vars (row-major), or -1 when q
// is off the grid.
func (p *Puzzle) Index(q puzzle.Pos) int {
	if !p.In(q) {
		return -1
	}
	return q.Row*p.NumCols + q.Col
}

// Pos is the cell of unknown i (the inverse of Index).
func (p *Puzzle) Pos(i int) puzzle.Pos { return puzzle.Pos{Row: i / p.NumCols, Col: i % p.NumCols} }

// Kind is "juosan".
func (p *Puzzle) Kind() string { return "juosan" }

// Rows is the number of rows.
func (p *Puzzle) Rows() int { return p.NumRows }

// Cols is the number of columns.
func (p *Puzzle) Cols() int { return p.NumCols }

// Vars has one unknown per cell, row-major, named like "r1c1"
// (Pos.String) with Domain {"-", "|"}: value 0 is '-', value 1 is '|'.
func (p *Puzzle) Vars() []puzzle.Var {
	vs := make([]puzzle.Var, 0, p.NumRows*p.NumCols)
	domain := []string{"-", "|"}
	for r := 0; r < p.NumRows; r++ {
		for c := 0; c < p.NumCols; c++ {
			q := puzzle.Pos{Row: r, Col: c}
			vs = append(vs, puzzle.Var{Name: q.String(), Pos: q, Domain: domain})
		}
	}
	return vs
}

// Draw renders a (partial) filling as rows of '-', '|' and '.' (unknown);
// a nil assignment draws the puzzle itself in the canonical format,
// without the solution it carries.
func (p *Puzzle) Draw(a puzzle.Assignment) []string {
	var text string
	if a == nil {
		text = writeCanonical(p, nil)
	} else {
		g, err := p.GridOf(a)
		if err != nil {
			return []string{err.Error()}
		}
		text = FormatGrid(g)
	}
	return strings.Split(strings.TrimRight(text, "\n"), "\n")
}
