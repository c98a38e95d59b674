// Package rup checks RUP (reverse unit propagation) certificates of
// unsatisfiability, independently of the solver that produced them.
//
// A certificate is a list of lemmas (clauses). Each lemma C must be implied
// by unit propagation: the formula, the lemmas before C and the negation of
// C, propagated to fixpoint, must yield a conflict. The certificate must
// derive the empty clause, which then proves the formula unsatisfiable.
// This is the format gophersat's Certified mode emits (learnt clauses and
// units, no deletions, a final "0").
//
// The checker uses two watched literals per clause and keeps the
// propagation of the formula's units between lemmas, so each lemma costs
// only the propagation its negation causes.
package rup

import (
	"context"
	"errors"
	"fmt"

	"github.com/puzzlesat/puzzlesat/sat"
)

// Error says which lemma failed to check.
type Error struct {
	Index int   // 0-based position in the certificate
	Lemma []int // the offending lemma
	Msg   string
}

func (e *Error) Error() string {
	return fmt.Sprintf("rup: lemma %d %v: %s", e.Index+1, e.Lemma, e.Msg)
}

// ErrNoEmptyClause is returned for a certificate whose lemmas all check but
// that never derives the empty clause.
var ErrNoEmptyClause = errors.New("rup: certificate does not derive the empty clause")

// Check verifies cert against f. It returns nil when every lemma up to and
// including the first empty clause is implied by unit propagation; lemmas
// after the empty clause are ignored. A long check stops with ctx.Err()
// when ctx ends: a certificate is only as good as a finished check.
func Check(ctx context.Context, f *sat.Formula, cert [][]int) error {
	c := newChecker(f.Vars)
	for i, cl := range f.Clauses {
		if err := c.validate(cl); err != nil {
			return fmt.Errorf("rup: formula clause %d %v: %v", i+1, cl, err)
		}
		c.add(cl)
	}
	for i, lemma := range cert {
		// Polling every lemma would cost more than small lemmas do.
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := c.validate(lemma); err != nil {
			return &Error{Index: i, Lemma: lemma, Msg: err.Error()}
		}
		if !c.implied(lemma) {
			return &Error{Index: i, Lemma: lemma, Msg: "not implied by unit propagation"}
		}
		if len(lemma) == 0 {
			return nil
		}
		c.add(lemma)
	}
	return ErrNoEmptyClause
}

// Literals are coded as 2*var for positive and 2*var+1 for negative.
func code(l int) int {
	if l > 0 {
		return 2 * l
	}
	return -2*l + 1
}

// value of a coded literal: 1 true, -1 false, 0 unassigned.
type checker struct {
	vals    []int8  // indexed by coded literal
	watches [][]int // coded literal -> clauses watching it
	clauses [][]int // coded literals; positions 0 and 1 are watched
	trail   []int   // coded literals assigned true, in order
	base    int     // trail length after level-0 propagation
	qhead   int
	// conflict is set when the formula and lemmas so far are refuted by
	// unit propagation alone: every later lemma is then implied.
	conflict bool
}

func newChecker(vars int) *checker {
	c := &checker{}
	c.grow(vars)
	return c
}

func (c *checker) grow(v int) {
	if n := 2*v + 2; n > len(c.vals) {
		c.vals = append(c.vals, make([]int8, n-len(c.vals))...)
		c.watches = append(c.watches, make([][]int, n-len(c.watches))...)
	}
}

func (c *checker) validate(cl []int) error {
	for _, l := range cl {
		if l == 0 {
			return errors.New("holds the literal 0")
		}
		if l > 1<<30 || l < -(1<<30) {
			return fmt.Errorf("literal %d out of range", l)
		}
		c.grow(max(l, -l))
	}
	return nil
}

func (c *checker) assign(p int) {
	c.vals[p], c.vals[p^1] = 1, -1
	c.trail = append(c.trail, p)
}

// propagate runs unit propagation from qhead; it reports a conflict.
func (c *checker) propagate() bool {
	for c.qhead < len(c.trail) {
		p := c.trail[c.qhead]
		c.qhead++
		falsified := p ^ 1
		ws := c.watches[falsified]
		kept := ws[:0]
		for wi, ci := range ws {
			cl := c.clauses[ci]
			if cl[0] == falsified {
				cl[0], cl[1] = cl[1], cl[0]
			}
			// cl[1] is the falsified watch.
			if c.vals[cl[0]] == 1 {
				kept = append(kept, ci)
				continue
			}
			moved := false
			for k := 2; k < len(cl); k++ {
				if c.vals[cl[k]] != -1 {
					cl[1], cl[k] = cl[k], cl[1]
					c.watches[cl[1]] = append(c.watches[cl[1]], ci)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			kept = append(kept, ci)
			if c.vals[cl[0]] == -1 {
				kept = append(kept, ws[wi+1:]...)
				c.watches[falsified] = kept
				return true
			}
			c.assign(cl[0])
		}
		c.watches[falsified] = kept
	}
	return false
}

// backtrack undoes every assignment after the level-0 trail.
func (c *checker) backtrack() {
	for _, p := range c.trail[c.base:] {
		c.vals[p], c.vals[p^1] = 0, 0
	}
	c.trail = c.trail[:c.base]
	c.qhead = c.base
}

// add inserts a clause at level 0, propagating it if it is unit.
func (c *checker) add(lits []int) {
	if c.conflict {
		return
	}
	cl := make([]int, 0, len(lits))
	for _, l := range lits {
		p := code(l)
		switch c.vals[p] {
		case 1:
			return // satisfied at level 0 for good
		case -1:
			continue // false at level 0 for good
		}
		if c.vals[p^1] == 0 && contains(cl, p^1) {
			return // tautology
		}
		if !contains(cl, p) {
			cl = append(cl, p)
		}
	}
	switch len(cl) {
	case 0:
		c.conflict = true
		return
	case 1:
		c.assign(cl[0])
		if c.propagate() {
			c.conflict = true
		}
		c.base = len(c.trail)
		return
	}
	ci := len(c.clauses)
	c.clauses = append(c.clauses, cl)
	c.watches[cl[0]] = append(c.watches[cl[0]], ci)
	c.watches[cl[1]] = append(c.watches[cl[1]], ci)
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// implied reports whether unit propagation refutes the negation of lemma.
func (c *checker) implied(lemma []int) bool {
	if c.conflict {
		return true
	}
	defer c.backtrack()
	for _, l := range lemma {
		p := code(l)
		switch c.vals[p] {
		case 1:
			return true // the negation contradicts an assignment
		case 0:
			c.assign(p ^ 1)
		}
	}
	return c.propagate()
}
