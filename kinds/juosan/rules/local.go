package rules

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// LocalBudget bounds the search nodes territory-runs and territory-pairs
// spend on one territory (or pair) in one application; one needing more is
// skipped (no deduction, so still sound). Every janko territory fits easily.
const LocalBudget = 1 << 17

// maxOpen bounds the open cells of a territory the local rules consider
// (counts of `-` are kept in a 64-bit set).
const maxOpen = 63

// territoryRuns: exact reasoning on each numbered territory with the
// windows that lie within it and its placed neighbours.
func territoryRuns(in *Input, p *human.Pass) []human.Deduction {
	var ds []human.Deduction
	for t := range in.territory {
		if in.territory[t].numbered {
			ds = append(ds, in.local([]int{t}, p.Cands)...)
		}
	}
	return ds
}

// territoryPairs: the same on the union of two numbered territories that
// share a window, with both numbers.
func territoryPairs(in *Input, p *human.Pass) []human.Deduction {
	var ds []human.Deduction
	for _, pr := range in.pairs {
		a, b := pr[0], pr[1]
		if open(&in.territory[a], p.Cands) == 0 {
			a, b = b, a // the first territory needs open cells
		}
		ds = append(ds, in.local([]int{a, b}, p.Cands)...)
	}
	return ds
}

// open counts a territory's open cells.
func open(tr *territory, cs []human.Cands) int {
	n := 0
	for _, c := range tr.cells {
		if cs[c].Count() > 1 {
			n++
		}
	}
	return n
}

// localSearch enumerates the fillings of the open cells of a group of
// territories. The first territory's count of `-` is recorded (reach), the
// others' are checked as soon as their last open cell is set.
type localSearch struct {
	cands  []human.Cands
	open   []int       // open cells of the group, row-major
	member []int       // member[i]: group index of open[i]'s territory
	checks [][]check   // checks[i]: windows complete once open[i] is set
	closes [][]int     // closes[i]: members (≥ 1) whose last open cell is open[i]
	target []uint64    // target[m]: counts of `-` among m's open cells that fit its number
	count  []int       // current counts of `-` per member
	value  []int       // current filling of open
	reach  [][2]uint64 // reach[i][v]: first member's counts reachable with open[i] = v
	nodes  int         // search nodes used
	broken bool        // a window of placed cells only is already broken
}

// check is a window whose placed cells all hold its forbidden symbol: it
// breaks when its open cells (indices into open) all take it too.
type check struct {
	open   [3]int
	n      int
	forbid int
}

// local returns the deductions of exact reasoning on group (territory
// indices, the first one numbered; all numbered).
func (in *Input) local(group []int, cs []human.Cands) []human.Deduction {
	if open(&in.territory[group[0]], cs) == 0 {
		return nil
	}
	s := &localSearch{cands: cs, target: make([]uint64, len(group)), count: make([]int, len(group))}
	placed := make([]int, len(group))
	openOf := make([]int, len(group))
	for m, t := range group {
		tr := &in.territory[t]
		dashes, _, open := tr.tally(cs)
		placed[m], openOf[m] = dashes, len(open)
		if len(open) > maxOpen {
			return nil
		}
		for n := 0; n <= len(open); n++ {
			if tr.allowed[dashes+n] {
				s.target[m] |= 1 << uint(n)
			}
		}
		s.open = append(s.open, open...)
	}
	slices.Sort(s.open)
	n := len(s.open)
	s.member, s.checks, s.closes = make([]int, n), make([][]check, n), make([][]int, n)
	s.value, s.reach = make([]int, n), make([][2]uint64, n)
	last := make([]int, len(group))
	for i, c := range s.open {
		s.member[i] = slices.Index(group, in.territoryOf[c])
		last[s.member[i]] = i
	}
	for m := 1; m < len(group); m++ {
		if openOf[m] == 0 {
			if s.target[m]&1 == 0 {
				s.broken = true // its placed cells already miss its number
			}
			continue
		}
		s.closes[last[m]] = append(s.closes[last[m]], m)
	}
	var seen []int
	for _, t := range group {
		for _, k := range in.territory[t].windows {
			if slices.Contains(seen, k) {
				continue
			}
			seen = append(seen, k)
			s.addWindow(in.windows[k])
		}
	}
	if !s.broken && !s.run(0) {
		return nil // over budget
	}
	return in.explain(group, s, placed[0])
}

// addWindow schedules the check of a window whose cells are all open in
// the group or placed; a window with an open cell of another territory is
// dropped (a sound relaxation), and so is one with a placed cell that is
// not its forbidden symbol (it always holds).
func (s *localSearch) addWindow(w window) {
	k := check{forbid: w.forbid}
	for _, c := range w.cells {
		if i, isOpen := slices.BinarySearch(s.open, c); isOpen {
			k.open[k.n] = i
			k.n++
		} else if v, fixed := s.cands[c].Single(); !fixed || v != w.forbid {
			return
		}
	}
	if k.n == 0 {
		s.broken = true // three placed cells holding the forbidden symbol
		return
	}
	last := k.open[k.n-1] // cells are in row-major order, so is open
	s.checks[last] = append(s.checks[last], k)
}

// explain turns the search's reach sets into deductions.
func (in *Input) explain(group []int, s *localSearch, placed int) []human.Deduction {
	var reachable uint64
	if !s.broken {
		reachable = s.reach[0][Dash] | s.reach[0][Bar]
	}
	var ds []human.Deduction
	if reachable&s.target[0] == 0 {
		ds = append(ds, human.Deduction{Contradiction: true,
			Reason: "no filling fits: the first can only reach " + countSet(reachable, placed)})
	} else {
		for i, c := range s.open {
			for _, v := range []int{Dash, Bar} {
				if r := s.reach[i][v]; r&s.target[0] == 0 && s.cands[c].Has(v) {
					ds = append(ds, human.Deduction{Elims: []human.Elim{{Var: c, Value: v}},
						Reason: fmt.Sprintf("with %v = %s the first can only reach %s", in.Pos(c), symbol(v), countSet(r, placed))})
				}
			}
		}
	}
	if len(ds) == 0 {
		return nil
	}
	// Name the territories only now: most searches find nothing.
	var cells []puzzle.Pos
	var names []string
	for _, t := range group {
		tr := &in.territory[t]
		cells = append(cells, in.cells(tr.cells)...)
		names = append(names, fmt.Sprintf("the territory at %v (number %d, %d cells) needs %s dashes (-)", tr.topLeft, tr.clue, len(tr.cells), tr.needs()))
	}
	head := strings.Join(names, " and ")
	if len(group) > 1 {
		head += fmt.Sprintf("; the first has %d dashes (-) placed; with the runs within both and the second's number met, ", placed)
	} else {
		head += fmt.Sprintf("; it has %d dashes (-) placed; with the runs within it, ", placed)
	}
	for i := range ds {
		ds[i].Cells = cells
		ds[i].Reason = head + ds[i].Reason
	}
	return ds
}

// run fills open[i:]; false when over budget.
func (s *localSearch) run(i int) bool {
	if s.nodes++; s.nodes > LocalBudget {
		return false
	}
	if i == len(s.open) {
		for j, v := range s.value {
			s.reach[j][v] |= 1 << uint(s.count[0])
		}
		return true
	}
	m := s.member[i]
	for _, v := range []int{Dash, Bar} {
		if !s.cands[s.open[i]].Has(v) {
			continue
		}
		s.value[i] = v
		s.count[m] += 1 - v
		if s.fits(i) && !s.run(i+1) {
			return false
		}
		s.count[m] -= 1 - v
	}
	return true
}

// fits checks the windows and counts completed by setting open[i].
func (s *localSearch) fits(i int) bool {
	for _, k := range s.checks[i] {
		broken := true
		for _, j := range k.open[:k.n] {
			if s.value[j] != k.forbid {
				broken = false
				break
			}
		}
		if broken {
			return false
		}
	}
	for _, m := range s.closes[i] {
		if s.target[m]&(1<<uint(s.count[m])) == 0 {
			return false
		}
	}
	return true
}

// countSet formats a set of counts of `-` among open cells as totals.
func countSet(set uint64, base int) string {
	if set == 0 {
		return "no filling"
	}
	var s []string
	for x := set; x != 0; x &= x - 1 {
		s = append(s, fmt.Sprint(base+bits.TrailingZeros64(x)))
	}
	return strings.Join(s, ", ") + " dashes (-)"
}
