package answer

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// One is a single puzzle of a kind of either sort, read whole (a bundled
// example): a grid kind's instance (Grid) or a puzzle played by moves
// (Moves). ReadOne is the one place that tells the two apart for it.
type One struct {
	Kind  *kind.Kind
	Grid  kind.Instance
	Moves kind.MovesPuzzle
}

// ReadOne reads data (from a file called file) as one puzzle of k, with
// opt for a grid kind: an input holding more puzzles, or a malformed one,
// is an error.
func ReadOne(k *kind.Kind, file string, data []byte, opt kind.Options) (*One, error) {
	if !k.Grid() {
		p, err := k.Moves.Parse(file, data)
		if err != nil {
			return nil, err
		}
		return &One{Kind: k, Moves: p}, nil
	}
	insts, err := k.Parse(file, data, opt)
	if err != nil {
		return nil, err
	}
	if len(insts) != 1 {
		return nil, fmt.Errorf("holds %d puzzles, want 1", len(insts))
	}
	return &One{Kind: k, Grid: insts[0]}, nil
}

// Name is the name the puzzle gives itself ("" when none).
func (o *One) Name() string {
	if o.Grid != nil {
		return o.Grid.Name()
	}
	return o.Moves.Title()
}

// Size is the puzzle's grid, rows by columns; a puzzle played by moves
// has none (0, 0).
func (o *One) Size() (rows, cols int) {
	if o.Grid != nil {
		return o.Grid.Rows(), o.Grid.Cols()
	}
	return 0, 0
}
