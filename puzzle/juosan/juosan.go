// Package juosan is the Juosan model: the puzzle, its readers and writers
// (tsaqifammar .in/.ans, playground JSON, janko.at text, puzz.link URLs, and
// the canonical text format), and Verify.
package juosan

// Symbol is a cell's content.
type Symbol int8

const (
	Empty Symbol = iota
	Horiz        // '-'
	Vert         // '|'
)

// Reading selects the clue rule. Either: #'-' = N or #'|' = N (default).
// Majority: max(#'-', #'|') = N (pzprjs).
type Reading int

const (
	Either Reading = iota
	Majority
)

// Puzzle is one Juosan instance. Regions are 0-based and contiguous
// (readers renumber labels); Clue[r] is -1 for an unnumbered territory.
type Puzzle struct {
	Name       string
	Rows, Cols int
	Region     [][]int // Rows x Cols territory index
	Clue       []int   // per territory, -1 = no number
	// Cells[r] lists the cells of territory r in reading order (derived).
}

// Grid is a (partial) filling, Rows x Cols.
type Grid [][]Symbol
