// Package rules holds the human-style rules of Juosan for the engine in
// package human.
//
// The unknowns are the cells in row-major order (model.Puzzle.Index),
// value 0 = `-` and 1 = `|`, as in the model's Vars. A rule's Pass.Puzzle
// is an *Input: the puzzle (with its clue Reading) and data derived once by
// New (windows, territories, the counts each clue allows).
//
// # The clue under both readings
//
// A territory of S cells with number N allows exactly these counts of `-`:
// Either: {N, S−N}; Majority: {N, S−N} when 2N ≥ S, and none when 2N < S
// (max(#-, #|) ≥ S/2 always). Every counting rule reasons only with this
// set, so a deduction holds in every completion that satisfies the clue
// under the chosen reading. A "?" or missing number allows every count.
//
// # Rules, by level
//
//	1 pair             two `-` stacked (two `|` side by side) forbid a third
//	                   `-` above and below (`|` left and right).
//	2 gap              `-` ? `-` in a column (`|` ? `|` in a row): the middle
//	                   cell is the other symbol.
//	3 territory-count  the counts the clue allows, against the `-` and `|`
//	                   already placed: when only "no more `-`" (or "no more
//	                   `|`") fits, the open cells are all `|` (all `-`); when
//	                   nothing fits, contradiction.
//	4 territory-runs   the territory with the run rules inside it: the
//	                   windows of three cells (a column triple for `-`, a row
//	                   triple for `|`) made of the territory's open cells and
//	                   placed cells limit which counts of `-` the open cells
//	                   can reach (e.g. a row segment of three open cells
//	                   takes at most two `|`); a value of an open cell with
//	                   which no reachable count is one the clue allows is
//	                   eliminated.
//	5 territory-pairs  the same on two numbered territories that share a
//	                   window, with both numbers and the windows within both.
//
// Levels 4 and 5 are exact on their territories: they enumerate the fillings
// of the open cells (windows with an open cell outside are dropped, a sound
// relaxation), at most LocalBudget search nodes per territory or pair (one
// needing more is skipped). Proofs by contradiction are the engine's trial
// rules: DefaultRules adds trials of 1..5 rule layers and a nested trial
// (human.LayerTrials).
//
// On the 63 janko puzzles (testdata/juosan/janko) the rules alone solve 58;
// trials of k = 1, 2, 3, 5 rule layers solve 58, 58, 62, 63.
package rules

import (
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/human"
	model "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Cell values: the index of a symbol in a cell's domain.
const (
	Dash = 0 // `-`
	Bar  = 1 // `|`
)

// symbol names a value.
func symbol(v int) string { return model.SymbolOf(v).String() }

// Input is what the Juosan rules see as Pass.Puzzle. Build it with New.
type Input struct {
	Puzzle *model.Puzzle

	windows     []window
	pairs       [][2]int // numbered territories sharing a window, sorted
	territory   []territory
	territoryOf []int // cell → territory
}

// window is three consecutive cells that must not all be forbid: a column
// triple (forbid `-`) or a row triple (forbid `|`).
type window struct {
	cells  [3]int
	forbid int
}

// territory is one territory with the counts of `-` its clue allows.
type territory struct {
	cells    []int
	clue     int
	allowed  []bool // allowed[n]: n `-` fit the clue; nil = unconstrained
	windows  []int  // indices of the windows holding a cell of it
	topLeft  puzzle.Pos
	numbered bool
}

// New checks the puzzle (its reading included) and derives the rules'
// data.
func New(p *model.Puzzle) (*Input, error) {
	if p == nil {
		return nil, fmt.Errorf("juosan rules: nil puzzle")
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	in := &Input{Puzzle: p, territory: make([]territory, len(p.Clue)),
		territoryOf: make([]int, p.NumRows*p.NumCols)}
	for row := range p.NumRows {
		for col := range p.NumCols {
			q := puzzle.Pos{Row: row, Col: col}
			i, t := p.Index(q), p.RegionAt(q)
			in.territoryOf[i] = t
			if len(in.territory[t].cells) == 0 {
				in.territory[t].topLeft = q
			}
			in.territory[t].cells = append(in.territory[t].cells, i)
		}
	}
	for t := range in.territory {
		tr := &in.territory[t]
		tr.clue = p.Clue[t]
		tr.numbered = p.Numbered(t)
		if tr.numbered {
			tr.allowed = allowedCounts(len(tr.cells), tr.clue, p.Reading)
		}
	}
	for row := range p.NumRows {
		for col := range p.NumCols {
			if row+2 < p.NumRows {
				in.addWindow(window{cells: [3]int{in.at(row, col), in.at(row+1, col), in.at(row+2, col)}, forbid: Dash})
			}
			if col+2 < p.NumCols {
				in.addWindow(window{cells: [3]int{in.at(row, col), in.at(row, col+1), in.at(row, col+2)}, forbid: Bar})
			}
		}
	}
	in.findPairs()
	return in, nil
}

// findPairs lists the pairs of numbered territories some window spans.
func (in *Input) findPairs() {
	seen := map[[2]int]bool{}
	for _, w := range in.windows {
		for i := range 3 {
			for j := range 3 {
				a, b := in.territoryOf[w.cells[i]], in.territoryOf[w.cells[j]]
				if a < b && in.territory[a].numbered && in.territory[b].numbered && !seen[[2]int{a, b}] {
					seen[[2]int{a, b}] = true
					in.pairs = append(in.pairs, [2]int{a, b})
				}
			}
		}
	}
	slices.SortFunc(in.pairs, func(x, y [2]int) int {
		if x[0] != y[0] {
			return x[0] - y[0]
		}
		return x[1] - y[1]
	})
}

func (in *Input) at(row, col int) int { return row*in.Puzzle.NumCols + col }

func (in *Input) addWindow(w window) {
	k := len(in.windows)
	in.windows = append(in.windows, w)
	var seen []int
	for _, c := range w.cells {
		t := in.territoryOf[c]
		if !containsInt(seen, t) {
			seen = append(seen, t)
			in.territory[t].windows = append(in.territory[t].windows, k)
		}
	}
}

// allowedCounts lists which numbers of `-` a territory of size cells with
// number n allows under reading r (see the package doc).
func allowedCounts(size, n int, r model.Reading) []bool {
	ok := make([]bool, size+1)
	if r == model.Majority && 2*n < size {
		return ok
	}
	for _, c := range []int{n, size - n} {
		if c >= 0 && c <= size {
			ok[c] = true
		}
	}
	return ok
}

// Start returns the starting candidates: every cell `-` or `|`.
func (in *Input) Start() []human.Cands {
	cs := make([]human.Cands, in.Puzzle.NumRows*in.Puzzle.NumCols)
	for i := range cs {
		cs[i] = human.Only(Dash) | human.Only(Bar)
	}
	return cs
}

// Pos is the cell of unknown i.
func (in *Input) Pos(i int) puzzle.Pos { return in.Puzzle.Pos(i) }

// Describe names an assignment, e.g. "r3c4 = |" (for Engine.Describe).
func (in *Input) Describe(a human.Elim) string {
	return fmt.Sprintf("%v = %s", in.Pos(a.Var), symbol(a.Value))
}

// Grid renders candidates: a cell with one candidate shows its symbol,
// others are Empty.
func (in *Input) Grid(cs []human.Cands) model.Grid {
	g := model.NewGrid(in.Puzzle.NumRows, in.Puzzle.NumCols)
	for i, c := range cs[:min(len(cs), len(in.territoryOf))] {
		if v, ok := c.Single(); ok {
			q := in.Pos(i)
			g[q.Row][q.Col] = model.SymbolOf(v)
		}
	}
	return g
}

// NewEngine returns an engine with the Juosan rules and trials of at most
// 1..trials layers (no nested trial; DefaultRules has one), and trial
// reasons naming cells.
func NewEngine(in *Input, trials int) *human.Engine {
	return &human.Engine{Rules: Rules(), Trials: trials, Describe: in.Describe}
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
