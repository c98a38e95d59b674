package search

import (
	"context"
	"slices"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// Heuristic is an admissible lower bound on the moves a state needs: the
// maximum of some pattern databases and of the sum of the walking
// distances (which bound disjoint sets of moves). Build it once with
// NewHeuristic and pass it in Options to reuse it for instances that
// share the moves and the goal (scrambles of one puzzle).
type Heuristic struct {
	PDBs []*PDB
	WDs  []*WalkingDistance
	// Tiles, with walking distances, is read beside them where they do
	// not prune (see TileDB; nil: none).
	Tiles *TileDB
}

// NewHeuristic builds the walking distances when p has them; otherwise it
// chooses abstractions for p (see ChooseAbstractions) and builds their
// pattern databases, each of at most limit states. The walking distances
// make the pattern databases not worth building: on Loopover 4×4 the two
// best pattern databases (five tokens each) cut IDA*'s nodes by 1.2–1.7×
// but take 20 s or more to choose and build and make every node dearer.
//
// Tables are read from the cache in dir (see package tablecache; ""
// builds them without a cache).
func NewHeuristic(ctx context.Context, p *shift.Puzzle, goals [][]int, limit, maxPDBs int, dir string) (*Heuristic, error) {
	wds, err := NewWalkingDistances(ctx, p, limit, dir)
	if err != nil || wds != nil {
		return &Heuristic{WDs: wds}, err
	}
	h := &Heuristic{}
	parts := ValuePartitions(len(p.Values), goals)
	for _, classOf := range ChooseAbstractions(ctx, p, goals, parts, limit, maxPDBs) {
		d, err := BuildPDB(ctx, p, goals, classOf, limit)
		if err != nil {
			return nil, err
		}
		d.Name = describe(p, classOf)
		h.PDBs = append(h.PDBs, d)
	}
	return h, nil
}

// H returns the heuristic value of s.
func (h *Heuristic) H(s []int) int {
	b := make([]uint8, len(s))
	for i, v := range s {
		b[i] = uint8(v)
	}
	return h.h8(b, h.scratch(len(s)))
}

// scratch returns the scratch space h8 needs for states of n cells.
func (h *Heuristic) scratch(n int) []uint8 {
	m := n
	return make([]uint8, m)
}

// h8 is H on a state of value bytes, with scratch from h.scratch.
func (h *Heuristic) h8(s, scratch []uint8) int {
	best := 0
	for _, d := range h.PDBs {
		best = max(best, d.h8(s, scratch[:len(s)]))
	}
	if len(h.WDs) > 0 {
		wd := 0
		for _, w := range h.WDs {
			wd += w.h(s)
		}
		best = max(best, min(wd, unreachable))
	}

	return best
}

// ida is an iterative-deepening A* search.
type ida struct {
	ctx     context.Context
	p       *shift.Puzzle
	h       *Heuristic
	canon   *shift.Canon
	isGoal  func([]uint8) bool
	path    []int
	stack   [][]uint8
	scratch []uint8
	nodes   int
	err     error
	// wdv[g] are the walking distances of the state at depth g and
	// wdRows[g] their count matrices, when h is walking distances alone:
	// a move changes only the matrices whose lines it moves tokens
	// across (cross[m][i]: how move m changes WDs[i]'s, nil: not at all),
	// so a row move of Loopover updates and looks up one table, not two,
	// by the four tokens it moves across columns.
	wdv    [][]int
	wdRows [][]packedRows
	cross  [][][]crossing
	// parity: every move is an odd permutation and the goal a single
	// arrangement of distinct tokens, so the moves left from a state have
	// the parity of the permutation between it and the goal: par0 at the
	// start, flipping with every move. h is rounded up to that parity
	// (Loopover 4×4: a move is a 4-cycle), and bounds grow by two.
	parity bool
	par0   int
	// moveIdx are the moves in index order; ordered says whether the
	// children near the start are ordered (ranked walking distances:
	// Loopover 5×5; on 4×4, whose solves take a tenth of a second, the
	// ordering cost 0.11 → 0.14 s of CPU at the median of 20 scrambles);
	// orderBuf and orderMoves are the ordered children of each depth
	// below orderDepth (see order).
	moveIdx []int
	ordered bool
	// kids[g] are the children of the node at depth g (see expand), when
	// h is walking distances alone, two or fewer.
	kids [][]kid
	// tiles is h.Tiles when expand reads it, tpos its scratch.
	tiles      *TileDB
	tpos       []uint8
	orderBuf   [orderDepth][]byH
	orderMoves [orderDepth][]int
}

const inf = 1 << 30

// dfs explores below s at cost g and returns whether it found a goal
// within bound, or else the least f = g+h beyond the bound.
func (s *ida) dfs(st []uint8, g, bound, move int) (bool, int) {
	if !s.count() {
		return false, inf
	}
	return s.visit(st, g, bound, s.est(st, g, move))
}

// count counts a node and reports whether the search goes on (every
// 65,536 nodes it looks at the context).
func (s *ida) count() bool {
	s.nodes++
	if s.nodes&0xffff == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return false
		}
	}
	return true
}

// visit is dfs at a node counted whose h is known.
func (s *ida) visit(st []uint8, g, bound, h int) (bool, int) {
	f := g + h
	if f > bound {
		return false, f
	}
	// h is admissible, so a goal has h = 0.
	if h == 0 && s.isGoal(st) {
		return true, f
	}
	if g == bound {
		if s.parity {
			return false, bound + 2
		}
		return false, bound + 1
	}
	if s.kids != nil && (g >= orderDepth || !s.ordered) {
		return s.expand(st, g, bound)
	}
	next := inf
	moves := s.order(st, g)
	for _, m := range moves {
		if !s.canon.Allows(s.path, m) {
			continue
		}
		stop, t := s.descend(s.move(st, g, m), g, bound, m, -1)
		if stop {
			return s.err == nil, t
		}
		next = min(next, t)
	}
	return false, next
}

// move writes the child that move m makes of st (at depth g) into the
// stack at depth g+1 and returns it.
func (s *ida) move(st []uint8, g, m int) []uint8 {
	c := s.stack[g+1]
	for i, src := range s.p.Moves[m].Src {
		c[i] = st[src]
	}
	return c
}

// descend searches below c, the child that move m made (see move), whose
// h is known when h ≥ 0 (its walking distances then set at depth g+1 by
// the caller) and computed by dfs otherwise. It reports whether the
// caller stops — a goal found (the path then ends with m; s.err nil) or
// the search stopped (s.err) — and else the least f beyond the bound
// below c.
func (s *ida) descend(c []uint8, g, bound, m, h int) (stop bool, t int) {
	s.path = append(s.path, m)
	var found bool
	if h < 0 {
		found, t = s.dfs(c, g+1, bound, m)
	} else {
		found, t = s.visit(c, g+1, bound, h)
	}
	if found {
		return true, t
	}
	s.path = s.path[:len(s.path)-1]
	if s.err != nil {
		return true, inf
	}
	return false, t
}

// orderDepth: IDA* tries the children of the nodes this near the start
// in the order of their h, smallest first. Where the bound holds a
// solution, the search meets it sooner: Loopover 5×5, the 15-move
// scrambles of seeds 301–310, 88.4M nodes to their optima unordered,
// 63.2M ordered (seven better, seed 303 2.4×; seed 302 1.4× worse);
// ordering deeper gained nothing more. Near the start the nodes are few,
// so the extra lookups cost nothing that shows, and an iteration without
// a solution searches the same nodes in another order.
const orderDepth = 6

// order returns the moves to try below st at depth g: all in index order,
// or near the start by the h of the child each gives (smallest first,
// ties by index).
func (s *ida) order(st []uint8, g int) []int {
	all := s.moveIdx
	if g >= orderDepth || !s.ordered {
		return all
	}
	child := s.stack[g+1]
	buf := s.orderBuf[g][:0]
	for m, mv := range s.p.Moves {
		if !s.canon.Allows(s.path, m) {
			continue
		}
		for c, src := range mv.Src {
			child[c] = st[src]
		}
		buf = append(buf, byH{m, s.est(child, g+1, m)})
	}
	slices.SortStableFunc(buf, func(a, b byH) int { return a.h - b.h })
	s.orderBuf[g] = buf
	out := s.orderMoves[g][:0]
	for _, x := range buf {
		out = append(out, x.m)
	}
	s.orderMoves[g] = out
	return out
}

// byH is a move and the h of the child it gives.
type byH struct{ m, h int }

// est is h at depth g, reached by move (-1: the start), rounded up to the
// parity of the moves left when that is known.
func (s *ida) est(st []uint8, g, move int) int {
	var h int
	if s.wdv != nil {
		vals, rows := s.wdv[g], s.wdRows[g]
		for i, w := range s.h.WDs {
			switch {
			case move < 0:
				w.rows(st, &rows[i])
				vals[i] = w.lookup(&rows[i])
			case s.cross[move][i] == nil:
				vals[i], rows[i] = s.wdv[g-1][i], s.wdRows[g-1][i]
			default:
				r := &rows[i]
				*r = s.wdRows[g-1][i]
				for _, x := range s.cross[move][i] {
					pv := w.valPow[st[x.cell]]
					r[x.from] -= pv
					r[x.to] += pv
				}
				vals[i] = w.lookup(r)
			}
			h += vals[i]
		}
		h = min(h, unreachable)
	} else {
		h = s.h.h8(st, s.scratch)
	}
	return s.parityUp(h, g)
}

// parityUp is h, a lower bound at depth g, rounded up to the parity of
// the moves left when every move is odd (s.parity).
func (s *ida) parityUp(h, g int) int {
	if s.parity && h < unreachable && h&1 != (s.par0^g)&1 {
		h++
	}
	return h
}

// oddParity reports whether the parity of the moves left is known (see
// ida.parity) and the parity of the start.
func oddParity(p *shift.Puzzle, goals [][]int, canon *shift.Canon) (bool, int) {
	if len(goals) != 1 {
		return false, 0
	}
	cellOf := make([]int, len(p.Values))
	for v := range cellOf {
		cellOf[v] = -1
	}
	for c, v := range goals[0] {
		if cellOf[v] >= 0 {
			return false, 0 // a repeated token: states are not permutations
		}
		cellOf[v] = c
	}
	for m, mv := range p.Moves {
		if canon.Usable(m) && permParity(mv.Src) == 0 {
			return false, 0
		}
	}
	pi := make([]int, len(p.Start))
	for c, v := range p.Start {
		pi[c] = cellOf[v]
	}
	return true, permParity(pi)
}

// permParity is 1 for an odd permutation, 0 for an even one.
func permParity(perm []int) int {
	seen := make([]bool, len(perm))
	par := 0
	for c := range perm {
		// A cycle of length L is L-1 transpositions.
		for x, n := c, 0; !seen[x]; x, n = perm[x], n+1 {
			seen[x] = true
			if n > 0 {
				par ^= 1
			}
		}
	}
	return par
}

// runIDA searches with IDA*, starting at bound lb.
func runIDA(ctx context.Context, p *shift.Puzzle, opt Options, goals [][]int, h *Heuristic, lb int) (*Result, error) {
	t0 := time.Now()
	n := p.NumCells()
	s := &ida{ctx: ctx, p: p, h: h, canon: shift.NewCanon(p, 3)}
	if goals != nil {
		set := map[string]bool{}
		for _, g := range goals {
			b := make([]byte, n)
			for i, v := range g {
				b[i] = byte(v)
			}
			set[string(b)] = true
		}
		s.isGoal = func(st []uint8) bool { return set[string(st)] }
	} else {
		tmp := make([]int, n)
		s.isGoal = func(st []uint8) bool {
			for i, v := range st {
				tmp[i] = int(v)
			}
			return p.IsGoal(tmp)
		}
	}
	s.scratch = h.scratch(n)
	s.stack = make([][]uint8, opt.MaxSteps+2)
	for i := range s.stack {
		s.stack[i] = make([]uint8, n)
	}
	for i, v := range p.Start {
		s.stack[0][i] = uint8(v)
	}
	if len(h.PDBs) == 0 && len(h.WDs) > 0 {
		s.wdv = make([][]int, len(s.stack))
		s.wdRows = make([][]packedRows, len(s.stack))
		for i := range s.wdv {
			s.wdv[i] = make([]int, len(h.WDs))
			s.wdRows[i] = make([]packedRows, len(h.WDs))
		}
		for _, mv := range p.Moves {
			cr := make([][]crossing, len(h.WDs))
			for i, w := range h.WDs {
				cr[i] = w.crossings(mv.Src)
			}
			s.cross = append(s.cross, cr)
		}
	}
	for m := range p.Moves {
		s.moveIdx = append(s.moveIdx, m)
	}
	s.ordered = s.wdv != nil && h.WDs[0].rk != nil
	if s.wdv != nil && len(h.WDs) <= maxKidWDs && !opt.childByChild {
		s.kids = make([][]kid, len(s.stack))
		for g := range s.kids {
			s.kids[g] = make([]kid, 0, len(p.Moves))
		}
		if h.Tiles != nil && h.Tiles.n == n {
			s.tiles, s.tpos = h.Tiles, make([]uint8, len(p.Values))
		}
	}
	res := &Result{Method: "ida"}
	s.parity, s.par0 = oddParity(p, goals, s.canon)
	bound := max(lb, s.est(s.stack[0], 0, -1))
	if s.parity && bound&1 != s.par0 {
		bound++ // every solution has the start's parity
	}
	for {
		res.LowerBound = bound
		opt.provedBound(bound)
		if bound >= unreachable {
			res.Status = Unreachable
			res.LowerBound = 0
			break
		}
		if bound > opt.MaxSteps {
			res.Status = NoSolutionWithin
			break
		}
		s.path = s.path[:0]
		var found bool
		var next int
		if opt.Workers > 1 && s.wdv != nil && bound > splitDepth {
			found, next = s.iterPar(bound, opt.Workers)
		} else {
			found, next = s.dfs(s.stack[0], 0, bound, -1)
		}
		if s.err != nil {
			res.Nodes = s.nodes
			res.Elapsed = time.Since(t0)
			return res, s.err
		}
		if found {
			res.Status = Optimal
			res.Moves = append([]int{}, s.path...)
			break
		}
		if next >= inf {
			// No move is allowed anywhere: nothing is reachable.
			res.Status = Unreachable
			res.LowerBound = 0
			break
		}
		bound = next
	}
	res.Nodes = s.nodes
	res.Elapsed = time.Since(t0)
	return res, nil
}

// maxKidWDs is the most walking distances expand handles (Loopover has
// two: rows and columns).
const maxKidWDs = 2

// kid is a child in expand: its move, and per walking distance its count
// matrix, the index of its distance in the table and the distance.
type kid struct {
	m    int
	h    int
	rows [maxKidWDs]packedRows
	idx  [maxKidWDs]uint64
	vals [maxKidWDs]int
}

// expand searches the children of st at depth g (the loop of dfs, when h
// is walking distances alone) in two passes: first the count matrices of
// every child and the places of their distances in the tables, then the
// reads. Nearly every node IDA* expands lies at its bound (Loopover 5×5,
// seed 301 at bound 15: 89%), so every child's distance is read, and on
// 5×5 each read is a miss in a 22 MB table; issued together, the misses
// of the siblings overlap instead of waiting one by one. The children are
// tried, counted and pruned in the same order as dfs's loop.
func (s *ida) expand(st []uint8, g, bound int) (bool, int) {
	kids := s.kids[g][:0]
	for _, m := range s.moveIdx {
		if !s.canon.Allows(s.path, m) {
			continue
		}
		// Reslice, not append: a kid is 170 bytes, zeroing it cost 10%.
		kids = kids[:len(kids)+1]
		k := &kids[len(kids)-1]
		k.m = m
		for i, w := range s.h.WDs {
			r := &k.rows[i]
			*r = s.wdRows[g][i]
			cr := s.cross[m][i]
			if cr == nil {
				continue
			}
			for _, x := range cr {
				pv := w.valPow[st[x.src]]
				r[x.from] -= pv
				r[x.to] += pv
			}
			k.idx[i] = w.index(r)
		}
	}
	s.kids[g] = kids
	for j := range kids {
		k := &kids[j]
		h := 0
		for i, w := range s.h.WDs {
			if s.cross[k.m][i] == nil {
				k.vals[i] = s.wdv[g][i]
			} else {
				k.vals[i] = int(w.dense[k.idx[i]])
			}
			h += k.vals[i]
		}
		k.h = s.parityUp(min(h, unreachable), g+1)
	}
	next := inf
	for j := range kids {
		k := &kids[j]
		if !s.count() {
			return false, inf
		}
		if f := g + 1 + k.h; f > bound {
			next = min(next, f)
			continue
		}
		c := s.move(st, g, k.m)
		if s.tiles != nil {
			// The tile database, only where the walking distances keep
			// the child, up to its first read past the bound.
			if h := s.tiles.bound(c, s.tpos, bound-g-1); h > k.h {
				if f := g + 1 + s.parityUp(h, g+1); f > bound {
					next = min(next, f)
					continue
				}
			}
		}
		copy(s.wdv[g+1], k.vals[:len(s.h.WDs)])
		copy(s.wdRows[g+1], k.rows[:len(s.h.WDs)])
		stop, t := s.descend(c, g, bound, k.m, k.h)
		if stop {
			return s.err == nil, t
		}
		next = min(next, t)
	}
	return false, next
}
