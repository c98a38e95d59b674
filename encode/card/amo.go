package card

import (
	"math"

	"github.com/puzzlesat/puzzlesat/encode"
)

// Pairwise forbids every pair: n(n−1)/2 binary clauses, no auxiliaries.
var Pairwise = amo("pairwise",
	"one binary clause per pair, no auxiliary variables; quadratic size", pairwise)

// Ladder is the sequential (ladder) at-most-one: n−1 auxiliaries s_i
// ("some literal among the first i is true") and 3n−4 clauses. It is the
// sequential counter (SeqCounter) for k = 1.
var Ladder = amo("ladder",
	"sequential ladder of n-1 prefix variables, 3n-4 clauses", ladder)

// Commander is the commander at-most-one of Klieber and Kwon: groups of
// three get a commander implied by each member, pairwise within groups, and
// at most one commander, recursively.
var Commander = amo("commander",
	"groups of 3 under commander variables, recursively (Klieber & Kwon 2007)", commander)

// Product is Chen's 2-product at-most-one: literals are laid out on a
// grid, each implies its row and column variable, and at most one row and
// one column may be chosen, recursively.
var Product = amo("product",
	"2-product grid of row and column variables, recursively (Chen 2010)", product)

// amo is the at-most-one-only encoding called name, whose at-most-one
// constraints atMost writes; doc says how.
func amo(name, doc string, atMost func(a encode.Adder, lits []int, k int)) *Encoding {
	return build(name, "at-most-one only: "+doc, spec{atMost: atMost, amoOnly: true})
}

func pairwise(a encode.Adder, lits []int, _ int) {
	for i, x := range lits {
		for _, y := range lits[i+1:] {
			a.AddClause(-x, -y)
		}
	}
}

func ladder(a encode.Adder, lits []int, _ int) {
	n := len(lits)
	s := newVars(a, n-1)
	for i := range n - 1 {
		a.AddClause(-lits[i], s[i])
		if i > 0 {
			a.AddClause(-s[i-1], s[i])
		}
	}
	for i := 1; i < n; i++ {
		a.AddClause(-lits[i], -s[i-1])
	}
}

// Below these sizes the recursive encodings use pairwise, which is then no
// larger in clauses and needs no auxiliaries.
const (
	commanderPairwiseMax = 5
	productPairwiseMax   = 6
	commanderGroup       = 3
)

func commander(a encode.Adder, lits []int, _ int) {
	for len(lits) > commanderPairwiseMax {
		var next []int
		for i := 0; i < len(lits); i += commanderGroup {
			g := lits[i:min(i+commanderGroup, len(lits))]
			if len(g) == 1 {
				next = append(next, g[0])
				continue
			}
			c := a.NewVar()
			pairwise(a, g, 1)
			for _, x := range g {
				a.AddClause(-x, c)
			}
			next = append(next, c)
		}
		lits = next
	}
	pairwise(a, lits, 1)
}

func product(a encode.Adder, lits []int, _ int) {
	n := len(lits)
	if n <= productPairwiseMax {
		pairwise(a, lits, 1)
		return
	}
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	rows := (n + cols - 1) / cols
	u, v := newVars(a, rows), newVars(a, cols)
	for i, x := range lits {
		a.AddClause(-x, u[i/cols])
		a.AddClause(-x, v[i%cols])
	}
	product(a, u, 1)
	product(a, v, 1)
}
