package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

// rowsWD is the rows' walking distance of Loopover r×c set up for
// ranking (no table).
func rowsWD(t *testing.T, r, c int) (*WalkingDistance, *wdRanking) {
	t.Helper()
	p, _ := shift.Loopover(r, c)
	lay := shift.NewLayering(p, shift.NewCanon(p, 1))
	w, ok := newWD(p, lay, 0)
	if !ok {
		t.Fatalf("loopover %dx%d: no walking distance", r, c)
	}
	colSum := make([]int, w.nl)
	for _, v := range p.Goal.Target {
		colSum[w.goalOf[v]]++
	}
	rk, err := newRanking(w, colSum)
	if err != nil {
		t.Fatal(err)
	}
	return w, rk
}

// TestRanking: the ranks are 0..N-1 for N the number of count matrices
// (as matrices counts them), and unrank inverts rank: every rank of 4×4
// and 3×5, sampled ranks of 5×5 (22,069,251 matrices).
func TestRanking(t *testing.T) {
	tests := []struct {
		r, c   int
		want   uint64
		sample int // 0: every rank
	}{
		{3, 3, 55, 0},
		{4, 4, 10147, 0},
		{3, 5, 0, 0},
		{5, 5, 22069251, 20000},
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for _, tt := range tests {
		w, rk := rowsWD(t, tt.r, tt.c)
		p, _ := shift.Loopover(tt.r, tt.c)
		if n := w.matrices(p, 1<<40); uint64(n) != rk.total || tt.want != 0 && rk.total != tt.want {
			t.Errorf("%dx%d: %d ranks, %d matrices, want %d", tt.r, tt.c, rk.total, n, tt.want)
		}
		m := make([]byte, w.nl*w.nl)
		check := func(x uint64) {
			rk.unrank(w, x, m)
			var pr packedRows
			for l := range w.nl {
				sum := 0
				for g, c := range m[l*w.nl : l*w.nl+w.nl] {
					pr[l] += int32(int(c) * w.pow[g])
					sum += int(c)
				}
				if sum != w.size[l] {
					t.Fatalf("%dx%d: rank %d unranks to a row %d of %d tokens", tt.r, tt.c, x, l, sum)
				}
			}
			if y := rk.rank(w, &pr); y != x {
				t.Fatalf("%dx%d: rank %d unranks to %v, which ranks %d", tt.r, tt.c, x, m, y)
			}
		}
		if tt.sample == 0 {
			for x := range rk.total {
				check(x)
			}
		} else {
			check(0)
			check(rk.total - 1)
			for range tt.sample {
				check(rng.Uint64N(rk.total))
			}
		}
	}
}

// TestWalkingDistanceSymmetries: the line maps that keep the rows'
// abstract puzzle are the rotations and reflections of the cycle of rows
// (2n, the identity left out), for square and oblong Loopovers alike.
func TestWalkingDistanceSymmetries(t *testing.T) {
	for _, tt := range []struct{ r, c, want int }{{3, 3, 5}, {4, 4, 7}, {5, 5, 9}, {3, 5, 5}, {5, 3, 9}} {
		p, _ := shift.Loopover(tt.r, tt.c)
		lay := shift.NewLayering(p, shift.NewCanon(p, 1))
		w, _ := newWD(p, lay, 0)
		syms := w.symmetries(w.goalMatrix(p), w.transfers(p, lay, 1))
		if len(syms) != tt.want {
			t.Errorf("%dx%d: %d symmetries %v, want %d", tt.r, tt.c, len(syms), syms, tt.want)
		}
	}
}

// TestRankedWalkingDistance: the walking distances kept by rank (built
// breadth-first over the symmetry classes) equal those kept by number
// (built over every matrix) on random states of Loopover 3×3, 4×4 and
// 3×5, and the ranked 3×3 sum is admissible against the exact distances.
func TestRankedWalkingDistance(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 1))
	for _, tt := range []struct{ r, c int }{{3, 3}, {4, 4}, {3, 5}, {5, 3}} {
		p, _ := shift.Loopover(tt.r, tt.c)
		byNumber, err := newWalkingDistances(ctx, p, 1_000_000, t.TempDir(), wdOptions{denseMax: maxDense})
		if err != nil || len(byNumber) != 2 {
			t.Fatalf("%dx%d by number: %v %v", tt.r, tt.c, byNumber, err)
		}
		byRank, err := newWalkingDistances(ctx, p, 1_000_000, t.TempDir(), wdOptions{})
		if err != nil || len(byRank) != 2 || byRank[0].rk == nil || byRank[1].rk == nil {
			t.Fatalf("%dx%d by rank: %v %v", tt.r, tt.c, byRank, err)
		}
		for i := range 2 {
			rs, rm := byRank[i].Stats()
			ns, nm := byNumber[i].Stats()
			if rs != ns || rm != nm {
				t.Errorf("%dx%d %s: %d states max %d by rank, %d max %d by number", tt.r, tt.c, byRank[i].Name, rs, rm, ns, nm)
			}
		}
		s := make([]uint8, len(p.Start))
		for i, v := range p.Start {
			s[i] = uint8(v)
		}
		for range 3000 {
			rng.Shuffle(len(s), func(a, b int) { s[a], s[b] = s[b], s[a] })
			for i := range 2 {
				if a, b := byRank[i].h(s), byNumber[i].h(s); a != b {
					t.Fatalf("%dx%d %s of %v: %d by rank, %d by number", tt.r, tt.c, byRank[i].Name, s, a, b)
				}
			}
		}
		if tt.r == 3 && tt.c == 3 {
			dist, _, _ := godsNumber(t, p)
			h := &Heuristic{WDs: byRank}
			checkAdmissible(t, p, dist, h.H, rng, 20000, "the ranked walking distance")
		}
	}
}

// TestRankedIDA: IDA* on the ranked walking distances proves the optima
// the breadth-first search finds on 4×4 scrambles.
func TestRankedIDA(t *testing.T) {
	ctx := context.Background()
	lo, _ := shift.Loopover(4, 4)
	wds, err := newWalkingDistances(ctx, lo, 1_000_000, t.TempDir(), wdOptions{})
	if err != nil || len(wds) != 2 {
		t.Fatalf("%v %v", wds, err)
	}
	h := &Heuristic{WDs: wds}
	rng := rand.New(rand.NewPCG(4, 7))
	for i := range 6 {
		q, _, err := shift.Scramble(lo, 8, rng)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Solve(ctx, q, Options{Method: "bfs"})
		if err != nil || want.Status != Optimal {
			t.Fatalf("bfs: %v %v", want, err)
		}
		have, err := Solve(ctx, q, Options{Method: "ida", Heuristic: h})
		if err != nil || have.Status != Optimal || len(have.Moves) != len(want.Moves) {
			t.Errorf("scramble %d: IDA* %v %d moves, bfs %d", i, have.Status, len(have.Moves), len(want.Moves))
		}
		checkSolution(t, q, have)
	}
}

// TestRankedTableCache: a ranked table is built once, read back, and
// rebuilt when its file is damaged, with the same distances every way;
// the rows and the columns of a square Loopover share one file, one
// array and one ranking.
func TestRankedTableCache(t *testing.T) {
	p, _ := shift.Loopover(4, 4)
	dir := t.TempDir()
	ctx := context.Background()
	var want []uint8
	damage := func() {
		files, _ := filepath.Glob(filepath.Join(dir, "wd-*.tbl"))
		if len(files) != 1 {
			t.Fatalf("%d table files, want 1", len(files))
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			b[len(b)/2] ^= 4
			if err := os.WriteFile(f, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, step := range []struct {
		before func()
		want   tablecache.Outcome
	}{{nil, tablecache.Built}, {nil, tablecache.Loaded}, {damage, tablecache.Rebuilt}, {nil, tablecache.Loaded}} {
		if step.before != nil {
			step.before()
		}
		wds, err := newWalkingDistances(ctx, p, 1_000_000, dir, wdOptions{})
		if err != nil || len(wds) != 2 {
			t.Fatalf("step %d: %v, %v", i, wds, err)
		}
		if &wds[0].dense[0] != &wds[1].dense[0] || wds[0].rk != wds[1].rk {
			t.Errorf("step %d: the rows and the columns keep two arrays or two rankings", i)
		}
		var have []uint8
		for _, w := range wds {
			if w.Table != step.want {
				t.Errorf("step %d: %s table %v, want %v", i, w.Name, w.Table, step.want)
			}
			have = append(have, w.dense...)
		}
		if want == nil {
			want = have
		} else if !slices.Equal(have, want) {
			t.Errorf("step %d: distances differ from the first build's", i)
		}
	}
}

// TestRankedTableRefused: a payload of the wrong size is refused.
func TestRankedTableRefused(t *testing.T) {
	w, rk := rowsWD(t, 4, 4)
	w.rk = rk
	for _, n := range []uint64{0, rk.total - 1, rk.total + 1} {
		if err := w.fillRanked(make([]byte, n)); err == nil {
			t.Errorf("a payload of %d bytes for %d matrices accepted", n, rk.total)
		}
	}
}

// TestRankedBuildHonoursDeadline: a ranked table's build (Loopover 5×5,
// minutes) stops at the run's deadline, says which table it did not
// build, and leaves no file behind; the 10 s bound only catches a hang.
func TestRankedBuildHonoursDeadline(t *testing.T) {
	p, _ := shift.Loopover(5, 5)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := NewWalkingDistances(ctx, p, wdStates, dir)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "not built") {
			t.Errorf("error %v, want the deadline and the table not built", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the build did not stop at its deadline within 10 s (hang)")
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) > 0 {
		t.Errorf("files left behind: %v", files)
	}
}

// TestRankedNeedsCacheFolder: without a cache folder a ranked table would
// be built in every process; the search does without (as before), while a
// table kept by number is still built.
func TestRankedNeedsCacheFolder(t *testing.T) {
	p, _ := shift.Loopover(4, 4)
	ctx := context.Background()
	if wds, err := newWalkingDistances(ctx, p, 1_000_000, "", wdOptions{}); err != nil || wds != nil {
		t.Errorf("ranked, no cache folder: %v, %v; want none", wds, err)
	}
	if wds, err := newWalkingDistances(ctx, p, 1_000_000, "", wdOptions{denseMax: maxDense}); err != nil || len(wds) != 2 {
		t.Errorf("by number, no cache folder: %v, %v; want two", wds, err)
	}
}

// TestRankedLimit: a ranked walking distance of more matrices than the
// limit is not built (Loopover 5×5 under a limit of 22,069,250).
func TestRankedLimit(t *testing.T) {
	p, _ := shift.Loopover(5, 5)
	wds, err := NewWalkingDistances(context.Background(), p, 22_069_250, t.TempDir())
	if err != nil || wds != nil {
		t.Errorf("%v, %v; want none", wds, err)
	}
}

// TestExpandSearchesAsDFS: IDA* reading a node's children's walking
// distances in one batch (expand) visits the same nodes in the same order
// as reading them child by child: the same node counts, bounds and
// solutions, with distances by number (4×4, odd moves: parity) and by
// rank (4×4 and 3×5), on one worker and on two.
func TestExpandSearchesAsDFS(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		r, c    int
		denseMx uint64
		workers int
	}{{4, 4, maxDense, 1}, {4, 4, 0, 1}, {3, 5, 0, 1}, {4, 4, 0, 2}} {
		p, _ := shift.Loopover(tt.r, tt.c)
		wds, err := newWalkingDistances(ctx, p, 1_000_000, t.TempDir(), wdOptions{denseMax: tt.denseMx})
		if err != nil || len(wds) != 2 {
			t.Fatalf("%dx%d: %v %v", tt.r, tt.c, wds, err)
		}
		h := &Heuristic{WDs: wds}
		rng := rand.New(rand.NewPCG(uint64(tt.r*10+tt.c), 3))
		for i := range 4 {
			q, _, err := shift.Scramble(p, 40, rng)
			if err != nil {
				t.Fatal(err)
			}
			var res [2]*Result
			for j, one := range []bool{false, true} {
				res[j], err = Solve(ctx, q, Options{Method: "ida", Heuristic: h, Workers: tt.workers, childByChild: one})
				if err != nil || res[j].Status != Optimal {
					t.Fatalf("%dx%d scramble %d: %v %v", tt.r, tt.c, i, res[j], err)
				}
			}
			b, o := res[0], res[1]
			if tt.workers == 1 && (b.Nodes != o.Nodes || !slices.Equal(b.Moves, o.Moves)) {
				t.Errorf("%dx%d scramble %d: batched %d nodes %v, child by child %d nodes %v",
					tt.r, tt.c, i, b.Nodes, b.Moves, o.Nodes, o.Moves)
			}
			if b.LowerBound != o.LowerBound || len(b.Moves) != len(o.Moves) {
				t.Errorf("%dx%d scramble %d (%d workers): batched %d moves bound %d, child by child %d bound %d",
					tt.r, tt.c, i, tt.workers, len(b.Moves), b.LowerBound, len(o.Moves), o.LowerBound)
			}
			checkSolution(t, q, b)
		}
	}
}
