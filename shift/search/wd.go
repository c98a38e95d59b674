package search

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/puzzlesat/puzzlesat/shift"
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
type WalkingDistance struct {
	// Name says which lines: "rows" or the first family's name.
	Name   string
	lineOf []int // line of each cell
	goalOf []int // goal line of each value; -1 for values not on the board
	nl     int   // number of lines
	dist   map[string]uint8
	// dist64 holds dist by packed keys when every count fits in bits
	// bits and the matrix in 64 (Loopover up to 4×4): a faster lookup.
	dist64 map[uint64]uint8
	bits   uint
	// States is the number of abstract states, Max the largest distance.
	States, Max int
}

// NewWalkingDistances returns the walking distances of p's two layer
// types, or none when p does not qualify (more or fewer than two types,
// lines that do not cover every cell, no single target, a value whose
// target cells lie in two lines, or more than limit abstract states).
func NewWalkingDistances(ctx context.Context, p *shift.Puzzle, limit int) ([]*WalkingDistance, error) {
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
	var out []*WalkingDistance
	for t := range lay.Types {
		w, ok := newWD(p, lay, t)
		if !ok {
			return nil, nil
		}
		if err := w.build(ctx, p, lay, 1-t, limit); err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			return nil, nil // too big: no walking distance
		}
		out = append(out, w)
	}
	return out, nil
}

// newWD sets up the lines of layer type t.
func newWD(p *shift.Puzzle, lay *shift.Layering, t int) (*WalkingDistance, bool) {
	n := p.NumCells()
	w := &WalkingDistance{lineOf: make([]int, n), goalOf: make([]int, len(p.Values))}
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
	for v := range w.goalOf {
		w.goalOf[v] = -1
	}
	for c, v := range p.Goal.Target {
		switch l := w.lineOf[c]; {
		case w.goalOf[v] == -1:
			w.goalOf[v] = l
		case w.goalOf[v] != l:
			return nil, false
		}
	}
	return w, true
}

// counts fills m (nl×nl) with the count matrix of state s.
func (w *WalkingDistance) counts(s []uint8, m []byte) {
	clear(m)
	for c, v := range s {
		m[w.lineOf[c]*w.nl+w.goalOf[v]]++
	}
}

// build finds the distance of every abstract state from the goal matrix
// by breadth-first search over the abstract moves of type other.
func (w *WalkingDistance) build(ctx context.Context, p *shift.Puzzle, lay *shift.Layering, other, limit int) error {
	// The transfers of each move of the other type, backwards (distances
	// to the goal are distances from it along the inverse moves): a token
	// leaves line from[i] for line to[i]; cells staying in their line do
	// not count.
	type transfer struct{ from, to []int }
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
			if len(tr.from) > 0 {
				moves = append(moves, tr)
			}
		}
	}
	nl := w.nl
	goal := make([]byte, nl*nl)
	for c, v := range p.Goal.Target {
		goal[w.lineOf[c]*nl+w.goalOf[v]]++
	}
	w.dist = map[string]uint8{string(goal): 0}
	frontier := []string{string(goal)}
	next := make([]byte, len(goal))
	out := make([]byte, len(goal)) // tokens taken out of each line by the move so far
	var cur []byte
	var d int
	var nf []string
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
			if _, ok := w.dist[string(next)]; !ok {
				k := string(next)
				w.dist[k] = uint8(d)
				nf = append(nf, k)
				full = len(w.dist) > limit
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
			return fmt.Errorf("search: walking distance deeper than 254")
		}
		nf = nil
		for i, key := range frontier {
			if i&0xff == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			cur = []byte(key)
			for _, tr := range moves {
				copy(next, cur)
				clear(out)
				rec(tr, 0)
				if full {
					return fmt.Errorf("search: walking distance over %d states", limit)
				}
			}
		}
		if len(nf) > 0 {
			w.Max = d
		}
		frontier = nf
	}
	w.States = len(w.dist)
	w.bits = uint(bits.Len(uint(p.NumCells())))
	if uint(nl*nl)*w.bits <= 64 {
		w.dist64 = make(map[uint64]uint8, len(w.dist))
		for k, d := range w.dist {
			w.dist64[w.pack([]byte(k))] = d
		}
		w.dist = nil
	}
	return nil
}

// pack packs a count matrix into a uint64 of w.bits bits per entry.
func (w *WalkingDistance) pack(m []byte) uint64 {
	var x uint64
	for _, c := range m {
		x = x<<w.bits | uint64(c)
	}
	return x
}

// h returns the walking distance of s, with m as scratch (nl×nl).
func (w *WalkingDistance) h(s []uint8, m []byte) int {
	w.counts(s, m)
	if w.dist64 != nil {
		d, ok := w.dist64[w.pack(m)]
		if !ok {
			return unreachable
		}
		return int(d)
	}
	d, ok := w.dist[string(m)]
	if !ok {
		return unreachable
	}
	return int(d)
}
