package search

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// Ranked walking distances: when the mixed-radix numbers of the count
// matrices are too many for an array (Loopover 5×5: 126⁴ = 252 million
// numbers for 22,069,251 matrices), the matrices are ranked perfectly,
// 0..States-1, and the distances kept one byte per matrix (22 MB for
// 5×5, where a map of them would take about 1 GB).
//
// The rank counts the matrices that come before m, row by row: fixing
// the rows above l leaves the column sums still open (a packed vector,
// "open"), and every composition of line l's size that fits under open
// and comes before m's row l (in the order of the packed rows) is
// followed by N(l+1, open−row) matrices, N(l, open) being the number of
// ways to fill rows l.. under open. off[l] holds those sums by (open,
// row) so a rank is nl−1 lookups.
//
// The table is built breadth-first from the goal matrix over symmetry
// classes: a matrix found is marked with all its images (the rotations
// and reflections of the cycle of lines, applied to current and goal
// lines alike, keep the goal and the moves), and only it is expanded.
// Loopover 5×5 has ten, so a tenth of the matrices are expanded, each
// into up to 2·5⁵ successors.
type wdRanking struct {
	full   int       // the packed column sums of every matrix (what is open at row 0)
	comps  [][]int   // comps[l]: the packed compositions of line l's size, in rank order
	capIdx [][]int32 // capIdx[l][packed open vector]: its index among row l's (-1: none)
	off    [][]uint32
	total  uint64
	// first2[rank of row 0 · |comps[1]| + rank of row 1] is what the
	// first two rows add to the rank (nl ≥ 3): one read of a 63 KB table
	// (5×5) where the two levels took four.
	first2 []uint32
}

// maxRanked bounds the matrices a ranked walking distance holds (one byte
// each).
const maxRanked = 64 << 20

// newRanking sets up the perfect ranking of w's count matrices whose
// column sums are colSum.
func newRanking(w *WalkingDistance, colSum []int) (*wdRanking, error) {
	nl := w.nl
	rk := &wdRanking{full: w.packedSums(colSum)}
	w.setLanes()
	packedLen := len(w.rowRank[0])
	rk.comps = make([][]int, nl)
	for l := range nl {
		for x, r := range w.rowRank[l] {
			if r >= 0 {
				rk.comps[l] = append(rk.comps[l], x)
			}
		}
	}
	// The caps of every level, forwards.
	caps := make([][]int, nl+1)
	rk.capIdx = make([][]int32, nl+1)
	for l := range rk.capIdx {
		rk.capIdx[l] = make([]int32, packedLen)
		for i := range rk.capIdx[l] {
			rk.capIdx[l][i] = -1
		}
	}
	add := func(l, open int) {
		if rk.capIdx[l][open] < 0 {
			rk.capIdx[l][open] = int32(len(caps[l]))
			caps[l] = append(caps[l], open)
		}
	}
	add(0, rk.full)
	for l := range nl {
		for _, open := range caps[l] {
			for _, row := range rk.comps[l] {
				if w.fitsUnder(row, open) {
					add(l+1, open-row)
				}
			}
		}
	}
	// N backwards; nothing is left open after the last row.
	ways := make([][]uint64, nl+1)
	ways[nl] = make([]uint64, len(caps[nl]))
	for i, open := range caps[nl] {
		if open == 0 {
			ways[nl][i] = 1
		}
	}
	rk.off = make([][]uint32, nl)
	for l := nl - 1; l >= 0; l-- {
		ways[l] = make([]uint64, len(caps[l]))
		nr := len(rk.comps[l])
		rk.off[l] = make([]uint32, len(caps[l])*nr)
		for ci, open := range caps[l] {
			var sum uint64
			for ri, row := range rk.comps[l] {
				rk.off[l][ci*nr+ri] = uint32(min(sum, 1<<32-1))
				if w.fitsUnder(row, open) {
					sum += ways[l+1][rk.capIdx[l+1][open-row]]
				}
			}
			ways[l][ci] = sum
		}
	}
	if nl >= 3 {
		n1 := len(rk.comps[1])
		rk.first2 = make([]uint32, len(rk.comps[0])*n1)
		for r0i, r0 := range rk.comps[0] {
			if !w.fitsUnder(r0, rk.full) {
				continue
			}
			c1 := int(rk.capIdx[1][rk.full-r0])
			for r1i := range rk.comps[1] {
				rk.first2[r0i*n1+r1i] = rk.off[0][r0i] + rk.off[1][c1*n1+r1i]
			}
		}
	}
	rk.total = ways[0][0]
	if rk.total > maxRanked {
		return nil, fmt.Errorf("%w: %d count matrices", errTooBig, rk.total)
	}
	return rk, nil
}

// sameRanking is the ranking of a walking distance in before whose count
// matrices are w's (the same line sizes, so the same packed rows, and the
// same column sums, packed: full), or nil: the rows and the columns of a
// square Loopover share one, set up once.
func sameRanking(w *WalkingDistance, full int, before []*WalkingDistance) *wdRanking {
	for _, o := range before {
		if o.rk != nil && o.rk.full == full && o.nl == w.nl && o.base == w.base &&
			slices.EqualFunc(o.rowRank, w.rowRank, slices.Equal) {
			w.lanes = o.lanes
			return o.rk
		}
	}
	return nil
}

// packedSums packs column sums colSum as a row is packed.
func (w *WalkingDistance) packedSums(colSum []int) int {
	full := 0
	for g, c := range colSum {
		full += c * w.pow[g]
	}
	return full
}

// rank is the rank of the count matrix with packed rows r.
func (rk *wdRanking) rank(w *WalkingDistance, r *packedRows) uint64 {
	open := rk.full
	var x uint64
	l := 0
	if rk.first2 != nil {
		r0, r1 := int(r[0]), int(r[1])
		x = uint64(rk.first2[int(w.rowRank[0][r0])*len(rk.comps[1])+int(w.rowRank[1][r1])])
		open -= r0 + r1
		l = 2
	}
	for ; l < w.nl-1; l++ {
		row := int(r[l])
		x += uint64(rk.off[l][int(rk.capIdx[l][open])*len(rk.comps[l])+int(w.rowRank[l][row])])
		open -= row
	}
	return x
}

// unrank writes the count matrix of rank x into m (nl×nl).
func (rk *wdRanking) unrank(w *WalkingDistance, x uint64, m []byte) {
	open := rk.full
	nl := w.nl
	for l := range nl {
		ci := int(rk.capIdx[l][open])
		nr := len(rk.comps[l])
		row := open // the last row takes what is left
		if l < nl-1 {
			// The last composition that fits with off ≤ x: offs do not
			// decrease along the compositions, and one that does not fit
			// adds no matrices.
			best := -1
			for ri, r := range rk.comps[l] {
				o := uint64(rk.off[l][ci*nr+ri])
				if o > x {
					break
				}
				if w.fitsUnder(r, open) {
					best = ri
				}
			}
			row = rk.comps[l][best]
			x -= uint64(rk.off[l][ci*nr+best])
		}
		for g := range nl {
			m[l*nl+g] = byte(row / w.pow[g] % w.base)
		}
		open -= row
	}
}

// fitsUnder reports whether packed row fits under packed open digit by
// digit.
func (w *WalkingDistance) fitsUnder(row, open int) bool {
	if w.lanes != nil {
		// Each digit in a byte of its own: a digit of row above open's
		// borrows the byte's top bit.
		const top = 0x8080808080808080
		return ((w.lanes[open]|top)-w.lanes[row])&top == top
	}
	for g := 0; g < w.nl; g, row, open = g+1, row/w.base, open/w.base {
		if row%w.base > open%w.base {
			return false
		}
	}
	return true
}

// setLanes spreads every packed row's digits a byte each (w.lanes), for
// fitsUnder, when there are at most 8 digits and each is below 128: the
// ranking's set-up tries millions of pairs, and dividing them into digits
// took a 5×5 solve 20 ms.
func (w *WalkingDistance) setLanes() {
	if w.lanes != nil || w.nl > 8 || w.base > 128 {
		return
	}
	lanes := make([]uint64, len(w.rowRank[0]))
	for x := range lanes {
		v := x
		for g := range w.nl {
			lanes[x] |= uint64(v%w.base) << (8 * g)
			v /= w.base
		}
	}
	w.lanes = lanes
}

// buildRanked is build for a ranked walking distance: the distances by
// rank, found breadth-first from the goal matrix, the frontier kept as
// ranks.
func (w *WalkingDistance) buildRanked(ctx context.Context, goal []byte, moves []transfer, progress func(string)) ([]byte, error) {
	rk := w.rk
	nl := w.nl
	dist := make([]byte, rk.total)
	for i := range dist {
		dist[i] = unreachable
	}
	rankOf := func(m []byte) uint64 {
		var pr packedRows
		for l := range nl {
			s := int32(0)
			for g, c := range m[l*nl : l*nl+nl] {
				s += int32(c) * int32(w.pow[g])
			}
			pr[l] = s
		}
		return rk.rank(w, &pr)
	}
	// nextRows are next's packed rows, kept along with it: most
	// successors are known already, and ranking them from the packed rows
	// spares packing the matrix.
	var nextRows packedRows
	syms := w.symmetries(goal, moves)
	img := make([]byte, nl*nl)
	g0 := rankOf(goal)
	dist[g0] = 0
	frontier := []uint32{uint32(g0)}
	cur := make([]byte, nl*nl)
	next := make([]byte, nl*nl)
	out := make([]byte, nl*nl)
	var nf []uint32
	var d byte
	marked := uint64(1) // the count matrices whose distance is known
	var rec func(tr transfer, i int)
	rec = func(tr transfer, i int) {
		if i == len(tr.from) {
			x := rk.rank(w, &nextRows)
			if dist[x] == unreachable {
				// The images of next under the symmetries are as far
				// from the goal: marked now, never expanded.
				dist[x] = d
				marked++
				nf = append(nf, uint32(x))
				for _, sym := range syms {
					for i, c := range next {
						img[int(sym[i/nl])*nl+int(sym[i%nl])] = c
					}
					if y := rankOf(img); dist[y] == unreachable {
						dist[y] = d
						marked++
					}
				}
			}
			return
		}
		a, b := tr.from[i], tr.to[i]
		for gl := 0; gl < nl; gl++ {
			if cur[a*nl+gl] == out[a*nl+gl] {
				continue
			}
			pv := int32(w.pow[gl])
			out[a*nl+gl]++
			next[a*nl+gl]--
			next[b*nl+gl]++
			nextRows[a] -= pv
			nextRows[b] += pv
			rec(tr, i+1)
			out[a*nl+gl]--
			next[a*nl+gl]++
			next[b*nl+gl]--
			nextRows[a] += pv
			nextRows[b] -= pv
		}
	}
	for d = 1; len(frontier) > 0; d++ {
		if d >= unreachable {
			return nil, fmt.Errorf("search: walking distance deeper than 254")
		}
		nf = nil
		for i, x := range frontier {
			if i&0xff == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			rk.unrank(w, uint64(x), cur)
			var curRows packedRows
			for l := range nl {
				for g, c := range cur[l*nl : l*nl+nl] {
					curRows[l] += int32(c) * int32(w.pow[g])
				}
			}
			for _, tr := range moves {
				copy(next, cur)
				nextRows = curRows
				clear(out)
				rec(tr, 0)
			}
		}
		frontier = nf
		if progress != nil && len(nf) > 0 {
			progress(fmt.Sprintf("walking distances up to %d: %d of %d count matrices (%.1f%%)", d, marked, rk.total, 100*float64(marked)/float64(rk.total)))
		}
	}
	return dist, nil
}

// symmetries are the maps of the lines (i → ±i+k mod nl, the identity
// left out) that keep the goal matrix and the set of abstract moves when
// applied to current and goal lines alike (M'[σi][σg] = M[i][g]): a
// matrix and its image are equally far from the goal. Loopover's rows
// have ten (the rotations and reflections of the cycle of rows).
func (w *WalkingDistance) symmetries(goal []byte, moves []transfer) [][]byte {
	nl := w.nl
	key := func(from, to []int) string {
		pairs := make([]int, len(from))
		for i := range from {
			pairs[i] = from[i]*nl + to[i]
		}
		slices.Sort(pairs)
		return fmt.Sprint(pairs)
	}
	have := map[string]bool{}
	for _, tr := range moves {
		have[key(tr.from, tr.to)] = true
	}
	var out [][]byte
	for _, sign := range []int{1, -1} {
		for k := range nl {
			sym := make([]byte, nl)
			id := true
			for i := range nl {
				sym[i] = byte(((sign*i+k)%nl + nl) % nl)
				id = id && int(sym[i]) == i
			}
			if id || !w.keeps(sym, goal, moves, have, key) {
				continue
			}
			out = append(out, sym)
		}
	}
	return out
}

// keeps reports whether line map sym keeps the goal matrix, the line
// sizes and the moves.
func (w *WalkingDistance) keeps(sym, goal []byte, moves []transfer, have map[string]bool, key func(from, to []int) string) bool {
	nl := w.nl
	for i := range nl {
		if w.size[sym[i]] != w.size[i] {
			return false
		}
		for g := range nl {
			if goal[int(sym[i])*nl+int(sym[g])] != goal[i*nl+g] {
				return false
			}
		}
	}
	for _, tr := range moves {
		from, to := make([]int, len(tr.from)), make([]int, len(tr.to))
		for i := range tr.from {
			from[i], to[i] = int(sym[tr.from[i]]), int(sym[tr.to[i]])
		}
		if !have[key(from, to)] {
			return false
		}
	}
	return true
}

// rankedDescription is what a ranked table depends on, in terms of line
// indexes only: the line sizes, the goal matrix and the abstract moves
// (each a set of line-to-line transfers). The rows' and the columns'
// tables of a square Loopover are one table, built once.
func (w *WalkingDistance) rankedDescription(p *shift.Puzzle, moves []transfer) []byte {
	desc := fmt.Appendf([]byte("walking distance v3 ranked\n"), "sizes %v\ngoal %v\n", w.size, w.goalMatrix(p))
	var keys []string
	for _, tr := range moves {
		pairs := make([][2]int, len(tr.from))
		for i := range tr.from {
			pairs[i] = [2]int{tr.from[i], tr.to[i]}
		}
		slices.SortFunc(pairs, func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) })
		keys = append(keys, fmt.Sprint(pairs))
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	for _, k := range keys {
		desc = fmt.Appendf(desc, "move %s\n", k)
	}
	return desc
}
