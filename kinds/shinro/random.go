package shinro

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
)

// randomShinro: up to a third of the cells stones, up to half of them
// arrows.
func randomShinro(rng *rand.Rand, rows, cols int, opt kind.Options) (kind.Instance, error) {
	cells := rows * cols
	p, err := sm.Random(rng, rows, cols, 1+rng.IntN(max(1, cells/3)), rng.IntN(cells/2+1))
	if err != nil {
		return nil, err
	}
	return models.Instance(p, opt), nil
}
