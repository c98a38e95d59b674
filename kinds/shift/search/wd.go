package search

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

// WalkingDistance is the walking-distance heuristic of the sliding-tile
// puzzles, carried over to shift puzzles whose moves come in two layer
// types (Loopover: rows and columns). Take the lines of one type (the
// supports of its families: Loopover's rows). Moves of that type keep
// every token in its line, so only moves of the other type change how
// many tokens of each goal line every line holds. The abstract state is
// that count matrix, and an abstract move of the other type takes any
// token (of any goal line) from each cell it moves, which every real move
// is one case of. The abstract distance to the goal matrix is therefore a
// lower bound on the moves of the other type, and the bounds of the two
// types add up: Loopover's h is (column moves needed to sort the rows'
// contents) + (row moves needed to sort the columns').
//
// It needs a single target (every cell's value fixed) in which each
// value's target cells lie in one line.
//
// A count matrix is numbered by its rows: each row (the tokens of one
// line, by goal line) is a composition of the line's size, ranked among
// the compositions by a table; the ranks of all rows but the last (which
// the column sums fix) are the digits of a mixed-radix number. The
// distances are kept in an array by that number when it is small
// (Loopover 4×4: 35³ = 42,875 bytes), else by the matrix's perfect rank
// (wdrank.go; Loopover 5×5: 22,069,251 bytes).
type WalkingDistance struct {
	// Name says which lines: "rows" or the first family's name.
	Name   string
	lineOf []int   // line of each cell
	goalOf []uint8 // goal line of each value (values not on the board: 0, never counted)
	nl     int     // number of lines
	size   []int   // cells of each line (the row sums of every count matrix)
	// A row's counts packed in base base (the largest line size + 1),
	// digit g the count of goal line g, index rowRank[line]'s table.
	base    int
	pow     []int     // base^g
	rowRank [][]int32 // rank of a packed row among the compositions of the line's size (-1: none)
	lanes   []uint64  // a packed row's digits a byte each, for fitsUnder (see setLanes)
	radix   []uint64
	// valPow[v] is base^(goal line of v), what a token of value v adds
	// to its line's packed row; rankMul[l][packed] is the rank of line
	// l's packed row times the place value of its digit in the number
	// (0 for the last line), so h needs no count matrix.
	valPow  []int32
	rankMul [][]uint64
	dense   []uint8    // distances by number (or by rank, with rk)
	rk      *wdRanking // the perfect ranking, when the numbers are too many for dense
	key     tablecache.Key
	// Table says where the distances came from (see tablecache.Outcome).
	Table tablecache.Outcome
	// present: the table's file is in the cache (set by a probe only).
	present bool
}

// maxDense bounds the numbers a walking distance keeps in an array by
// number; past it, the matrices are ranked (wdrank.go).
const maxDense = 1 << 24

// NewWalkingDistances returns the walking distances of p's two layer
// types, or none when p does not qualify (more or fewer than two types,
// lines that do not cover every cell, no single target, a value whose
// target cells lie in two lines, or more than limit abstract states).
// Their tables are read from the cache in dir (see package tablecache;
// "" builds them without a cache).
func NewWalkingDistances(ctx context.Context, p *shift.Puzzle, limit int, dir string) ([]*WalkingDistance, error) {
	return newWalkingDistances(ctx, p, limit, dir, wdOptions{denseMax: maxDense})
}

// wdOptions: the most numbers kept in an array by mixed-radix number
// (denseMax; more are ranked); progress, when set, hears how a ranked
// table's build goes, a line a distance; probe sets the tables up and
// looks for their files (present) without reading or building them;
// cachedOnly reads a ranked table from the cache but never builds one
// (errNotCached).
type wdOptions struct {
	denseMax   uint64
	progress   func(string)
	probe      bool
	cachedOnly bool
}

// errNotCached: a ranked table is missing from the cache, and the caller
// asked not to build it (wdOptions.cachedOnly).
var errNotCached = errors.New("search: walking distance table not in the cache")

// newWalkingDistances is NewWalkingDistances with options.
func newWalkingDistances(ctx context.Context, p *shift.Puzzle, limit int, dir string, o wdOptions) ([]*WalkingDistance, error) {
	g := p.Goal
	if g.Target == nil || len(g.Sums) > 0 || len(g.Distinct) > 0 {
		return nil, nil
	}
	for _, v := range g.Target {
		if v == shift.Any {
			return nil, nil
		}
	}
	lay := shift.NewLayering(p, shift.NewCanon(p, 1))
	if len(lay.Types) != 2 {
		return nil, nil
	}
	// Both types first: a table of one is no use without the other's
	// (and would be built and stored for nothing).
	var ws []*WalkingDistance
	for t := range lay.Types {
		w, ok := newWD(p, lay, t)
		if !ok {
			return nil, nil
		}
		ws = append(ws, w)
	}
	var out []*WalkingDistance
	for t, w := range ws {
		if err := w.load(ctx, p, lay, 1-t, limit, dir, o, out); err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			if errors.Is(err, errTooBig) || errors.Is(err, errNotCached) {
				return nil, nil
			}
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// newWD sets up the lines of layer type t and the numbering of its count
// matrices.
func newWD(p *shift.Puzzle, lay *shift.Layering, t int) (*WalkingDistance, bool) {
	n := p.NumCells()
	w := &WalkingDistance{lineOf: make([]int, n), goalOf: make([]uint8, len(p.Values))}
	for c := range w.lineOf {
		w.lineOf[c] = -1
	}
	for i, f := range lay.Types[t] {
		F := lay.Families[f]
		if i == 0 {
			w.Name = F.Name + "…"
		}
		for _, c := range F.Support {
			if w.lineOf[c] >= 0 {
				return nil, false
			}
			w.lineOf[c] = w.nl
		}
		w.size = append(w.size, len(F.Support))
		w.nl++
	}
	for _, l := range w.lineOf {
		if l < 0 {
			return nil, false // a cell no family of the type moves
		}
	}
	if w.nl > 15 {
		return nil, false
	}
	seen := make([]bool, len(p.Values))
	for c, v := range p.Goal.Target {
		switch l := w.lineOf[c]; {
		case !seen[v]:
			seen[v] = true
			w.goalOf[v] = uint8(l)
		case int(w.goalOf[v]) != l:
			return nil, false
		}
	}
	w.base = slices.Max(w.size) + 1
	packed := 1
	for range w.nl {
		w.pow = append(w.pow, packed)
		packed *= w.base
		if packed > 1<<20 {
			return nil, false // rows too long to rank by a table
		}
	}
	// Rank the compositions of each line size in the order of their
	// packed values.
	ranks := map[int][]int32{}
	digits := make([]int, w.nl)
	for _, s := range w.size {
		if ranks[s] != nil {
			continue
		}
		r := make([]int32, packed)
		var next int32
		for x := range packed {
			sum := 0
			for g, y := 0, x; g < w.nl; g, y = g+1, y/w.base {
				digits[g] = y % w.base
				sum += digits[g]
			}
			if sum == s {
				r[x] = next
				next++
			} else {
				r[x] = -1
			}
		}
		ranks[s] = r
	}
	var total float64 = 1
	for l := range w.nl {
		w.rowRank = append(w.rowRank, ranks[w.size[l]])
		if l < w.nl-1 {
			nc := uint64(binomial(w.size[l]+w.nl-1, w.nl-1))
			w.radix = append(w.radix, nc)
			total *= float64(nc)
		}
	}
	if total > 1<<62 {
		return nil, false
	}
	w.valPow = make([]int32, len(p.Values))
	for v, g := range w.goalOf {
		w.valPow[v] = int32(w.pow[g])
	}
	place := uint64(1)
	w.rankMul = make([][]uint64, w.nl)
	w.rankMul[w.nl-1] = make([]uint64, packed)
	for l := w.nl - 2; l >= 0; l-- {
		w.rankMul[l] = make([]uint64, packed)
		for x, r := range w.rowRank[l] {
			if r >= 0 {
				w.rankMul[l][x] = uint64(r) * place
			}
		}
		place *= w.radix[l]
	}
	return w, true
}

func binomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// number is the number of count matrix m (nl×nl, row l the tokens of line
// l by goal line).
func (w *WalkingDistance) number(m []byte) uint64 {
	var x uint64
	nl := w.nl
	for l := 0; l < nl-1; l++ {
		packed := 0
		for g, c := range m[l*nl : l*nl+nl] {
			packed += int(c) * w.pow[g]
		}
		x = x*w.radix[l] + uint64(w.rowRank[l][packed])
	}
	return x
}

// errTooBig: more abstract states than the limit.
var errTooBig = errors.New("search: walking distance too big")

// load fills the distances from the cache in dir, or builds them (and
// stores them there). The cache key is everything the table depends on:
// the lines, the goal lines, and the abstract moves.
//
// A ranked table equal to one of before's (the rows' and the columns' of a
// square Loopover) is shared, not read again.
func (w *WalkingDistance) load(ctx context.Context, p *shift.Puzzle, lay *shift.Layering, other, limit int, dir string, o wdOptions, before []*WalkingDistance) error {
	var total uint64 = 1
	for _, r := range w.radix {
		total *= r
	}
	// The matrices are counted first (the breadth-first search would run
	// for minutes before finding out there are too many): ranked ones by
	// the ranking, which counts them exactly and 10 times faster.
	if total <= o.denseMax {
		if n := w.matrices(p, limit); n > limit {
			return fmt.Errorf("%w: %d count matrices", errTooBig, n)
		}
	}
	desc := []byte("walking distance v1\n")
	if total > o.denseMax {
		colSum := make([]int, w.nl)
		for _, v := range p.Goal.Target {
			colSum[w.goalOf[v]]++
		}
		if dir == "" {
			// Minutes to build in every process, with nowhere to keep it
			// (WebAssembly): the search does without.
			return fmt.Errorf("%w: a ranked table and no cache folder", errTooBig)
		}
		rk := sameRanking(w, w.packedSums(colSum), before)
		if rk == nil {
			var err error
			if rk, err = newRanking(w, colSum); err != nil {
				return err
			}
		}
		if rk.total > uint64(limit) {
			return fmt.Errorf("%w: %d count matrices", errTooBig, rk.total)
		}
		w.rk = rk
	}
	moves := w.transfers(p, lay, other)
	if w.rk != nil {
		desc = w.rankedDescription(p, moves)
	} else {
		desc = fmt.Appendf(desc, "lines %v\ngoal lines %v\n", w.lineOf, w.goalOf)
		for _, tr := range moves {
			desc = fmt.Appendf(desc, "move %v %v\n", tr.from, tr.to)
		}
	}
	key := tablecache.KeyOf(desc)
	w.key = key
	if o.probe {
		w.present = tablecache.Has(dir, "wd", key)
		return nil
	}
	if o.cachedOnly && w.rk != nil && !tablecache.Has(dir, "wd", key) {
		return errNotCached
	}
	for _, o := range before {
		if o.rk != nil && w.rk != nil && o.key == key {
			w.Table, w.dense = o.Table, o.dense
			return nil
		}
	}
	payload, outcome, err := tablecache.Load(dir, "wd", key, func() ([]byte, error) {
		if w.rk != nil {
			// Minutes of CPU (Loopover 5×5: about 95 s), under the run's
			// deadline like all its work: a run cut short says so, and
			// `shift tables` builds it with no deadline (see Tables).
			d, err := w.buildRanked(ctx, w.goalMatrix(p), moves, o.progress)
			if err != nil && ctx.Err() != nil {
				return nil, fmt.Errorf("search: the walking distances' table of %d count matrices not built: %w", w.rk.total, err)
			}
			return d, err
		}
		return w.build(ctx, p, moves, limit)
	})
	if err != nil {
		return err
	}
	w.Table = outcome
	if w.rk != nil {
		return w.fillRanked(payload)
	}
	return w.fill(payload)
}

// matrices counts the count matrices with w's row sums (the lines' sizes)
// and column sums (the tokens of each goal line), an upper bound on the
// abstract states, by dynamic programming over the rows and the column
// sums still open; it stops counting past limit.
func (w *WalkingDistance) matrices(p *shift.Puzzle, limit int) int {
	open := make([]int, w.nl)
	for _, v := range p.Goal.Target {
		open[w.goalOf[v]]++
	}
	key := func(o []int) string { return fmt.Sprint(o) }
	cur := map[string]int{key(open): 1}
	vecs := map[string][]int{key(open): open}
	row := make([]int, w.nl)
	for l := range w.nl {
		next := map[string]int{}
		for k, ways := range cur {
			o := vecs[k]
			// Every row of size[l] within the open sums.
			var rec func(g, left int)
			rec = func(g, left int) {
				if g == w.nl-1 {
					if left > o[g] {
						return
					}
					row[g] = left
					rest := make([]int, w.nl)
					for i := range rest {
						rest[i] = o[i] - row[i]
					}
					rk := key(rest)
					next[rk] = min(next[rk]+ways, limit+1)
					vecs[rk] = rest
					return
				}
				for c := 0; c <= min(left, o[g]); c++ {
					row[g] = c
					rec(g+1, left-c)
				}
			}
			rec(0, w.size[l])
		}
		cur = next
	}
	total := 0
	for _, ways := range cur {
		total = min(total+ways, limit+1)
	}
	return total
}

// transfer is what an abstract move does: a token leaves line from[i]
// for line to[i]; cells staying in their line do not count.
type transfer struct{ from, to []int }

// transfers lists the moves of layer type other backwards (distances to
// the goal are distances from it along the inverse moves).
func (w *WalkingDistance) transfers(p *shift.Puzzle, lay *shift.Layering, other int) []transfer {
	var moves []transfer
	for _, f := range lay.Types[other] {
		for _, m := range lay.Families[f].Moves {
			var tr transfer
			for c, src := range p.Moves[m].Inverse() {
				if a, b := w.lineOf[src], w.lineOf[c]; a != b {
					tr.from = append(tr.from, a)
					tr.to = append(tr.to, b)
				}
			}
			// Moves of different families often act alike on the
			// counts (Loopover: every column's up move): once is enough.
			dup := slices.ContainsFunc(moves, func(o transfer) bool {
				return slices.Equal(o.from, tr.from) && slices.Equal(o.to, tr.to)
			})
			if len(tr.from) > 0 && !dup {
				moves = append(moves, tr)
			}
		}
	}
	return moves
}

// fill reads the table's payload: per abstract state, its number (8 bytes,
// little-endian) and its distance (1 byte).
func (w *WalkingDistance) fill(payload []byte) error {
	const rec = 9
	if len(payload)%rec != 0 || len(payload) == 0 {
		return fmt.Errorf("search: walking-distance table of %d bytes", len(payload))
	}
	var total uint64 = 1
	for _, r := range w.radix {
		total *= r
	}
	// load ranks the matrices when the numbers are more than maxDense.
	w.dense = make([]uint8, total)
	for i := range w.dense {
		w.dense[i] = unreachable
	}
	for i := 0; i < len(payload); i += rec {
		x, d := binary.LittleEndian.Uint64(payload[i:]), payload[i+8]
		if x >= total || d >= unreachable {
			return fmt.Errorf("search: walking-distance table entry %d out of range", i/rec)
		}
		w.dense[x] = d
	}
	return nil
}

// build finds the distance of every abstract state from the goal matrix
// by breadth-first search over the abstract moves, and returns them as
// fill reads them.
func (w *WalkingDistance) build(ctx context.Context, p *shift.Puzzle, moves []transfer, limit int) ([]byte, error) {
	goal := w.goalMatrix(p)
	dist := map[uint64]uint8{w.number(goal): 0}
	frontier := [][]byte{goal}
	next := make([]byte, len(goal))
	out := make([]byte, len(goal)) // tokens taken out of each line by the move so far
	nl := w.nl
	var cur []byte
	var d int
	var nf [][]byte
	full := false
	// rec chooses, for transfer i on, the goal line of the token that
	// leaves: any that the line held before the move and has not given
	// up yet in this move (tokens arriving during the move stay put).
	var rec func(tr transfer, i int)
	rec = func(tr transfer, i int) {
		if full {
			return
		}
		if i == len(tr.from) {
			x := w.number(next)
			if _, ok := dist[x]; !ok {
				dist[x] = uint8(d)
				nf = append(nf, slices.Clone(next))
				full = len(dist) > limit
			}
			return
		}
		a, b := tr.from[i], tr.to[i]
		for gl := 0; gl < nl; gl++ {
			if cur[a*nl+gl] == out[a*nl+gl] {
				continue
			}
			out[a*nl+gl]++
			next[a*nl+gl]--
			next[b*nl+gl]++
			rec(tr, i+1)
			out[a*nl+gl]--
			next[a*nl+gl]++
			next[b*nl+gl]--
		}
	}
	for d = 1; len(frontier) > 0; d++ {
		if d >= unreachable {
			return nil, fmt.Errorf("search: walking distance deeper than 254")
		}
		nf = nil
		for i, m := range frontier {
			if i&0xff == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			cur = m
			for _, tr := range moves {
				copy(next, cur)
				clear(out)
				rec(tr, 0)
				if full {
					return nil, fmt.Errorf("%w: over %d states", errTooBig, limit)
				}
			}
		}
		frontier = nf
	}
	keys := make([]uint64, 0, len(dist))
	for x := range dist {
		keys = append(keys, x)
	}
	slices.Sort(keys)
	payload := make([]byte, 0, 9*len(keys))
	for _, x := range keys {
		payload = binary.LittleEndian.AppendUint64(payload, x)
		payload = append(payload, dist[x])
	}
	return payload, nil
}

// goalMatrix is the count matrix of p's target.
func (w *WalkingDistance) goalMatrix(p *shift.Puzzle) []byte {
	goal := make([]byte, w.nl*w.nl)
	for c, v := range p.Goal.Target {
		goal[w.lineOf[c]*w.nl+int(w.goalOf[v])]++
	}
	return goal
}

// fillRanked reads a ranked table's payload: the distances by rank.
func (w *WalkingDistance) fillRanked(payload []byte) error {
	if uint64(len(payload)) != w.rk.total {
		return fmt.Errorf("search: walking-distance table of %d bytes, want %d", len(payload), w.rk.total)
	}
	w.dense = payload
	return nil
}

// Stats are the table's number of abstract states and its largest
// distance: counted when asked (shift tables), since a solve has no use
// for them and the count reads every byte (22 MB on Loopover 5×5).
func (w *WalkingDistance) Stats() (states, maxDist int) {
	for _, d := range w.dense {
		if d != unreachable {
			states++
			maxDist = max(maxDist, int(d))
		}
	}
	return states, maxDist
}

// packedRows are the lines' packed rows of a count matrix (nl ≤ 15).
type packedRows [16]int32

// rows packs the count matrix of state s.
func (w *WalkingDistance) rows(s []uint8, r *packedRows) {
	*r = packedRows{}
	for c, v := range s {
		r[w.lineOf[c]] += w.valPow[v]
	}
}

// lookup is the distance of the count matrix r.
func (w *WalkingDistance) lookup(r *packedRows) int {
	return int(w.dense[w.index(r)])
}

// index is where the distance of the count matrix r is in w.dense.
func (w *WalkingDistance) index(r *packedRows) uint64 {
	if w.rk != nil {
		return w.rk.rank(w, r)
	}
	var x uint64
	for l, rm := range w.rankMul[:w.nl-1] {
		x += rm[r[l]]
	}
	return x
}

// h returns the walking distance of s.
func (w *WalkingDistance) h(s []uint8) int {
	var r packedRows
	w.rows(s, &r)
	return w.lookup(&r)
}

// crossing is a token that a move takes from one line to another: the
// cell it lands in, the cell it comes from, and the lines.
type crossing struct{ cell, src, from, to int }

// crossings lists the tokens move src (new[c] = old[src[c]]) takes across
// lines; none when it keeps every token in its line, so that the count
// matrix after the move is the one before it plus these.
func (w *WalkingDistance) crossings(src []int) []crossing {
	var out []crossing
	for c, s := range src {
		if w.lineOf[c] != w.lineOf[s] {
			out = append(out, crossing{c, s, w.lineOf[s], w.lineOf[c]})
		}
	}
	return out
}
