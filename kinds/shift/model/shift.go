// Package model is the model of shift puzzles: tokens on cells, moves that permute
// the cells (usually a cyclic rotation of a row or column, possibly across
// grids), and a goal that is a target arrangement, a predicate given as
// constraints (line sums, distinct lines), or both. Tokens may repeat.
//
// The model is what the exact search (shift/search), the CNF encodings
// (encode/shift) and the deepening driver (solve/deepen) share: the puzzle,
// its built-ins (Reborn, any two-grid magic shifter, Loopover), the text
// format (Parse, Format), replaying moves (Replay), enumerating the goal
// arrangements (GoalStates), the move words a shortest solution never
// needs (Canon) and the families of moves that commute (Layering).
//
// # Text format
//
// One directive per line; lines starting with '#' are comments.
//
//	name NAME                 a name for messages
//	start                     the following lines (up to a blank line or a
//	                          directive) are the start picture: tokens
//	                          separated by blanks, "." a gap between grids
//	target                    same shape as start; "*" accepts any value
//	moves rows cols           generated moves, in the order given: "rows"
//	                          rotates each picture line left/right across
//	                          all its cells (r{i}l, r{i}r); "cols" rotates
//	                          each column of cells up/down (c{j}u, c{j}d)
//	move NAME CYCLES          one move given by its cycles, e.g.
//	                          move x (r1c1 r1c2 r1c3)(r2c1 r2c2): the token
//	                          on r1c1 goes to r1c2, r1c2's to r1c3, ...
//	move NAME/INV CYCLES      the move and its inverse, named INV
//	sum TOTAL CELL...         the values on the cells add up to TOTAL
//	distinct CELL...          the values on the cells are pairwise different
//	magic TOTAL CELL N        the N×N block with top-left CELL is a magic
//	                          square: rows, columns and both diagonals add
//	                          up to TOTAL
//
// Cells are named r{i}c{j}: line i of the picture, j-th cell of that line
// (gaps not counted), both 1-based; c{j} of "cols" is the j-th cell of
// every line, so in Reborn c4 is the left column of the right grid. The
// goal is the conjunction of target, sum, distinct and magic lines. A line
// of the picture must not start with a directive's name.
//
// A file holding only a picture (no directive at all) is a two-grid magic
// shifter, as read by Magic: N lines of "N tokens . N tokens", columns
// turning within their grid, rows across both, both grids to become magic
// squares. Reborn is
//
//	4 9 6 . 1 2 5
//	5 8 3 . 7 7 9
//	2 4 1 . 6 3 8
//
// Values are numbered in increasing numeric order (labels that are not
// integers come after, in order of appearance).
package model

import (
	"fmt"
	"strconv"
	"strings"
)

// Puzzle is one shift-puzzle instance. Cells are numbered 0..NumCells()-1
// in reading order of the picture; tokens are value indices into Values
// (repeated values are allowed: Reborn has two of each digit).
type Puzzle struct {
	Name string
	// Values are the distinct token labels; a state holds indices into it.
	Values []string
	// Start is the initial arrangement: Start[c] is the value on cell c.
	Start []int
	// Picture places the cells for printing.
	Picture Picture
	Moves   []Move
	Goal    Goal
}

// Picture lays the cells out for printing: Lines[i] lists the entries of
// picture line i, each a cell index or Gap. Cell r{i}c{j} is the j-th cell
// (gaps not counted) of line i, both 1-based.
type Picture struct {
	Lines [][]int
}

// Gap is a picture entry that is not a cell (printed as ".").
const Gap = -1

// Move is a named permutation of the cells: after the move, cell c holds
// the token that was on cell Src[c].
type Move struct {
	Name string
	Src  []int
}

// Goal is what a final state must satisfy: every constraint that is given.
// An empty Goal is rejected by Validate.
type Goal struct {
	// Target, when non-nil, gives the value each cell must hold, or Any.
	Target []int
	// Sums are linear constraints: the values (read as integers) on the
	// cells add up to Total.
	Sums []Sum
	// Distinct lists cell sets whose values must be pairwise different.
	Distinct [][]int
}

// MaxCells is the most cells a puzzle may have.
const MaxCells = 4096

// Any is a Target entry that accepts every value.
const Any = -1

// Sum says that the values on Cells, read as integers, add up to Total.
type Sum struct {
	Cells []int
	Total int
}

// NumCells is the number of cells.
func (p *Puzzle) NumCells() int { return len(p.Start) }

// CellName returns "r{i}c{j}" for cell c (1-based, gaps not counted).
func (p *Puzzle) CellName(c int) string {
	for i, line := range p.Picture.Lines {
		j := 0
		for _, e := range line {
			if e == Gap {
				continue
			}
			j++
			if e == c {
				return fmt.Sprintf("r%dc%d", i+1, j)
			}
		}
	}
	return fmt.Sprintf("cell%d", c)
}

// MoveIndex returns the index of the move called name.
func (p *Puzzle) MoveIndex(name string) (int, bool) {
	for i, m := range p.Moves {
		if m.Name == name {
			return i, true
		}
	}
	return 0, false
}

// IntValues returns the values read as integers, or an error naming the
// first label that is not one. Sum constraints need them.
func (p *Puzzle) IntValues() ([]int, error) {
	out := make([]int, len(p.Values))
	for i, v := range p.Values {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("value %q is not an integer (sum constraints need integer tokens)", v)
		}
		out[i] = n
	}
	return out, nil
}

// Validate checks that the puzzle is well formed: every move a permutation
// of the cells with a unique name, the goal non-empty and in range.
func (p *Puzzle) Validate() error {
	n := p.NumCells()
	if n == 0 || n > MaxCells {
		return fmt.Errorf("shift: puzzle has %d cells (want 1..%d)", n, MaxCells)
	}
	if len(p.Values) == 0 || len(p.Values) > 255 {
		return fmt.Errorf("shift: %d distinct values (want 1..255)", len(p.Values))
	}
	for c, v := range p.Start {
		if v < 0 || v >= len(p.Values) {
			return fmt.Errorf("shift: start value %d on cell %d out of range", v, c)
		}
	}
	if len(p.Moves) == 0 {
		return fmt.Errorf("shift: puzzle has no moves")
	}
	names := map[string]bool{}
	for _, m := range p.Moves {
		if m.Name == "" || strings.ContainsAny(m.Name, " \t\r\n,/()#") {
			return fmt.Errorf("shift: bad move name %q", m.Name)
		}
		if names[m.Name] {
			return fmt.Errorf("shift: duplicate move name %q", m.Name)
		}
		names[m.Name] = true
		if len(m.Src) != n {
			return fmt.Errorf("shift: move %s permutes %d cells, puzzle has %d", m.Name, len(m.Src), n)
		}
		seen := make([]bool, n)
		for _, s := range m.Src {
			if s < 0 || s >= n || seen[s] {
				return fmt.Errorf("shift: move %s is not a permutation of the cells", m.Name)
			}
			seen[s] = true
		}
	}
	g := p.Goal
	if g.Target == nil && len(g.Sums) == 0 && len(g.Distinct) == 0 {
		return fmt.Errorf("shift: puzzle has no goal (give a target or constraints)")
	}
	if g.Target != nil {
		if len(g.Target) != n {
			return fmt.Errorf("shift: target has %d cells, puzzle has %d", len(g.Target), n)
		}
		for _, v := range g.Target {
			if v != Any && (v < 0 || v >= len(p.Values)) {
				return fmt.Errorf("shift: target value %d out of range", v)
			}
		}
	}
	if len(g.Sums) > 0 {
		if _, err := p.IntValues(); err != nil {
			return fmt.Errorf("shift: %v", err)
		}
	}
	for _, s := range g.Sums {
		if err := checkCells(n, s.Cells); err != nil {
			return fmt.Errorf("shift: sum: %v", err)
		}
	}
	for _, d := range g.Distinct {
		if err := checkCells(n, d); err != nil {
			return fmt.Errorf("shift: distinct: %v", err)
		}
	}
	return nil
}

func checkCells(n int, cells []int) error {
	if len(cells) == 0 {
		return fmt.Errorf("no cells")
	}
	seen := map[int]bool{}
	for _, c := range cells {
		if c < 0 || c >= n {
			return fmt.Errorf("cell %d out of range", c)
		}
		if seen[c] {
			return fmt.Errorf("cell %d listed twice", c)
		}
		seen[c] = true
	}
	return nil
}

// Apply returns the state after move m.
func (m Move) Apply(s []int) []int {
	out := make([]int, len(s))
	for c, src := range m.Src {
		out[c] = s[src]
	}
	return out
}

// Inverse returns the inverse permutation as a Src slice.
func (m Move) Inverse() []int {
	inv := make([]int, len(m.Src))
	for c, src := range m.Src {
		inv[src] = c
	}
	return inv
}

// IsGoal reports whether state s satisfies the goal.
func (p *Puzzle) IsGoal(s []int) bool {
	g := p.Goal
	for c, v := range g.Target {
		if v != Any && s[c] != v {
			return false
		}
	}
	if len(g.Sums) > 0 {
		vals, err := p.IntValues()
		if err != nil {
			return false
		}
		for _, sum := range g.Sums {
			t := 0
			for _, c := range sum.Cells {
				t += vals[s[c]]
			}
			if t != sum.Total {
				return false
			}
		}
	}
	for _, d := range g.Distinct {
		seen := map[int]bool{}
		for _, c := range d {
			if seen[s[c]] {
				return false
			}
			seen[s[c]] = true
		}
	}
	return true
}

// Replay applies the named moves to the start state and returns every
// state on the way (states[0] is the start). Unknown names are an error.
func (p *Puzzle) Replay(names []string) ([][]int, error) {
	s := append([]int(nil), p.Start...)
	states := [][]int{s}
	for i, name := range names {
		mi, ok := p.MoveIndex(name)
		if !ok {
			return nil, fmt.Errorf("move %d: unknown move %q", i+1, name)
		}
		s = p.Moves[mi].Apply(s)
		states = append(states, s)
	}
	return states, nil
}

// FormatState prints state s in the puzzle's picture, one line per
// picture line, tokens separated by spaces and padded to equal width.
func (p *Puzzle) FormatState(s []int) string {
	return p.formatCells(func(c int) string { return p.Values[s[c]] })
}

// formatCells prints tok of every cell in the puzzle's picture ("." for a
// gap), one line per picture line, tokens separated by spaces and padded
// to the width of the longest value.
func (p *Puzzle) formatCells(tok func(cell int) string) string {
	w := 1
	for _, v := range p.Values {
		w = max(w, len(v))
	}
	var b strings.Builder
	for _, line := range p.Picture.Lines {
		for j, e := range line {
			if j > 0 {
				b.WriteByte(' ')
			}
			t := "."
			if e != Gap {
				t = tok(e)
			}
			b.WriteString(strings.Repeat(" ", w-len(t)))
			b.WriteString(t)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Clone returns a deep copy of p.
func (p *Puzzle) Clone() *Puzzle {
	q := *p
	q.Values = append([]string(nil), p.Values...)
	q.Start = append([]int(nil), p.Start...)
	q.Picture.Lines = make([][]int, len(p.Picture.Lines))
	for i, l := range p.Picture.Lines {
		q.Picture.Lines[i] = append([]int(nil), l...)
	}
	q.Moves = make([]Move, len(p.Moves))
	for i, m := range p.Moves {
		q.Moves[i] = Move{Name: m.Name, Src: append([]int(nil), m.Src...)}
	}
	if p.Goal.Target != nil {
		q.Goal.Target = append([]int(nil), p.Goal.Target...)
	}
	q.Goal.Sums = make([]Sum, len(p.Goal.Sums))
	for i, s := range p.Goal.Sums {
		q.Goal.Sums[i] = Sum{Cells: append([]int(nil), s.Cells...), Total: s.Total}
	}
	q.Goal.Distinct = make([][]int, len(p.Goal.Distinct))
	for i, d := range p.Goal.Distinct {
		q.Goal.Distinct[i] = append([]int(nil), d...)
	}
	return &q
}
