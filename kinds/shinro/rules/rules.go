// Package rules is the human-style rule list for Shinro, after Oranchak's
// playshinro solver ("Evolutionary algorithm for generation of
// entertaining Shinro logic puzzles", and doranchak/shinro solver2.js),
// generalised where the generalisation stays a one-glance argument:
//
//	level 1  fill                 a line's free cells are exactly the stones it still needs
//	level 1  clear                a line has all its stones: its free cells are empty
//	level 1  arrow-single         an unsatisfied arrow has one free cell on its ray: a stone
//	level 1  arrow-unsatisfiable  an unsatisfied arrow has no free cell left (contradiction)
//	level 2  arrow-line           an arrow whose free ray lies in one line needing one stone
//	level 2  pairs                n arrows with disjoint free rays in one line needing n stones
//	level 3  path-count           the same over the rows (columns) an arrow's ray crosses
//	level 3  impossible           a stone here would fill a line and starve an arrow
//	level 4  pigeonhole           arrows that force empties into a line through crossing lines
//
// A line is a row, a column, or the whole grid (for the stone total). A
// free cell is a non-arrow cell with both candidates; an arrow is satisfied
// once a stone is known on its ray. The engine's trials (proof by
// contradiction) come after level 4; every rule also reports contradictions
// so that trials can end.
//
// Pass.Puzzle is a *shinro.Puzzle (kinds/shinro/model) and Pass.Cands follows its
// Vars: value 0 empty, value 1 stone.
//
// # Grading
//
// Grade runs the engine with DefaultRules and Weights (the engine's
// defaults with LevelBase 4). The hard rules (path-count, impossible,
// pigeonhole) are Single: one hard move per layer, then the easy rules
// again, as the reference solver moves. MetricsOf reads the paper's
// metrics off a solve as the reference solver (doranchak/shinro
// solver2.js) counts them: m, the moves, and a, the basic moves available
// summed over the moves (see Metrics for where our reading is a choice).
// Metrics.Class is the reference's Easy/Medium/Hard by hard moves, and
// Metrics.Level its difficulty fraction (class, then work and scarcity of
// available moves normalised within the class by Bounds).
//
// Agreement with playshinro's difficulty fraction on its 40-puzzle corpus
// (TestGradingAgreement): DefaultBounds are fitted on the puzzles at even
// positions (numbers 1, 7, …, 115) only; on the held-out odd positions
// (4, 10, …, 118) Spearman's ρ of Level is 0.94 (class alone 0.87, the
// engine's score 0.83); fitted the other way round, 0.87. The rules alone
// solve all 40; Class matches playshinro's label on 36 of them.
package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Rule levels.
const (
	LevelBasic   = 1
	LevelLine    = 2
	LevelRegion  = 3
	LevelPigeons = 4
)

// DefaultRules are Rules with the proofs by contradiction a grade uses:
// trials of 1..3 rule layers, then a nested trial (human.LayerTrials).
func DefaultRules() []*human.Rule {
	return append(Rules(), human.LayerTrials(LevelPigeons, 3, 1)...)
}

// Rules returns the rule list, a fresh slice each call.
func Rules() []*human.Rule {
	return []*human.Rule{Fill, Clear, ArrowSingle, ArrowUnsatisfiable, ArrowLine, Pairs, PathCount, Impossible, Pigeonhole}
}

// The rules.
var (
	Fill = &human.Rule{Name: "fill", Level: LevelBasic,
		Doc:   "A line (row, column or whole grid) whose free cells are exactly the stones it still needs: all of them are stones.",
		Apply: human.Typed(applyFill)}
	Clear = &human.Rule{Name: "clear", Level: LevelBasic,
		Doc:   "A line (row, column or whole grid) that holds all its stones: its free cells are empty.",
		Apply: human.Typed(applyClear)}
	ArrowSingle = &human.Rule{Name: "arrow-single", Level: LevelBasic,
		Doc:   "An arrow that sees no stone yet and has one free cell left on its ray: that cell is a stone.",
		Apply: human.Typed(applyArrowSingle)}
	ArrowUnsatisfiable = &human.Rule{Name: "arrow-unsatisfiable", Level: LevelBasic,
		Doc:   "An arrow that sees no stone and has no free cell left on its ray cannot be satisfied: contradiction.",
		Apply: human.Typed(applyArrowUnsatisfiable)}
	ArrowLine = &human.Rule{Name: "arrow-line", Level: LevelLine,
		Doc:   "An unsatisfied arrow whose free ray cells all lie in one line that needs exactly one more stone: that stone is on the ray, the line's other free cells are empty.",
		Apply: human.Typed(applyLinePacking(false))}
	Pairs = &human.Rule{Name: "pairs", Level: LevelLine,
		Doc:   "n ≥ 2 unsatisfied arrows with disjoint free rays all inside one line that needs n more stones: each ray holds one, the line's other free cells are empty.",
		Apply: human.Typed(applyLinePacking(true))}
	PathCount = &human.Rule{Single: true, Name: "path-count", Level: LevelRegion,
		Doc:   "Path counting: take the rows (or columns) an unsatisfied arrow's free ray crosses; if as many unsatisfied arrows with disjoint free rays inside those lines as the stones the lines still need, the other free cells of the lines are empty.",
		Apply: human.Typed(applyPathCount)}
	Impossible = &human.Rule{Single: true, Name: "impossible", Level: LevelRegion,
		Doc:   "Impossible placement: a stone on this cell would complete its row or column (or the total) so that some unsatisfied arrow has no free cell left that could hold a stone: the cell is empty.",
		Apply: human.Typed(applyImpossible)}
	Pigeonhole = &human.Rule{Single: true, Name: "pigeonhole", Level: LevelPigeons,
		Doc:   "Pigeonhole: crossing lines that need exactly one stone each; unsatisfied arrows whose free rays lie in disjoint sets of them (off this line) each force an empty cell into this line; when they force all the empties the line can take, its other free cells are stones.",
		Apply: human.Typed(applyPigeonhole)}
)

// maxFamilies and maxNodes bound the arrow families a packing search
// enumerates per region and the search nodes it visits, so that a rule's
// work stays bounded on any grid (the bounds only make a rule find less).
const (
	maxFamilies = 256
	maxNodes    = 20000
)

// state is the decoded view of one pass.
type state struct {
	p     *shinro.Puzzle
	cands []human.Cands
	rows  []lineState
	cols  []lineState
	total lineState
	all   []*lineState // rows, columns, total: what lines returns
	// arrows: the unsatisfied arrows with their free ray cells.
	arrows []arrowState
	dead   bool // some unknown has no candidate
}

type lineState struct {
	name   string
	count  int
	stones int
	free   []int // unknowns
}

func (l lineState) need() int { return l.count - l.stones }

type arrowState struct {
	at   puzzle.Pos
	free []int // free unknowns on the ray
}

const (
	bothCands  = human.Cands(3)
	emptyCands = human.Cands(1 << shinro.Empty)
	stoneCands = human.Cands(1 << shinro.Stone)
)

// rowNames and colNames are "row 1" ... and "column 1" ..., made once: a
// state is built at every step.
var rowNames, colNames = names("row"), names("column")

func names(what string) []string {
	out := make([]string, 64)
	for i := range out {
		out[i] = fmt.Sprintf("%s %d", what, i+1)
	}
	return out
}

// lineName is "row 3" for lineName(rowNames, "row", 2).
func lineName(ns []string, what string, i int) string {
	if i < len(ns) {
		return ns[i]
	}
	return fmt.Sprintf("%s %d", what, i+1)
}

// stateKey is the key of the state in human.Memo.
type stateKey struct{}

// stateOf is the pass's state, decoded once per engine state and shared
// by the rules evaluated on it (human.Memo): every rule starts from it,
// and decoding it for each rule was most of a solve's time. Rules only
// read it.
func stateOf(p *shinro.Puzzle, pass *human.Pass) *state {
	return human.Memo(pass, stateKey{}, func() *state { return newState(p, pass) })
}

func newState(p *shinro.Puzzle, pass *human.Pass) *state {
	s := &state{p: p, cands: pass.Cands}
	nr, nc := p.Rows(), p.Cols()
	ls := make([]lineState, nr+nc)
	s.rows, s.cols = ls[:nr:nr], ls[nr:]
	for r := range s.rows {
		s.rows[r] = lineState{name: lineName(rowNames, "row", r), count: p.RowCounts[r]}
	}
	for c := range s.cols {
		s.cols[c] = lineState{name: lineName(colNames, "column", c), count: p.ColCounts[c]}
	}
	s.total = lineState{name: "the grid", count: p.Total}
	// A state is built at every step: one pass counts, one buffer holds
	// every list, a second pass fills them.
	var small [64]int // the free counts of a grid up to 32x32 stay off the heap
	counts := small[:0]
	if nr+nc > len(small) {
		counts = make([]int, nr+nc)
	}
	counts = counts[:nr+nc]
	rowFree, colFree := counts[:nr], counts[nr:]
	free := 0
	for i, c := range s.cands {
		pos := p.Pos(i)
		switch c & bothCands {
		case stoneCands:
			s.rows[pos.Row].stones++
			s.cols[pos.Col].stones++
			s.total.stones++
		case bothCands:
			rowFree[pos.Row]++
			colFree[pos.Col]++
			free++
		case 0:
			s.dead = true
		}
	}
	sight := p.Sight()
	sees := 0
	for _, a := range sight {
		sees += len(a.Sees)
	}
	buf := make([]int, 3*free+sees)
	take := func(n int) []int {
		out := buf[:0:n]
		buf = buf[n:]
		return out
	}
	for r := range s.rows {
		s.rows[r].free = take(rowFree[r])
	}
	for c := range s.cols {
		s.cols[c].free = take(colFree[c])
	}
	s.total.free = take(free)
	for i, c := range s.cands {
		if c&bothCands == bothCands {
			pos := p.Pos(i)
			s.rows[pos.Row].free = append(s.rows[pos.Row].free, i)
			s.cols[pos.Col].free = append(s.cols[pos.Col].free, i)
			s.total.free = append(s.total.free, i)
		}
	}
	s.all = make([]*lineState, 0, nr+nc+1)
	for i := range ls {
		s.all = append(s.all, &ls[i])
	}
	s.all = append(s.all, &s.total)
	s.arrows = make([]arrowState, 0, len(sight))
	for _, a := range sight {
		as := arrowState{at: a.At, free: take(len(a.Sees))}
		sat := false
		for _, i := range a.Sees {
			switch s.cands[i] & bothCands {
			case stoneCands:
				sat = true
			case bothCands:
				as.free = append(as.free, i)
			}
		}
		if !sat {
			s.arrows = append(s.arrows, as)
		}
	}
	return s
}

// lines lists the rows, the columns and the total (shared: not to be
// modified).
func (s *state) lines() []*lineState { return s.all }

func (s *state) cells(vars []int) []puzzle.Pos {
	out := make([]puzzle.Pos, len(vars))
	for i, v := range vars {
		out[i] = s.p.Pos(v)
	}
	return out
}

func (s *state) names(vars []int) string {
	var b strings.Builder
	for i, v := range vars {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s.p.Pos(v).String())
	}
	return b.String()
}

func elims(vars []int, value int) []human.Elim {
	out := make([]human.Elim, len(vars))
	for i, v := range vars {
		out[i] = human.Elim{Var: v, Value: value}
	}
	return out
}

func contradiction(cells []puzzle.Pos, format string, args ...any) human.Deduction {
	return human.Deduction{Contradiction: true, Cells: cells, Reason: fmt.Sprintf(format, args...)}
}

func applyFill(p *shinro.Puzzle, pass *human.Pass) []human.Deduction {
	s := stateOf(p, pass)
	var out []human.Deduction
	for _, l := range s.lines() {
		switch need := l.need(); {
		case need > len(l.free):
			out = append(out, contradiction(s.cells(l.free), "%s needs %d more stones but has only %d free cells", l.name, need, len(l.free)))
		case need > 0 && need == len(l.free):
			out = append(out, human.Deduction{Elims: elims(l.free, shinro.Empty), Cells: s.cells(l.free),
				Reason: fmt.Sprintf("%s needs %d more stones and has exactly %d free cells: %s are stones", l.name, need, need, s.names(l.free))})
		}
	}
	return out
}

func applyClear(p *shinro.Puzzle, pass *human.Pass) []human.Deduction {
	s := stateOf(p, pass)
	var out []human.Deduction
	for _, l := range s.lines() {
		switch need := l.need(); {
		case need < 0:
			out = append(out, contradiction(nil, "%s holds %s, more than its %d", l.name, plural.N(l.stones, "stone"), l.count))
		case need == 0 && len(l.free) > 0:
			out = append(out, human.Deduction{Elims: elims(l.free, shinro.Stone), Cells: s.cells(l.free),
				Reason: fmt.Sprintf("%s holds all its %s: %s are empty", l.name, plural.N(l.count, "stone"), s.names(l.free))})
		}
	}
	return out
}

func applyArrowSingle(p *shinro.Puzzle, pass *human.Pass) []human.Deduction {
	s := stateOf(p, pass)
	var out []human.Deduction
	for _, a := range s.arrows {
		if len(a.free) == 1 {
			out = append(out, human.Deduction{Elims: elims(a.free, shinro.Empty), Cells: append([]puzzle.Pos{a.at}, s.cells(a.free)...),
				Reason: fmt.Sprintf("the arrow at %v sees no stone yet and %s is the only free cell on its ray: a stone", a.at, s.names(a.free))})
		}
	}
	return out
}

func applyArrowUnsatisfiable(p *shinro.Puzzle, pass *human.Pass) []human.Deduction {
	s := stateOf(p, pass)
	var out []human.Deduction
	if s.dead {
		out = append(out, contradiction(nil, "some cell can be neither empty nor a stone"))
	}
	for _, a := range s.arrows {
		if len(a.free) == 0 {
			out = append(out, contradiction([]puzzle.Pos{a.at}, "the arrow at %v sees no stone and has no free cell left on its ray", a.at))
		}
	}
	return out
}

// region is a set of parallel lines (rows or columns) treated as one.
type region struct {
	rows  bool
	lines []int // sorted line indices
}

func (s *state) regionName(g region) string {
	what := "column"
	if g.rows {
		what = "row"
	}
	if len(g.lines) == 1 {
		return fmt.Sprintf("%s %d", what, g.lines[0]+1)
	}
	parts := make([]string, len(g.lines))
	for i, l := range g.lines {
		parts[i] = fmt.Sprint(l + 1)
	}
	return fmt.Sprintf("%ss %s", what, strings.Join(parts, ","))
}

// lineOf is the line of unknown v in the region's direction.
func (s *state) lineOf(v int, rows bool) int {
	pos := s.p.Pos(v)
	if rows {
		return pos.Row
	}
	return pos.Col
}

// packing looks, inside region g, for families of unsatisfied arrows whose
// free rays lie in g and are pairwise disjoint, with as many arrows as g
// still needs stones. Each family proves every other free cell of g empty.
// A family larger than that is a contradiction. minArrows filters the
// family size (pairs wants ≥ 2, arrow-line exactly 1).
func (s *state) packing(g region, sizeOK func(n int) bool) []human.Deduction {
	in := map[int]bool{}
	for _, l := range g.lines {
		in[l] = true
	}
	need := 0
	var free []int
	for _, l := range g.lines {
		var ls lineState
		if g.rows {
			ls = s.rows[l]
		} else {
			ls = s.cols[l]
		}
		need += ls.need()
		free = append(free, ls.free...)
	}
	if need < 1 || !sizeOK(need) {
		return nil
	}
	var cand []arrowState
	for _, a := range s.arrows {
		if len(a.free) == 0 {
			continue
		}
		inside := true
		for _, v := range a.free {
			if !in[s.lineOf(v, g.rows)] {
				inside = false
				break
			}
		}
		if inside {
			cand = append(cand, a)
		}
	}
	if len(cand) < need {
		return nil
	}
	var out []human.Deduction
	if fam := findFamilies(cand, need+1, 1); len(fam) > 0 {
		return []human.Deduction{contradiction(s.arrowCells(cand, fam[0]), "%s need %d more stones but %d arrows with disjoint rays inside need one each", s.regionName(g), need, need+1)}
	}
	for _, fam := range findFamilies(cand, need, maxFamilies) {
		empty := offRays(cand, fam, free)
		if len(empty) == 0 {
			continue
		}
		sort.Ints(empty)
		cells := s.arrowCells(cand, fam)
		out = append(out, human.Deduction{Elims: elims(empty, shinro.Stone), Cells: append(cells, s.cells(empty)...),
			Reason: fmt.Sprintf("%s need %d more stones and the arrows at %s each need one on disjoint rays inside them: %s are empty",
				s.regionName(g), need, puzzle.JoinPos(cells), s.names(empty))})
	}
	return out
}

// offRays returns the unknowns of free on no free ray of the family fam
// of cand: the cells a packing of those arrows leaves to the rest.
func offRays(cand []arrowState, fam []int, free []int) []int {
	used := map[int]bool{}
	for _, k := range fam {
		for _, v := range cand[k].free {
			used[v] = true
		}
	}
	var out []int
	for _, v := range free {
		if !used[v] {
			out = append(out, v)
		}
	}
	return out
}

func (s *state) arrowCells(cand []arrowState, fam []int) []puzzle.Pos {
	out := make([]puzzle.Pos, len(fam))
	for i, k := range fam {
		out[i] = cand[k].at
	}
	return out
}

// findFamilies lists up to max families of size n of pairwise disjoint
// members of sets (by their free unknowns), as index lists in ascending
// order.
func findFamilies(sets []arrowState, n, max int) [][]int {
	var out [][]int
	used := map[int]bool{}
	var pick []int
	nodes := 0
	var walk func(from int)
	walk = func(from int) {
		nodes++
		if len(out) >= max || nodes > maxNodes {
			return
		}
		if len(pick) == n {
			out = append(out, append([]int(nil), pick...))
			return
		}
		for k := from; k <= len(sets)-(n-len(pick)); k++ {
			clash := false
			for _, v := range sets[k].free {
				if used[v] {
					clash = true
					break
				}
			}
			if clash {
				continue
			}
			for _, v := range sets[k].free {
				used[v] = true
			}
			pick = append(pick, k)
			walk(k + 1)
			pick = pick[:len(pick)-1]
			for _, v := range sets[k].free {
				delete(used, v)
			}
		}
	}
	walk(0)
	return out
}

// applyLinePacking is arrow-line (pairs false: one arrow) and pairs (two
// or more arrows) on single rows and columns.
func applyLinePacking(pairs bool) func(p *shinro.Puzzle, pass *human.Pass) []human.Deduction {
	sizeOK := func(n int) bool { return n == 1 }
	if pairs {
		sizeOK = func(n int) bool { return n >= 2 }
	}
	return func(p *shinro.Puzzle, pass *human.Pass) []human.Deduction {
		s := stateOf(p, pass)
		var out []human.Deduction
		for r := range s.rows {
			out = append(out, s.packing(region{rows: true, lines: []int{r}}, sizeOK)...)
		}
		for c := range s.cols {
			out = append(out, s.packing(region{rows: false, lines: []int{c}}, sizeOK)...)
		}
		return out
	}
}

// applyPathCount runs the packing over the rows, then the columns, that an
// unsatisfied arrow's free ray crosses, when those are two or more lines.
func applyPathCount(p *shinro.Puzzle, pass *human.Pass) []human.Deduction {
	s := stateOf(p, pass)
	var out []human.Deduction
	seen := map[string]bool{}
	for _, rows := range []bool{true, false} {
		for _, a := range s.arrows {
			set := map[int]bool{}
			for _, v := range a.free {
				set[s.lineOf(v, rows)] = true
			}
			if len(set) < 2 {
				continue
			}
			g := region{rows: rows}
			for l := range set {
				g.lines = append(g.lines, l)
			}
			sort.Ints(g.lines)
			key := fmt.Sprint(rows, g.lines)
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, s.packing(g, func(int) bool { return true })...)
		}
	}
	return out
}

func applyImpossible(p *shinro.Puzzle, pass *human.Pass) []human.Deduction {
	s := stateOf(p, pass)
	var out []human.Deduction
	for _, u := range s.total.free {
		pu := s.p.Pos(u)
		rowFull := s.rows[pu.Row].need() == 1
		colFull := s.cols[pu.Col].need() == 1
		allFull := s.total.need() == 1
		for _, a := range s.arrows {
			if len(a.free) == 0 {
				continue
			}
			starved := true
			for _, v := range a.free {
				pv := s.p.Pos(v)
				if v == u || !(allFull || (rowFull && pv.Row == pu.Row) || (colFull && pv.Col == pu.Col)) {
					starved = false
					break
				}
			}
			if starved {
				out = append(out, human.Deduction{Elims: elims([]int{u}, shinro.Stone), Cells: append([]puzzle.Pos{pu, a.at}, s.cells(a.free)...),
					Reason: fmt.Sprintf("a stone at %v would complete its lines and leave the arrow at %v no cell for a stone: %v is empty", pu, a.at, pu)})
				break
			}
		}
	}
	return out
}

func applyPigeonhole(p *shinro.Puzzle, pass *human.Pass) []human.Deduction {
	s := stateOf(p, pass)
	var out []human.Deduction
	for _, rows := range []bool{true, false} {
		lines, cross := s.rows, s.cols
		if !rows {
			lines, cross = s.cols, s.rows
		}
		for x, l := range lines {
			empties := len(l.free) - l.need()
			if empties < 1 || l.need() < 0 {
				continue
			}
			// Crossing lines needing exactly one stone that meet x in a free cell.
			single := map[int]int{} // crossing line -> the free unknown on x
			for _, v := range l.free {
				if k := s.lineOf(v, !rows); cross[k].need() == 1 {
					single[k] = v
				}
			}
			if len(single) == 0 {
				continue
			}
			// Arrows off x whose free rays lie in those crossing lines; each
			// is recorded by the free cells of x it forces one empty among.
			var cand []arrowState
			for _, a := range s.arrows {
				if len(a.free) == 0 {
					continue
				}
				ok := true
				forced := map[int]bool{}
				for _, v := range a.free {
					k := s.lineOf(v, !rows)
					_, isSingle := single[k]
					if s.lineOf(v, rows) == x || !isSingle {
						ok = false
						break
					}
					forced[single[k]] = true
				}
				if !ok {
					continue
				}
				fs := arrowState{at: a.at}
				for v := range forced {
					fs.free = append(fs.free, v)
				}
				sort.Ints(fs.free)
				cand = append(cand, fs)
			}
			if len(cand) < empties {
				continue
			}
			name := l.name
			if fam := findFamilies(cand, empties+1, 1); len(fam) > 0 {
				out = append(out, contradiction(s.arrowCells(cand, fam[0]), "%s can take %d empty cells but %d arrows force one each", name, empties, empties+1))
				continue
			}
			for _, fam := range findFamilies(cand, empties, maxFamilies) {
				stones := offRays(cand, fam, l.free)
				if len(stones) == 0 {
					continue
				}
				cells := s.arrowCells(cand, fam)
				out = append(out, human.Deduction{Elims: elims(stones, shinro.Empty), Cells: append(cells, s.cells(stones)...),
					Reason: fmt.Sprintf("%s can take %d empty cells; the arrows at %s each force one through crossing lines needing a single stone: %s are stones",
						name, empties, puzzle.JoinPos(cells), s.names(stones))})
			}
		}
	}
	return out
}
