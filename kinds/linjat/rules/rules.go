// Package rules holds Linjat's human-style rules for the engine in package
// human, after jsnell/linjat's solver: COVER, CANT_FIT, SQUARE, DEPENDENCY
// and ONE_OF (in that order, levels 1-5), plus the reference's two
// "uniqueness cheats", SINGLE_SOLUTION and UNCONTESTED_NO_COVER, which are
// not sound deductions: they assume the puzzle has exactly one solution
// and say so with human.Rule.AssumesUnique.
// Rules lists the sound rules only; RulesWithCheats adds the cheats at
// levels 6 and 7, so a solve uses them only when the sound rules stall
// (the reference tries them first). NeedsCheat tells whether a puzzle's
// only route to its answer goes through a cheat.
//
// The unknowns are the numbers, their values the placements (package
// kinds/linjat/model). Every rule reads the state as the reference does: a cell
// is fixed to number p when every remaining placement of p covers it; a
// placement fits when it crosses no cell fixed to another number; a cell's
// coverers are the numbers with a fitting placement over it.
//
// Scoring follows the reference: each layer adds its rule's weight, and the
// widest layer is added times Weights.MaxWidth (see Score). The engine's
// own per-step score is available through HumanWeights.
//
// Differences from the reference, all in the direction of soundness or
// strength: SQUARE checks that the other number cannot cover both dots
// (the reference checks the number being reduced, which is unsound when
// the other is longer); DEPENDENCY drops every placement covering a
// dependent cell without the dot (the reference only narrows the dot
// targets' coverers); ONE_OF tries every pair of numbers that can reach
// the cell (the reference takes the first pair sharing a row or column).
//
// On the 100 graded levels of jsnell/linjat (testdata/linjat) the sound
// rules solve every level with no trials and no cheats, every elimination
// SAT-certified; tutorial 3 (two solutions) gets stuck. Spearman's ρ of
// Score against the level (easy < medium < hard < expert) is 0.95; the
// reference's own published score reaches 0.82 (TestGradingAgreement logs
// both).
package rules

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/human"
	linjat "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Rule names (the reference's deduction kinds).
const (
	Cover              = "COVER"
	CantFit            = "CANT_FIT"
	Square             = "SQUARE"
	Dependency         = "DEPENDENCY"
	OneOf              = "ONE_OF"
	SingleSolution     = "SINGLE_SOLUTION"
	UncontestedNoCover = "UNCONTESTED_NO_COVER"
)

var (
	ruleCover = &human.Rule{Name: Cover, Level: 1,
		Doc:   "a dot that only one number can still reach must be covered by that number's line",
		Apply: onView(applyCover)}
	ruleCantFit = &human.Rule{Name: CantFit, Level: 2,
		Doc:   "a placement crossing a cell that another number's line must cover no longer fits",
		Apply: onView(applyCantFit)}
	ruleSquare = &human.Rule{Name: Square, Level: 3,
		Doc:   "two dots reachable only by numbers p and q, which q cannot cover together: p's line covers one of them",
		Apply: onView(applySquare)}
	ruleDependency = &human.Rule{Name: Dependency, Level: 4,
		Doc:   "every line through dot d also covers cell t: no line may cover t without d",
		Apply: onView(applyDependency)}
	ruleOneOf = &human.Rule{Name: OneOf, Level: 5,
		Doc:   "of two numbers that can reach one cell, one must avoid it and so cover its forced cells: no line may meet both forced sets",
		Apply: onView(applyOneOf)}
	ruleSingleSolution = &human.Rule{Name: SingleSolution, Level: levelCheats - 1, AssumesUnique: true,
		Doc:   "assumes a unique solution: if a number has two placements that cover no dot and that no other line can reach, it must take a placement covering a dot",
		Apply: onView(applySingleSolution)}
	ruleUncontested = &human.Rule{Name: UncontestedNoCover, Level: levelCheats, AssumesUnique: true,
		Doc:   "assumes a unique solution: a number that can cover no more dots takes a placement that no other line can reach",
		Apply: onView(applyUncontested)}
)

// levelCheats is the level of the last cheat: the cheats sit at 6 and 7,
// above the sound rules.
const levelCheats = 7

// DefaultRules are the sound Rules with the proofs by contradiction a
// grade uses: trials of 1..3 rule layers, then a nested trial
// (human.LayerTrials). No published level needs them.
func DefaultRules() []*human.Rule {
	return append(Rules(), human.LayerTrials(5, 3, 1)...)
}

// Rules returns the sound rules in the reference's order (levels 1-5).
func Rules() []*human.Rule {
	return []*human.Rule{ruleCover, ruleCantFit, ruleSquare, ruleDependency, ruleOneOf}
}

// RulesWithCheats returns Rules plus the two uniqueness cheats (levels 6
// and 7). They are not sound: a solve using them proves nothing unless the
// puzzle is known to have exactly one solution.
func RulesWithCheats() []*human.Rule {
	return append(Rules(), ruleSingleSolution, ruleUncontested)
}

// IsCheat reports whether the named rule is a uniqueness cheat: a rule of
// RulesWithCheats marked AssumesUnique. Solve steps carry rule names only,
// so this is how a result's steps are told apart.
func IsCheat(rule string) bool {
	for _, r := range RulesWithCheats() {
		if r.Name == rule {
			return r.AssumesUnique
		}
	}
	return false
}

// Input is what the rules see as human.Pass.Puzzle: the puzzle with its
// placements' cells precomputed, so that no rule recomputes them.
type Input struct {
	P     *linjat.Puzzle
	cols  int
	cells [][][]int // number -> placement -> cell indices
	own   []int     // number -> its cell index
	dot   []bool    // cell -> is a dot
}

// NewInput prepares p for the rules.
func NewInput(p *linjat.Puzzle) *Input {
	in := &Input{P: p, cols: p.Cols(), dot: make([]bool, p.Rows()*p.Cols())}
	for _, d := range p.Dots() {
		in.dot[d.Row*in.cols+d.Col] = true
	}
	for i, n := range p.Numbers() {
		in.own = append(in.own, n.Pos.Row*in.cols+n.Pos.Col)
		var pls [][]int
		for _, pl := range p.Placements(i) {
			var cs []int
			for _, q := range pl.Cells() {
				cs = append(cs, q.Row*in.cols+q.Col)
			}
			pls = append(pls, cs)
		}
		in.cells = append(in.cells, pls)
	}
	return in
}

// With prepares p for the rules reusing in's placement cells when p has
// in.P's numbers (it differs in its dots only, as linjat.Puzzle.With
// makes it), which saves most of NewInput's work for a generator adding
// dots one by one; otherwise it is NewInput(p).
func (in *Input) With(p *linjat.Puzzle) *Input {
	if p.Rows() != in.P.Rows() || p.Cols() != in.P.Cols() || !slices.Equal(p.Numbers(), in.P.Numbers()) {
		return NewInput(p)
	}
	out := &Input{P: p, cols: in.cols, cells: in.cells, own: in.own, dot: make([]bool, len(in.dot))}
	for _, d := range p.Dots() {
		out.dot[d.Row*out.cols+d.Col] = true
	}
	return out
}

func (in *Input) pos(k int) puzzle.Pos { return puzzle.Pos{Row: k / in.cols, Col: k % in.cols} }

// num names number i, e.g. "the 4 at r2c3".
func (in *Input) num(i int) string {
	n := in.P.Numbers()[i]
	return fmt.Sprintf("the %d at %v", n.N, n.Pos)
}

func (in *Input) label(i, j int) string { return in.P.Placements(i)[j].Words() }

func (in *Input) covers(i, j, k int) bool {
	for _, c := range in.cells[i][j] {
		if c == k {
			return true
		}
	}
	return false
}

// view is the reference's reading of a candidate state.
type view struct {
	*Input
	cands []human.Cands
	fixed []int         // cell -> number whose every placement covers it, or -1
	fit   []human.Cands // fitting placements per number
	cover [][]int       // cell -> numbers with a fitting placement over it
}

// viewKey names the view in human.Memo.
type viewKey struct{}

// viewOf is the pass's view, built once per state: a layered solve reads
// one state with COVER, then CANT_FIT, ... while the lower rules find
// nothing, and every rule starts from the same view.
func viewOf(in *Input, pass *human.Pass) *view {
	return human.Memo(pass, viewKey{}, func() *view { return newView(in, pass.Cands) })
}

// onView makes a rule's Apply of a function of the pass's view.
func onView(apply func(v *view, pass *human.Pass) []human.Deduction) func(*human.Pass) []human.Deduction {
	return human.Typed(func(in *Input, pass *human.Pass) []human.Deduction { return apply(viewOf(in, pass), pass) })
}

func newView(in *Input, cands []human.Cands) *view {
	ncell := len(in.dot)
	// One allocation for fixed and the scratch counts.
	ints := make([]int, 3*ncell)
	v := &view{Input: in, cands: cands, fixed: ints[:ncell:ncell], fit: make([]human.Cands, len(in.cells)), cover: make([][]int, ncell)}
	count, last := ints[ncell:2*ncell], ints[2*ncell:]
	for k := range v.fixed {
		v.fixed[k] = -1
	}
	for i := range in.cells {
		c := v.cands[i]
		n := c.Count()
		if n == 0 {
			continue
		}
		for x := uint64(c); x != 0; x &= x - 1 {
			for _, k := range in.cells[i][bits.TrailingZeros64(x)] {
				count[k]++
			}
		}
		for x := uint64(c); x != 0; x &= x - 1 {
			for _, k := range in.cells[i][bits.TrailingZeros64(x)] {
				if count[k] == n && v.fixed[k] < 0 {
					v.fixed[k] = i
				}
				count[k] = 0
			}
		}
	}
	// Coverers: count distinct numbers per cell, then fill one backing array.
	for k := range last {
		last[k] = -1
	}
	total := 0
	for i := range in.cells {
		for x := uint64(v.cands[i]); x != 0; x &= x - 1 {
			j := bits.TrailingZeros64(x)
			if !v.fits(i, j) {
				continue
			}
			v.fit[i] |= human.Only(j)
			for _, k := range in.cells[i][j] {
				if last[k] != i {
					last[k] = i
					count[k]++
					total++
				}
			}
		}
	}
	flat := make([]int, total)
	off := 0
	for k := range count {
		v.cover[k] = flat[off : off : off+count[k]]
		off += count[k]
		count[k] = 0
	}
	for i := range in.cells {
		for x := uint64(v.fit[i]); x != 0; x &= x - 1 {
			for _, k := range in.cells[i][bits.TrailingZeros64(x)] {
				if l := v.cover[k]; len(l) == 0 || l[len(l)-1] != i {
					v.cover[k] = append(l, i)
				}
			}
		}
	}
	return v
}

func (v *view) fits(i, j int) bool {
	for _, k := range v.cells[i][j] {
		if f := v.fixed[k]; f >= 0 && f != i {
			return false
		}
	}
	return true
}

// elimMissing eliminates number i's candidates that miss one of the cells
// ks.
func (v *view) elimMissing(i int, ks []int) ([]human.Elim, []string) {
	return v.elimWhere(i, func(j int) bool {
		for _, k := range ks {
			if !v.covers(i, j, k) {
				return true
			}
		}
		return false
	})
}

// openDot: a dot not yet fixed to a number.
func (v *view) openDot(k int) bool { return v.dot[k] && v.fixed[k] < 0 }

// elimWhere eliminates number i's candidates for which drop holds.
func (v *view) elimWhere(i int, drop func(j int) bool) ([]human.Elim, []string) {
	var es []human.Elim
	var labels []string
	for _, j := range v.cands[i].Values() {
		if drop(j) {
			es = append(es, human.Elim{Var: i, Value: j})
			labels = append(labels, v.label(i, j))
		}
	}
	return es, labels
}

func (v *view) cellList(ks []int) []puzzle.Pos {
	out := make([]puzzle.Pos, len(ks))
	for i, k := range ks {
		out[i] = v.pos(k)
	}
	return out
}

// stepCells are the cells a step names: first (the number or the dot it
// is about), then the cells ks that justify it.
func (v *view) stepCells(first puzzle.Pos, ks []int) []puzzle.Pos {
	return append([]puzzle.Pos{first}, v.cellList(ks)...)
}

// applyCover: a dot that only one number reaches (through a fitting
// placement) must be covered by it; a dot that none reaches is a
// contradiction. One deduction per number.
func applyCover(v *view, _ *human.Pass) []human.Deduction {
	dots := map[int][]int{}
	var order []int
	for k := range v.dot {
		if !v.openDot(k) {
			continue
		}
		switch len(v.cover[k]) {
		case 0:
			return []human.Deduction{{Contradiction: true, Cells: []puzzle.Pos{v.pos(k)},
				Reason: fmt.Sprintf("no line can reach the dot at %v", v.pos(k))}}
		case 1:
			i := v.cover[k][0]
			if _, ok := dots[i]; !ok {
				order = append(order, i)
			}
			dots[i] = append(dots[i], k)
		}
	}
	var out []human.Deduction
	for _, i := range order {
		ks := dots[i]
		es, labels := v.elimMissing(i, ks)
		if len(es) == 0 {
			continue
		}
		out = append(out, human.Deduction{Elims: es, Cells: v.stepCells(v.P.Pos(i), ks),
			Reason: fmt.Sprintf("only %s can reach the %s at %s: not %s", v.num(i), dotWord(len(ks)), puzzle.JoinPos(v.cellList(ks)), orList(labels))})
	}
	return out
}

// applyCantFit: placements crossing a cell fixed to another number are
// dropped. One deduction per number losing placements.
func applyCantFit(v *view, _ *human.Pass) []human.Deduction {
	var out []human.Deduction
	for i := range v.cells {
		var blockers []int
		es, labels := v.elimWhere(i, func(j int) bool {
			if v.fits(i, j) {
				return false
			}
			for _, k := range v.cells[i][j] {
				if f := v.fixed[k]; f >= 0 && f != i {
					blockers = append(blockers, k)
					break
				}
			}
			return true
		})
		if len(es) == 0 {
			continue
		}
		var owners []string
		seen := map[int]bool{}
		for _, k := range blockers {
			if f := v.fixed[k]; !seen[f] {
				seen[f] = true
				owners = append(owners, v.num(f))
			}
		}
		out = append(out, human.Deduction{Elims: es, Cells: v.stepCells(v.P.Pos(i), blockers),
			Reason: fmt.Sprintf("%s no longer fits as %s: it would cross %s, which %s must cover", v.num(i), orList(labels), puzzle.JoinPos(v.cellList(blockers)), strings.Join(owners, " and "))})
	}
	return out
}

// applySquare: dots a, b whose coverers are exactly {p, q}, where no
// fitting placement of q covers both: p must cover one of them (else q
// covers both), so p's placements covering neither are dropped. The
// reference's version requires p, not q, to be unable to cover both; this
// one checks the condition that makes the step sound.
func applySquare(v *view, _ *human.Pass) []human.Deduction {
	var open []int
	for k := range v.dot {
		if v.openDot(k) && len(v.cover[k]) == 2 {
			open = append(open, k)
		}
	}
	var out []human.Deduction
	for x, a := range open {
		for _, b := range open[x+1:] {
			ca, cb := v.cover[a], v.cover[b]
			if ca[0] != cb[0] || ca[1] != cb[1] {
				continue
			}
			for side := range 2 {
				p, q := ca[side], ca[1-side]
				both := false
				for _, j := range v.fit[q].Values() {
					if v.covers(q, j, a) && v.covers(q, j, b) {
						both = true
						break
					}
				}
				if both {
					continue
				}
				es, labels := v.elimWhere(p, func(j int) bool { return !v.covers(p, j, a) && !v.covers(p, j, b) })
				if len(es) == 0 {
					continue
				}
				out = append(out, human.Deduction{Elims: es,
					Cells: []puzzle.Pos{v.P.Pos(p), v.P.Pos(q), v.pos(a), v.pos(b)},
					Reason: fmt.Sprintf("the dots at %v and %v can only be covered by %s and %s, and %s cannot cover both: %s covers one, so not %s",
						v.pos(a), v.pos(b), v.num(p), v.num(q), v.num(q), v.num(p), orList(labels))})
			}
		}
	}
	return out
}

// applyDependency: for an open dot d with two or more coverers, the cells
// every fitting placement through d covers are covered by d's line; a
// placement covering such a cell t but not d would overlap it.
func applyDependency(v *view, _ *human.Pass) []human.Deduction {
	var out []human.Deduction
	count := make([]int, len(v.dot))
	for d := range v.dot {
		if !v.openDot(d) || len(v.cover[d]) < 2 {
			continue
		}
		total := 0
		var touched []int
		for _, i := range v.cover[d] {
			for _, j := range v.fit[i].Values() {
				if !v.covers(i, j, d) {
					continue
				}
				total++
				for _, k := range v.cells[i][j] {
					if count[k] == 0 {
						touched = append(touched, k)
					}
					count[k]++
				}
			}
		}
		var dep []int
		for _, k := range touched {
			if count[k] == total && k != d {
				dep = append(dep, k)
			}
			count[k] = 0
		}
		if len(dep) == 0 {
			continue
		}
		var es []human.Elim
		var labels []string
		for i := range v.cells {
			e, l := v.elimWhere(i, func(j int) bool {
				if v.covers(i, j, d) {
					return false
				}
				for _, t := range dep {
					if v.covers(i, j, t) {
						return true
					}
				}
				return false
			})
			es = append(es, e...)
			for _, s := range l {
				labels = append(labels, fmt.Sprintf("%v %s", v.P.Pos(i), s))
			}
		}
		if len(es) == 0 {
			continue
		}
		out = append(out, human.Deduction{Elims: es, Cells: v.stepCells(v.pos(d), dep),
			Reason: fmt.Sprintf("every line through the dot at %v also covers %s, so no other line may: not %s",
				v.pos(d), puzzle.JoinPos(v.cellList(dep)), orList(labels))})
	}
	return out
}

// forcedAvoiding is the set of cells every fitting placement of number i
// that avoids cell x covers (nil when every fitting placement covers x).
func (v *view) forcedAvoiding(i, x int) map[int]bool {
	var set map[int]bool
	for _, j := range v.fit[i].Values() {
		if v.covers(i, j, x) {
			continue
		}
		if set == nil {
			set = map[int]bool{}
			for _, k := range v.cells[i][j] {
				set[k] = true
			}
			continue
		}
		cur := map[int]bool{}
		for _, k := range v.cells[i][j] {
			if set[k] {
				cur[k] = true
			}
		}
		set = cur
	}
	return set
}

// applyOneOf: two numbers a and b that can both reach cell x cannot both
// cover it, so one of them avoids x and covers the cells its placements
// avoiding x all cover (A for a, B for b). A third line meeting both A and
// B would overlap one of them. The reference looks at one pair per cell,
// in the same row or column; this looks at every pair.
func applyOneOf(v *view, pass *human.Pass) []human.Deduction {
	var out []human.Deduction
	for x := range v.dot {
		if v.fixed[x] >= 0 || len(v.cover[x]) < 2 {
			continue
		}
		cs := v.cover[x]
		for ai, a := range cs {
			// Quadratic in the numbers covering a dot, times the board:
			// minutes on a large board, so the deadline is polled.
			if pass.Stopped() {
				return nil
			}
			A := v.forcedAvoiding(a, x)
			if len(A) == 0 {
				continue
			}
			for _, b := range cs[ai+1:] {
				B := v.forcedAvoiding(b, x)
				if len(B) == 0 {
					continue
				}
				var es []human.Elim
				var labels []string
				for r := range v.cells {
					if r == a || r == b {
						continue
					}
					e, l := v.elimWhere(r, func(j int) bool {
						ha, hb := false, false
						for _, k := range v.cells[r][j] {
							ha = ha || A[k]
							hb = hb || B[k]
						}
						return ha && hb
					})
					es = append(es, e...)
					for _, s := range l {
						labels = append(labels, fmt.Sprintf("%v %s", v.P.Pos(r), s))
					}
				}
				if len(es) == 0 {
					continue
				}
				out = append(out, human.Deduction{Elims: es,
					Cells: []puzzle.Pos{v.pos(x), v.P.Pos(a), v.P.Pos(b)},
					Reason: fmt.Sprintf("%s and %s cannot both cover %v, so one of them covers its other forced cells; a line meeting both sets would overlap: not %s",
						v.num(a), v.num(b), v.pos(x), orList(labels))})
			}
		}
	}
	return out
}

// applySingleSolution (a cheat): if number p has two or more fitting
// placements that cover no open dot and whose open cells no other number
// can reach, a unique solution cannot use either (they would be
// interchangeable), so p covers every cell its other placements share.
func applySingleSolution(v *view, _ *human.Pass) []human.Deduction {
	var out []human.Deduction
	for p := range v.cells {
		var info []int
		noInfo := 0
		for _, j := range v.fit[p].Values() {
			overDot, alone := false, true
			for _, k := range v.cells[p][j] {
				if v.fixed[k] >= 0 {
					continue
				}
				overDot = overDot || v.dot[k]
				alone = alone && len(v.cover[k]) == 1
			}
			switch {
			case overDot:
				info = append(info, j)
			case alone:
				noInfo++
			}
		}
		if noInfo < 2 || len(info) == 0 {
			continue
		}
		var must []int
		for _, k := range v.cells[p][info[0]] {
			all := v.fixed[k] < 0
			for _, j := range info[1:] {
				all = all && v.covers(p, j, k)
			}
			if all {
				must = append(must, k)
			}
		}
		es, labels := v.elimMissing(p, must)
		if len(es) == 0 {
			continue
		}
		out = append(out, human.Deduction{Elims: es, Cells: v.stepCells(v.P.Pos(p), must),
			Reason: fmt.Sprintf("assuming a unique solution, %s cannot take one of its %d interchangeable placements: not %s", v.num(p), noInfo, orList(labels))})
	}
	return out
}

// applyUncontested (a cheat): a number that can cover no open dot, with some
// contested cell in reach, takes its first fitting placement whose open
// cells only it can reach: in a unique solution it must be there (it could
// move there otherwise). Like the reference, one number per layer.
func applyUncontested(v *view, _ *human.Pass) []human.Deduction {
	for p := range v.cells {
		contested, reachesDot := false, false
		for _, j := range v.fit[p].Values() {
			for _, k := range v.cells[p][j] {
				if v.openDot(k) {
					reachesDot = true
				}
				if len(v.cover[k]) > 1 {
					contested = true
				}
			}
		}
		if reachesDot || !contested {
			continue
		}
		for _, j := range v.fit[p].Values() {
			open, ok := false, true
			for _, k := range v.cells[p][j] {
				if v.fixed[k] >= 0 {
					ok = ok && v.fixed[k] == p
					continue
				}
				open = true
				ok = ok && len(v.cover[k]) == 1
			}
			if !ok || !open {
				continue
			}
			es, labels := v.elimWhere(p, func(j2 int) bool { return j2 != j })
			if len(es) == 0 {
				continue
			}
			return []human.Deduction{{Elims: es, Cells: []puzzle.Pos{v.P.Pos(p)},
				Reason: fmt.Sprintf("assuming a unique solution, %s covers no dot and takes the uncontested %s: not %s", v.num(p), v.label(p, j), orList(labels))}}
		}
	}
	return nil
}

// dotWord words n dots.
func dotWord(n int) string {
	if n == 1 {
		return "dot"
	}
	return "dots"
}

// orList writes "a", "a or b", "a, b or c".
func orList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
