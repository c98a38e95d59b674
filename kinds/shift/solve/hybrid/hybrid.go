// Package hybrid proves the optimum of a shift puzzle two ways at once:
// the exact search (shift/search: IDA* with walking distances or over a
// ball of goal distances, else breadth-first then IDA* with pattern
// databases) and SAT deepening (solve/deepen) run side by side, and the
// first to settle the question gives the answer, saying which proof it is;
// the other is cancelled. The exact search settles Reborn in about half a
// second, before SAT's head start ends, where SAT on gini takes a minute; SAT settles puzzles whose state space is too
// big to search and that pattern databases do not bound well.
//
// The search runs alone for a head start (Options.HeadStart, a second by
// default) before SAT joins it, so that what the search settles at once
// costs one core.
//
// SAT yields when it falls behind: once SAT has run Options.YieldAfter and the
// search has proven a lower bound YieldGap moves or more past the depth
// SAT is deciding, SAT stops and leaves its CPU to the search. SAT proves depth by
// depth, each dearer than the last, so it would have to refute depths the
// search has already excluded before it could settle anything the search
// has not. On Loopover 5×5 at 20 random moves the search proves 16 within
// two seconds, where SAT has refuted depths 0–4, and 17–19 within a
// minute; SAT beside it for the whole minute took a third of the CPU and
// the run's peak memory to 460–546 MB (198 MB at most with SAT yielding,
// the ten 20-move scrambles of bench's seeds 301–310).
//
// A run that neither settles (timeout, a budget reached) keeps the better
// of the two proven lower bounds.
package hybrid

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/deepen"
)

// Proof names the method whose proof an answer is.
const (
	ProofSAT    = "sat"
	ProofSearch = "search"
)

// Options configure both sides. MaxSteps applies to both.
type Options struct {
	MaxSteps int
	// Deepen configures the SAT side (NewSolver is required); its Jobs
	// default to one fewer than the CPUs (at least one), leaving a CPU to
	// the search.
	Deepen deepen.Options
	// Search configures the exact search (search.Options' defaults, but
	// MaxStates 30 million).
	Search search.Options
	// HeadStart is how long the search runs alone before SAT starts
	// (default DefaultHeadStart; negative: none). SAT starts at once when
	// the search stops without settling. Positions the search settles
	// quickly (Loopover 4×4, tens to hundreds of milliseconds) then cost
	// one core, not two: SAT's encoding and first depths would double
	// their CPU time without ever winning.
	HeadStart time.Duration
	// YieldAfter is how long SAT runs before it may yield to a search
	// YieldGap ahead of it (default DefaultYieldAfter; negative: at once).
	YieldAfter time.Duration
}

// DefaultHeadStart is the search's head start by default.
const DefaultHeadStart = time.Second

// YieldGap is how far the search's proven lower bound must pass the depth
// SAT is deciding before SAT yields, and DefaultYieldAfter how long SAT
// runs before it may (its first depths are cheap: a SAT that would catch
// up quickly is not cut off at once); see the package doc.
const (
	YieldGap          = 3
	DefaultYieldAfter = 2 * time.Second
)

// Result is the answer and who proved it.
type Result struct {
	Status deepen.Status
	// Moves is an optimal solution (Status Optimal).
	Moves []int
	// LowerBound: no solution is shorter (the better of both sides').
	LowerBound int
	// Proof is ProofSAT or ProofSearch for a settled answer, "" otherwise.
	Proof string
	// SAT and Search are each side's own result, nil for a side that
	// stopped before it had one (SAT's depths are the proof when Proof is
	// ProofSAT).
	SAT    *deepen.Result
	Search *search.Result
	// SATYielded is the search's proven lower bound at which SAT stopped
	// (or did not start) because it had fallen YieldGap behind; 0 if it
	// did not yield.
	SATYielded int
	Elapsed    time.Duration
}

// sideResult is what one side's goroutine reports.
type sideResult struct {
	proof  string
	sat    *deepen.Result
	search *search.Result
	err    error
}

// settled reports whether a side's answer is a proof: an optimum, or no
// solution within the limit.
func (r sideResult) settled() bool {
	if r.err != nil {
		return false
	}
	if r.sat != nil {
		return r.sat.Status == deepen.Optimal || r.sat.Status == deepen.NoSolutionWithin
	}
	if r.search != nil {
		switch r.search.Status {
		case search.Optimal, search.NoSolutionWithin, search.Unreachable:
			return true
		}
	}
	return false
}

// Solve runs both sides until one settles, or both stop.
func Solve(ctx context.Context, p *shift.Puzzle, opt Options) (*Result, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if opt.Deepen.NewSolver == nil {
		return nil, errors.New("hybrid: no solver")
	}
	if opt.MaxSteps <= 0 {
		opt.MaxSteps = 30
	}
	do, so := opt.Deepen, opt.Search
	do.MaxSteps, so.MaxSteps = opt.MaxSteps, opt.MaxSteps
	if do.Jobs <= 0 {
		do.Jobs = max(1, runtime.GOMAXPROCS(0)-1)
	}
	if so.MaxStates <= 0 {
		so.MaxStates = 30_000_000
	}
	t0 := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	headStart := opt.HeadStart
	if headStart == 0 {
		headStart = DefaultHeadStart
	}
	results := make(chan sideResult, 2)
	searchSettled := make(chan bool, 1) // whether the search settled, when it stops
	satCtx, satCancel := context.WithCancel(ctx)
	defer satCancel()
	y := &yielder{cancel: satCancel, after: opt.YieldAfter}
	switch {
	case y.after == 0:
		y.after = DefaultYieldAfter
	case y.after < 0:
		y.after = 0
	}
	userOnDepth, userOnBound := do.OnDepth, so.OnLowerBound
	do.OnDepth = func(d deepen.Depth) {
		y.satDecided(d.K)
		if userOnDepth != nil {
			userOnDepth(d)
		}
	}
	so.OnLowerBound = func(b int) {
		y.searchProved(b)
		if userOnBound != nil {
			userOnBound(b)
		}
	}
	go func() {
		if headStart > 0 {
			t := time.NewTimer(headStart)
			defer t.Stop()
			select {
			case <-t.C:
			case settled := <-searchSettled:
				if settled {
					results <- sideResult{proof: ProofSAT, err: context.Canceled}
					return
				}
			case <-satCtx.Done():
				results <- sideResult{proof: ProofSAT, err: satCtx.Err()}
				return
			}
		}
		y.start()
		r, err := deepen.Solve(satCtx, p, do)
		y.stop()
		if at := y.yieldedAt(); at != 0 && do.Progress != nil {
			fmt.Fprintf(do.Progress, "sat: stopped, leaving its CPU to the exact search, which has proven at least %d moves (SAT was %d or more depths behind)\n", at, YieldGap)
		}
		results <- sideResult{proof: ProofSAT, sat: r, err: err}
	}()
	go func() {
		r, err := search.Solve(ctx, p, so)
		res := sideResult{proof: ProofSearch, search: r, err: err}
		searchSettled <- res.settled()
		results <- res
	}()
	res := &Result{Status: deepen.Unknown}
	var errs []error
	var winner *sideResult
	for range 2 {
		r := <-results
		switch {
		case r.sat != nil:
			res.SAT = r.sat
		case r.search != nil:
			res.Search = r.search
		}
		if winner == nil && r.settled() {
			winner = &r
			cancel() // the other side's answer is moot
			continue
		}
		if r.err != nil && winner == nil && !errors.Is(r.err, context.Canceled) && !errors.Is(r.err, context.DeadlineExceeded) {
			errs = append(errs, fmt.Errorf("%s: %w", r.proof, r.err))
		}
	}
	res.Elapsed = time.Since(t0)
	res.SATYielded = y.yieldedAt()
	if winner != nil {
		res.Proof = winner.proof
		if s := winner.sat; s != nil {
			res.Status, res.Moves, res.LowerBound = s.Status, s.Moves, s.LowerBound
		} else {
			s := winner.search
			res.Moves, res.LowerBound = s.Moves, s.LowerBound
			switch s.Status {
			case search.Optimal:
				res.Status = deepen.Optimal
			case search.NoSolutionWithin:
				res.Status = deepen.NoSolutionWithin
			case search.Unreachable:
				// Nothing reachable is a goal: no solution at any length,
				// so none within the limit either.
				res.Status, res.LowerBound = deepen.NoSolutionWithin, opt.MaxSteps+1
			}
		}
		return res, nil
	}
	if res.SAT != nil {
		res.LowerBound = max(res.LowerBound, res.SAT.LowerBound)
	}
	if res.Search != nil {
		res.LowerBound = max(res.LowerBound, res.Search.LowerBound)
	}
	if err := ctx.Err(); err != nil && len(errs) == 0 {
		return res, err
	}
	return res, errors.Join(errs...)
}

// yielder decides when SAT yields to the search: it holds the depth SAT
// decides next and the search's best proven bound, both reported from
// the sides' goroutines.
type yielder struct {
	mu       sync.Mutex
	cancel   context.CancelFunc
	after    time.Duration // how long SAT runs before it may yield
	started  time.Time     // when SAT started (zero before)
	done     bool          // SAT has stopped
	timer    *time.Timer   // checks once when SAT has run YieldAfter
	satNext  int           // the depth SAT is deciding
	searchLB int
	yielded  int // the search's bound when SAT yielded, 0 if it has not
}

// check stops SAT, once, when it has run y.after and is YieldGap
// behind the search; y.mu is held.
func (y *yielder) check() {
	if y.yielded != 0 || y.done || y.started.IsZero() || time.Since(y.started) < y.after {
		return
	}
	if y.searchLB >= y.satNext+YieldGap {
		y.yielded = y.searchLB
		y.cancel()
	}
}

// start records that SAT starts now.
func (y *yielder) start() {
	y.mu.Lock()
	defer y.mu.Unlock()
	y.started = time.Now()
	y.timer = time.AfterFunc(y.after, func() {
		y.mu.Lock()
		defer y.mu.Unlock()
		y.check()
	})
}

// stop records that SAT has stopped: it can no longer yield.
func (y *yielder) stop() {
	y.mu.Lock()
	defer y.mu.Unlock()
	y.done = true
	if y.timer != nil {
		y.timer.Stop()
	}
}

func (y *yielder) satDecided(k int) {
	y.mu.Lock()
	defer y.mu.Unlock()
	y.satNext = max(y.satNext, k+1)
	y.check()
}

func (y *yielder) searchProved(b int) {
	y.mu.Lock()
	defer y.mu.Unlock()
	y.searchLB = max(y.searchLB, b)
	y.check()
}

func (y *yielder) yieldedAt() int {
	y.mu.Lock()
	defer y.mu.Unlock()
	return y.yielded
}
