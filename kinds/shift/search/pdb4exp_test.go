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
