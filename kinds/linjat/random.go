package linjat

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	lm "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
)

// randomLinjat: lines of 2 to 5 cells placed at random until the grid is
// about full, dots on half of their other cells.
func randomLinjat(rng *rand.Rand, rows, cols int, opt kind.Options) (kind.Instance, error) {
	p, err := lm.Random(rng, rows, cols, 2*rows*cols, min(5, max(2, rows, cols)), 0.5)
	if err != nil {
		return nil, err
	}
	return models.Instance(p, opt), nil
}
