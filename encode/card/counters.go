package card

import "github.com/puzzlesat/puzzlesat/encode"

// SeqCounter is Sinz's sequential counter (LT_SEQ, CP 2005) for at most k:
// (n−1)·k register variables s_{i,j} ("at least j of the first i are
// true") and 2nk + n − 3k − 1 clauses. At least k is at most n−k of the
// negations. Two-sided bounds (exactly k, 2 ≤ k ≤ n−2) use one counter
// with both clause directions instead of two, its rows cut at k+1 (or
// n−k+1 counting the negations, whichever is smaller) and triangular at
// the start.
var SeqCounter = build("seqcounter",
	"Sinz sequential counter: (n-1)k registers, 2nk+n-3k-1 clauses per bound; exactly k is one two-way counter",
	spec{atMost: seqCounter, between: seqBetween})

// Totalizer is the totalizer of Bailleux and Boufkhad (CP 2003), with
// outputs cut at k+1 (k-simplified) and only the clause directions the bound
// needs; the root's outputs are not materialised, the bound is written as
// clauses on its two children. It counts the literals or their negations,
// whichever needs fewer outputs. Exactly k is one tree with both
// directions.
var Totalizer = build("totalizer",
	"Bailleux-Boufkhad totalizer cut at k+1, one-directional per bound; exactly k shares one tree (default)",
	spec{atMost: func(a encode.Adder, lits []int, k int) { totalizer(a, lits, 0, k) }, between: totalizer})

// CardNet is the cardinality network of Asín, Nieuwenhuis, Oliveras and
// Rodríguez-Carbonell (Constraints 2011): inputs in blocks of m (the power
// of two at or above k+1), each block sorted by a half-merge sorting
// network, blocks combined by simplified merges keeping the top m outputs.
// O(n log² k) clauses; comparators with constant inputs are folded away.
var CardNet = build("cardnet",
	"Asín et al. cardinality network: half sorters and simplified mergers on blocks of 2^ceil(log2(k+1)); O(n log^2 k)",
	spec{atMost: func(a encode.Adder, lits []int, k int) { cardNet(a, lits, 0, k) }, between: cardNet})

func seqCounter(a encode.Adder, x []int, k int) {
	n := len(x)
	s := make([][]int, n-1)
	for i := range s {
		s[i] = newVars(a, k)
	}
	a.AddClause(-x[0], s[0][0])
	for j := 1; j < k; j++ {
		a.AddClause(-s[0][j])
	}
	for i := 1; i < n-1; i++ {
		a.AddClause(-x[i], s[i][0])
		a.AddClause(-s[i-1][0], s[i][0])
		for j := 1; j < k; j++ {
			a.AddClause(-x[i], -s[i-1][j-1], s[i][j])
			a.AddClause(-s[i-1][j], s[i][j])
		}
		a.AddClause(-x[i], -s[i-1][k-1])
	}
	a.AddClause(-x[n-1], -s[n-2][k-1])
}

// seqBetween adds "lo ≤ count(lits) ≤ hi" with one sequential counter
// whose registers r[i][j] are "at least j+1 of the first i+1", defined in
// both directions; row 0 is the first literal itself and the last row is
// not materialised (the bounds are clauses on the row before it).
func seqBetween(a encode.Adder, lits []int, lo, hi int) {
	lits, lo, hi, reach := orient(lits, lo, hi)
	n := len(lits)
	up, down := hi < n, lo > 0
	at := func(row []int, j int) int { // r[.][j] as a value
		switch {
		case j < 0:
			return vTrue
		case j >= len(row):
			return vFalse // the row is not cut there, so the prefix is too short
		}
		return row[j]
	}
	row := lits[:1]
	for i := 1; i < n-1; i++ {
		x := lits[i]
		next := newVars(a, min(i+1, reach))
		for j, r := range next {
			if up {
				clause(a, -at(row, j), r)
				clause(a, -x, -at(row, j-1), r)
			}
			if down {
				clause(a, -r, at(row, j), x)
				clause(a, -r, at(row, j-1))
			}
		}
		row = next
	}
	x := lits[n-1]
	if up { // not (first n−1 ≥ hi+1) and not (x and first n−1 ≥ hi)
		clause(a, -at(row, hi))
		clause(a, -x, -at(row, hi-1))
	}
	if down { // first n−1 ≥ lo, or x and first n−1 ≥ lo−1
		clause(a, at(row, lo-1), x)
		clause(a, at(row, lo-1), at(row, lo-2))
	}
}

// orient decides whether to count lits or their negations for "lo ≤ count
// ≤ hi" (0 ≤ lo ≤ hi ≤ n, not both trivial): a unary counter must reach
// hi+1 for an upper bound and lo for a lower one. It returns the literals
// to count, the bounds on them, and how far the counter must reach.
func orient(lits []int, lo, hi int) ([]int, int, int, int) {
	n := len(lits)
	reach := func(lo, hi int) int {
		if hi < n {
			return hi + 1
		}
		return lo
	}
	if reach(n-hi, n-lo) < reach(lo, hi) {
		return negate(lits), n - hi, n - lo, reach(n-hi, n-lo)
	}
	return lits, lo, hi, reach(lo, hi)
}

// totalizer adds "lo ≤ count(lits) ≤ hi" for 0 ≤ lo ≤ hi ≤ n, n ≥ 2, with
// at least one bound non-trivial.
func totalizer(a encode.Adder, lits []int, lo, hi int) {
	lits, lo, hi, reach := orient(lits, lo, hi)
	n := len(lits)
	t := tot{a: a, cap: reach, up: hi < n, down: lo > 0}
	mid := n / 2
	l, r := t.tree(lits[:mid]), t.tree(lits[mid:])
	if t.up { // not (left ≥ i and right ≥ j) for i+j = hi+1
		for i := max(0, hi+1-len(r)); i <= min(len(l), hi+1); i++ {
			j := hi + 1 - i
			clause(a, t.not(l, i), t.not(r, j))
		}
	}
	if t.down { // left ≥ i+1 or right ≥ j+1 for i+j = lo−1
		for i := max(0, lo-1-len(r)); i <= min(len(l), lo-1); i++ {
			j := lo - 1 - i
			clause(a, t.at(l, i+1), t.at(r, j+1))
		}
	}
}

// tot builds totalizer trees: tree(lits) returns unary outputs o_1..o_m,
// m = min(len(lits), cap), where up makes "at least j inputs true" imply
// o_j and down makes o_j imply it.
type tot struct {
	a        encode.Adder
	cap      int
	up, down bool
}

// at returns o_j of outputs o as a value: o_0 is true, and o_j beyond the
// outputs is false (callers never ask beyond a cut).
func (t tot) at(o []int, j int) int {
	switch {
	case j == 0:
		return vTrue
	case j > len(o):
		return vFalse
	}
	return o[j-1]
}

func (t tot) not(o []int, j int) int { return -t.at(o, j) }

func (t tot) tree(lits []int) []int {
	if len(lits) == 1 {
		return lits
	}
	mid := len(lits) / 2
	l, r := t.tree(lits[:mid]), t.tree(lits[mid:])
	out := newVars(t.a, min(len(lits), t.cap))
	m := len(out)
	for i := 0; i <= len(l); i++ {
		for j := 0; j <= len(r); j++ {
			if s := i + j; t.up && s >= 1 && s <= m {
				clause(t.a, t.not(l, i), t.not(r, j), out[s-1])
			}
			if s := i + j + 1; t.down && s <= m {
				clause(t.a, t.at(l, i+1), t.at(r, j+1), -out[s-1])
			}
		}
	}
	return out
}

// cardNet adds "lo ≤ count(lits) ≤ hi" for 0 ≤ lo ≤ hi ≤ n, n ≥ 2, with
// at least one bound non-trivial.
func cardNet(a encode.Adder, lits []int, lo, hi int) {
	lits, lo, hi, reach := orient(lits, lo, hi)
	n := len(lits)
	m := 1
	for m < reach {
		m *= 2
	}
	in := make([]int, (n+m-1)/m*m)
	copy(in, lits)
	for i := n; i < len(in); i++ {
		in[i] = vFalse
	}
	w := network{a: a, up: hi < n, down: lo > 0}
	out := w.card(in, m)
	if w.up {
		clause(a, -out[hi])
	}
	if w.down {
		clause(a, out[lo-1])
	}
}

// network builds the sorting and merging networks of a cardinality
// network. Outputs are sorted true-first: output j (from 0) is "at least
// j+1 inputs". up writes the clauses making inputs force outputs true,
// down those making outputs force inputs.
type network struct {
	a        encode.Adder
	up, down bool
}

// card returns the top m outputs of sorting in (len(in) a multiple of m).
func (w network) card(in []int, m int) []int {
	if len(in) == m {
		return w.hsort(in)
	}
	half := len(in) / m / 2 * m
	return w.smerge(w.card(in[:half], m), w.card(in[half:], m), false)
}

// hsort sorts in (a power of two long) with half merges.
func (w network) hsort(in []int) []int {
	if len(in) == 1 {
		return in
	}
	h := len(in) / 2
	return w.hmerge(w.hsort(in[:h]), w.hsort(in[h:]))
}

// hmerge merges two sorted sequences of equal power-of-two length.
func (w network) hmerge(x, y []int) []int {
	n := len(x)
	if n == 1 {
		hi, lo := w.comp(x[0], y[0])
		return []int{hi, lo}
	}
	d := w.hmerge(odds(x), odds(y))
	e := w.hmerge(evens(x), evens(y))
	c := make([]int, 0, 2*n)
	c = append(c, d[0])
	for i := 1; i < n; i++ {
		hi, lo := w.comp(d[i], e[i-1])
		c = append(c, hi, lo)
	}
	return append(c, e[n-1])
}

// smerge returns the top n+1 (full) or n outputs of merging two sorted
// sequences of equal power-of-two length n.
func (w network) smerge(x, y []int, full bool) []int {
	n := len(x)
	if n == 1 {
		if !full {
			return []int{w.max(x[0], y[0])}
		}
		hi, lo := w.comp(x[0], y[0])
		return []int{hi, lo}
	}
	d := w.smerge(odds(x), odds(y), true)    // n/2+1 outputs, all used
	e := w.smerge(evens(x), evens(y), false) // its last output would be unused
	c := make([]int, 0, n+1)
	c = append(c, d[0])
	for i := 1; i <= n/2; i++ {
		if i == n/2 && !full {
			c = append(c, w.max(d[i], e[i-1]))
			break
		}
		hi, lo := w.comp(d[i], e[i-1])
		c = append(c, hi, lo)
	}
	return c
}

// odds and evens split a sequence by 1-based position, as in the paper.
func odds(x []int) []int {
	out := make([]int, 0, (len(x)+1)/2)
	for i := 0; i < len(x); i += 2 {
		out = append(out, x[i])
	}
	return out
}

func evens(x []int) []int {
	out := make([]int, 0, len(x)/2)
	for i := 1; i < len(x); i += 2 {
		out = append(out, x[i])
	}
	return out
}

// comp is a 2-comparator: hi = x ∨ y, lo = x ∧ y, folded when an input is
// constant or the inputs are equal or complementary.
func (w network) comp(x, y int) (hi, lo int) {
	switch {
	case x == vFalse:
		return y, vFalse
	case y == vFalse:
		return x, vFalse
	case x == vTrue:
		return vTrue, y
	case y == vTrue:
		return vTrue, x
	case x == y:
		return x, x
	case x == -y:
		return vTrue, vFalse
	}
	hi, lo = w.a.NewVar(), w.a.NewVar()
	if w.up {
		w.a.AddClause(-x, hi)
		w.a.AddClause(-y, hi)
		w.a.AddClause(-x, -y, lo)
	}
	if w.down {
		w.a.AddClause(x, -lo)
		w.a.AddClause(y, -lo)
		w.a.AddClause(x, y, -hi)
	}
	return hi, lo
}

// max is the hi half of a comparator, for when lo would be unused.
func (w network) max(x, y int) int {
	switch {
	case x == vFalse:
		return y
	case y == vFalse:
		return x
	case x == vTrue, y == vTrue, x == -y:
		return vTrue
	case x == y:
		return x
	}
	hi := w.a.NewVar()
	if w.up {
		w.a.AddClause(-x, hi)
		w.a.AddClause(-y, hi)
	}
	if w.down {
		w.a.AddClause(x, y, -hi)
	}
	return hi
}
