//go:build pdbexp

package search

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// The experiment of issue 36, goal 3: tile pattern databases for Loopover
// 5×5 under the torus's symmetries, beside the walking distances
// (kinds/shift/README.md, "Tile pattern databases": measured, and dropped).
// Not a product path, and not run by CI (build tag pdbexp): run by hand with
//
//	PDBEXP_DIR=DIR PDBEXP_SHAPE=2x3 PDBEXP_MODE=bound PDBEXP_RUNS=301:16 PDBEXP_VARIANTS=wd,lazy,sib \
//	  go test -tags 'urfave_cli_no_docs pdbexp' -run TestTilePDBExperiment -v -timeout 2h ./kinds/shift/search/
//
// with the 5×5 walking-distance table in the user's cache folder (`puzzlesat
// shift tables --builtin loopover:5x5`) and the scrambles in DIR
// (s20-301.txt is `puzzlesat shift scramble --builtin loopover:5x5 --moves
// 20 --seed 301`, ...); the table is built into DIR/pdb-SHAPE.bin once.
//
// PDBEXP_SHAPE: the tiles (2x3, P5, row5, 2x2 goal blocks); PDBEXP_DUAL=0
// leaves out the dual lookups; PDBEXP_MODE: start (h at the starts of seeds
// 301–310), path (every lookup, duals included, at most k on the state k
// moves along each scramble's walk: a check of admissibility), sample (every 97th node of one iteration: WD against the max
// with every lookup), bound (one iteration per SEED:BOUND of PDBEXP_RUNS,
// per variant: wd alone; pdb, every lookup where WD does not prune; lazy,
// only the lookups whose upper bound could prune; batch, lazy with a
// node's reads together; sib, lazy with all siblings' reads in one batch);
// PDBEXP_MINLEFT=N: sib reads no lookup at a node with fewer than N moves
// left; PDBEXP_HUGE=1 puts the table on transparent huge pages; PDBEXP_CHECK=1
// checks every upper bound against the exact value.

// tilePDB holds the exact abstract distances of k tiles (block: their goal
// cells) on a board of n cells: every move costs one, a move that moves
// none of them leaves the abstract state as it is. Indexed by the tiles'
// positions as base-n digits (n^k bytes: 5×5, six tiles: 244 MB).
type tilePDB struct {
	n, k  int
	block []int
	pow   []int
	dist  []uint8
}

func buildTilePDB(p *shift.Puzzle, block []int, workers int) *tilePDB {
	n, k := p.NumCells(), len(block)
	d := &tilePDB{n: n, k: k, block: block}
	size := 1
	for range k {
		d.pow = append(d.pow, size)
		size *= n
	}
	d.dist = make([]uint8, size)
	for i := range d.dist {
		d.dist[i] = 0xff
	}
	// delta[m][i*n+c]: what moving tile i from cell c by move m adds.
	var delta [][]int
	for _, mv := range p.Moves {
		dest := make([]int, n)
		for c, s := range mv.Src {
			dest[s] = c
		}
		row := make([]int, k*n)
		for i := range k {
			for c := range n {
				row[i*n+c] = (dest[c] - c) * d.pow[i]
			}
		}
		delta = append(delta, row)
	}
	g := 0
	for i, c := range block {
		g += c * d.pow[i]
	}
	d.dist[g] = 0
	for depth := uint8(0); ; depth++ {
		var found int64
		var mu sync.Mutex
		var wg sync.WaitGroup
		chunk := (size + workers - 1) / workers
		for w := range workers {
			wg.Add(1)
			go func(lo, hi int) {
				defer wg.Done()
				var cnt int64
				pos := make([]int, k)
				for x := lo; x < hi; x++ {
					if d.dist[x] != depth {
						continue
					}
					y := x
					for i := range k {
						pos[i] = y % n
						y /= n
					}
					for _, row := range delta {
						z := x
						for i, c := range pos {
							z += row[i*n+c]
						}
						if d.dist[z] == 0xff {
							d.dist[z] = depth + 1
							cnt++
						}
					}
				}
				mu.Lock()
				found += cnt
				mu.Unlock()
			}(w*chunk, min(size, (w+1)*chunk))
		}
		wg.Wait()
		if found == 0 {
			break
		}
	}
	return d
}

// symLookup is one tile lookup: the tiles whose goal cells are σ(block),
// their positions mapped back by σ⁻¹ (back[i][cell] = σ⁻¹(cell)·pow[i]).
// dual: the positions are those of the inverse permutation (the goal
// cells of the tokens on σ(block)).
type symLookup struct {
	cells []int // σ(block[i])
	back  [][]int
	dual  bool
}

// loopoverSyms are the cell maps of the R×C torus that carry moves onto
// moves: translations, the reflections of rows and columns, and (square)
// the transposition.
func loopoverSyms(r, c int) [][]int {
	var out [][]int
	for tr := 0; tr < 2; tr++ {
		if tr == 1 && r != c {
			break
		}
		for fr := 0; fr < 2; fr++ {
			for fc := 0; fc < 2; fc++ {
				for dr := range r {
					for dc := range c {
						m := make([]int, r*c)
						for y := range r {
							for x := range c {
								yy, xx := y, x
								if fr == 1 {
									yy = (r - yy) % r
								}
								if fc == 1 {
									xx = (c - xx) % c
								}
								yy, xx = (yy+dr)%r, (xx+dc)%c
								if tr == 1 {
									yy, xx = xx, yy
								}
								m[y*c+x] = yy*c + xx
							}
						}
						out = append(out, m)
					}
				}
			}
		}
	}
	return out
}

// lookups are the distinct tile sets σ(block) over syms (one lookup
// each: two maps onto one set give the same distance), plus their duals
// when dual.
func (d *tilePDB) lookups(syms [][]int, dual bool) []symLookup {
	seen := map[string]bool{}
	var out []symLookup
	for _, s := range syms {
		cells := make([]int, d.k)
		for i, b := range d.block {
			cells[i] = s[b]
		}
		key := append([]int(nil), cells...)
		sort.Ints(key)
		if seen[fmt.Sprint(key)] {
			continue
		}
		seen[fmt.Sprint(key)] = true
		inv := make([]int, d.n)
		for c, x := range s {
			inv[x] = c
		}
		back := make([][]int, d.k)
		for i := range d.k {
			back[i] = make([]int, d.n)
			for c := range d.n {
				back[i][c] = inv[c] * d.pow[i]
			}
		}
		out = append(out, symLookup{cells: cells, back: back})
		if dual {
			out = append(out, symLookup{cells: cells, back: back, dual: true})
		}
	}
	return out
}

// value is the lookup's distance for the state st (cell → token; the goal
// is the identity, token v's goal cell v) whose inverse is pos.
func (d *tilePDB) index(l *symLookup, st, pos []uint8) int {
	x := 0
	if l.dual {
		for i, c := range l.cells {
			x += l.back[i][st[c]]
		}
	} else {
		for i, c := range l.cells {
			x += l.back[i][pos[c]]
		}
	}
	return x
}

func (d *tilePDB) value(l *symLookup, st, pos []uint8) int {
	x := 0
	if l.dual {
		for i, c := range l.cells {
			x += l.back[i][st[c]]
		}
	} else {
		for i, c := range l.cells {
			x += l.back[i][pos[c]]
		}
	}
	return int(d.dist[x])
}

// pdbIDA is IDA* with the walking distances and, where they do not
// prune, the tile lookups one by one until one does (lazy) or all of them
// (stats: how much larger the max is).
type pdbIDA struct {
	*ida
	pdbs    []*tilePDB
	lks     [][]symLookup
	pos     []uint8
	lookups int
	pruned  int // nodes the lookups pruned
	// hist[wd][best-wd] counts nodes by WD and what the lookups add
	// (when sample > 0, every sample-th node).
	hist   map[[2]int]int
	sample int
	// lazy: u[g] are upper bounds of every lookup at depth g (exact
	// where evaluated): a move changes a lookup by at most one, and only
	// the lookups whose tiles it moves (dual: whose cells it moves);
	// only lookups whose bound could prune are evaluated.
	lazy    bool
	check   bool
	minLeft int // sib: no lookups at nodes with fewer moves left
	batch   bool
	cand    []int
	idx     []int
	vals    []uint8
	u       [][]uint8
	valMask [][7]uint64 // lookups (non-dual) holding value v
	dualMsk [][7]uint64 // dual lookups move m changes
	lineOf  [][]int     // cells move m moves
}

func (s *pdbIDA) setupLazy() {
	lks := s.lks[0]
	n := s.p.NumCells()
	s.lazy = true
	s.u = make([][]uint8, len(s.stack))
	for i := range s.u {
		s.u[i] = make([]uint8, len(lks))
	}
	s.valMask = make([][7]uint64, n)
	s.dualMsk = make([][7]uint64, len(s.p.Moves))
	s.lineOf = make([][]int, len(s.p.Moves))
	for m, mv := range s.p.Moves {
		for c, src := range mv.Src {
			if c != src {
				s.lineOf[m] = append(s.lineOf[m], c)
			}
		}
	}
	for i, l := range lks {
		for _, c := range l.cells {
			if !l.dual {
				s.valMask[c][i/64] |= 1 << (i % 64) // value c's goal is cell c
				continue
			}
			for m := range s.p.Moves {
				for _, x := range s.lineOf[m] {
					if x == c {
						s.dualMsk[m][i/64] |= 1 << (i % 64)
					}
				}
			}
		}
	}
}

func (s *pdbIDA) lazyH(st []uint8, g, bound, move int) int {
	d, lks := s.pdbs[0], s.lks[0]
	u := s.u[g]
	for c, v := range st {
		s.pos[v] = uint8(c)
	}
	if move < 0 {
		best := 0
		for i := range lks {
			s.lookups++
			u[i] = uint8(d.value(&lks[i], st, s.pos))
			best = max(best, int(u[i]))
		}
		return best
	}
	copy(u, s.u[g-1])
	// A dual lookup is admissible but not consistent: a move relabels
	// the inverse permutation's tiles, so one whose cells it moves is
	// unknown (255) until evaluated; unmoved ones keep their value.
	for w := range 7 {
		for x := s.dualMsk[move][w]; x != 0; x &= x - 1 {
			u[w*64+bits.TrailingZeros64(x)] = 255
		}
	}
	var ch [7]uint64
	for _, c := range s.lineOf[move] {
		vm := s.valMask[st[c]]
		ch[0] |= vm[0]
		ch[1] |= vm[1]
	}
	for w := range 7 {
		for x := ch[w]; x != 0; x &= x - 1 {
			if i := w*64 + bits.TrailingZeros64(x); u[i] < 255 {
				u[i]++
			}
		}
	}
	need := uint8(bound - g + 1)
	if s.check {
		for i := range lks {
			if x := uint8(d.value(&lks[i], st, s.pos)); x > u[i] && u[i] != 255 {
				panic(fmt.Sprintf("lookup %d (dual %v cells %v): exact %d > bound %d, parent %d, move %d %v", i, lks[i].dual, lks[i].cells, x, u[i], s.u[g-1][i], move, s.lineOf[move]))
			}
		}
	}
	if s.batch {
		// Every candidate's index first, then the reads: independent
		// loads, which the processor overlaps (each is a cache miss).
		cand, idx := s.cand[:0], s.idx[:0]
		for i := range lks {
			if u[i] >= need {
				cand = append(cand, i)
				idx = append(idx, d.index(&lks[i], st, s.pos))
			}
		}
		s.lookups += len(cand)
		vals := s.vals[:len(idx)]
		dist := d.dist
		for j, x := range idx {
			vals[j] = dist[x]
		}
		best := 0
		for j, i := range cand {
			u[i] = vals[j]
			best = max(best, int(vals[j]))
		}
		if best >= int(need) {
			s.pruned++
			return best
		}
		return 0
	}
	for i := range lks {
		if u[i] >= need {
			s.lookups++
			u[i] = uint8(d.value(&lks[i], st, s.pos))
			if u[i] >= need {
				s.pruned++
				return int(u[i])
			}
		}
	}
	return 0
}

func (s *pdbIDA) extra(st []uint8, g, bound, wd int) int {
	for c, v := range st {
		s.pos[v] = uint8(c)
	}
	best := wd
	for j, d := range s.pdbs {
		for i := range s.lks[j] {
			s.lookups++
			h := d.value(&s.lks[j][i], st, s.pos)
			if h > best {
				best = h
				if g+best > bound && s.hist == nil {
					s.pruned++
					return best
				}
			}
		}
	}
	if g+best > bound {
		s.pruned++
	}
	return best
}

func (s *pdbIDA) dfs(st []uint8, g, bound, move int) (bool, int) {
	s.nodes++
	h := s.est(st, g, move)
	if s.hist != nil && s.nodes%s.sample == 0 {
		hh := s.extra(st, g, 1<<20, h)
		s.hist[[2]int{h, hh - h}]++
	}
	f := g + h
	if f > bound {
		return false, f
	}
	if s.lazy {
		if h2 := s.lazyH(st, g, bound, move); g+h2 > bound {
			return false, g + h2
		}
	} else if len(s.pdbs) > 0 && s.hist == nil {
		if h2 := s.extra(st, g, bound, h); g+h2 > bound {
			return false, g + h2
		}
	}
	if h == 0 && s.isGoal(st) {
		return true, f
	}
	if g == bound {
		return false, bound + 1
	}
	next := inf
	child := s.stack[g+1]
	for _, m := range s.order(st, g) {
		if !s.canon.Allows(s.path, m) {
			continue
		}
		for c, src := range s.p.Moves[m].Src {
			child[c] = st[src]
		}
		s.path = append(s.path, m)
		found, t := s.dfs(child, g+1, bound, m)
		if found {
			return true, t
		}
		s.path = s.path[:len(s.path)-1]
		next = min(next, t)
	}
	return false, next
}

func newPDBIDA(p *shift.Puzzle, h *Heuristic) *pdbIDA {
	n := p.NumCells()
	s := &ida{ctx: context.Background(), p: p, h: h, canon: shift.NewCanon(p, 3)}
	goal := make([]uint8, n)
	for i, v := range p.Goal.Target {
		goal[i] = uint8(v)
	}
	s.isGoal = func(st []uint8) bool { return string(st) == string(goal) }
	s.scratch = h.scratch(n)
	s.stack = make([][]uint8, 40)
	for i := range s.stack {
		s.stack[i] = make([]uint8, n)
	}
	for i, v := range p.Start {
		s.stack[0][i] = uint8(v)
	}
	s.wdv = make([][]int, len(s.stack))
	s.wdRows = make([][]packedRows, len(s.stack))
	for i := range s.wdv {
		s.wdv[i] = make([]int, len(h.WDs))
		s.wdRows[i] = make([]packedRows, len(h.WDs))
	}
	for _, mv := range p.Moves {
		cr := make([][]crossing, len(h.WDs))
		for i, w := range h.WDs {
			cr[i] = w.crossings(mv.Src)
		}
		s.cross = append(s.cross, cr)
	}
	for m := range p.Moves {
		s.moveIdx = append(s.moveIdx, m)
	}
	s.ordered = true
	return &pdbIDA{ida: s, pos: make([]uint8, n)}
}

func blockCells(c int, cells [][2]int) []int {
	var out []int
	for _, rc := range cells {
		out = append(out, rc[0]*c+rc[1])
	}
	return out
}

func TestTilePDBExperiment(t *testing.T) {
	dir := os.Getenv("PDBEXP_DIR")
	if dir == "" {
		t.Fatal("PDBEXP_DIR: the folder of the scrambles")
	}
	home, _ := os.UserHomeDir()
	tdir := filepath.Join(home, ".cache/puzzlesat/tables")
	base, _ := shift.Loopover(5, 5)
	wds, err := NewWalkingDistances(context.Background(), base, wdStates, tdir)
	if err != nil || wds == nil {
		t.Fatal("no walking distances", err)
	}
	h := &Heuristic{WDs: wds}
	shape := os.Getenv("PDBEXP_SHAPE")
	var block []int
	switch shape {
	case "2x3":
		block = blockCells(5, [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}})
	case "P5":
		block = blockCells(5, [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}})
	case "row5":
		block = blockCells(5, [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}})
	case "2x2":
		block = blockCells(5, [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}})
	default:
		t.Fatalf("PDBEXP_SHAPE=%q", shape)
	}
	t0 := time.Now()
	c0 := cpu()
	var d *tilePDB
	cache := filepath.Join(dir, "pdb-"+shape+".bin")
	if data, err := os.ReadFile(cache); err == nil {
		if os.Getenv("PDBEXP_HUGE") != "" {
			b, err := syscall.Mmap(-1, 0, len(data), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
			if err != nil {
				t.Fatal(err)
			}
			if err := syscall.Madvise(b, 14); err != nil { // MADV_HUGEPAGE
				t.Fatal(err)
			}
			copy(b, data)
			data = b
		}
		d = &tilePDB{n: 25, k: len(block), block: block, dist: data}
		for i, x := 0, 1; i < len(block); i, x = i+1, x*25 {
			d.pow = append(d.pow, x)
		}
	} else {
		d = buildTilePDB(base, block, runtime.GOMAXPROCS(0))
		os.WriteFile(cache, d.dist, 0o644)
	}
	hist := map[int]int{}
	for _, x := range d.dist {
		if x != 0xff {
			hist[int(x)]++
		}
	}
	t.Logf("%s: built in %v wall, %v CPU; layers %v", shape, time.Since(t0).Round(time.Millisecond), (cpu() - c0).Round(time.Millisecond), hist)
	dual := os.Getenv("PDBEXP_DUAL") != "0"
	lks := d.lookups(loopoverSyms(5, 5), dual)
	t.Logf("%d lookups (dual %v)", len(lks), dual)
	mode := os.Getenv("PDBEXP_MODE")
	load := func(name string) *shift.Puzzle {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		p, err := shift.Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	switch mode {
	case "start":
		for s := 301; s <= 310; s++ {
			p := load(fmt.Sprintf("s20-%d.txt", s))
			x := newPDBIDA(p, h)
			x.pdbs, x.lks = []*tilePDB{d}, [][]symLookup{lks}
			st := x.stack[0]
			wd := x.est(st, 0, -1)
			best := x.extra(st, 0, 1<<20, wd)
			var one []int
			for i := range lks {
				one = append(one, d.value(&lks[i], st, x.pos))
			}
			sort.Sort(sort.Reverse(sort.IntSlice(one)))
			t.Logf("seed %d: WD %d, max with lookups %d; largest lookups %v", s, wd, best, one[:6])
		}
	case "path":
		// Admissible along the scrambles: the state k moves from the goal
		// on a scramble's walk is at most k from it, so no lookup (dual
		// included) may exceed k.
		for s := 301; s <= 310; s++ {
			name := fmt.Sprintf("s20-%d.txt", s)
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			_, walk, _ := strings.Cut(strings.SplitN(string(data), "\n", 2)[0], ": ")
			x := newPDBIDA(base, h)
			st := x.stack[0]
			worst := 0
			for k, mv := range strings.Fields(walk) {
				m := slices.IndexFunc(base.Moves, func(x shift.Move) bool { return x.Name == mv })
				if m < 0 {
					t.Fatalf("%s: move %q", name, mv)
				}
				next := make([]uint8, len(st))
				for c, src := range base.Moves[m].Src {
					next[c] = st[src]
				}
				st = next
				for c, v := range st {
					x.pos[v] = uint8(c)
				}
				for i := range lks {
					if v := d.value(&lks[i], st, x.pos); v > k+1 {
						t.Errorf("%s after %d moves: lookup %d (dual %v) = %d", name, k+1, i, lks[i].dual, v)
					} else {
						worst = max(worst, v-(k+1))
					}
				}
			}
			for c, v := range load(name).Start {
				if st[c] != uint8(v) {
					t.Fatalf("%s: the walk does not end at the start", name)
				}
			}
			t.Logf("%s: every lookup within the moves walked (closest %d)", name, worst)
		}
	case "sample", "bound":
		for _, spec := range []string{os.Getenv("PDBEXP_RUNS")} {
			var runs [][2]int
			for _, f := range splitFields(spec) {
				var s, b int
				fmt.Sscanf(f, "%d:%d", &s, &b)
				runs = append(runs, [2]int{s, b})
			}
			for _, r := range runs {
				p := load(fmt.Sprintf("s20-%d.txt", r[0]))
				variants := splitFields(os.Getenv("PDBEXP_VARIANTS"))
				if mode == "sample" {
					variants = []string{"pdb"} // every lookup on every sampled node
				}
				for _, variant := range variants {
					x := newPDBIDA(p, h)
					if variant != "wd" {
						x.pdbs, x.lks = []*tilePDB{d}, [][]symLookup{lks}
					}
					if variant == "lazy" || variant == "batch" || variant == "sib" {
						x.setupLazy()
						x.check = os.Getenv("PDBEXP_CHECK") != ""
						x.minLeft, _ = strconv.Atoi(os.Getenv("PDBEXP_MINLEFT"))
						x.batch = variant == "batch"
						x.cand, x.idx, x.vals = make([]int, len(lks)), make([]int, len(lks)), make([]uint8, len(lks))
					}
					if mode == "sample" {
						x.hist, x.sample = map[[2]int]int{}, 97
					}
					c0 := cpu()
					var found bool
					var next int
					if variant == "sib" {
						x.nodes++
						h := max(x.est(x.stack[0], 0, -1), x.lazyH(x.stack[0], 0, r[1], -1))
						if h > r[1] {
							t.Fatalf("root pruned")
						}
						found, next = x.dfs2(x.stack[0], 0, r[1], make([]sib, len(x.stack)))
					} else {
						found, next = x.dfs(x.stack[0], 0, r[1], -1)
					}
					c := cpu() - c0
					t.Logf("seed %d bound %d %s: found %v next %d, %d nodes, %d lookups, %d pruned by lookups, %v CPU",
						r[0], r[1], variant, found, next, x.nodes, x.lookups, x.pruned, c.Round(time.Millisecond))
					if x.hist != nil {
						var keys [][2]int
						for k := range x.hist {
							keys = append(keys, k)
						}
						sort.Slice(keys, func(i, j int) bool {
							return keys[i][0] < keys[j][0] || keys[i][0] == keys[j][0] && keys[i][1] < keys[j][1]
						})
						byWD := map[int][2]int{}
						for _, k := range keys {
							e := byWD[k[0]]
							e[0] += x.hist[k]
							if k[1] > 0 {
								e[1] += x.hist[k]
							}
							byWD[k[0]] = e
						}
						t.Logf("  (wd, +lookups): count  %v", fmtHist(keys, x.hist))
						t.Logf("  by wd: [sampled, larger] %v", byWD)
					}
				}
			}
		}
	}
}

func fmtHist(keys [][2]int, h map[[2]int]int) string {
	s := ""
	for _, k := range keys {
		s += fmt.Sprintf("(%d,+%d):%d ", k[0], k[1], h[k])
	}
	return s
}

func splitFields(s string) []string {
	var out []string
	cur := ""
	for _, r := range s {
		if r == ',' || r == ' ' {
			if cur != "" {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// cpu is the process's user + system time.
func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// kid is a child evaluated by its parent (sibling batches).
type kid struct {
	m      int
	st     [32]uint8
	wdv    [2]int
	rows   [2]packedRows
	u      []uint8
	pruned bool
}

// sib holds a depth's children and the batch of their lookups.
type sib struct {
	kids []kid
	who  []int32 // child*512 + lookup of each index
	idx  []int
	vals []uint8
}

// dfs2 is dfs with the children's lookups read in one batch by the
// parent: the loads of all siblings overlap. st at depth g has passed.
func (s *pdbIDA) dfs2(st []uint8, g, bound int, sb []sib) (bool, int) {
	if s.isGoal(st) {
		return true, g
	}
	if g == bound {
		return false, bound + 1
	}
	d, lks := s.pdbs[0], s.lks[0]
	b := &sb[g]
	b.kids, b.who, b.idx = b.kids[:0], b.who[:0], b.idx[:0]
	next := inf
	child := s.stack[g+1]
	need := uint8(bound - g) // a child at g+1 is pruned by h ≥ bound-g
	for _, m := range s.order(st, g) {
		if !s.canon.Allows(s.path, m) {
			continue
		}
		for c, src := range s.p.Moves[m].Src {
			child[c] = st[src]
		}
		s.nodes++
		h := s.est(child, g+1, m)
		if g+1+h > bound {
			next = min(next, g+1+h)
			continue
		}
		j := len(b.kids)
		if j == cap(b.kids) {
			b.kids = append(b.kids, kid{u: make([]uint8, len(lks))})
		} else {
			b.kids = b.kids[:j+1]
		}
		k := &b.kids[j]
		if k.u == nil {
			k.u = make([]uint8, len(lks))
		}
		k.m, k.pruned = m, false
		copy(k.st[:], child)
		copy(k.wdv[:], s.wdv[g+1])
		copy(k.rows[:], s.wdRows[g+1])
		u := k.u
		copy(u, s.u[g])
		for w := range 7 {
			for x := s.dualMsk[m][w]; x != 0; x &= x - 1 {
				u[w*64+bits.TrailingZeros64(x)] = 255
			}
		}
		var ch [7]uint64
		for _, c := range s.lineOf[m] {
			vm := s.valMask[child[c]]
			for w := range 7 {
				ch[w] |= vm[w]
			}
		}
		for w := range 7 {
			for x := ch[w]; x != 0; x &= x - 1 {
				if i := w*64 + bits.TrailingZeros64(x); u[i] < 255 {
					u[i]++
				}
			}
		}
		if bound-(g+1) < s.minLeft {
			continue // near the leaves WD alone decides
		}
		for c, v := range child {
			s.pos[v] = uint8(c)
		}
		for i := range lks {
			if u[i] >= need {
				b.who = append(b.who, int32(j*512+i))
				b.idx = append(b.idx, d.index(&lks[i], child, s.pos))
			}
		}
	}
	s.lookups += len(b.idx)
	if cap(b.vals) < len(b.idx) {
		b.vals = make([]uint8, len(b.idx)*2)
	}
	vals := b.vals[:len(b.idx)]
	dist := d.dist
	for j, x := range b.idx {
		vals[j] = dist[x]
	}
	for j, w := range b.who {
		k := &b.kids[w/512]
		k.u[w%512] = vals[j]
		if vals[j] >= need && !k.pruned {
			k.pruned = true
			s.pruned++
			next = min(next, g+1+int(vals[j]))
		}
	}
	for j := range b.kids {
		k := &b.kids[j]
		if k.pruned {
			continue
		}
		copy(child, k.st[:len(child)])
		copy(s.wdv[g+1], k.wdv[:])
		copy(s.wdRows[g+1], k.rows[:])
		copy(s.u[g+1], k.u)
		s.path = append(s.path, k.m)
		found, t := s.dfs2(child, g+1, bound, sb)
		if found {
			return true, t
		}
		s.path = s.path[:len(s.path)-1]
		next = min(next, t)
	}
	return false, next
}
