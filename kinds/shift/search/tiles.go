package search

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

// A tile database: the exact distances of the six tokens whose goal cells
// form the 2×3 block at the picture's top left, every other token
// ignored (every move costs one), read for the block's images under the
// puzzle's symmetries — the torus's translations and, on a square, the
// transpose, each kept only when it carries every move onto a move — and
// maxed with the walking distances. Each read is admissible: a symmetry
// σ maps the puzzle onto itself, so the tokens whose goal cells are
// σ(block), their cells mapped back by σ⁻¹, are the block's own problem.
//
// Loopover 4×4: 5.77 million positions of the six tokens, ranked
// perfectly (mixed radix 16·15·…·11 over each token's cell among those the
// tokens before it leave), distances 0–11 two a byte: 2.9 MB on disk and
// in memory, 2.7 s to build breadth-first; 32 reads. (By position tuple, 16⁶ bytes, reading
// and checking the 16.7 MB file cost a 4×4 process more than the search
// saved.) IDA* reads them only for the
// children the walking distances keep, and stops at the first read past
// the bound (expand): 2.8× less CPU than the walking distances alone on
// 20 scrambles (README, "tile database"). Loopover 4×4's ships inside the
// program (tiles_embed.go). For the other boards it fits (3×3 to 3×5,
// 4×3…) a solve uses the table only when `shift tables` has put it in the
// cache folder: seconds are too much to spend on a solve of a tenth of a
// second.
type TileDB struct {
	n     int
	block []int // the block's goal cells
	syms  []tileSym
	dist  []uint8 // by rank, two a byte (even ranks low); 0 where unknown
	key   tablecache.Key
	// Table says where the distances came from (see tablecache.Outcome).
	Table tablecache.Outcome
}

// tileSym is one read of a TileDB: tok[j] is the value whose goal cell is
// σ(block[j]), back the cell map σ⁻¹.
type tileSym struct {
	tok  []uint8
	back []uint8
}

// maxTileCells bounds the boards a TileDB serves: n⁶ bytes (16 cells:
// 16.7 MB).
const maxTileCells = 16

// newTileDB sets up p's tile database (without its distances), or none
// when p does not qualify: a single target of distinct tokens, at most
// maxTileCells cells, a picture of full lines of one length (at least 2
// lines of at least 3 cells), and the block's translations carrying moves
// onto moves.
func newTileDB(p *shift.Puzzle, goals [][]int) *TileDB {
	n := p.NumCells()
	if len(goals) != 1 || n > maxTileCells || len(p.Values) > 255 {
		return nil
	}
	goalOf := make([]int, len(p.Values)) // value → goal cell
	for v := range goalOf {
		goalOf[v] = -1
	}
	for c, v := range goals[0] {
		if goalOf[v] >= 0 {
			return nil
		}
		goalOf[v] = c
	}
	lines := p.Picture.Lines
	R := len(lines)
	if R < 2 {
		return nil
	}
	C := len(lines[0])
	seen := make([]bool, n)
	for _, l := range lines {
		if len(l) != C {
			return nil
		}
		for _, c := range l {
			if c < 0 || c >= n || seen[c] {
				return nil
			}
			seen[c] = true
		}
	}
	if C < 3 || R*C != n {
		return nil
	}
	moves := map[string]bool{}
	for _, mv := range p.Moves {
		moves[fmt.Sprint(mv.Src)] = true
	}
	d := &TileDB{n: n, block: []int{lines[0][0], lines[0][1], lines[0][2], lines[1][0], lines[1][1], lines[1][2]}}
	for tr := range 2 {
		if tr == 1 && R != C {
			break
		}
		for dr := range R {
			for dc := range C {
				to := make([]int, n) // σ
				for r := range R {
					for c := range C {
						rr, cc := r, c
						if tr == 1 {
							rr, cc = c, r
						}
						to[lines[r][c]] = lines[(rr+dr)%R][(cc+dc)%C]
					}
				}
				if !carriesMoves(p, to, moves) {
					if tr == 0 {
						return nil // not a torus
					}
					continue
				}
				s := tileSym{back: make([]uint8, n)}
				for c, x := range to {
					s.back[x] = uint8(c)
				}
				for _, b := range d.block {
					s.tok = append(s.tok, uint8(goals[0][to[b]]))
				}
				d.syms = append(d.syms, s)
			}
		}
	}
	desc := fmt.Appendf([]byte("tile database v2 ranked nibbles\n"), "cells %d block %v\n", n, d.block)
	var keys []string
	for k := range moves {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		desc = fmt.Appendf(desc, "move %s\n", k)
	}
	d.key = tablecache.KeyOf(desc)
	return d
}

// CachedTileDB returns p's tile database when it is embedded in the
// program (tiles_embed.go) or its table is in the cache folder dir and
// checks, else nil: a solve never builds it (Tables does).
func CachedTileDB(p *shift.Puzzle, dir string) *TileDB {
	goals, ok := p.GoalStates(100000, 20_000_000)
	if !ok {
		return nil
	}
	d := newTileDB(p, goals)
	if d == nil || d.embedded() {
		return d
	}
	if dir == "" || !tablecache.Has(dir, "tiles", d.key) {
		return nil
	}
	payload, outcome, err := tablecache.Load(dir, "tiles", d.key, func() ([]byte, error) {
		return nil, errNotCached // damaged since Has looked: not built here
	})
	if err != nil || d.fill(payload) != nil {
		return nil
	}
	d.Table = outcome
	return d
}

// loadTileDB reads p's tile database from the program or dir, building
// it (until ctx ends) when it is missing or damaged; nil when p has none.
func loadTileDB(ctx context.Context, p *shift.Puzzle, goals [][]int, dir string) (*TileDB, error) {
	d := newTileDB(p, goals)
	if d == nil || d.embedded() {
		return d, nil
	}
	payload, outcome, err := tablecache.Load(dir, "tiles", d.key, func() ([]byte, error) {
		return d.build(ctx, p)
	})
	if err != nil {
		return nil, err
	}
	if err := d.fill(payload); err != nil {
		return nil, err
	}
	d.Table = outcome
	return d, nil
}

// embeddedTiles is the payload of the embedded tile database whose key is
// k, or nil.
func embeddedTiles(k tablecache.Key) []byte {
	f := embeddedTileFile
	if len(f) < len(k) || string(f[:len(k)]) != string(k[:]) {
		return nil
	}
	return f[len(k):]
}

// embedded takes d's distances from the program when it carries them
// (tiles_embed.go), and says whether it did.
func (d *TileDB) embedded() bool {
	b := embeddedTiles(d.key)
	if b == nil || d.fill(b) != nil {
		return false
	}
	d.Table = tablecache.Embedded
	return true
}

// size is the number of ranks: n·(n−1)·…·(n−k+1).
func (d *TileDB) size() int {
	s := 1
	for j := range d.block {
		s *= d.n - j
	}
	return s
}

// rank is the rank of the tokens' cells (k distinct cells).
func (d *TileDB) rank(cells []int) int {
	var used uint32
	x := 0
	for j, c := range cells {
		x = x*(d.n-j) + c - bits.OnesCount32(used&(1<<c-1))
		used |= 1 << c
	}
	return x
}

// unrank writes the cells of rank x into cells.
func (d *TileDB) unrank(x int, cells []int) {
	k := len(d.block)
	var digits [maxTileCells]int
	for j := k - 1; j >= 0; j-- {
		digits[j] = x % (d.n - j)
		x /= d.n - j
	}
	free := uint32(1)<<d.n - 1
	for j := range k {
		// The digits[j]-th free cell: drop the free cells below it.
		f := free
		for range digits[j] {
			f &= f - 1
		}
		c := bits.TrailingZeros32(f)
		cells[j] = c
		free &^= 1 << c
	}
}

// fill takes a payload as the distances.
func (d *TileDB) fill(payload []byte) error {
	if len(payload) != (d.size()+1)/2 {
		return fmt.Errorf("search: tile table of %d bytes, want %d", len(payload), (d.size()+1)/2)
	}
	d.dist = payload
	return nil
}

// MaxDist is the largest distance in the table: read when asked (shift
// tables), since a solve has no use for it.
func (d *TileDB) MaxDist() int {
	m := 0
	for _, v := range d.dist {
		m = max(m, int(v&15), int(v>>4))
	}
	return m
}

// build finds the distances breadth-first from the block's goal cells
// and packs them two a byte (a distance past 14 kept as 14, and 0 where
// none: a state of the puzzle never has its tokens there).
func (d *TileDB) build(ctx context.Context, p *shift.Puzzle) ([]byte, error) {
	k := len(d.block)
	var dests [][]int // dests[m][c]: where move m takes a token at c
	for _, mv := range p.Moves {
		dest := make([]int, d.n)
		for c, s := range mv.Src {
			dest[s] = c
		}
		dests = append(dests, dest)
	}
	// The distances go straight into their nibbles; a bit per rank says
	// which are reached (0.7 MB on 4×4, which stays in cache: reading the
	// distances at random sixteen times a rank was 65% of the build).
	packed := make([]byte, (d.size()+1)/2)
	seen := make([]uint64, (d.size()+63)/64)
	start := d.rank(d.block)
	seen[start>>6] |= 1 << (start & 63)
	frontier := []int32{int32(start)}
	cells, moved := make([]int, k), make([]int, k)
	for depth := uint8(1); len(frontier) > 0; depth++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var next []int32
		for _, x := range frontier {
			d.unrank(int(x), cells)
			for _, dest := range dests {
				for j, c := range cells {
					moved[j] = dest[c]
				}
				if z := d.rank(moved); seen[z>>6]&(1<<(z&63)) == 0 {
					seen[z>>6] |= 1 << (z & 63)
					packed[z>>1] |= min(depth, 14) << (z & 1 * 4)
					next = append(next, int32(z))
				}
			}
		}
		frontier = next
	}
	return packed, nil
}

// bound is the largest read of st's tokens (pos: scratch of one int per
// value) up to the first past limit, which it returns at once.
func (d *TileDB) bound(st []uint8, pos []uint8, limit int) int {
	for c, v := range st {
		pos[v] = uint8(c)
	}
	best := 0
	n := d.n
	for _, s := range d.syms {
		var used uint32
		x := 0
		for j, t := range s.tok {
			c := s.back[pos[t]]
			x = x*(n-j) + int(c) - bits.OnesCount32(used&(1<<c-1))
			used |= 1 << c
		}
		v := int(d.dist[x>>1]>>(x&1*4)) & 15
		if v > limit {
			return v
		}
		best = max(best, v)
	}
	return best
}
