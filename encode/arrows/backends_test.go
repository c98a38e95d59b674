package arrows

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
	model "github.com/puzzlesat/puzzlesat/puzzle/arrows"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/sat/gophersat"
)

// TestCorpusEveryBackend: on each in-process back-end every corpus puzzle
// has exactly one solution, equal to solution.txt.
func TestCorpusEveryBackend(t *testing.T) {
	backends := []struct {
		name string
		new  func() (sat.Solver, error)
	}{{"gini", gini.NewSolver}, {"gophersat", gophersat.NewSolver}}
	dirs, _ := filepath.Glob("../../testdata/arrows/20*")
	ctx := context.Background()
	for _, be := range backends {
		for _, dir := range dirs {
			p, err := model.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			s, err := be.new()
			if err != nil {
				t.Fatal(err)
			}
			l, err := Encode(encode.NewBuilder(s), p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var sols [][][]int
			for len(sols) < 2 {
				st, err := s.Solve(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if st != sat.Sat {
					break
				}
				g, err := Decode(p, l, s.Model())
				if err != nil {
					t.Fatal(err)
				}
				sols = append(sols, g)
				var block []int
				for i, row := range l.Lits {
					block = append(block, -row[g[i/p.NumCols][i%p.NumCols]])
				}
				s.AddClause(block...)
			}
			if len(sols) != 1 || !slices.EqualFunc(sols[0], p.Solution, slices.Equal) {
				t.Errorf("%s %s: %d solutions (want 1, equal to solution.txt)", be.name, filepath.Base(dir), len(sols))
			}
		}
	}
}
