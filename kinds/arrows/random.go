package arrows

import (
	"math/rand/v2"

	ha "github.com/puzzlesat/puzzlesat/kinds/arrows/rules"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// randomArrows: the rules audit's random layouts, arrows with no givens.
func randomArrows(rng *rand.Rand, rows, cols int, opt kind.Options) (kind.Instance, error) {
	if _, err := arrowsCard(opt); err != nil {
		return nil, err
	}
	p := ha.RandomLayout(rng, ha.GenOptions{Rows: rows, Cols: cols})
	if err := p.Check(); err != nil {
		return nil, err
	}
	return models.Instance(p, opt), nil
}
