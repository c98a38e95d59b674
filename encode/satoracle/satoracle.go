// Package satoracle is for tests only: an encode.Adder that records clauses
// and answers satisfiability questions about them with gini, used directly
// as an independent oracle, for exhaustive checks of encodings against
// their truth tables.
package satoracle

import (
	"fmt"
	"slices"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

// CNF records clauses as an encode.Adder and answers satisfiability
// questions about them with gini.
type CNF struct {
	Vars    int     // variables allocated so far, inputs included
	Clauses [][]int // every clause added, in order

	g     *gini.Gini
	unsat bool // unsatisfiable whatever the assumptions (see Sat)
	known int  // the highest variable g has seen in a clause
}

var _ encode.Adder = (*CNF)(nil)

// New returns an empty CNF whose variables 1..inputs are the caller's
// inputs; NewVar allocates after them.
func New(inputs int) *CNF { return &CNF{Vars: inputs} }

// NewVar allocates the next variable.
func (c *CNF) NewVar() int { c.Vars++; return c.Vars }

// AddClause records a clause. It panics on a literal that is not an
// allocated variable: that catches internal constants or stray literals
// leaking out of the encoding under test.
func (c *CNF) AddClause(lits ...int) {
	for _, l := range lits {
		if l == 0 || max(l, -l) > c.Vars {
			panic(fmt.Sprintf("literal %d of clause %v is not an allocated variable", l, lits))
		}
	}
	c.Clauses = append(c.Clauses, slices.Clone(lits))
	if len(lits) == 0 {
		c.unsat = true
	}
	if c.g != nil {
		c.load(lits)
	}
}

func (c *CNF) load(lits []int) {
	for _, l := range lits {
		c.known = max(c.known, l, -l)
		c.g.Add(z.Dimacs2Lit(l))
	}
	c.g.Add(z.LitNull)
}

// Sat reports whether the clauses hold together with the assumptions.
// Clauses may be added between calls.
//
// The first call solves once without assumptions and remembers an Unsat
// answer: gini v1.0.4, once it has found a formula unsatisfiable regardless
// of the assumptions, fails the next Solve under assumptions with
// "internal error in solve: sat model".
func (c *CNF) Sat(assumptions ...int) bool {
	if c.unsat {
		return false
	}
	if c.g == nil {
		c.g = gini.New()
		for _, cl := range c.Clauses {
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

// Solutions enumerates up to limit solutions of the clauses, decoded by
// lay, told apart by lay's primary variables only: each one found is
// blocked on them. The blocking clauses hang on an activation variable
// that is retired at the end, so that c answers afterwards as before.
// Every model is held to the clauses before it is decoded, so that a wrong
// answer of gini cannot pass for a wrong encoding.
func (c *CNF) Solutions(lay encode.Layout, limit int) ([]puzzle.Assignment, error) {
	act := c.NewVar()
	defer c.AddClause(-act)
	var out []puzzle.Assignment
	for len(out) < limit && c.Sat(act) {
		m := make([]bool, c.Vars+1)
		for v := 1; v <= c.known; v++ {
			m[v] = c.g.Value(z.Dimacs2Lit(v))
		}
		f := sat.Formula{Vars: c.Vars, Clauses: c.Clauses}
		if ok, i := f.Satisfies(m); !ok {
			return out, fmt.Errorf("gini's model falsifies clause %d %v", i, c.Clauses[i])
		}
		a, err := lay.Decode(m)
		if err != nil {
			return out, err
		}
		out = append(out, a)
		c.AddClause(sat.AppendBlock([]int{-act}, m, lay.Primary())...)
	}
	return out, nil
}

// Solve encodes a puzzle through enc into a fresh CNF and returns up to
// limit of its solutions (CNF.Solutions). It fails t on an encoding error,
// on a builder whose primary variables are not the layout's, and on a
// model that breaks a clause.
func Solve(t testing.TB, limit int, enc func(b *encode.Builder) (encode.Layout, error)) []puzzle.Assignment {
	t.Helper()
	c := New(0)
	b := encode.NewBuilder(c)
	lay, err := enc(b)
	if err != nil {
		t.Fatal(err)
	}
	if have, want := b.Primary(), lay.Primary(); !slices.Equal(have, want) {
		t.Fatalf("builder primaries %v differ from the layout's %v", have, want)
	}
	out, err := c.Solutions(lay, limit)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Assignment returns the unit literals setting variables 1..n to the bits
// of m (variable v is bit v-1), and the model (indexed by variable) they
// describe.
func Assignment(n int, m uint) ([]int, []bool) {
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
