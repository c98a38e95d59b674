package search

import (
	"context"
	"sync"
	"sync/atomic"
)

// Parallel IDA*: an iteration's tree is cut at depth splitDepth; the nodes
// there within the bound (in the order the children are tried, see
// order) are the jobs, and workers, each with a search state of its own,
// take them in turn. The first worker to find a solution within the bound
// stops the others: every shorter bound was refuted whole before this
// iteration began, so any solution within it is optimal. An iteration
// without one ends when every job is done, its next bound the least f
// beyond it over all of them.
//
// Loopover 5×5 runs two workers: on this 2-core machine the exact search
// otherwise keeps one core and SAT, which does not reach the search's
// bounds on 5×5, the other; under load each runnable thread gets its
// share, so a second worker doubles the search's.

// splitDepth is the depth whose nodes are the jobs (Loopover 5×5: some
// thousands of them).
const splitDepth = 3

// job is a node at splitDepth: the moves from the start and the state.
type job struct {
	path  []int
	state []uint8
}

// clone is a search state for a worker: its own stack, path and walking
// distances, sharing what does not change.
func (s *ida) clone(ctx context.Context) *ida {
	w := *s
	w.ctx, w.err, w.nodes = ctx, nil, 0
	w.path = make([]int, 0, cap(s.path))
	w.stack = make([][]uint8, len(s.stack))
	for i := range w.stack {
		w.stack[i] = make([]uint8, len(s.stack[i]))
	}
	w.wdv = make([][]int, len(s.wdv))
	w.wdRows = make([][]packedRows, len(s.wdRows))
	for i := range w.wdv {
		w.wdv[i] = make([]int, len(s.wdv[i]))
		w.wdRows[i] = make([]packedRows, len(s.wdRows[i]))
	}
	if s.kids != nil {
		w.kids = make([][]kid, len(s.kids))
		for g := range w.kids {
			w.kids[g] = make([]kid, 0, cap(s.kids[g]))
		}
	}
	if s.tpos != nil {
		w.tpos = make([]uint8, len(s.tpos))
	}
	w.orderBuf = [orderDepth][]byH{}
	w.orderMoves = [orderDepth][]int{}
	return &w
}

// jobs collects the nodes at splitDepth within bound below st (at depth
// g, reached by move), as dfs would visit them; it reports a goal met on
// the way (the path is then s.path) and the least f beyond the bound of
// the nodes it cut.
func (s *ida) jobs(st []uint8, g, bound, move int, out *[]job) (bool, int) {
	if g == splitDepth {
		*out = append(*out, job{append([]int(nil), s.path...), append([]uint8(nil), st...)})
		return false, inf
	}
	s.nodes++
	h := s.est(st, g, move)
	if f := g + h; f > bound {
		return false, f
	}
	if h == 0 && s.isGoal(st) {
		return true, g
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
		found, t := s.jobs(child, g+1, bound, m, out)
		if found {
			return true, t
		}
		s.path = s.path[:len(s.path)-1]
		next = min(next, t)
	}
	return false, next
}

// iterPar is one iteration of IDA* with bound, on len(workers) workers:
// whether it found a solution (then s.path), and the next bound.
func (s *ida) iterPar(bound int, workers int) (bool, int) {
	var jobs []job
	s.path = s.path[:0]
	found, next := s.jobs(s.stack[0], 0, bound, -1, &jobs)
	if found || len(jobs) == 0 {
		return found, next
	}
	ctx, stop := context.WithCancel(s.ctx)
	defer stop()
	var (
		mu       sync.Mutex
		solution []int
		taken    atomic.Int64
		wg       sync.WaitGroup
	)
	nexts := make([]int, workers)
	ws := make([]*ida, workers)
	for i := range ws {
		ws[i] = s.clone(ctx)
		nexts[i] = inf
		wg.Add(1)
		go func(w *ida, i int) {
			defer wg.Done()
			for {
				j := int(taken.Add(1) - 1)
				if j >= len(jobs) || ctx.Err() != nil {
					return
				}
				w.path = append(w.path[:0], jobs[j].path...)
				copy(w.stack[splitDepth], jobs[j].state)
				ok, t := w.dfs(w.stack[splitDepth], splitDepth, bound, -1)
				if w.err != nil {
					return
				}
				if ok {
					mu.Lock()
					if solution == nil {
						solution = append([]int(nil), w.path...)
					}
					mu.Unlock()
					stop()
					return
				}
				nexts[i] = min(nexts[i], t)
			}
		}(ws[i], i)
	}
	wg.Wait()
	for i, w := range ws {
		s.nodes += w.nodes
		next = min(next, nexts[i])
	}
	if solution != nil {
		s.path = append(s.path[:0], solution...)
		return true, bound
	}
	if err := s.ctx.Err(); err != nil {
		s.err = err
	}
	return false, next
}
