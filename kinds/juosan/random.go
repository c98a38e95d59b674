package juosan

import (
	"math/rand/v2"

	jm "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// randomJuosan: random territories, about three in four numbered, around a
// planted grid (under either reading).
func randomJuosan(rng *rand.Rand, rows, cols int, opt kind.Options) (kind.Instance, error) {
	rd, err := jm.ParseReading(opt.Flag("rule"))
	if err != nil {
		return nil, err
	}
	p, sol, err := jm.Random(rng, rows, cols)
	if err != nil {
		return nil, err
	}
	p.Reading = rd
	p.Solution = sol.Assignment()
	return models.Instance(p, opt), nil
}
