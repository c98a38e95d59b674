package search

import (
	"context"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// Walking distances for callers outside this package: read from the
// cache, never built for minutes, and evaluated on a state of value
// bytes. The shortest-solution proof reads them once and hands the same
// ones to the exact search (Options.Heuristic) and to the best-found
// search beside it (solve/bestfound), which steers by them; both only
// read them.

// CachedWalkingDistances returns p's walking distances when none of their
// tables would take minutes to build (a ranked table missing from the
// cache folder dir: Loopover 5×5's before `shift tables`), else nil; nil
// too when p has none (see NewWalkingDistances). Small tables missing from
// dir are built, as the exact search builds them (Loopover 4×4: 0.1 s).
func CachedWalkingDistances(ctx context.Context, p *shift.Puzzle, dir string) ([]*WalkingDistance, error) {
	// One pass: setting up 5×5's ranking is a good part of reading it.
	return newWalkingDistances(ctx, p, wdStates, dir, wdOptions{denseMax: maxDense, cachedOnly: true})
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
