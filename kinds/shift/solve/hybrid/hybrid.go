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
// A run that neither settles (timeout, a budget reached) keeps the better
// of the two proven lower bounds.
package hybrid

import (
	"context"
	"errors"
	"fmt"
	"runtime"
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
}

// DefaultHeadStart is the search's head start by default.
const DefaultHeadStart = time.Second

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
	SAT     *deepen.Result
	Search  *search.Result
	Elapsed time.Duration
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
			case <-ctx.Done():
				results <- sideResult{proof: ProofSAT, err: ctx.Err()}
				return
			}
		}
		r, err := deepen.Solve(ctx, p, do)
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
