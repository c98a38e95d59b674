package search

import (
	"context"
	"os"
	"strings"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

// TestTables: Tables builds a puzzle's tables into an empty cache folder,
// reads them back checked the second time, rebuilds a damaged file, and
// names none for a puzzle whose search keeps no table; Loopover 4×4's
// tile database comes from the program.
func TestTables(t *testing.T) {
	p, _ := shift.Loopover(4, 4)
	dir := t.TempDir()
	ctx := context.Background()
	var tabs []Table
	for i, want := range []tablecache.Outcome{tablecache.Built, tablecache.Loaded} {
		var err error
		tabs, err = Tables(ctx, p, dir, nil)
		if err != nil || len(tabs) != 3 {
			t.Fatalf("run %d: %v, %v; want three tables", i, tabs, err)
		}
		if tb := tabs[2]; tb.Outcome != tablecache.Embedded || tb.File != "" || tb.Entries != 5765760 || tb.Max != 11 || tb.Bytes != 5765760/2 {
			t.Errorf("run %d: %+v, want the tile database embedded, 5,765,760 positions", i, tb)
		}
		for _, tb := range tabs[:2] {
			if tb.Outcome != want || tb.Entries != 10147 || tb.Max == 0 || tb.Bytes != 9*10147 {
				t.Errorf("run %d: %+v, want %v, 10147 matrices", i, tb, want)
			}
			if _, err := os.Stat(tb.File); err != nil {
				t.Errorf("run %d: %v", i, err)
			}
		}
	}
	data, err := os.ReadFile(tabs[0].File)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 1
	if err := os.WriteFile(tabs[0].File, data, 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := Tables(ctx, p, dir, nil)
	if err != nil || len(again) != 3 || again[0].Outcome != tablecache.Rebuilt || again[1].Outcome != tablecache.Loaded {
		t.Errorf("after damage: %+v, %v; want the first rebuilt, the second read", again, err)
	}
	// A puzzle of no symmetry and no two layer types keeps no table.
	q, err := shift.Parse("q.txt", []byte("start\n1 2 3\n4 5 6\ntarget\n2 1 3\n4 5 6\nmove a (r1c1 r1c2 r1c3)\nmove b (r2c1 r2c2)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if tabs, err := Tables(ctx, q, t.TempDir(), nil); err != nil || len(tabs) != 0 {
		t.Errorf("no-table puzzle: %+v, %v; want none", tabs, err)
	}
	if _, err := Tables(ctx, p, "", nil); err == nil {
		t.Error("no cache folder: no error")
	}
}

// TestMissingTables: a ranked table not in the cache is named (5×5, once
// for rows and columns alike); tables built in a blink are not (4×4).
func TestMissingTables(t *testing.T) {
	p5, _ := shift.Loopover(5, 5)
	got := MissingTables(p5, t.TempDir())
	if len(got) != 1 || !strings.Contains(got[0], "22069251 count matrices") {
		t.Errorf("5x5: %q, want the one ranked table", got)
	}
	p4, _ := shift.Loopover(4, 4)
	if got := MissingTables(p4, t.TempDir()); len(got) != 0 {
		t.Errorf("4x4: %q, want none", got)
	}
}
