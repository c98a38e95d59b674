// Package bestfound finds a short, not necessarily shortest, solution of a
// shift puzzle quickly: a beam search guided by the sum over cells of how
// many moves the token on each cell needs, alone, to reach a cell whose
// target is its value, and where the exact search's walking distances are
// cached (Loopover up to 5×5) a beam and weighted IDA* steered by them
// (wida.go). The length of what it finds is an upper bound on the
// optimum; with a proven lower bound that meets it, it is a proof.
//
// The exact search cannot prove 5×5 Loopover optima of 20-move scrambles
// within a minute; this answers, in a fraction of a second, how short a
// solution is known, and comes within a few moves of the optimum in a
// few seconds (kinds/shift/README.md, "5×5 best found"). Each search
// looks only for something shorter than the best so far.
package bestfound

import (
	"context"
	"slices"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
)

// Options bound the search.
type Options struct {
	// MaxSteps is the longest solution looked for (default 60).
	MaxSteps int
	// Widths are the beam widths tried in turn (default DefaultWidths);
	// each is tried while the context lasts.
	Widths []int
	// WDs are p's two walking distances (search.CachedWalkingDistances:
	// Loopover up to 5×5), when the caller has them: the search steers by
	// them too (see Solve); without them, by token distances only. They
	// are only read, so the exact search may use the same ones meanwhile.
	WDs []*search.WalkingDistance
}

// DefaultWidths are the beam widths tried by default.
// (5×5 Loopover, a 20-move scramble, one core, token distances alone:
// width 256 finds 47 moves in 0.7 s, 1024 38 in 1.9 s, 4096 32 in 10 s).
var DefaultWidths = []int{16, 64, 256, 1024, 4096, 16384}

// wdWidths are the beam widths of the rounds with walking distances by
// default: a width of 64 answers at once (5×5 Loopover: under 0.1 s), 256 in 0.1–0.3 s.
var wdWidths = []int{64, 256, 1024, 4096, 16384}

// Solve returns the shortest solution found (move indexes), checked by
// replaying it, or nil when none was found (or the puzzle has no target to
// steer by). It stops early when the context is done, with the best found
// so far.
//
// Without walking distances the beams run in turn, widest last. With them
// (Options.WDs: Loopover up to 5×5), rounds alternate a beam and
// the weighted deepenings (wida.go), each round with four times the width
// and twice the time of the last, each search looking only for something
// shorter than the best so far: the beam answers at once, the deepenings
// come close to the optimum.
func Solve(ctx context.Context, p *shift.Puzzle, opt Options) []int {
	if p.Goal.Target == nil || len(p.Start) == 0 {
		return nil
	}
	if opt.MaxSteps <= 0 {
		opt.MaxSteps = 60
	}
	widths := opt.Widths
	if len(widths) == 0 {
		widths = DefaultWidths
	}
	d := newTokenDist(p)
	if d == nil {
		return nil // a token that can never reach its target
	}
	var wds []*search.WalkingDistance
	if len(opt.WDs) == 2 {
		wds = opt.WDs
	}
	g := newGuide(p, d, wds)
	start := bytesOf(p.Start)
	best := &found{p: p}
	if wds == nil {
		for _, w := range widths {
			if !best.want(opt.MaxSteps) || ctx.Err() != nil {
				break
			}
			best.offer(beam(ctx, p, g, start, w, best.limit(opt.MaxSteps)))
		}
		return best.moves
	}
	if len(opt.Widths) == 0 {
		widths = wdWidths
	}
	canon := shift.NewCanon(p, 3)
	slice := firstSlice
	for round := 0; ctx.Err() == nil && best.want(opt.MaxSteps); round++ {
		if round < len(widths) {
			best.offer(beam(ctx, p, g, start, widths[round], best.limit(opt.MaxSteps)))
		}
		for _, w := range weightings {
			if ctx.Err() != nil || !best.want(opt.MaxSteps) {
				break
			}
			c, cancel := context.WithTimeout(ctx, slice)
			m, none := weightedIDA(c, p, g, canon, start, w, best.limit(opt.MaxSteps))
			cancel()
			if none {
				// Nothing shorter exists (the cap cuts by an admissible
				// bound only): the best found is optimal.
				return best.moves
			}
			best.offer(m)
		}
		slice *= 2
	}
	return best.moves
}

// bytesOf is state s a byte a cell (a puzzle has at most 255 values).
func bytesOf(s []int) []uint8 {
	b := make([]uint8, len(s))
	for c, v := range s {
		b[c] = uint8(v)
	}
	return b
}

// found is the best solution so far.
type found struct {
	p     *shift.Puzzle
	moves []int
}

// limit is the longest solution still worth finding.
func (f *found) limit(maxSteps int) int {
	if f.moves != nil {
		return len(f.moves) - 1
	}
	return maxSteps
}

// want reports whether a shorter solution could still be found: none is
// shorter than nothing.
func (f *found) want(maxSteps int) bool { return f.limit(maxSteps) >= 0 }

// offer keeps m when it replays and is shorter than the best so far.
func (f *found) offer(m []int) {
	if m != nil && Replays(f.p, m) && (f.moves == nil || len(m) < len(f.moves)) {
		f.moves = m
	}
}

// Replays reports whether moves, applied from p's start, reach the goal.
func Replays(p *shift.Puzzle, moves []int) bool {
	s := slices.Clone(p.Start)
	for _, m := range moves {
		if m < 0 || m >= len(p.Moves) {
			return false
		}
		s = p.Moves[m].Apply(s)
	}
	return p.IsGoal(s)
}

// tokenDist is, for each value and cell, the fewest moves that carry a
// token on that cell to a cell whose target is that value (or Any).
type tokenDist struct {
	d [][]int32 // d[v][c]
}

// newTokenDist computes the distances by breadth-first search backwards
// from the target cells of each value; nil if some value on the start
// cannot reach any of its target cells.
func newTokenDist(p *shift.Puzzle) *tokenDist {
	n := len(p.Start)
	// pred[c] lists the cells whose token a move brings to c.
	pred := make([][]int, n)
	for _, m := range p.Moves {
		for c, src := range m.Src {
			if src != c {
				pred[c] = append(pred[c], src)
			}
		}
	}
	t := &tokenDist{d: make([][]int32, len(p.Values))}
	for v := range p.Values {
		dv := make([]int32, n)
		for c := range dv {
			dv[c] = -1
		}
		var queue []int
		for c, want := range p.Goal.Target {
			if want == v || want == shift.Any {
				dv[c] = 0
				queue = append(queue, c)
			}
		}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for _, src := range pred[c] {
				if dv[src] < 0 {
					dv[src] = dv[c] + 1
					queue = append(queue, src)
				}
			}
		}
		t.d[v] = dv
	}
	for c, v := range p.Start {
		if t.d[v][c] < 0 {
			return nil
		}
	}
	return t
}

// h is the sum of the tokens' distances in state s.
func (t *tokenDist) h(s []int) int {
	sum := 0
	for c, v := range s {
		sum += int(t.d[v][c])
	}
	return sum
}
