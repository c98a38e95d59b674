package shift

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	encshift "github.com/puzzlesat/puzzlesat/kinds/shift/cnf"
	sm "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/bestfound"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/deepen"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/hybrid"
)

// methods are the ways shortest proves an optimum, the default first.
var methods = []string{kind.MethodAuto, kind.MethodSAT, kind.MethodSearch}

// shortest proves q's shortest solution by opt.Method: auto runs the
// exact search and SAT deepening side by side, the first proof winning
// (solve/hybrid); sat deepens only (solve/deepen); search is the exact
// search alone (search).
//
// Beside the proof, a suboptimal search (solve/bestfound: a beam and
// weighted deepening over the walking distances) looks for a short
// solution on a slice of the budget; when the proof does not settle, the
// answer keeps what it found (BestFound), and a best found as short as
// the proven lower bound is the proof (ProofBound).
func shortest(ctx context.Context, q kind.MovesPuzzle, opt kind.ShortestOptions) (*kind.Shortest, error) {
	p := Model(q)
	if p == nil {
		return nil, fmt.Errorf("shift: %T is not a shift puzzle", q)
	}
	// The best-found search starts after the proof's head start (most
	// proofs settle in it, and pay nothing for it), then runs on a
	// deadline of its own, so that it answers even when the proof runs to
	// the run's deadline; it stops once the proof settles, and at once
	// when the run is interrupted (keeping what it found).
	//
	// Both steer by the walking distances (Loopover up to 5×5), read once
	// here from the cache folder and only read by either (5×5's is 22 MB:
	// read a second time it cost 0.3 s alone, 0.8 s beside the proof). A
	// table missing from the cache is left to the exact search, which
	// builds it within the run's deadline; the best-found search then
	// steers by token distances.
	wds, _ := search.CachedWalkingDistances(ctx, p, tablecache.DefaultDir())
	head, slice := bestTimes(ctx)
	bctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	defer stop()
	found := make(chan []int, 1)
	go func() {
		t := time.NewTimer(head)
		defer t.Stop()
		select {
		case <-t.C:
		case <-bctx.Done():
			found <- nil
			return
		}
		c, cancel := context.WithTimeout(bctx, slice)
		defer cancel()
		// --max-steps bounds the proof, not the best found: a 5×5 solution
		// longer than the default 30 is still worth reporting.
		found <- bestfound.Solve(c, p, bestfound.Options{MaxSteps: max(opt.MaxSteps, BestMaxSteps), WDs: wds})
	}()
	out, err := prove(ctx, p, opt, wds)
	if out == nil || out.Status != kind.Unknown {
		stop()
		<-found
		return out, err
	}
	if opt.Method != kind.MethodSAT {
		out.Notes = tableNotes(p)
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		stop()
	}
	return withBest(out, err, p, <-found)
}

// tableNotes say which tables the search of p still lacks after a run cut
// short: it was building them (under the run's deadline) when the run
// ended, and `shift tables` builds them once, with no deadline.
func tableNotes(p *sm.Puzzle) []string {
	var notes []string
	for _, t := range search.MissingTables(p, tablecache.DefaultDir()) {
		notes = append(notes, fmt.Sprintf("the exact search was building its table of %s when the run ended; "+
			"`puzzlesat shift tables` builds it once, with no deadline, for every run after", t))
	}
	return notes
}

// BestMaxSteps is the longest solution the best-found search looks for
// when --max-steps is shorter.
const BestMaxSteps = 80

// withBest is out, an unsettled answer, with best, a solution found: kept
// as BestFound when it replays to the goal, whatever its length (the
// limit on steps bounds the proof, not what is reported), and the proof of
// optimality when it meets the proven lower bound. One shorter than that
// bound would be a bug, never reported.
func withBest(out *kind.Shortest, err error, p *sm.Puzzle, best []int) (*kind.Shortest, error) {
	if best == nil || !bestfound.Replays(p, best) || len(best) < out.LowerBound {
		return out, err
	}
	out.BestFound = best
	if len(best) == out.LowerBound {
		out.Status, out.Moves, out.Proof = kind.Optimal, best, kind.ProofBound
		return out, nil
	}
	return out, err
}

// bestTimes are the best-found search's head start (what the proof runs
// alone: at most BestHeadStart, at most half of what remains of ctx's
// deadline) and its time after it (a fifth of what remains then, at most
// DefaultBestSlice), so that it ends before the run's deadline.
func bestTimes(ctx context.Context) (head, slice time.Duration) {
	head, slice = BestHeadStart, DefaultBestSlice
	if dl, ok := ctx.Deadline(); ok {
		left := time.Until(dl)
		head = min(head, left/2)
		slice = min(slice, (left-head)/5)
	}
	return max(head, 0), max(slice, time.Millisecond)
}

// BestHeadStart is how long the proof runs alone before the search
// for a best found solution starts beside it: 4x4 Loopover and Reborn
// settle well within it.
const BestHeadStart = time.Second

// DefaultBestSlice is the most time the search for a best found
// solution takes.
const DefaultBestSlice = 5 * time.Second

// prove settles q's optimum by opt.Method; the exact search steers by
// wds, p's walking distances, when there are some.
func prove(ctx context.Context, p *sm.Puzzle, opt kind.ShortestOptions, wds []*search.WalkingDistance) (*kind.Shortest, error) {
	method := opt.Method
	if method == "" {
		method = kind.MethodAuto
	}
	out := &kind.Shortest{Status: kind.Unknown}
	// SAT's depths and the search's bounds come from two goroutines.
	progress := opt.Progress
	if progress != nil {
		progress = &lineWriter{w: progress}
	}
	so := search.Options{OnLowerBound: searchBounds(progress, opt.OnBound)}
	if len(wds) > 0 {
		// The tile database where the program carries it (Loopover 4×4)
		// or `shift tables` has built it: a solve never builds it.
		so.Heuristic = &search.Heuristic{WDs: wds, Tiles: search.CachedTileDB(p, tablecache.DefaultDir())}
	}
	switch method {
	case kind.MethodSAT, kind.MethodAuto:
		enc, err := encshift.Lookup(opt.Encoding)
		if err != nil {
			return nil, err
		}
		if opt.NewSolver == nil {
			return nil, fmt.Errorf("shortest solution: no SAT solver")
		}
		do := deepen.Options{Encoding: enc, MaxSteps: opt.MaxSteps, Jobs: opt.Jobs, NewSolver: opt.NewSolver,
			Progress: progress}
		if opt.OnDepth != nil {
			do.OnDepth = func(d deepen.Depth) { opt.OnDepth(depthOf(d)) }
		}
		var res *deepen.Result
		if method == kind.MethodSAT {
			res, err = deepen.Solve(ctx, p, do)
			if res != nil {
				out.Proof = hybrid.ProofSAT
			}
		} else {
			var h *hybrid.Result
			h, err = hybrid.Solve(ctx, p, hybrid.Options{MaxSteps: opt.MaxSteps, Deepen: do, Search: so})
			if h != nil {
				// The SAT side's record, with the hybrid's verdict.
				res = &deepen.Result{Status: h.Status, Moves: h.Moves, LowerBound: h.LowerBound}
				if h.SAT != nil {
					res.Solver, res.Encoding = h.SAT.Solver, h.SAT.Encoding
					if h.Proof == hybrid.ProofSAT || h.Proof == "" {
						res.Depths = h.SAT.Depths
					}
				}
				out.Proof = h.Proof
			}
		}
		if res == nil {
			return nil, err
		}
		out.Status, out.Moves, out.LowerBound = kind.Status(res.Status), res.Moves, res.LowerBound
		out.Solver, out.Encoding = res.Solver, res.Encoding
		for _, d := range res.Depths {
			out.Depths = append(out.Depths, depthOf(d))
		}
		if out.Status == kind.Unknown {
			out.Proof = "" // nothing settled
		}
		return out, err
	case kind.MethodSearch:
		so.MaxSteps = opt.MaxSteps
		res, err := search.Solve(ctx, p, so)
		if res == nil {
			if err != nil && ctx.Err() == nil {
				return nil, err
			}
			res = &search.Result{}
		}
		out.Status, out.Moves, out.LowerBound = searchStatus(res), res.Moves, res.LowerBound
		if out.Status != kind.Unknown {
			out.Proof = hybrid.ProofSearch
		}
		return out, err
	}
	return nil, fmt.Errorf("unknown method %q (want sat, search or auto)", method)
}

// searchStatus maps the exact search's status onto the answer's.
func searchStatus(r *search.Result) kind.Status {
	switch r.Status {
	case search.Optimal:
		return kind.Optimal
	case search.NoSolutionWithin, search.Unreachable:
		return kind.NoSolutionWithin
	}
	return kind.Unknown
}

// depthOf is the deepening's record of a depth as the answer's.
func depthOf(d deepen.Depth) kind.Depth {
	out := kind.Depth{K: d.K, Status: d.Status, Vars: d.Vars, Clauses: d.Clauses, MS: d.MS, AtMS: d.AtMS}
	if d.Parts != nil {
		out.Parts = make([]kind.PartAnswer, 0, len(d.Parts))
	}
	for _, p := range d.Parts {
		out.Parts = append(out.Parts, kind.PartAnswer{Name: p.Name, Status: p.Status, MS: p.MS})
	}
	return out
}

// builtin is the built-in shift puzzle called name.
func builtin(name string) (kind.MovesPuzzle, error) {
	p, err := sm.Builtin(name)
	if err != nil {
		return nil, err
	}
	return Wrap(p), nil
}

// searchBounds tells progress and onBound (either may be nil) of every
// lower bound the exact search proves, with the time since now.
func searchBounds(progress io.Writer, onBound func(kind.Bound)) func(int) {
	if progress == nil && onBound == nil {
		return nil
	}
	t0 := time.Now()
	return func(k int) {
		at := time.Since(t0)
		if progress != nil {
			fmt.Fprintf(progress, "search: no solution shorter than %d moves  (total %.3fs)\n", k, at.Seconds())
		}
		if onBound != nil {
			onBound(kind.Bound{K: k, AtMS: float64(at.Microseconds()) / 1000})
		}
	}
}

// lineWriter serialises the writes of SAT's and the search's progress
// lines (each line one Write) to w.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lineWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
