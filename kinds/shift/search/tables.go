package search

import (
	"context"
	"fmt"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

// Table is one of the tables the default search of a puzzle keeps in the
// cache folder, as Tables found it.
type Table struct {
	// Name says what it holds; File is its file in the cache folder ("":
	// embedded in the program).
	Name, File string
	// Bytes is its payload's size, Entries the states or matrices it
	// holds, Max the largest distance it knows.
	Bytes, Entries, Max int
	// Outcome: read and checked, built, or rebuilt over a damaged file.
	Outcome tablecache.Outcome
}

// Tables makes sure that the tables the default search ("auto") of p uses
// are in the cache folder dir and sound: each is read and checked (its
// key, length and checksum), and built where it is missing or damaged
// (see package tablecache). A build runs until ctx ends; progress, when
// set, hears how a long build (a ranked walking distance) goes. None: the
// search of p keeps no table (it builds what it needs as it runs).
//
// This is `puzzlesat shift tables`: a solve under a deadline builds a
// missing table within that deadline or not at all (Loopover 5×5's takes
// minutes), so building them first, with no deadline, is the way to have
// them.
func Tables(ctx context.Context, p *shift.Puzzle, dir string, progress func(string)) ([]Table, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if dir == "" {
		return nil, fmt.Errorf("search: no cache folder for the tables")
	}
	// Past its deadline before it starts: no answer, even when the
	// tables are there (as Solve).
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	goals, ok := p.GoalStates(100000, 20_000_000)
	if !ok {
		return nil, nil
	}
	wds, err := newWalkingDistances(ctx, p, wdStates, dir, wdOptions{denseMax: maxDense, progress: progress})
	if err != nil {
		return nil, err
	}
	var out []Table
	for _, w := range wds {
		file := tablecache.Path(dir, "wd", w.key)
		if n := len(out); n > 0 && out[n-1].File == file {
			out[n-1].Name += " and " + w.Name // one table serves both
			continue
		}
		states, maxDist := w.Stats()
		t := Table{Name: "walking distances of " + w.Name, File: file, Entries: states, Max: maxDist, Outcome: w.Table}
		t.Bytes = 9 * states
		if w.rk != nil {
			t.Bytes = len(w.dense)
		}
		out = append(out, t)
	}
	if wds != nil {
		// The tile database beside them (Loopover up to 16 cells; 4×4's
		// is in the program), which of all callers only this builds.
		d, err := loadTileDB(ctx, p, goals, dir)
		if err != nil {
			return nil, err
		}
		if d != nil {
			t := Table{Name: "tile database of the 2×3 block", Bytes: len(d.dist), Entries: d.size(), Max: d.MaxDist(), Outcome: d.Table}
			if d.Table != tablecache.Embedded {
				t.File = tablecache.Path(dir, "tiles", d.key)
			}
			out = append(out, t)
		}
		return out, nil
	}
	if !fitsBall(len(p.Values), p.NumCells()) {
		return out, nil
	}
	st := newBallSetup(p, goals)
	if len(st.syms) <= 1 {
		return nil, nil
	}
	b, outcome, err := loadBallOutcome(ctx, p, goals, st, ballBudget, dir)
	if err != nil {
		return nil, err
	}
	return []Table{{Name: fmt.Sprintf("ball of goal distances, radius %d", b.radius),
		File: tablecache.Path(dir, "ball", ballKey(p, goals, st, ballBudget)), Bytes: 8 * len(b.slots),
		Entries: b.count, Max: b.radius, Outcome: outcome}}, nil
}

// MissingTables names the tables the default search of p would have to
// build for minutes because they are not in the cache folder dir (a
// ranked walking distance: Loopover 5×5's), looking only at the files'
// headers: what a run cut short before it had them says.
func MissingTables(p *shift.Puzzle, dir string) []string {
	if dir == "" || p.Validate() != nil {
		return nil
	}
	wds, err := newWalkingDistances(context.Background(), p, wdStates, dir, wdOptions{denseMax: maxDense, probe: true})
	if err != nil {
		return nil
	}
	var out []string
	for i, w := range wds {
		if w.rk == nil || w.present || i > 0 && wds[i-1].key == w.key {
			continue
		}
		name := w.Name
		if i+1 < len(wds) && wds[i+1].key == w.key {
			name += " and " + wds[i+1].Name // one table serves both
		}
		out = append(out, fmt.Sprintf("walking distances of %s (%d count matrices, %d MB)", name, w.rk.total, (w.rk.total+1<<19)>>20))
	}
	return out
}
