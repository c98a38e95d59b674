package arrows

import (
	"context"
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
