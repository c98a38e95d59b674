package search

import (
	"context"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// Walking distances for searches outside this package (the best-found
// search of solve/bestfound steers by them): read from the cache, never
// built for minutes, and evaluated on a state of value bytes.

// CachedWalkingDistances returns p's walking distances when none of their
// tables would take minutes to build (a ranked table missing from the
// cache folder dir: Loopover 5×5's before `shift tables`), else nil; nil
// too when p has none (see NewWalkingDistances). Small tables missing from
// dir are built, as the exact search builds them (Loopover 4×4: 0.1 s).
func CachedWalkingDistances(ctx context.Context, p *shift.Puzzle, dir string) ([]*WalkingDistance, error) {
	if len(MissingTables(p, dir)) > 0 {
		return nil, nil
	}
	return NewWalkingDistances(ctx, p, wdStates, dir)
}

// Distance is the walking distance of state s (a value a cell): a lower
// bound on the moves of the other layer type that s needs.
func (w *WalkingDistance) Distance(s []uint8) int { return w.h(s) }

// Crossings are how move src (new[c] = old[src[c]]) changes w's count
// matrix: the tokens it carries across w's lines, as cells landed in;
// none when it keeps every token in its line (w's distance is then
// unchanged).
func (w *WalkingDistance) Crossings(src []int) []int {
	var cells []int
	for _, c := range w.crossings(src) {
		cells = append(cells, c.cell)
	}
	return cells
}
