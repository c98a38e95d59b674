package search

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

// A perimeter search ("ball") for puzzles whose goal arrangements are
// enumerated and whose states fit 58 bits: the exact distance to the goal
// of every state within radius R of the goal set is stored, and IDA* from
// the start uses it as its heuristic (the stored distance inside the ball,
// R+1 outside). The ball is stored up to the puzzle's symmetries: cell
// permutations of its picture with value maps that carry every move onto a
// move and every goal onto a goal, so a state and its images lie at the
// same distance and one canonical key (the least image) stands for all.
//
// Reborn: 16 symmetries (flip the lines, swap or mirror the grids, v ↦
// 10−v), the ball of radius 5 holds 1.5 million canonical keys for 23
// million states, and IDA* proves the 11-move optimum looking up the
// states 6 moves from the start, where the bidirectional breadth-first
// search stored 8.2 million states in two hash maps.
//
// Proof of optimality: the ball's distances are those of a breadth-first
// search over the goal set's orbits, exact up to R, and every state outside
// is more than R moves away, so the heuristic is admissible, and IDA*
// raises its bound only after every path within it has been searched.

// symmetry maps state s to the state t with t[cell[c]] = val[s[c]].
type symmetry struct {
	cell []int
	val  []uint8
}

// symmetries returns the symmetries of p (the identity first) among the
// candidates its picture suggests: reverse the order of the lines, rotate
// or reverse every line's cells (when all lines have the same number of
// cells), each with the identity on values or v ↦ min+max−v. Each
// candidate is kept only if it carries every move onto a move and the goal
// set onto itself, so a wrong guess costs nothing but the check.
func symmetries(p *shift.Puzzle, goals [][]int) []symmetry {
	n := p.NumCells()
	var lines [][]int
	for _, l := range p.Picture.Lines {
		var cs []int
		for _, e := range l {
			if e != shift.Gap {
				cs = append(cs, e)
			}
		}
		if len(cs) > 0 {
			lines = append(lines, cs)
		}
	}
	id := make([]int, n)
	for c := range id {
		id[c] = c
	}
	cells := [][]int{id}
	w := 0
	if len(lines) > 0 {
		w = len(lines[0])
	}
	covered := 0
	for _, l := range lines {
		if len(l) != w {
			w = 0
		}
		covered += len(l)
	}
	if w > 0 && covered == n {
		for flip := 0; flip < 2; flip++ {
			for rev := 0; rev < 2; rev++ {
				for rot := 0; rot < w; rot++ {
					if flip == 0 && rev == 0 && rot == 0 {
						continue
					}
					perm := make([]int, n)
					for i, l := range lines {
						to := lines[i]
						if flip == 1 {
							to = lines[len(lines)-1-i]
						}
						for j, c := range l {
							k := j
							if rev == 1 {
								k = w - 1 - j
							}
							perm[c] = to[(k+rot)%w]
						}
					}
					if !slices.ContainsFunc(cells, func(q []int) bool { return slices.Equal(q, perm) }) {
						cells = append(cells, perm) // one line: the flip is the identity
					}
				}
			}
		}
	}
	vid := make([]uint8, len(p.Values))
	for v := range vid {
		vid[v] = uint8(v)
	}
	vals := [][]uint8{vid}
	if iv, err := p.IntValues(); err == nil && len(iv) > 0 {
		lo, hi := slices.Min(iv), slices.Max(iv)
		at := map[int]int{}
		for v, x := range iv {
			at[x] = v
		}
		comp := make([]uint8, len(iv))
		ok := true
		for v, x := range iv {
			u, found := at[lo+hi-x]
			ok = ok && found
			comp[v] = uint8(u)
		}
		if ok && !slices.Equal(comp, vid) {
			vals = append(vals, comp)
		}
	}
	moveSet := map[string]bool{}
	for _, mv := range p.Moves {
		moveSet[fmt.Sprint(mv.Src)] = true
	}
	goalSet := map[string]bool{}
	for _, g := range goals {
		goalSet[fmt.Sprint(g)] = true
	}
	var out []symmetry
	for _, cp := range cells {
		if !isPerm(cp) || !carriesMoves(p, cp, moveSet) {
			continue
		}
		for _, vp := range vals {
			sy := symmetry{cell: cp, val: vp}
			if carriesGoals(sy, goals, goalSet) {
				out = append(out, sy)
			}
		}
	}
	return out
}

func isPerm(p []int) bool {
	seen := make([]bool, len(p))
	for _, x := range p {
		if x < 0 || x >= len(p) || seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

// carriesMoves reports whether σ·m·σ⁻¹ is a move for every move m: its
// source map sends σ(c) to σ(Src[c]).
func carriesMoves(p *shift.Puzzle, sigma []int, moveSet map[string]bool) bool {
	img := make([]int, len(sigma))
	for _, mv := range p.Moves {
		for c, s := range mv.Src {
			img[sigma[c]] = sigma[s]
		}
		if !moveSet[fmt.Sprint(img)] {
			return false
		}
	}
	return true
}

func carriesGoals(sy symmetry, goals [][]int, goalSet map[string]bool) bool {
	img := make([]int, len(sy.cell))
	for _, g := range goals {
		for c, v := range g {
			img[sy.cell[c]] = int(sy.val[v])
		}
		if !goalSet[fmt.Sprint(img)] {
			return false
		}
	}
	return true
}

// canonizer computes the keys of a state's images: key(σ·s) is the sum
// over cells c of tab[σ][c][s[c]] (radix digits placed where σ sends c).
// When the value map v ↦ nv−1−v pairs up the symmetries (Reborn's v ↦
// 10−v on the sorted digits), key(σ·comp·s) = nv^n−1 − key(σ·s), so only
// the half without it is tracked (mirror) and the least key is the least
// of k and full−k: half the work a move.
type canonizer struct {
	n, nv, ns int
	tab       []uint64 // [(σ·n + c)·nv + v]
	mirror    bool
	full      uint64 // nv^n − 1
}

func newCanonizer(syms []symmetry, n, nv int) *canonizer {
	pow := make([]uint64, n) // pow[i]: the weight of cell i in radix
	x := uint64(1)
	for i := n - 1; i >= 0; i-- {
		pow[i] = x
		x *= uint64(nv)
	}
	k := &canonizer{n: n, nv: nv, full: x - 1}
	// Mirror when the symmetries are those with the identity on values
	// and the same cell maps with v ↦ nv−1−v.
	var base []symmetry
	paired := 0
	for _, sy := range syms {
		if isIdentityVal(sy.val) {
			base = append(base, sy)
		}
	}
	for _, sy := range syms {
		if isReversal(sy.val) {
			for _, b := range base {
				if slices.Equal(b.cell, sy.cell) {
					paired++
				}
			}
		}
	}
	if 2*len(base) == len(syms) && paired == len(base) {
		k.mirror = true
		syms = base
	}
	k.ns = len(syms)
	k.tab = make([]uint64, len(syms)*n*nv)
	for si, sy := range syms {
		for c := 0; c < n; c++ {
			for v := 0; v < nv; v++ {
				k.tab[(si*n+c)*nv+v] = uint64(sy.val[v]) * pow[sy.cell[c]]
			}
		}
	}
	return k
}

func isIdentityVal(v []uint8) bool {
	for i, x := range v {
		if int(x) != i {
			return false
		}
	}
	return true
}

func isReversal(v []uint8) bool {
	for i, x := range v {
		if int(x) != len(v)-1-i {
			return false
		}
	}
	return true
}

// min is the canonical key of the state whose tracked keys are keys.
func (k *canonizer) min(keys []uint64) uint64 {
	m := keys[0]
	for _, x := range keys[1:] {
		m = min(m, x)
	}
	if k.mirror {
		m = min(m, k.full-keys[0])
		for _, x := range keys[1:] {
			m = min(m, k.full-x)
		}
	}
	return m
}

// keys writes the tracked keys of s's images into out (k.ns of them).
func (k *canonizer) keys(s []uint8, out []uint64) {
	for si := range out {
		t := k.tab[si*k.n*k.nv:]
		var x uint64
		for c, v := range s {
			x += t[c*k.nv+int(v)]
		}
		out[si] = x
	}
}

// update turns the image keys of parent into those of child, which
// differs from it on cells only.
func (k *canonizer) update(keys []uint64, parent, child []uint8, cells []int) {
	for si := range keys {
		t := k.tab[si*k.n*k.nv:]
		x := keys[si]
		for _, c := range cells {
			x += t[c*k.nv+int(child[c])] - t[c*k.nv+int(parent[c])]
		}
		keys[si] = x
	}
}

// ball is the set of canonical keys within radius of the goal set, with
// their distances: an open-addressing table of words key | (distance+1) <<
// distShift (0: an empty slot), sized 1.5 times its keys, behind a filter
// of 8 bits a key that answers most lookups of states outside the ball
// from 1/4 of the table's memory (2 MB for Reborn's 1.5 million keys).
type ball struct {
	radius   int
	complete bool  // the whole orbit space reachable from the goals
	layers   []int // canonical keys at each distance
	count    int
	slots    []uint64
	filter   []uint64
	fshift   uint
}

// distShift leaves the keys 58 bits (Reborn: 9^18 < 2^58).
const distShift = 58

// fitsBall reports whether keys of n cells of nv values leave room for the
// distance: nv^n < 2^distShift.
func fitsBall(nv, n int) bool {
	x := 1.0
	for i := 0; i < n; i++ {
		x *= float64(nv)
	}
	return x < 1<<distShift
}

func newBall(capacity int) *ball {
	size := max(16, capacity+capacity/2)
	fbits := max(6, bits.Len(uint(8*capacity-1)))
	return &ball{slots: make([]uint64, size), filter: make([]uint64, 1<<(fbits-6)), fshift: uint(64 - fbits)}
}

func (b *ball) slot(k uint64) int {
	hi, _ := bits.Mul64(k*0x9E3779B97F4A7C15, uint64(len(b.slots)))
	return int(hi)
}

func (b *ball) fbit(k uint64) uint64 { return (k * 0xC2B2AE3D27D4EB4F) >> b.fshift }

// add stores k at distance d unless present; it reports whether it was new.
func (b *ball) add(k uint64, d int) bool {
	const keyMask = 1<<distShift - 1
	for i := b.slot(k); ; i++ {
		if i == len(b.slots) {
			i = 0
		}
		w := b.slots[i]
		if w == 0 {
			b.slots[i] = k | uint64(d+1)<<distShift
			f := b.fbit(k)
			b.filter[f>>6] |= 1 << (f & 63)
			b.count++
			return true
		}
		if w&keyMask == k {
			return false
		}
	}
}

// get returns the distance of k, or -1 when it is not in the ball.
func (b *ball) get(k uint64) int {
	const keyMask = 1<<distShift - 1
	if f := b.fbit(k); b.filter[f>>6]&(1<<(f&63)) == 0 {
		return -1
	}
	for i := b.slot(k); ; i++ {
		if i == len(b.slots) {
			i = 0
		}
		w := b.slots[i]
		if w == 0 {
			return -1
		}
		if w&keyMask == k {
			return int(w>>distShift) - 1
		}
	}
}

// repack returns the ball in a table sized for the keys it holds.
func (b *ball) repack() *ball {
	nb := newBall(b.count)
	nb.radius, nb.complete, nb.layers = b.radius, b.complete, b.layers
	for _, w := range b.slots {
		if w != 0 {
			nb.add(w&(1<<distShift-1), int(w>>distShift)-1)
		}
	}
	return nb
}

// h is the heuristic of a state of canonical key k.
func (b *ball) h(k uint64) int {
	if d := b.get(k); d >= 0 {
		return d
	}
	if b.complete {
		return unreachable
	}
	return b.radius + 1
}

// ballSetup is what a ball search needs of a puzzle.
type ballSetup struct {
	syms  []symmetry
	canon *canonizer
	inv   [][]int // inverse moves
	moved [][]int // cells each move changes
}

func newBallSetup(p *shift.Puzzle, goals [][]int) *ballSetup {
	syms := symmetries(p, goals)
	st := &ballSetup{syms: syms, canon: newCanonizer(syms, p.NumCells(), len(p.Values))}
	for _, mv := range p.Moves {
		st.inv = append(st.inv, mv.Inverse())
		var cs []int
		for c, s := range mv.Src {
			if s != c {
				cs = append(cs, c)
			}
		}
		st.moved = append(st.moved, cs)
	}
	return st
}

// buildBall searches backwards from the goals over canonical keys, layer
// by layer, while the next layer is expected to keep the ball within
// budget keys (it grows by the ratio of the last two layers).
func buildBall(ctx context.Context, p *shift.Puzzle, goals [][]int, st *ballSetup, budget int) (*ball, error) {
	n, nv := p.NumCells(), len(p.Values)
	rd := radix{uint64(nv), n}
	b := newBall(budget)
	buf := make([]uint8, n)
	keys := make([]uint64, st.canon.ns)
	var layer []uint64
	for _, g := range goals {
		for c, v := range g {
			buf[c] = uint8(v)
		}
		st.canon.keys(buf, keys)
		if k := st.canon.min(keys); b.add(k, 0) {
			layer = append(layer, k)
		}
	}
	b.layers = []int{len(layer)}
	child := make([]uint8, n)
	for len(layer) > 0 && b.radius < unreachable-2 {
		if l := len(b.layers); l >= 2 {
			grow := float64(b.layers[l-1]) / float64(max(1, b.layers[l-2]))
			if float64(b.count)+float64(len(layer))*max(grow, 1) > float64(budget) {
				return b, nil
			}
		}
		var next []uint64
		for i, k := range layer {
			if i&0xfff == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			rd.dec(k, buf)
			for _, src := range st.inv {
				for c := range child {
					child[c] = buf[src[c]]
				}
				st.canon.keys(child, keys)
				if ck := st.canon.min(keys); b.add(ck, b.radius+1) {
					next = append(next, ck)
				}
			}
			if b.count > budget {
				// Over the table's size: the layer stays partial, the
				// distances stored are still exact.
				return b, nil
			}
		}
		if len(next) > 0 {
			b.radius++
			b.layers = append(b.layers, len(next))
		}
		layer = next
	}
	b.complete = true
	return b, nil
}

// marshal writes the ball as its radius, completeness, layer sizes and
// key count, then its table's slots.
func (b *ball) marshal() []byte {
	out := make([]byte, 0, 16+4*len(b.layers)+8*len(b.slots))
	c := uint32(0)
	if b.complete {
		c = 1
	}
	for _, x := range []uint32{uint32(b.radius), c, uint32(len(b.layers)), uint32(b.count)} {
		out = binary.LittleEndian.AppendUint32(out, x)
	}
	for _, l := range b.layers {
		out = binary.LittleEndian.AppendUint32(out, uint32(l))
	}
	for _, w := range b.slots {
		out = binary.LittleEndian.AppendUint64(out, w)
	}
	return out
}

// unmarshalBall reads what marshal wrote, checking that the table is the
// size its count gives and holds that many keys (the cache's checksum has
// already ruled out damage; this rules out a table of another layout).
func unmarshalBall(data []byte) (*ball, error) {
	bad := fmt.Errorf("search: malformed ball table")
	if len(data) < 16 {
		return nil, bad
	}
	u := func(i int) int { return int(binary.LittleEndian.Uint32(data[4*i:])) }
	radius, complete, nl, count := u(0), u(1), u(2), u(3)
	if nl > 256 || len(data) < 16+4*nl {
		return nil, bad
	}
	b := newBall(count)
	b.radius, b.complete = radius, complete == 1
	for i := 0; i < nl; i++ {
		b.layers = append(b.layers, u(4+i))
	}
	data = data[16+4*nl:]
	if len(data) != 8*len(b.slots) {
		return nil, bad
	}
	for i := range b.slots {
		w := binary.LittleEndian.Uint64(data[8*i:])
		b.slots[i] = w
		if w != 0 {
			f := b.fbit(w & (1<<distShift - 1))
			b.filter[f>>6] |= 1 << (f & 63)
			b.count++
		}
	}
	if b.count != count {
		return nil, bad
	}
	return b, nil
}

// loadBall reads the ball of p from the table cache in dir, or builds it.
func loadBall(ctx context.Context, p *shift.Puzzle, goals [][]int, st *ballSetup, budget int, dir string) (*ball, error) {
	b, _, err := loadBallOutcome(ctx, p, goals, st, budget, dir)
	return b, err
}

// ballKey is the cache key of p's ball: everything it depends on.
func ballKey(p *shift.Puzzle, goals [][]int, st *ballSetup, budget int) tablecache.Key {
	desc := fmt.Appendf(nil, "ball v1 budget=%d values=%d cells=%d\n", budget, len(p.Values), p.NumCells())
	for _, mv := range p.Moves {
		desc = fmt.Appendf(desc, "move %v\n", mv.Src)
	}
	for _, g := range goals {
		desc = fmt.Appendf(desc, "goal %v\n", g)
	}
	for _, sy := range st.syms {
		desc = fmt.Appendf(desc, "sym %v %v\n", sy.cell, sy.val)
	}
	return tablecache.KeyOf(desc)
}

// loadBallOutcome is loadBall, saying where the ball came from.
func loadBallOutcome(ctx context.Context, p *shift.Puzzle, goals [][]int, st *ballSetup, budget int, dir string) (*ball, tablecache.Outcome, error) {
	var built *ball
	payload, outcome, err := tablecache.Load(dir, "ball", ballKey(p, goals, st, budget), func() ([]byte, error) {
		b, err := buildBall(ctx, p, goals, st, budget)
		if err != nil {
			return nil, err
		}
		built = b.repack()
		return built.marshal(), nil
	})
	if err != nil {
		return nil, outcome, err
	}
	if built != nil {
		return built, outcome, nil
	}
	b, err := unmarshalBall(payload)
	return b, outcome, err
}

// ballSearch is IDA* over the moves of p with the ball as heuristic; the
// keys of every image of the state at each depth are kept, and a move
// updates them for the cells it changes only.
type ballSearch struct {
	ctx   context.Context
	p     *shift.Puzzle
	st    *ballSetup
	b     *ball
	canon *shift.Canon
	stack [][]uint8
	keys  [][]uint64
	path  []int
	nodes int
	err   error
}

func (s *ballSearch) dfs(g, bound int) (bool, int) {
	s.nodes++
	if s.nodes&0xffff == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return false, inf
		}
	}
	h := s.b.h(s.st.canon.min(s.keys[g]))
	if f := g + h; f > bound {
		return false, f
	}
	if h == 0 {
		// Distance 0: the orbit of a goal, all goals.
		return true, g
	}
	next := inf
	st, child := s.stack[g], s.stack[g+1]
	for m, mv := range s.p.Moves {
		if !s.canon.Allows(s.path, m) {
			continue
		}
		for c, src := range mv.Src {
			child[c] = st[src]
		}
		copy(s.keys[g+1], s.keys[g])
		s.st.canon.update(s.keys[g+1], st, child, s.st.moved[m])
		s.path = append(s.path, m)
		found, t := s.dfs(g+1, bound)
		if found {
			return true, t
		}
		s.path = s.path[:len(s.path)-1]
		if s.err != nil {
			return false, inf
		}
		next = min(next, t)
	}
	return false, next
}

// solveBall runs the perimeter search on p from bound lb.
func solveBall(ctx context.Context, p *shift.Puzzle, opt Options, goals [][]int, st *ballSetup, budget, lb int) (*Result, error) {
	t0 := time.Now()
	b, err := loadBall(ctx, p, goals, st, budget, opt.tableDir())
	if err != nil {
		return nil, err
	}
	n := p.NumCells()
	s := &ballSearch{ctx: ctx, p: p, st: st, b: b, canon: shift.NewCanon(p, 3)}
	depth := opt.MaxSteps + 2
	s.stack = make([][]uint8, depth)
	s.keys = make([][]uint64, depth)
	for i := range s.stack {
		s.stack[i] = make([]uint8, n)
		s.keys[i] = make([]uint64, st.canon.ns)
	}
	for c, v := range p.Start {
		s.stack[0][c] = uint8(v)
	}
	st.canon.keys(s.stack[0], s.keys[0])
	res := &Result{Method: "ball", States: b.count, Backward: b.radius}
	bound := max(lb, b.h(st.canon.min(s.keys[0])))
	for {
		res.LowerBound = bound
		opt.provedBound(bound)
		if bound >= unreachable {
			res.Status, res.LowerBound = Unreachable, 0
			break
		}
		if bound > opt.MaxSteps {
			// The answer to the question asked, as the breadth-first
			// search and SAT give it: no solution within MaxSteps (the
			// ball may know more: Reborn's start is 6 moves out or more).
			res.Status, res.LowerBound = NoSolutionWithin, min(bound, opt.MaxSteps+1)
			break
		}
		s.path = s.path[:0]
		found, next := s.dfs(0, bound)
		if s.err != nil {
			res.Nodes, res.Elapsed = s.nodes, time.Since(t0)
			return res, s.err
		}
		if found {
			res.Status, res.Moves = Optimal, append([]int{}, s.path...)
			break
		}
		if next >= inf {
			res.Status, res.LowerBound = Unreachable, 0
			break
		}
		bound = next
	}
	res.Forward = len(res.Moves)
	res.Nodes, res.Elapsed = s.nodes, time.Since(t0)
	return res, nil
}
