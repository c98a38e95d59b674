package conformance

import (
	"iter"
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/dimacs"
)

// Pigeonhole returns the classic hard UNSAT family when pigeons > holes:
// every pigeon sits in a hole, no hole holds two pigeons. Variable
// p*holes+h+1 means pigeon p sits in hole h.
func Pigeonhole(pigeons, holes int) *sat.Formula {
	f := &sat.Formula{Vars: pigeons * holes}
	x := func(p, h int) int { return p*holes + h + 1 }
	for p := 0; p < pigeons; p++ {
		c := make([]int, holes)
		for h := range c {
			c[h] = x(p, h)
		}
		f.AddClause(c...)
	}
	for h := 0; h < holes; h++ {
		for p := 0; p < pigeons; p++ {
			for q := p + 1; q < pigeons; q++ {
				f.AddClause(-x(p, h), -x(q, h))
			}
		}
	}
	return f
}

// Random3SAT returns a uniform random 3-SAT formula: clauses clauses of three
// distinct variables out of vars, each negated with probability 1/2.
func Random3SAT(rng *rand.Rand, vars, clauses int) *sat.Formula {
	f := &sat.Formula{Vars: vars}
	for i := 0; i < clauses; i++ {
		a := rng.IntN(vars) + 1
		b := a
		for b == a {
			b = rng.IntN(vars) + 1
		}
		c := a
		for c == a || c == b {
			c = rng.IntN(vars) + 1
		}
		lits := []int{a, b, c}
		for j := range lits {
			if rng.IntN(2) == 0 {
				lits[j] = -lits[j]
			}
		}
		f.AddClause(lits...)
	}
	return f
}

// ReadFile reads the DIMACS CNF file at path, a test's fixture, and fails
// tb when it cannot.
func ReadFile(tb testing.TB, path string) *sat.Formula {
	tb.Helper()
	f, err := dimacs.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// Models yields every model of f, indexed by variable (index 0 unused), by
// trying all 2^f.Vars assignments: the brute-force oracle of tests, for
// small formulas. The slice is reused from one model to the next: clone it
// to keep it.
func Models(f *sat.Formula) iter.Seq[[]bool] {
	return func(yield func([]bool) bool) {
		model := make([]bool, f.Vars+1)
		for bits := 0; bits < 1<<f.Vars; bits++ {
			for v := 1; v <= f.Vars; v++ {
				model[v] = bits>>(v-1)&1 == 1
			}
			if ok, _ := f.Satisfies(model); ok && !yield(model) {
				return
			}
		}
	}
}

// bruteCount counts the assignments of variables 1..f.Vars satisfying f, the
// given units, and the cardinality constraints; f.Vars must be small.
func bruteCount(f *sat.Formula, units []int, cards []card) int {
	n := 0
	for model := range Models(f) {
		if !holds(model, units) {
			continue
		}
		good := true
		for _, c := range cards {
			if !c.holds(model) {
				good = false
				break
			}
		}
		if good {
			n++
		}
	}
	return n
}

// holds reports whether every literal is true in model.
func holds(model []bool, lits []int) bool {
	for _, l := range lits {
		v := l
		if v < 0 {
			v = -v
		}
		if v >= len(model) || model[v] != (l > 0) {
			return false
		}
	}
	return true
}

// card is "at least k of lits", counted as a list (a repeated literal counts
// each time).
type card struct {
	lits []int
	k    int
}

func (c card) holds(model []bool) bool {
	n := 0
	for _, l := range c.lits {
		if holds(model, []int{l}) {
			n++
		}
	}
	return n >= c.k
}
