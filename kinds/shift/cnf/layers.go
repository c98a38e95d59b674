package cnf

import (
	"fmt"

	model "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// layers is the parallel-plan encoding (see the package doc). It is
// indexed from the goal: state 0 is a goal state (unconditionally), state
// j is the state j layers before it, and layer j turns state j into state
// j-1. The start is asserted at the outermost layer under an assumption,
// and a running unary sum counts the moves from the goal outwards, so what
// the solver learns about states near the goal and the moves left to reach
// it stays valid at every later depth.
type layers struct {
	*base
	lay   *model.Layering
	x     [][][]int // x[j][c][v]; cells a layer cannot move share literals
	w     [][][]int // w[j][f][p]: layer j applies power p of family f (nil: f not in j's type)
	empty []int     // empty[j]: layer j applies no move
	sum   [][]int   // sum[j][i-1] ⇔ layers 1..j take at least i moves (i ≤ cap)
	start map[int]int
	cap   int
	never int // a literal that is always false
	pivot int // the value whose tokens split a part's middle state; -1: none
}

var _ Deepener = (*layers)(nil)

func newLayers(b *base) *layers {
	canon := model.NewCanon(b.p, 1) // identities and duplicates only
	e := &layers{base: b, lay: model.NewLayering(b.p, canon), start: map[int]int{}, pivot: -1}
	if !b.opt.NoMiddle {
		e.pivot = pivotValue(b.p, b.goals)
	}
	e.cap = b.opt.MaxSteps + 1
	n := b.p.NumCells()
	goal := make([][]int, n)
	for c := range goal {
		goal[c] = e.newCell()
	}
	e.x = [][][]int{goal}
	e.a.AddClause(e.goal(goal))
	e.w = [][][]int{nil}
	e.empty = []int{0}
	e.sum = [][]int{nil}
	return e
}

// Layering returns the families and layer types in use.
func (e *layers) Layering() *model.Layering { return e.lay }

// Extend adds the layers that solutions of k moves may need.
func (e *layers) Extend(k int) {
	if k > e.opt.MaxSteps {
		panic(fmt.Sprintf("encode/shift: Extend(%d) beyond MaxSteps %d", k, e.opt.MaxSteps))
	}
	for len(e.x)-1 < e.lay.LayersFor(k) {
		e.addLayer()
	}
}

func (e *layers) addLayer() {
	j := len(e.x)
	next := e.x[j-1] // the state after this layer's moves
	n := e.p.NumCells()
	cur := make([][]int, n)
	copy(cur, next) // cells no family of this type moves keep their literals
	fams := e.lay.Types[e.lay.TypeOf(j)]
	for _, f := range fams {
		for _, c := range e.lay.Families[f].Support {
			cur[c] = e.newCell()
		}
	}
	e.x = append(e.x, cur)
	w := make([][]int, len(e.lay.Families))
	var famCosts [][]int
	empty := e.a.NewVar()
	notAllStay := []int{empty}
	for _, f := range fams {
		F := &e.lay.Families[f]
		ord := len(F.Powers)
		w[f] = make([]int, ord)
		var ws []int
		for p := 0; p < ord; p++ {
			if F.Cost[p] >= 0 {
				w[f][p] = e.a.NewVar()
				ws = append(ws, w[f][p])
			}
		}
		e.exactlyOne(ws)
		e.a.AddClause(-empty, w[f][0])
		notAllStay = append(notAllStay, -w[f][0])
		// Under power p, cell c after the layer holds what cell
		// Powers[p][c] held before it.
		dests := map[int][]int{}
		for _, c := range F.Support {
			var srcs []int
			seen := map[int]bool{}
			for p := 0; p < ord; p++ {
				if w[f][p] == 0 {
					continue
				}
				s := F.Powers[p][c]
				e.link(w[f][p], cur, next, s, c)
				if !seen[s] {
					seen[s] = true
					srcs = append(srcs, s)
					dests[s] = append(dests[s], c)
				}
			}
			e.support(next, cur, c, srcs)
		}
		for _, s := range F.Support {
			e.support(cur, next, s, dests[s])
		}
		// The family's cost in unary: "the power takes at least t moves".
		maxCost := 0
		for _, c := range F.Cost {
			maxCost = max(maxCost, c)
		}
		var unary []int
		for t := 1; t <= maxCost; t++ {
			if t == 1 {
				unary = append(unary, -w[f][0])
				continue
			}
			u := e.a.NewVar()
			cl := []int{-u}
			for p, c := range F.Cost {
				if c >= t {
					cl = append(cl, w[f][p])
					e.a.AddClause(u, -w[f][p])
				}
			}
			e.a.AddClause(cl...)
			unary = append(unary, u)
		}
		famCosts = append(famCosts, unary)
	}
	e.a.AddClause(notAllStay...)
	e.w = append(e.w, w)
	e.empty = append(e.empty, empty)
	// With at most two types an empty layer between two others would let
	// them merge, so empty layers come only next to the goal (layer 1) or
	// beyond the last move: from layer 2 on, an empty layer is followed
	// (towards the start) by empty layers.
	if len(e.lay.Types) <= 2 && j >= 3 {
		e.a.AddClause(-e.empty[j-1], empty)
	}
	// Running sum of the moves from the goal to this layer.
	layerCost := e.addAll(famCosts)
	e.sum = append(e.sum, e.add(e.sum[j-1], layerCost))
}

// addAll sums unary numbers pairwise, as a balanced tree.
func (e *layers) addAll(xs [][]int) []int {
	if len(xs) == 0 {
		return nil
	}
	for len(xs) > 1 {
		var next [][]int
		for i := 0; i+1 < len(xs); i += 2 {
			next = append(next, e.add(xs[i], xs[i+1]))
		}
		if len(xs)%2 == 1 {
			next = append(next, xs[len(xs)-1])
		}
		xs = next
	}
	return xs[0]
}

// add returns the unary sum of unary numbers a and b (a[i-1] ⇔ "≥ i"),
// saturated at e.cap: the last output means "at least cap". Both
// directions are encoded (a totalizer node), so bounds propagate up and
// down.
func (e *layers) add(a, b []int) []int {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	size := min(len(a)+len(b), e.cap)
	s := make([]int, size)
	for i := range s {
		s[i] = e.a.NewVar()
	}
	at := func(x []int, i int) int { // literal "x ≥ i"; 0 means true (i ≤ 0) or false
		if i <= 0 || i > len(x) {
			return 0
		}
		return x[i-1]
	}
	for i := 0; i <= len(a); i++ {
		for k := 0; k <= len(b); k++ {
			if i+k == 0 {
				continue
			}
			// a ≥ i ∧ b ≥ k → s ≥ i+k
			cl := []int{s[min(i+k, size)-1]}
			if l := at(a, i); l != 0 {
				cl = append(cl, -l)
			}
			if l := at(b, k); l != 0 {
				cl = append(cl, -l)
			}
			e.a.AddClause(cl...)
		}
	}
	for i := 0; i <= len(a); i++ {
		for k := 0; k <= len(b); k++ {
			if i+k+1 > size {
				continue
			}
			// a < i+1 ∧ b < k+1 → s < i+k+1
			cl := []int{-s[i+k]}
			if l := at(a, i+1); l != 0 {
				cl = append(cl, l)
			}
			if l := at(b, k+1); l != 0 {
				cl = append(cl, l)
			}
			e.a.AddClause(cl...)
		}
	}
	return s
}

// Assume: the start is the state of the outermost layer solutions of k
// moves need, and layers 1..that one take exactly k moves. (Exactly, not
// at most: deepening has refuted every shorter length by then, and the
// solver need not rediscover that.)
func (e *layers) Assume(k int) []int {
	nl := e.lay.LayersFor(k)
	if nl >= len(e.x) {
		panic(fmt.Sprintf("encode/shift: Assume(%d) needs %d layers, have %d", k, nl, len(e.x)-1))
	}
	s, ok := e.start[nl]
	if !ok {
		s = e.a.NewVar()
		for c, v := range e.p.Start {
			e.a.AddClause(-s, e.x[nl][c][v])
		}
		e.start[nl] = s
	}
	as := []int{s}
	switch {
	case k >= 1 && k <= len(e.sum[nl]):
		as = append(as, e.sum[nl][k-1])
	case k >= 1: // no layer can take k moves (no move changes anything)
		if e.never == 0 {
			e.never = e.a.NewVar()
			e.a.AddClause(-e.never)
		}
		as = append(as, e.never)
	}
	if k+1 <= len(e.sum[nl]) {
		as = append(as, -e.sum[nl][k])
	}
	return as
}

// Parts splits depth k by the number L of non-empty layers, when there
// are at most two layer types (then the non-empty layers are a block
// starting at layer 1 or, after an empty layer 1, at layer 2): part "LnA"
// has layers 1..L non-empty and L+1 empty, "LnB" has layer 1 empty, layers
// 2..L+1 non-empty and L+2 empty. Every non-empty layer costs a move, so
// L ≤ k. The parts are much easier together than the whole: measured on
// Reborn, depth 10 as one call takes cadical 85 s, its 20 parts 50 s in
// all, and they run side by side on as many cores as there are.
func (e *layers) Parts(k int) []Part {
	var parts []Part
	for _, sp := range e.partSpecs(k) {
		parts = append(parts, sp.Part)
	}
	return parts
}

// partSpec is a part with its shape: L non-empty layers from layer first
// (1 or 2); L is 0 for the one part of a depth that is not split.
type partSpec struct {
	Part
	L, first int
}

// partSpecs lists the parts of depth k (see Parts) with their shapes.
func (e *layers) partSpecs(k int) []partSpec {
	as := e.Assume(k)
	nl := e.lay.LayersFor(k)
	if k == 0 || len(e.lay.Types) > 2 {
		return []partSpec{{Part: Part{Name: "all", Assume: as}}}
	}
	var parts []partSpec
	for L := 1; L <= k; L++ {
		for _, first := range []int{1, 2} { // the first non-empty layer
			last := first + L - 1
			if last > nl {
				continue
			}
			a := append([]int(nil), as...)
			if first == 2 {
				a = append(a, e.empty[1])
			}
			for j := first; j <= last; j++ {
				a = append(a, -e.empty[j])
			}
			if last+1 <= nl {
				a = append(a, e.empty[last+1])
			}
			name := fmt.Sprintf("L%dA", L)
			if first == 2 {
				name = fmt.Sprintf("L%dB", L)
			}
			parts = append(parts, partSpec{Part{Name: name, Assume: a, Middle: e.middle(first, L)}, L, first})
		}
	}
	return parts
}

// middle returns the cases of a part with L non-empty layers from layer
// first, by the cells of the pivot value's tokens in the state half way
// along them: every state is a permutation of the start, so it holds
// those tokens on exactly one set of cells. Parts of fewer than 4 layers
// are easy enough whole.
func (e *layers) middle(first, L int) [][]int {
	if e.pivot < 0 || L < 4 {
		return nil
	}
	x := e.x[first-1+(L+1)/2]
	count := 0
	for _, v := range e.p.Start {
		if v == e.pivot {
			count++
		}
	}
	var out [][]int
	var rec func(from int, cur []int)
	rec = func(from int, cur []int) {
		if len(cur) == count {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for c := from; c < len(x); c++ {
			rec(c+1, append(cur, x[c][e.pivot]))
		}
	}
	rec(0, nil)
	return out
}

// maxMiddle bounds the cases of Part.Middle.
const maxMiddle = 1000

// pivotValue picks the value whose tokens the goal pins to the fewest
// cells (over every goal arrangement, or the target), among those whose
// placements number at most maxMiddle; ties go to the fewer placements.
// It returns -1 when no value qualifies or none is pinned at all.
func pivotValue(p *model.Puzzle, goals [][]int) int {
	n := p.NumCells()
	count := make([]int, len(p.Values))
	for _, v := range p.Start {
		count[v]++
	}
	cells := make([]map[int]bool, len(p.Values))
	for v := range cells {
		cells[v] = map[int]bool{}
	}
	switch {
	case goals != nil:
		for _, g := range goals {
			for c, v := range g {
				cells[v][c] = true
			}
		}
	case p.Goal.Target != nil:
		for c, v := range p.Goal.Target {
			if v == model.Any {
				for w := range cells {
					cells[w][c] = true
				}
			} else {
				cells[v][c] = true
			}
		}
	default:
		return -1
	}
	best, bestCells, bestPlaces := -1, n, 0.0
	for v := range cells {
		places := binomial(n, count[v])
		if count[v] == 0 || places > maxMiddle || len(cells[v]) >= n {
			continue
		}
		if len(cells[v]) < bestCells || len(cells[v]) == bestCells && places < bestPlaces {
			best, bestCells, bestPlaces = v, len(cells[v]), places
		}
	}
	return best
}

func binomial(n, k int) float64 {
	r := 1.0
	for i := 0; i < k; i++ {
		r = r * float64(n-i) / float64(i+1)
	}
	return r
}

// Decode expands the layers of a model into moves in time order (from the
// start), families of a layer in order, each power as its shortest word.
func (e *layers) Decode(model []bool, k int) ([]int, error) {
	nl := e.lay.LayersFor(k)
	if nl >= len(e.x) {
		return nil, fmt.Errorf("encode/shift: decode %d layers of %d", nl, len(e.x)-1)
	}
	var out []int
	for j := nl; j >= 1; j-- {
		for f, ws := range e.w[j] {
			if ws == nil {
				continue
			}
			got := -1
			for p, lit := range ws {
				if lit != 0 && litTrue(model, lit) {
					if got >= 0 {
						return nil, fmt.Errorf("encode/shift: layer %d family %s has two powers", j, e.lay.Families[f].Name)
					}
					got = p
				}
			}
			if got < 0 {
				return nil, fmt.Errorf("encode/shift: layer %d family %s has no power", j, e.lay.Families[f].Name)
			}
			out = append(out, e.lay.Families[f].Word[got]...)
		}
	}
	return out, nil
}
