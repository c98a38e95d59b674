//go:build pdbexp

package search

// The 4×4 experiment of issue 36 (goal 1's "tens of milliseconds"): a
// tile pattern database of the 2×3 goal block, looked up under the
// torus's 16 translations and the transpose (32 lookups), max with the
// walking distances, in a plain IDA* that counts nodes. Not a product
// path, not run by CI:
//
//	PDB4EXP=2x3 go test -tags 'urfave_cli_no_docs pdbexp' -run TestPDB4Exp -v ./kinds/shift/search/
//
// (PDB4EXP=2x2 for the 2×2 block). Scrambles: 100 random moves, PCG(11, 4).
// TestPDB4CPU (PDB4CPU=1) times the real IDA* with the database read
// lazily through the experiment's hook in expand (Options.extraH).

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

type pdb4 struct {
	n     int
	block []int // goal cells
	dist  []uint8
}

func buildPDB4(p *shift.Puzzle, block []int) *pdb4 {
	n := p.NumCells()
	k := len(block)
	size := 1
	for range k {
		size *= n
	}
	d := &pdb4{n: n, block: block, dist: make([]uint8, size)}
	for i := range d.dist {
		d.dist[i] = 255
	}
	var dests [][]int
	for _, mv := range p.Moves {
		dest := make([]int, n)
		for c, s := range mv.Src {
			dest[s] = c
		}
		dests = append(dests, dest)
	}
	enc := func(pos []int) int {
		x := 0
		for j := k - 1; j >= 0; j-- {
			x = x*n + pos[j]
		}
		return x
	}
	start := enc(block)
	d.dist[start] = 0
	frontier := []int{start}
	pos := make([]int, k)
	for depth := 0; len(frontier) > 0; depth++ {
		var next []int
		for _, x := range frontier {
			for j, y := 0, x; j < k; j, y = j+1, y/n {
				pos[j] = y % n
			}
			for _, dest := range dests {
				q := make([]int, k)
				for j := range k {
					q[j] = dest[pos[j]]
				}
				z := enc(q)
				if d.dist[z] == 255 {
					d.dist[z] = uint8(depth + 1)
					next = append(next, z)
				}
			}
		}
		frontier = next
	}
	return d
}

type sym4 struct{ to, back []int } // cell maps σ and σ⁻¹

func syms4(R, C int, transpose bool) []sym4 {
	var out []sym4
	for dr := range R {
		for dc := range C {
			for tr := 0; tr < 2; tr++ {
				if tr == 1 && !transpose {
					continue
				}
				to := make([]int, R*C)
				back := make([]int, R*C)
				for r := range R {
					for c := range C {
						rr, cc := r, c
						if tr == 1 {
							rr, cc = c, r
						}
						rr, cc = (rr+dr)%R, (cc+dc)%C
						to[r*C+c] = rr*C + cc
						back[rr*C+cc] = r*C + c
					}
				}
				out = append(out, sym4{to, back})
			}
		}
	}
	return out
}

type exp4 struct {
	p      *shift.Puzzle
	wds    []*WalkingDistance
	pdb    *pdb4
	syms   []sym4
	canon  *shift.Canon
	path   []int
	stack  [][]uint8
	nodes  int
	par0   int
	usePDB bool
	pos    []int
	lk     int
}

func (e *exp4) h(st []uint8, g int) int {
	h := 0
	for _, w := range e.wds {
		h += w.h(st)
	}
	if e.usePDB {
		for c, v := range st {
			e.pos[v] = c
		}
		n := e.pdb.n
		for _, s := range e.syms {
			x := 0
			for j := len(e.pdb.block) - 1; j >= 0; j-- {
				tok := s.to[e.pdb.block[j]] // goal cell = token
				x = x*n + s.back[e.pos[tok]]
			}
			e.lk++
			h = max(h, int(e.pdb.dist[x]))
		}
	}
	if h&1 != (e.par0^g)&1 {
		h++
	}
	return h
}

func (e *exp4) dfs(st []uint8, g, bound int) (bool, int) {
	e.nodes++
	h := e.h(st, g)
	if g+h > bound {
		return false, g + h
	}
	if h == 0 && e.p.IsGoal(toInts(st)) {
		return true, g
	}
	next := inf
	child := e.stack[g+1]
	for m := range e.p.Moves {
		if !e.canon.Allows(e.path, m) {
			continue
		}
		for c, src := range e.p.Moves[m].Src {
			child[c] = st[src]
		}
		e.path = append(e.path, m)
		ok, t := e.dfs(child, g+1, bound)
		if ok {
			return true, t
		}
		e.path = e.path[:len(e.path)-1]
		next = min(next, t)
	}
	return false, next
}

func toInts(st []uint8) []int {
	out := make([]int, len(st))
	for i, v := range st {
		out[i] = int(v)
	}
	return out
}

func TestPDB4Exp(t *testing.T) {
	if os.Getenv("PDB4EXP") == "" {
		t.Skip()
	}
	ctx := context.Background()
	p, _ := shift.Loopover(4, 4)
	wds, err := newWalkingDistances(ctx, p, 1_000_000, t.TempDir(), wdOptions{denseMax: maxDense})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	blk := []int{0, 1, 2, 4, 5, 6}
	if os.Getenv("PDB4EXP") == "2x2" {
		blk = []int{0, 1, 4, 5}
	}
	d := buildPDB4(p, blk)
	mx := 0
	for _, v := range d.dist {
		if v != 255 {
			mx = max(mx, int(v))
		}
	}
	t.Logf("pdb %v built in %v, max %d", blk, time.Since(t0), mx)
	syms := syms4(4, 4, true)
	rng := rand.New(rand.NewPCG(11, 4))
	var totW, totP, totLk int
	for i := range 10 {
		q, _, _ := shift.Scramble(p, 100, rng)
		_, par0 := oddParity(q, [][]int{q.Goal.Target}, shift.NewCanon(q, 3))
		var res [2]int
		var lens [2]int
		for j, use := range []bool{false, true} {
			e := &exp4{p: q, wds: wds, pdb: d, syms: syms, canon: shift.NewCanon(q, 3), par0: par0, usePDB: use, pos: make([]int, 16)}
			e.stack = make([][]uint8, 40)
			for k := range e.stack {
				e.stack[k] = make([]uint8, 16)
			}
			for c, v := range q.Start {
				e.stack[0][c] = uint8(v)
			}
			b := e.h(e.stack[0], 0)
			for {
				ok, nx := e.dfs(e.stack[0], 0, b)
				if ok {
					break
				}
				b = nx
			}
			res[j], lens[j] = e.nodes, b
			if use {
				totLk += e.lk
			}
		}
		totW += res[0]
		totP += res[1]
		t.Logf("scramble %d: optimum %d/%d, nodes WD %d, WD+PDB %d (%.2fx)", i, lens[0], lens[1], res[0], res[1], float64(res[0])/float64(res[1]))
	}
	t.Logf("total nodes WD %d WD+PDB %d (%.2fx), lookups %d", totW, totP, float64(totW)/float64(totP), totLk)
}

// TestPDB4CPU: the real IDA* (expand) with the 2×3 database read lazily
// (only for children the walking distances keep, stopping at the first
// lookup past the bound), against the walking distances alone: nodes and
// CPU on one core, each scramble solved by both in turn, three times.
func TestPDB4CPU(t *testing.T) {
	if os.Getenv("PDB4CPU") == "" {
		t.Skip()
	}
	ctx := context.Background()
	p, _ := shift.Loopover(4, 4)
	wds, err := newWalkingDistances(ctx, p, 1_000_000, t.TempDir(), wdOptions{denseMax: maxDense})
	if err != nil {
		t.Fatal(err)
	}
	blk := []int{0, 1, 2, 4, 5, 6}
	d := buildPDB4(p, blk)
	syms := syms4(4, 4, true)
	pos := make([]int, 16)
	lookups := 0
	extra := func(st []uint8, limit int) int {
		for c, v := range st {
			pos[v] = c
		}
		best := 0
		for _, s := range syms {
			x := 0
			for j := len(blk) - 1; j >= 0; j-- {
				x = x*16 + s.back[pos[s.to[blk[j]]]]
			}
			lookups++
			v := int(d.dist[x])
			if v > limit {
				return v
			}
			best = max(best, v)
		}
		return best
	}
	rng := rand.New(rand.NewPCG(11, 4))
	var qs []*shift.Puzzle
	for range 20 {
		q, _, _ := shift.Scramble(p, 100, rng)
		qs = append(qs, q)
	}
	var tw, tp time.Duration
	var nw, np int
	for rep := range 3 {
		for i, q := range qs {
			h := &Heuristic{WDs: wds}
			t0 := time.Now()
			a, err := Solve(ctx, q, Options{Method: "ida", Heuristic: h, Workers: 1})
			t1 := time.Now()
			lookups = 0
			b, err2 := Solve(ctx, q, Options{Method: "ida", Heuristic: h, Workers: 1, extraH: extra})
			t2 := time.Now()
			if err != nil || err2 != nil || len(a.Moves) != len(b.Moves) || a.Status != Optimal || b.Status != Optimal {
				t.Fatalf("scramble %d: %v %v %v %v", i, a, b, err, err2)
			}
			tw += t1.Sub(t0)
			tp += t2.Sub(t1)
			if rep == 0 {
				nw += a.Nodes
				np += b.Nodes
				t.Logf("scramble %d: %d moves; WD %d nodes %v; +PDB %d nodes %d lookups %v", i, len(a.Moves), a.Nodes, t1.Sub(t0), b.Nodes, lookups, t2.Sub(t1))
			}
		}
	}
	t.Logf("20 scrambles ×3: WD %d nodes %v; WD+PDB lazy %d nodes %v; CPU ratio %.2fx", nw, tw, np, tp, float64(tw)/float64(tp))
}
