package card_test

import (
	"fmt"
	"slices"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/puzzlesat/puzzlesat/encode"
)

// cnf records clauses as an encode.Adder and answers satisfiability
// questions about them with gini, used directly as an independent oracle.
type cnf struct {
	vars    int
	clauses [][]int
	g       *gini.Gini
	unsat   bool // unsatisfiable whatever the assumptions (see sat)
}

var _ encode.Adder = (*cnf)(nil)

func newCNF(inputs int) *cnf { return &cnf{vars: inputs} }

func (c *cnf) NewVar() int { c.vars++; return c.vars }

func (c *cnf) AddClause(lits ...int) {
	for _, l := range lits { // catches internal constants or stray literals leaking out
		if l == 0 || max(l, -l) > c.vars {
			panic(fmt.Sprintf("literal %d of clause %v is not an allocated variable", l, lits))
		}
	}
	c.clauses = append(c.clauses, slices.Clone(lits))
	if len(lits) == 0 {
		c.unsat = true
	}
	if c.g != nil {
		c.load(lits)
	}
}

func (c *cnf) load(lits []int) {
	for _, l := range lits {
		c.g.Add(z.Dimacs2Lit(l))
	}
	c.g.Add(z.LitNull)
}

// sat reports whether the clauses hold together with the assumptions.
//
// The first call solves once without assumptions and remembers an Unsat
// answer: gini v1.0.4, once it has found a formula unsatisfiable regardless
// of the assumptions, fails the next Solve under assumptions with
// "internal error in solve: sat model".
func (c *cnf) sat(assumptions ...int) bool {
	if c.unsat {
		return false
	}
	if c.g == nil {
		c.g = gini.New()
		for _, cl := range c.clauses {
			c.load(cl)
		}
		if c.g.Solve() != 1 {
			c.unsat = true
			return false
		}
	}
	for _, l := range assumptions {
		c.g.Assume(z.Dimacs2Lit(l))
	}
	return c.g.Solve() == 1
}

// assignment returns the unit literals setting variables 1..n to the bits
// of m, and the model (indexed by variable) they describe.
func assignment(n int, m uint) ([]int, []bool) {
	lits := make([]int, n)
	model := make([]bool, n+1)
	for v := 1; v <= n; v++ {
		model[v] = m>>(v-1)&1 == 1
		lits[v-1] = v
		if !model[v] {
			lits[v-1] = -v
		}
	}
	return lits, model
}

// nativeCNF is a cnf whose back-end also takes native "at least k"
// constraints; it records each call and writes it as the naive clauses
// "every n−k+1 of lits include a true one".
type nativeCNF struct {
	*cnf
	calls []nativeCall
}

type nativeCall struct {
	lits []int
	k    int
}

func (c *nativeCNF) AddAtLeast(lits []int, k int) {
	c.calls = append(c.calls, nativeCall{slices.Clone(lits), k})
	n := len(lits)
	switch {
	case k <= 0:
	case k > n:
		c.AddClause()
	default:
		var pick func(start int, chosen []int)
		pick = func(start int, chosen []int) {
			if len(chosen) == n-k+1 {
				c.AddClause(chosen...)
				return
			}
			for i := start; i < n; i++ {
				pick(i+1, append(chosen, lits[i]))
			}
		}
		pick(0, nil)
	}
}

// count is an Adder that only counts variables and clauses.
type count struct{ vars, clauses int }

func (c *count) NewVar() int      { c.vars++; return c.vars }
func (c *count) AddClause(...int) { c.clauses++ }
func (c *count) String() string   { return fmt.Sprintf("%d vars, %d clauses", c.vars, c.clauses) }
