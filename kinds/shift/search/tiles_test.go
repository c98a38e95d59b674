package search

import (
	"bytes"
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

var update = flag.Bool("update", false, "rewrite tiles_loopover4x4.bin, the embedded tile database")

// TestTileDBAdmissible: on Loopover 3×3 the tile database finds the 18
// symmetries (9 translations, each with and without the transpose), its
// ranks unrank and rank back, and every read, with no early stop, is at
// most the exact distance of random states; at the goal every read is 0.
func TestTileDBAdmissible(t *testing.T) {
	ctx := context.Background()
	p, _ := shift.Loopover(3, 3)
	d, err := loadTileDB(ctx, p, [][]int{p.Goal.Target}, t.TempDir())
	if err != nil || d == nil {
		t.Fatalf("%v %v", d, err)
	}
	if len(d.syms) != 18 || d.Table != tablecache.Built {
		t.Fatalf("%d symmetries, table %v; want 18, built", len(d.syms), d.Table)
	}
	cells := make([]int, len(d.block))
	for x := range d.size() {
		d.unrank(x, cells)
		if y := d.rank(cells); y != x {
			t.Fatalf("rank %d unranks to %v, which ranks %d", x, cells, y)
		}
	}
	pos := make([]uint8, len(p.Values))
	h := func(s []int) int {
		b := make([]uint8, len(s))
		for i, v := range s {
			b[i] = uint8(v)
		}
		return d.bound(b, pos, 1<<20)
	}
	if g := h(p.Goal.Target); g != 0 {
		t.Fatalf("at the goal: %d", g)
	}
	dist, _, _ := godsNumber(t, p)
	checkAdmissible(t, p, dist, h, rand.New(rand.NewPCG(3, 9)), 20000, "the tile database")
}

// TestTileDBSolves: on Loopover 3×4 (12 translations, no transpose) a solve
// reads the tile database only once Tables has built it; with it IDA*
// proves the same optima as with the walking distances alone in fewer
// nodes; a damaged table is never read by a solve and rebuilt by Tables.
func TestTileDBSolves(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	p, _ := shift.Loopover(3, 4)
	if CachedTileDB(p, dir) != nil {
		t.Fatal("a tile database before any was built")
	}
	tables, err := Tables(ctx, p, dir, nil)
	if err != nil || len(tables) != 3 || tables[2].Outcome != tablecache.Built || tables[2].Max == 0 {
		t.Fatalf("tables %+v, %v", tables, err)
	}
	d := CachedTileDB(p, dir)
	if d == nil || len(d.syms) != 12 || d.Table != tablecache.Loaded {
		t.Fatalf("cached: %+v", d)
	}
	wds, err := NewWalkingDistances(ctx, p, wdStates, dir)
	if err != nil || len(wds) != 2 {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(12, 5))
	var without, with int
	for i := range 6 {
		q, _, err := shift.Scramble(p, 60, rng)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Solve(ctx, q, Options{Method: "ida", Heuristic: &Heuristic{WDs: wds}})
		if err != nil || a.Status != Optimal {
			t.Fatalf("scramble %d: %v %v", i, a, err)
		}
		b, err := Solve(ctx, q, Options{Method: "ida", Heuristic: &Heuristic{WDs: wds, Tiles: d}})
		if err != nil || b.Status != Optimal || len(b.Moves) != len(a.Moves) {
			t.Fatalf("scramble %d: %d moves with the tiles, %d without (%v)", i, len(b.Moves), len(a.Moves), err)
		}
		checkSolution(t, q, b)
		without += a.Nodes
		with += b.Nodes
	}
	if with >= without {
		t.Errorf("%d nodes with the tile database, %d without", with, without)
	}
	t.Logf("nodes: %d without the tile database, %d with", without, with)

	files, _ := filepath.Glob(filepath.Join(dir, "tiles-*.tbl"))
	if len(files) != 1 {
		t.Fatalf("%d tile files", len(files))
	}
	b, _ := os.ReadFile(files[0])
	b[len(b)/2] ^= 1
	if err := os.WriteFile(files[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	if CachedTileDB(p, dir) != nil {
		t.Error("a solve read a damaged tile database")
	}
	tables, err = Tables(ctx, p, dir, nil)
	if err != nil || len(tables) != 3 || tables[2].Outcome != tablecache.Rebuilt {
		t.Fatalf("after damage: %+v, %v", tables, err)
	}
}

// TestEmbeddedTileDB: the tile database puzzlesat carries for Loopover
// 4×4 is the one a build makes now, key and distances; -update rewrites
// it. A solve and Tables take it from the program, with no file.
func TestEmbeddedTileDB(t *testing.T) {
	ctx := context.Background()
	p, _ := shift.Loopover(4, 4)
	d := newTileDB(p, [][]int{p.Goal.Target})
	want, err := d.build(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	file := append(d.key[:len(d.key):len(d.key)], want...)
	if *update {
		if err := os.WriteFile("tiles_loopover4x4.bin", file, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(embeddedTileFile, file) {
		t.Fatalf("tiles_loopover4x4.bin (%d bytes) is not the table a build makes now (%d bytes): go test -run TestEmbeddedTileDB -update", len(embeddedTileFile), len(file))
	}
	dir := t.TempDir()
	if c := CachedTileDB(p, dir); c == nil || c.Table != tablecache.Embedded || !bytes.Equal(c.dist, want) {
		t.Fatalf("a solve's tile database: %+v", c)
	}
	tables, err := Tables(ctx, p, dir, nil)
	if err != nil || len(tables) != 3 || tables[2].Outcome != tablecache.Embedded || tables[2].File != "" || tables[2].Max != 11 {
		t.Fatalf("tables %+v, %v", tables, err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "tiles-*")); len(files) != 0 {
		t.Errorf("tile files written: %v", files)
	}
}
