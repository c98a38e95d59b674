package arrows

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	model "github.com/puzzlesat/puzzlesat/puzzle/arrows"
)

// count counts solutions up to limit by blocking each one found.
func count(t *testing.T, p *model.Puzzle, opt Options, limit int) (int, [][]int) {
	t.Helper()
	s := newGini()
	l, err := Encode(encode.NewBuilder(s), p, opt)
	if err != nil {
		t.Fatal(err)
	}
	var first [][]int
	n := 0
	for n < limit {
		st, _ := s.Solve(context.Background())
		if st != 10 {
			break
		}
		g, err := Decode(p, l, s.Model())
		if err != nil {
			t.Fatal(err)
		}
		if v := p.Verify(p.Assignment(g)); v != nil {
			t.Fatalf("%s: model violates %v", p.Label, v)
		}
		if first == nil {
			first = g
		}
		n++
		var block []int
		for i, row := range l.Lits {
			block = append(block, -row[g[i/p.NumCols][i%p.NumCols]])
		}
		s.AddClause(block...)
	}
	return n, first
}

func encodings() map[string]Options {
	out := map[string]Options{"tied-totalizer": {}}
	for _, e := range card.All {
		if e.Exactly != nil {
			out["card:"+e.Name] = Options{Card: e}
		}
	}
	return out
}

func TestCorpusUnique(t *testing.T) {
	dirs, _ := filepath.Glob("../../testdata/arrows/20*")
	if len(dirs) != 23 {
		t.Fatalf("have %d corpus folders, want 23", len(dirs))
	}
	for name, opt := range encodings() {
		for _, dir := range dirs {
			p, err := model.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			n, sol := count(t, p, opt, 2)
			if n != 1 {
				t.Errorf("%s %s: %d solutions, want 1", name, dir, n)
				continue
			}
			if !slices.EqualFunc(sol, p.Solution, slices.Equal) {
				t.Errorf("%s %s: solution %v, want %v", name, dir, sol, p.Solution)
			}
		}
	}
}

// brute counts the solutions of a tiny puzzle by enumeration.
func brute(p *model.Puzzle) int {
	n, m := p.NumRows*p.NumCols, p.NumValues()
	a := make([]int, n)
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
		p := &model.Puzzle{Label: "random", NumRows: rows, NumCols: cols}
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
		for name, opt := range encodings() {
			if have, _ := count(t, p, opt, 1000); have != want {
				t.Errorf("%s trial %d: %d solutions, brute force %d", name, trial, have, want)
			}
		}
	}
}
