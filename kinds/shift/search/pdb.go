package search

import (
	"context"
	"fmt"
	"sort"
	"strings"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// PDB is a pattern database: the exact distance to the goal of every state
// of an abstraction of the puzzle, in which the values of some classes are
// told apart only by class and every other value is a blank. A move acts
// on abstract states as on states, so the abstract distance is a lower
// bound on the real one (an admissible heuristic). Abstract states are
// ranked densely (multiset permutations), one byte each.
type PDB struct {
	// ClassOf maps each value to its class label (1..), or 0 for blank.
	ClassOf []int
	Name    string
	dist    []uint8
	rk      ranker
	// Max is the largest distance stored.
	Max int
}

// unreachable marks abstract states that cannot reach the goal.
const unreachable = 255

// Size is the number of abstract states.
func (d *PDB) Size() int { return len(d.dist) }

// H returns the abstract distance of state s (a lower bound on its
// distance to the goal), 255 when its abstraction cannot reach the goal.
func (d *PDB) H(s []int) int {
	b := make([]uint8, len(s))
	for i, v := range s {
		b[i] = uint8(d.ClassOf[v])
	}
	return int(d.dist[d.rk.rank(b)])
}

// HLabels returns the distance of an abstract state given by its class
// labels (ClassOf of each cell's value), 255 when it cannot reach the goal.
func (d *PDB) HLabels(lab []uint8) int { return int(d.dist[d.rk.rank(lab)]) }

// h8 is H on a state of value bytes, with scratch space for the labels.
func (d *PDB) h8(s, scratch []uint8) int {
	for i, v := range s {
		scratch[i] = uint8(d.ClassOf[v])
	}
	return int(d.dist[d.rk.rank(scratch)])
}

// ranker numbers the arrangements of a fixed multiset of labels on n
// cells densely, 0..total-1: label 0 is the blank; for each other label in
// turn, the set of cells it takes among the cells not taken by smaller
// non-blank labels is ranked in the combinatorial number system, and the
// ranks are the digits of a mixed-radix number. No division on the way in.
type ranker struct {
	counts []int
	total  uint64
	radix  []uint64   // radix[l] = C(cells available to l, counts[l])
	binom  [][]uint64 // binom[n][k]
}

func newRanker(counts []int) (ranker, bool) {
	n := 0
	for _, c := range counts {
		n += c
	}
	bt := make([][]uint64, n+1)
	for i := range bt {
		bt[i] = make([]uint64, n+2)
		bt[i][0] = 1
		for k := 1; k <= i; k++ {
			bt[i][k] = bt[i-1][k-1] + bt[i-1][k]
		}
	}
	r := ranker{counts: append([]int(nil), counts...), total: 1, radix: make([]uint64, len(counts)), binom: bt}
	avail := n
	t := 1.0
	for l := 1; l < len(counts); l++ {
		r.radix[l] = bt[avail][counts[l]]
		t *= float64(r.radix[l])
		r.total *= r.radix[l]
		avail -= counts[l]
	}
	return r, t <= 1<<40
}

func (r *ranker) rank(s []uint8) uint64 {
	// One pass: pos[l] counts the cells available to label l so far
	// (blank or a label ≥ l), j[l] the cells of label l so far.
	var pos, j [16]int
	var d [16]uint64
	nl := len(r.counts)
	for _, v := range s {
		if v == 0 {
			for l := 1; l < nl; l++ {
				pos[l]++
			}
			continue
		}
		for l := 1; l < int(v); l++ {
			pos[l]++
		}
		j[v]++
		d[v] += r.binom[pos[v]][j[v]]
		pos[v]++
	}
	var x uint64
	for l := 1; l < nl; l++ {
		x = x*r.radix[l] + d[l]
	}
	return x
}

func (r *ranker) unrank(x uint64, s []uint8) {
	nl := len(r.counts)
	digits := make([]uint64, nl)
	for l := nl - 1; l >= 1; l-- {
		digits[l] = x % r.radix[l]
		x /= r.radix[l]
	}
	for i := range s {
		s[i] = 0
	}
	free := make([]int, 0, len(s)) // cells not yet given a label
	for c := range s {
		free = append(free, c)
	}
	for l := 1; l < nl; l++ {
		d := digits[l]
		take := make([]bool, len(free))
		p := len(free) - 1
		for j := r.counts[l]; j >= 1; j-- {
			for r.binom[p][j] > d {
				p--
			}
			d -= r.binom[p][j]
			take[p] = true
			p--
		}
		kept := free[:0]
		for i, c := range free {
			if take[i] {
				s[c] = uint8(l)
			} else {
				kept = append(kept, c)
			}
		}
		free = kept
	}
}

// BuildPDB computes the pattern database of the abstraction classOf by
// breadth-first search from the images of the goal states, backwards. It
// fails when the abstraction has more than limit states or more than 15
// classes.
func BuildPDB(ctx context.Context, p *shift.Puzzle, goals [][]int, classOf []int, limit int) (*PDB, error) {
	nc := 0
	for _, c := range classOf {
		nc = max(nc, c)
	}
	if nc > 15 {
		return nil, fmt.Errorf("search: abstraction with %d classes (at most 15)", nc)
	}
	counts := make([]int, nc+1)
	for _, v := range p.Start {
		counts[classOf[v]]++
	}
	rk, ok := newRanker(counts)
	if !ok || rk.total > uint64(limit) {
		return nil, fmt.Errorf("search: abstraction has more than %d states", limit)
	}
	d := &PDB{ClassOf: classOf, rk: rk, dist: make([]uint8, rk.total)}
	for i := range d.dist {
		d.dist[i] = unreachable
	}
	n := p.NumCells()
	inv := make([][]int, len(p.Moves))
	for m, mv := range p.Moves {
		inv[m] = mv.Inverse()
	}
	lab := make([]uint8, n)
	var frontier []uint64
	for _, g := range goals {
		for c, v := range g {
			lab[c] = uint8(classOf[v])
		}
		k := rk.rank(lab)
		if d.dist[k] == unreachable {
			d.dist[k] = 0
			frontier = append(frontier, k)
		}
	}
	cur := make([]uint8, n)
	child := make([]uint8, n)
	for depth := 1; len(frontier) > 0; depth++ {
		if depth >= unreachable {
			return nil, fmt.Errorf("search: abstraction deeper than 254")
		}
		var next []uint64
		for i, k := range frontier {
			if i&0xfff == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			rk.unrank(k, cur)
			for _, src := range inv {
				for c := 0; c < n; c++ {
					child[c] = cur[src[c]]
				}
				ck := rk.rank(child)
				if d.dist[ck] == unreachable {
					d.dist[ck] = uint8(depth)
					next = append(next, ck)
				}
			}
		}
		if len(next) > 0 {
			d.Max = depth
		}
		frontier = next
	}
	return d, nil
}

// ValuePartitions returns ways to group the values into classes that the
// goal cannot tell apart: for each relabelling of the values that maps the
// set of goal states onto itself, the orbits of its cyclic group, then the
// orbits of the group they all generate. For the magic shifter the
// complement v ↦ 10-v (the complement of a Lo Shu square is one) gives the
// pairs {1,9} {2,8} {3,7} {4,6} {5}; v ↦ 3v mod 10 gives {1,3,9,7}
// {2,6,8,4} {5}. With a single target every value stays alone. Duplicate
// partitions are dropped; the trivial one (all singletons) is always
// included.
func ValuePartitions(nv int, goals [][]int) [][][]int {
	var perms [][]int
	if len(goals) > 0 {
		set := map[string]bool{}
		key := func(s []int) string {
			b := make([]byte, len(s))
			for i, v := range s {
				b[i] = byte(v)
			}
			return string(b)
		}
		for _, g := range goals {
			set[key(g)] = true
		}
		g0 := goals[0]
		img := make([]int, len(g0))
	next:
		for _, g := range goals {
			// The relabelling sending g0 to g, if it is one.
			pi := make([]int, nv)
			for i := range pi {
				pi[i] = -1
			}
			for c := range g0 {
				if pi[g0[c]] == -1 {
					pi[g0[c]] = g[c]
				} else if pi[g0[c]] != g[c] {
					continue next
				}
			}
			used := make([]bool, nv)
			for v := range pi {
				if pi[v] == -1 {
					pi[v] = v // a value absent from the goals stays put
				}
				if used[pi[v]] {
					continue next
				}
				used[pi[v]] = true
			}
			for _, h := range goals {
				for c := range h {
					img[c] = pi[h[c]]
				}
				if !set[key(img)] {
					continue next
				}
			}
			perms = append(perms, pi)
		}
	}
	var out [][][]int
	seen := map[string]bool{}
	add := func(part [][]int) {
		k := fmt.Sprint(part)
		if !seen[k] {
			seen[k] = true
			out = append(out, part)
		}
	}
	single := make([][]int, nv)
	for v := range single {
		single[v] = []int{v}
	}
	add(single)
	for _, pi := range perms {
		add(orbits(nv, [][]int{pi}))
	}
	if len(perms) > 0 {
		add(orbits(nv, perms))
	}
	return out
}

// orbits returns the orbits of the group generated by perms, each sorted,
// ordered by their least value.
func orbits(nv int, perms [][]int) [][]int {
	var pairs [][]int
	for _, pi := range perms {
		for v, w := range pi {
			pairs = append(pairs, []int{v, w})
		}
	}
	return shift.Partition(nv, pairs)
}

// Abstract returns p with every value replaced by its class (classOf),
// and the distinct images of goals: the abstract puzzle.
func Abstract(p *shift.Puzzle, goals [][]int, classOf []int) (*shift.Puzzle, [][]int) {
	q := p.Clone()
	nc := 0
	for _, c := range classOf {
		nc = max(nc, c)
	}
	q.Values = make([]string, nc+1)
	q.Values[0] = "_"
	for c := 1; c <= nc; c++ {
		q.Values[c] = fmt.Sprintf("%c", 'A'+(c-1)%26)
	}
	for c, v := range p.Start {
		q.Start[c] = classOf[v]
	}
	seen := map[string]bool{}
	var imgs [][]int
	for _, g := range goals {
		img := make([]int, len(g))
		b := make([]byte, len(g))
		for c, v := range g {
			img[c] = classOf[v]
			b[c] = byte(img[c])
		}
		if !seen[string(b)] {
			seen[string(b)] = true
			imgs = append(imgs, img)
		}
	}
	q.Goal = shift.Goal{Target: append([]int(nil), imgs[0]...)}
	return q, imgs
}

// ChooseAbstractions picks up to maxPDBs abstractions with at most limit
// states each. Candidates keep some value orbits as classes (the rest
// blank) and are maximal under the limit; each is scored by the abstract
// distance of p's start (a cheap bidirectional search), and the best are
// taken, later ones only if they keep orbits the earlier ones blank and
// score within 2 of the best.
func ChooseAbstractions(ctx context.Context, p *shift.Puzzle, goals [][]int, partitions [][][]int, limit, maxPDBs int) [][]int {
	type cand struct {
		classOf []int
		score   int
		size    float64
		values  int // bit set of the values kept
	}
	var cands []cand
	for _, part := range partitions {
		for _, c := range candidates(ctx, p, goals, part, limit) {
			cands = append(cands, cand(c))
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].score != cands[j].score {
			return cands[i].score > cands[j].score
		}
		return cands[i].size < cands[j].size
	})
	var out [][]int
	used := 0
	for _, c := range cands {
		if len(out) == maxPDBs {
			break
		}
		if len(out) > 0 && (c.values&^used == 0 || c.score < cands[0].score-2) {
			continue
		}
		out = append(out, c.classOf)
		used |= c.values
	}
	return out
}

type candidate struct {
	classOf []int
	score   int
	size    float64
	values  int
}

// candidates lists the maximal abstractions within limit that keep some
// orbits of one partition, scored by the abstract distance of the start.
func candidates(ctx context.Context, p *shift.Puzzle, goals [][]int, orbits [][]int, limit int) []candidate {
	count := make([]int, len(p.Values))
	for _, v := range p.Start {
		count[v]++
	}
	m := min(len(orbits), 16) // enumerate subsets of the first orbits only
	tokens := make([]int, m)
	for i := 0; i < m; i++ {
		for _, v := range orbits[i] {
			tokens[i] += count[v]
		}
	}
	n := p.NumCells()
	size := func(mask int) float64 {
		s, left := 1.0, n
		for i := 0; i < m; i++ {
			if mask&(1<<i) != 0 {
				s *= binom(left, tokens[i])
				left -= tokens[i]
			}
		}
		return s
	}
	fits := func(mask int) bool { return size(mask) <= float64(limit) }
	var cands []candidate
	for mask := 1; mask < 1<<m; mask++ {
		if !fits(mask) {
			continue
		}
		maximal := true
		for i := 0; i < m; i++ {
			if mask&(1<<i) == 0 && fits(mask|1<<i) {
				maximal = false
				break
			}
		}
		if !maximal {
			continue
		}
		classOf := maskClasses(len(p.Values), orbits, mask)
		q, imgs := Abstract(p, goals, classOf)
		r, err := Solve(ctx, q, Options{Goals: imgs, MaxStates: 2_000_000, Method: "bfs"})
		score := 0
		if err == nil {
			score = r.LowerBound
		}
		vals := 0
		for v, c := range classOf {
			if c > 0 && v < 62 {
				vals |= 1 << v
			}
		}
		cands = append(cands, candidate{classOf, score, size(mask), vals})
	}
	return cands
}

func maskClasses(nv int, orbits [][]int, mask int) []int {
	classOf := make([]int, nv)
	label := 0
	for i := range orbits {
		if i < 16 && mask&(1<<i) != 0 {
			label++
			for _, v := range orbits[i] {
				classOf[v] = label
			}
		}
	}
	return classOf
}

func binom(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := 1.0
	for i := 0; i < k; i++ {
		r = r * float64(n-i) / float64(i+1)
	}
	return r
}

// describe names an abstraction by its classes, e.g. "{1,9}{3,7}".
func describe(p *shift.Puzzle, classOf []int) string {
	var b strings.Builder
	nc := 0
	for _, c := range classOf {
		nc = max(nc, c)
	}
	for c := 1; c <= nc; c++ {
		var vs []string
		for v, cc := range classOf {
			if cc == c {
				vs = append(vs, p.Values[v])
			}
		}
		b.WriteString("{" + strings.Join(vs, ",") + "}")
	}
	return b.String()
}
