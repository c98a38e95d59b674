package card_test

import (
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/encode/satoracle"
)

// nativeCNF is a satoracle.CNF whose back-end also takes native "at least k"
// constraints; it records each call and writes it as the naive clauses
// "every n−k+1 of lits include a true one".
type nativeCNF struct {
	*satoracle.CNF
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
