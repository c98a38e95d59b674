package bestfound

import (
	"context"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// Weighted IDA* over the walking distances: iterative deepening on
// f = g + w·(wd + b·tok/5), which prunes a state when its estimate,
// weighted, leaves no room under the bound; the first solution within a
// bound is kept, however long (up to the cap). It is not optimal, but a
// weight near 2 finds the optimum of many 20-move 5×5 scrambles in a
// fraction of a second where the exact search (w = 1, b = 0) would need
// hours. Every state whose admissible bound (g + wd) passes the cap is
// cut, so a search given the best length so far less one finds only
// shorter solutions.
type wida struct {
	ctx     context.Context
	p       *shift.Puzzle
	g       *guide
	canon   *shift.Canon
	w       weighting
	cap     int
	stack   [][]uint8
	target  []uint8
	path    []int
	nodes   int
	stopped bool
}

// weighting is f = g + w·(wd + b·tok/5).
type weighting struct{ w, b float64 }

// scale is f's fixed point: f is kept in 1/scale moves.
const scale = 16

const never = 1 << 30

func (s *wida) f(g int, e est) int {
	h := float64(e.wdSum()) + s.w.b*float64(e.tok)/5
	return scale*g + int(scale*s.w.w*h+0.5)
}

// dfs looks below the state at depth g (estimated e) for a solution
// within bound; it returns whether it found one (s.path), else the least
// f past the bound.
func (s *wida) dfs(g, bound int, e est) (bool, int) {
	s.nodes++
	if s.nodes&0xfff == 0 && s.ctx.Err() != nil {
		s.stopped = true
		return false, never
	}
	if g+e.wdSum() > s.cap {
		return false, never
	}
	f := s.f(g, e)
	if f > bound {
		return false, f
	}
	st := s.stack[g]
	if e.wdSum() == 0 && string(st) == string(s.target) {
		return true, f
	}
	next := never
	child := s.stack[g+1]
	for m, mv := range s.p.Moves {
		if !s.canon.Allows(s.path, m) {
			continue
		}
		for c, src := range mv.Src {
			child[c] = st[src]
		}
		s.path = append(s.path, m)
		found, t := s.dfs(g+1, bound, s.g.after(e, st, child, m))
		if found {
			return true, t
		}
		s.path = s.path[:len(s.path)-1]
		if s.stopped {
			return false, never
		}
		next = min(next, t)
	}
	return false, next
}

// weightedIDA returns the first solution of at most limit moves that the
// weighted deepening meets, or nil when the context ends first or there
// is none; none says there is none (every state within the cap was
// searched). p's goal is a single target without Any (it has walking
// distances).
func weightedIDA(ctx context.Context, p *shift.Puzzle, g *guide, canon *shift.Canon, start []uint8, w weighting, limit int) (moves []int, none bool) {
	n := len(start)
	s := &wida{ctx: ctx, p: p, g: g, canon: canon, w: w, cap: limit, stack: make([][]uint8, limit+2), target: make([]uint8, n)}
	for i := range s.stack {
		s.stack[i] = make([]uint8, n)
	}
	copy(s.stack[0], start)
	for c, v := range p.Goal.Target {
		s.target[c] = uint8(v)
	}
	e := g.of(start)
	bound := s.f(0, e)
	for {
		s.path = s.path[:0]
		found, next := s.dfs(0, bound, e)
		if found {
			return append([]int{}, s.path...), false
		}
		if s.stopped || next >= never {
			return nil, !s.stopped
		}
		// At least half a move a time: the weighted bounds are finer
		// than a move, and an iteration a sixteenth further would
		// search nearly the same nodes again.
		bound = max(next, bound+scale/2)
	}
}

// weightings are the weighted deepenings tried in turn, each on a slice
// of the time. No one of them finds a short solution for every scramble
// (5×5 Loopover, seeds 301–310 at 20 moves, 3 s each on one core:
// w = 2 on the walking distances alone finds 20, 20, 22, 22 and 21 moves
// on 301, 302, 304, 307 and 308 and nothing on the other five; w = 1.5
// with half a token distance 20, 22, 27, 21, 23, 25 and 26 on 301, 303,
// 304, 305, 307, 308 and 310, nothing on 302, 306 and 309), but together
// they find most. Trying each node's children by their f, smallest first,
// found less (w = 2: four of ten).
var weightings = []weighting{{1.5, 0.5}, {2.5, 0}, {2, 0}, {1.2, 1}}

// firstSlice is the time each weighting has in the first round; every
// round doubles it.
const firstSlice = 100 * time.Millisecond
