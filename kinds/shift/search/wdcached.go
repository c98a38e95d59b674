package search

import (
	"context"
	"sync"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

// Walking distances for searches outside this package (the best-found
// search of solve/bestfound steers by them): read from the cache, never
// built for minutes, shared with the exact search of the same process,
// and evaluated on a state of value bytes.

// CachedWalkingDistances returns p's walking distances when none of their
// tables would take minutes to build (a ranked table missing from the
// cache folder dir: Loopover 5×5's before `shift tables`), else nil; nil
// too when p has none (see NewWalkingDistances). Small tables missing from
// dir are built, as the exact search builds them (Loopover 4×4: 0.1 s). A
// ranked table that the exact search of this process has read is taken
// as it is (Loopover 5×5: 22 MB, read and checked in 0.3 s or more, kept
// once).
func CachedWalkingDistances(ctx context.Context, p *shift.Puzzle, dir string) ([]*WalkingDistance, error) {
	if len(MissingTables(p, dir)) > 0 {
		return nil, nil
	}
	return newWalkingDistances(ctx, p, wdStates, dir, wdOptions{denseMax: maxDense, shared: true})
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

// readTables are the ranked tables this process has read (and checked),
// by cache folder and key. Only CachedWalkingDistances takes from it: the
// exact search reads its file every time, so that a file damaged or
// replaced since is found out, as its tests require.
var readTables struct {
	sync.Mutex
	m map[tableID][]byte
}

type tableID struct {
	dir string
	key tablecache.Key
}

// remember keeps a ranked table's payload, read from dir under key.
func remember(dir string, key tablecache.Key, payload []byte) {
	readTables.Lock()
	defer readTables.Unlock()
	if readTables.m == nil {
		readTables.m = map[tableID][]byte{}
	}
	readTables.m[tableID{dir, key}] = payload
}

// recall is the payload of w's ranked table read before under key from
// dir, when o asks for it; nil if none.
func recall(o wdOptions, w *WalkingDistance, dir string, key tablecache.Key) []byte {
	if !o.shared || w.rk == nil {
		return nil
	}
	readTables.Lock()
	defer readTables.Unlock()
	return readTables.m[tableID{dir, key}]
}
