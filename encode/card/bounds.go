package card

import (
	"github.com/puzzlesat/puzzlesat/encode"
)

// spec is what one encoding contributes; build wraps it with the bound
// handling every encoding shares.
type spec struct {
	// atMost adds "at most k of lits" for 1 ≤ k ≤ len(lits)−2 (so
	// len(lits) ≥ 3); lits holds no complementary pair. AMO-only specs are
	// called with k = 1 only.
	atMost func(a encode.Adder, lits []int, k int)
	// between adds "lo ≤ count ≤ hi" for 2 ≤ lo ≤ hi ≤ len(lits)−2. Nil
	// means atMost(lits, hi) plus atMost(¬lits, n−lo).
	between func(a encode.Adder, lits []int, lo, hi int)
	amoOnly bool
}

func build(name, doc string, s spec) *Encoding {
	return &Encoding{
		Name:    name,
		Doc:     doc,
		AMOOnly: s.amoOnly,
		AtMost:  func(a encode.Adder, lits []int, k int) { s.bound(a, lits, 0, k) },
		AtLeast: func(a encode.Adder, lits []int, k int) { s.bound(a, lits, k, len(lits)) },
		Exactly: func(a encode.Adder, lits []int, k int) { s.bound(a, lits, k, k) },
	}
}

// bound adds "lo ≤ count(lits) ≤ hi".
func (s spec) bound(a encode.Adder, lits []int, lo, hi int) {
	// The count is in 0..len(lits): clamping keeps the meaning and keeps
	// the arithmetic below from overflowing on extreme k.
	lo = min(max(lo, -1), len(lits)+1)
	hi = min(max(hi, -1), len(lits)+1)
	lits, pairs := cancelPairs(lits)
	n := len(lits)
	lo = max(lo-pairs, 0)
	hi = min(hi-pairs, n)
	switch {
	case lo > hi:
		a.AddClause()
	case lo == 0 && hi == n:
	case hi == 0:
		for _, l := range distinct(lits) {
			a.AddClause(-l)
		}
	case lo == n:
		for _, l := range distinct(lits) {
			a.AddClause(l)
		}
	case 2 <= lo && hi <= n-2 && s.between != nil && !s.amoOnly:
		s.between(a, lits, lo, hi)
	case 2 <= lo && hi <= n-2 && s.amoOnly:
		totalizer(a, lits, lo, hi)
	default:
		if hi < n {
			s.upper(a, lits, hi)
		}
		if lo > 0 {
			s.upper(a, negate(lits), n-lo)
		}
	}
}

// upper adds "at most k of lits" for 1 ≤ k ≤ len(lits)−1.
func (s spec) upper(a encode.Adder, lits []int, k int) {
	switch {
	case k == len(lits)-1:
		a.AddClause(distinct(negate(lits))...)
	case k == 1 || !s.amoOnly:
		s.atMost(a, lits, k)
	default:
		totalizer(a, lits, 0, k)
	}
}

// cancelPairs returns a copy of lits with complementary pairs removed and
// the number of pairs: each pair holds exactly one true literal.
func cancelPairs(lits []int) ([]int, int) {
	open := map[int][]int{} // literal → indexes of its unmatched occurrences
	removed := make([]bool, len(lits))
	pairs := 0
	for i, l := range lits {
		if js := open[-l]; len(js) > 0 {
			removed[js[len(js)-1]] = true
			removed[i] = true
			open[-l] = js[:len(js)-1]
			pairs++
			continue
		}
		open[l] = append(open[l], i)
	}
	out := make([]int, 0, len(lits)-2*pairs)
	for i, l := range lits {
		if !removed[i] {
			out = append(out, l)
		}
	}
	return out, pairs
}

// distinct returns lits without repeats, in first-seen order.
func distinct(lits []int) []int {
	seen := make(map[int]bool, len(lits))
	out := make([]int, 0, len(lits))
	for _, l := range lits {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

func hasRepeats(lits []int) bool { return len(distinct(lits)) != len(lits) }

func negate(lits []int) []int {
	out := make([]int, len(lits))
	for i, l := range lits {
		out[i] = -l
	}
	return out
}

func newVars(a encode.Adder, n int) []int {
	vs := make([]int, n)
	for i := range vs {
		vs[i] = a.NewVar()
	}
	return vs
}

// Values in the networks are literals or one of two constants, chosen
// outside any variable's range so that negation maps one onto the other.
const (
	vTrue  = int(^uint(0) >> 1)
	vFalse = -vTrue
)

// clause adds the disjunction of vs after folding constants: a true value
// drops the clause and false values drop out.
func clause(a encode.Adder, vs ...int) {
	c := make([]int, 0, len(vs))
	for _, v := range vs {
		switch v {
		case vTrue:
			return
		case vFalse:
		default:
			c = append(c, v)
		}
	}
	a.AddClause(c...)
}
