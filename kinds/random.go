package kinds

import (
	"math/rand/v2"

	ha "github.com/puzzlesat/puzzlesat/human/arrows"
	jm "github.com/puzzlesat/puzzlesat/puzzle/juosan"
	lm "github.com/puzzlesat/puzzlesat/puzzle/linjat"
	sm "github.com/puzzlesat/puzzlesat/puzzle/shinro"
)

// The kinds' Random functions draw puzzles with random clues, unique or
// not, for sweeps that compare solvers on many inputs (crosscheck
// --random): puzzles with many solutions or none exercise counts and
// backbones as much as unique ones. They are the models' own random
// builders; where the builder plants a solution, the instance carries it.

// randomJuosan: random territories, about three in four numbered, around a
// planted grid (under either reading).
func randomJuosan(rng *rand.Rand, rows, cols int, opt Options) (Instance, error) {
	rd, err := jm.ParseReading(opt.Rule)
	if err != nil {
		return nil, err
	}
	p, sol, err := jm.Random(rng, rows, cols)
	if err != nil {
		return nil, err
	}
	p.Reading = rd
	p.Solution = sol.Assignment()
	return juosanModels.instance(p, opt), nil
}

// randomShinro: up to a third of the cells stones, up to half of them
// arrows.
func randomShinro(rng *rand.Rand, rows, cols int, opt Options) (Instance, error) {
	cells := rows * cols
	p, err := sm.Random(rng, rows, cols, 1+rng.IntN(max(1, cells/3)), rng.IntN(cells/2+1))
	if err != nil {
		return nil, err
	}
	return shinroModels.instance(p, opt), nil
}

// randomArrows: the rules audit's random layouts, arrows with no givens.
func randomArrows(rng *rand.Rand, rows, cols int, opt Options) (Instance, error) {
	if _, err := arrowsCard(opt); err != nil {
		return nil, err
	}
	p := ha.RandomLayout(rng, ha.GenOptions{Rows: rows, Cols: cols})
	if err := p.Check(); err != nil {
		return nil, err
	}
	return arrowsModels.instance(p, opt), nil
}

// randomLinjat: lines of 2 to 5 cells placed at random until the grid is
// about full, dots on half of their other cells.
func randomLinjat(rng *rand.Rand, rows, cols int, opt Options) (Instance, error) {
	p, err := lm.Random(rng, rows, cols, 2*rows*cols, min(5, max(2, rows, cols)), 0.5)
	if err != nil {
		return nil, err
	}
	return linjatModels.instance(p, opt), nil
}
