package cnf

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	acorpus "github.com/puzzlesat/puzzlesat/kinds/arrows/corpus"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	model "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/sat/gophersat"
)

// solver is what the tests need of a back-end: sat.Solver and the small
// gini wrapper of gini_test.go both have it.
type solver interface {
	encode.Adder
	Solve(ctx context.Context, assumptions ...int) (sat.Status, error)
	Model() []bool
}

// solutions encodes p into s and returns its solutions, up to limit,
// blocking each one found; every one must pass Verify.
func solutions(t *testing.T, s solver, p *model.Puzzle, opt Options, limit int) []puzzle.Assignment {
	t.Helper()
	l, err := Encode(encode.NewBuilder(s), p, opt)
	if err != nil {
		t.Fatal(err)
	}
	var out []puzzle.Assignment
	for len(out) < limit {
		st, err := s.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if st != sat.Sat {
			break
		}
		a, err := l.Decode(s.Model())
		if err != nil {
			t.Fatal(err)
		}
		if v := p.Verify(a); v != nil {
			t.Fatalf("%s: model violates %v", p.Name(), v)
		}
		out = append(out, a)
		var block []int
		for i, row := range l.Lits {
			block = append(block, -row[a[i]])
		}
		s.AddClause(block...)
	}
	return out
}

// setup is one way to solve: a back-end and a count encoding.
type setup struct {
	name string
	new  func() (solver, error)
	opt  Options
}

// setups are every count encoding on gini, and the default encoding on
// each in-process back-end of package sat.
func setups() []setup {
	test := func() (solver, error) { return newGini(), nil }
	out := []setup{{"tied-totalizer", test, Options{}}}
	for _, e := range card.All {
		if e.Exactly != nil {
			out = append(out, setup{"card:" + e.Name, test, Options{Card: e}})
		}
	}
	for _, be := range []struct {
		name string
		new  func() (sat.Solver, error)
	}{{"sat/gini", gini.NewSolver}, {"sat/gophersat", gophersat.NewSolver}} {
		out = append(out, setup{be.name, func() (solver, error) { return be.new() }, Options{}})
	}
	return out
}

// TestCorpusUnique: with every setup, every corpus puzzle has exactly one
// solution, equal to solution.txt.
func TestCorpusUnique(t *testing.T) {
	ps := acorpus.Puzzles(t)
	for _, su := range setups() {
		for _, p := range ps {
			s, err := su.new()
			if err != nil {
				t.Fatal(err)
			}
			sols := solutions(t, s, p, su.opt, 2)
			if len(sols) != 1 || !slices.Equal(sols[0], p.Solution) {
				t.Errorf("%s %s: have %v, want only %v", su.name, p.Name(), sols, p.Solution)
			}
		}
	}
}

// brute counts the solutions of a tiny puzzle by enumeration.
func brute(p *model.Puzzle) int {
	n, m := p.NumRows*p.NumCols, p.NumValues()
	a := make(puzzle.Assignment, n)
	total := 0
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if p.Verify(a) == nil {
				total++
			}
			return
		}
		for v := 0; v < m; v++ {
			a[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return total
}

func TestCountsMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 0))
	for trial := 0; trial < 30; trial++ {
		rows, cols := 2+rng.IntN(2), 2+rng.IntN(2)
		p := &model.Puzzle{Header: puzzle.Header{Title: "random"}, NumRows: rows, NumCols: cols}
		for r := 0; r < rows; r++ {
			var ds []model.Dir
			var gs []int
			for c := 0; c < cols; c++ {
				ds = append(ds, model.Dir(rng.IntN(8)))
				gs = append(gs, -1)
			}
			p.Dirs, p.Given = append(p.Dirs, ds), append(p.Given, gs)
		}
		p.Prepare()
		want := brute(p)
		for _, su := range setups() {
			s, err := su.new()
			if err != nil {
				t.Fatal(err)
			}
			if have := len(solutions(t, s, p, su.opt, 1000)); have != want {
				t.Errorf("%s trial %d: %d solutions, brute force %d", su.name, trial, have, want)
			}
		}
	}
}
