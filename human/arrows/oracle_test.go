package arrows

import (
	"context"
	"path/filepath"
	"testing"

	encarrows "github.com/puzzlesat/puzzlesat/encode/arrows"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/puzzle"
	model "github.com/puzzlesat/puzzlesat/puzzle/arrows"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// satOracle certifies deductions on p with gini.
func satOracle(t testing.TB, p *model.Puzzle) Oracle {
	t.Helper()
	o, err := encarrows.NewOracle(p, gini.New(), encarrows.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return func(ctx context.Context, cands []human.Cands, force *human.Elim) (puzzle.Assignment, error) {
		cs := make([]uint64, len(cands))
		for i, c := range cands {
			cs[i] = uint64(c)
		}
		var f []int
		if force != nil {
			f = []int{force.Var, force.Value}
		}
		a, err := o.Solution(ctx, cs, f)
		if a == nil {
			return nil, err
		}
		return puzzle.Assignment(a), err
	}
}

func corpus(t testing.TB) []*model.Puzzle {
	t.Helper()
	dirs, _ := filepath.Glob("../../testdata/arrows/20*")
	if len(dirs) != 23 {
		t.Fatalf("have %d corpus puzzles, want 23", len(dirs))
	}
	var ps []*model.Puzzle
	for _, d := range dirs {
		p, err := model.ReadDir(d)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}
