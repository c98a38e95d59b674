package shift

import (
	"context"
	"fmt"
	"io"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

// tables reads and checks the exact search's cached tables for q,
// building those missing or damaged (search.Tables, in the user's cache
// folder): `puzzlesat shift tables`.
func tables(ctx context.Context, q kind.MovesPuzzle, progress io.Writer) ([]kind.MovesTable, error) {
	p := Model(q)
	if p == nil {
		return nil, fmt.Errorf("shift: %T is not a shift puzzle", q)
	}
	var say func(string)
	if progress != nil {
		say = func(line string) { fmt.Fprintln(progress, line) }
	}
	ts, err := search.Tables(ctx, p, tablecache.DefaultDir(), say)
	if err != nil {
		return nil, err
	}
	out := make([]kind.MovesTable, 0, len(ts))
	for _, t := range ts {
		out = append(out, kind.MovesTable{Name: t.Name, File: t.File, Bytes: t.Bytes, Entries: t.Entries, Status: t.Outcome.String()})
	}
	return out, nil
}
