// Package deepen finds shortest solutions of shift puzzles with a SAT
// solver by deepening: k = 0, 1, 2, ... moves are tried in turn, and the
// first satisfiable depth gives an optimal move sequence; the
// unsatisfiable answers for every smaller k are the proof that none is
// shorter.
//
// On an incremental back-end (sat.Capabilities.Incremental, e.g. gini) one
// solver is kept: each depth extends the encoding by a step and solves
// under that depth's assumptions, keeping what the solver learnt. Other
// back-ends (ext:...) get the encoding of each depth afresh, with the
// assumptions as units.
package deepen

import (
	"context"
	"fmt"
	"io"
	"time"

	encshift "github.com/puzzlesat/puzzlesat/encode/shift"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/shift"
)

// Status is the outcome of a deepening run.
type Status string

const (
	// Optimal: Moves is a shortest solution and every shorter length
	// was refuted.
	Optimal Status = "optimal"
	// NoSolutionWithin: every length up to MaxSteps was refuted.
	NoSolutionWithin Status = "no-solution-within"
	// Unknown: the run stopped (context, solver gave up) before an
	// answer; LowerBound still holds.
	Unknown Status = "unknown"
)

// Options configure a run.
type Options struct {
	// Encoding is the CNF encoding (default encshift.Default).
	Encoding *encshift.Encoding
	// Enc tunes the encoding.
	Enc encshift.Options
	// MaxSteps is the longest solution tried (default 30).
	MaxSteps int
	// NewSolver returns a fresh solver; it is called once on incremental
	// back-ends and once per depth on others.
	NewSolver func() (sat.Solver, error)
	// Progress, when set, receives one line per depth.
	Progress io.Writer
	// Jobs > 1 solves that many depths at once, each with a fresh solver
	// and encoding (so no learnt clauses carry over); the answers are
	// still taken in order of depth, and a satisfiable depth cancels the
	// deeper ones. Worth it on back-ends that are not incremental anyway
	// (ext:...) and on machines with idle cores.
	Jobs int
}

// Depth is one deepening step: the answer for "a solution of K moves".
type Depth struct {
	K       int           `json:"k"`
	Status  string        `json:"status"` // SATISFIABLE / UNSATISFIABLE / UNKNOWN
	Vars    int           `json:"vars"`
	Clauses int           `json:"clauses"`
	Elapsed time.Duration `json:"-"`
	MS      float64       `json:"ms"`
}

// Result is the answer of a run.
type Result struct {
	Status Status
	// Moves are move indices of an optimal solution (Status Optimal).
	Moves []int
	// LowerBound: every solution has at least this many moves (the
	// smallest depth not refuted).
	LowerBound int
	// Depths lists every depth tried, in order: the proof.
	Depths   []Depth
	Elapsed  time.Duration
	Solver   string
	Encoding string
}

// Solve deepens on p until a solution, MaxSteps, or the context ends.
func Solve(ctx context.Context, p *shift.Puzzle, opt Options) (*Result, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if opt.Encoding == nil {
		e, err := encshift.Lookup("")
		if err != nil {
			return nil, err
		}
		opt.Encoding = e
	}
	if opt.MaxSteps <= 0 {
		opt.MaxSteps = 30
	}
	if opt.NewSolver == nil {
		return nil, fmt.Errorf("deepen: no solver")
	}
	eopt := opt.Enc
	eopt.MaxSteps = opt.MaxSteps
	if opt.Jobs > 1 {
		return parallel(ctx, p, opt, eopt)
	}
	t0 := time.Now()
	res := &Result{Status: Unknown, Encoding: opt.Encoding.Name}
	s, err := opt.NewSolver()
	if err != nil {
		return nil, err
	}
	res.Solver = s.Name()
	incremental := s.Capabilities().Incremental
	enc, err := encshift.New(opt.Encoding, p, s, eopt)
	if err != nil {
		return nil, err
	}
	for k := 0; k <= opt.MaxSteps; k++ {
		if err := ctx.Err(); err != nil {
			res.Elapsed = time.Since(t0)
			return res, nil
		}
		if !incremental && k > 0 {
			// A fresh solver and encoding for this depth.
			if s, err = opt.NewSolver(); err != nil {
				return nil, err
			}
			if enc, err = encshift.New(opt.Encoding, p, s, eopt); err != nil {
				return nil, err
			}
			for i := 0; i < k; i++ {
				enc.Extend(i)
			}
		}
		enc.Extend(k)
		as := enc.Assume(k)
		td := time.Now()
		st, err := s.Solve(ctx, as...)
		d := Depth{K: k, Status: st.String(), Vars: s.NumVars(), Clauses: enc.Clauses(), Elapsed: time.Since(td)}
		d.MS = float64(d.Elapsed.Microseconds()) / 1000
		res.Depths = append(res.Depths, d)
		progress(opt.Progress, d, t0)
		if err != nil || st == sat.Unknown {
			res.LowerBound = k
			res.Elapsed = time.Since(t0)
			if ctx.Err() != nil {
				return res, nil
			}
			return res, err
		}
		if st == sat.Unsat {
			res.LowerBound = k + 1
			continue
		}
		moves, err := enc.Decode(s.Model(), k)
		if err != nil {
			return nil, fmt.Errorf("deepen: depth %d: %v", k, err)
		}
		if err := Check(p, moves, k); err != nil {
			return nil, fmt.Errorf("deepen: depth %d: the %s encoding gave a wrong solution: %v", k, opt.Encoding.Name, err)
		}
		res.Status = Optimal
		res.Moves = moves
		res.LowerBound = k
		res.Elapsed = time.Since(t0)
		return res, nil
	}
	res.Status = NoSolutionWithin
	res.LowerBound = opt.MaxSteps + 1
	res.Elapsed = time.Since(t0)
	return res, nil
}

// Check replays moves from p's start and fails unless there are k of
// them and they end in a goal state.
func Check(p *shift.Puzzle, moves []int, k int) error {
	if len(moves) != k {
		return fmt.Errorf("%d moves, want %d", len(moves), k)
	}
	s := append([]int(nil), p.Start...)
	for _, m := range moves {
		if m < 0 || m >= len(p.Moves) {
			return fmt.Errorf("move index %d out of range", m)
		}
		s = p.Moves[m].Apply(s)
	}
	if !p.IsGoal(s) {
		return fmt.Errorf("the moves do not reach a goal state")
	}
	return nil
}

func progress(w io.Writer, d Depth, t0 time.Time) {
	if w != nil {
		fmt.Fprintf(w, "depth %2d: %-13s vars %7d  clauses %8d  %8.3fs  (total %.3fs)\n",
			d.K, d.Status, d.Vars, d.Clauses, d.Elapsed.Seconds(), time.Since(t0).Seconds())
	}
}

// outcome is one depth's answer in parallel mode.
type outcome struct {
	d     Depth
	st    sat.Status
	moves []int
	err   error
}

// solveDepth encodes depth k afresh and solves it.
func solveDepth(ctx context.Context, p *shift.Puzzle, opt Options, eopt encshift.Options, k int) outcome {
	s, err := opt.NewSolver()
	if err != nil {
		return outcome{err: err}
	}
	enc, err := encshift.New(opt.Encoding, p, s, eopt)
	if err != nil {
		return outcome{err: err}
	}
	for i := 0; i <= k; i++ {
		enc.Extend(i)
	}
	td := time.Now()
	st, err := s.Solve(ctx, enc.Assume(k)...)
	o := outcome{st: st, err: err}
	o.d = Depth{K: k, Status: st.String(), Vars: s.NumVars(), Clauses: enc.Clauses(), Elapsed: time.Since(td)}
	o.d.MS = float64(o.d.Elapsed.Microseconds()) / 1000
	if st == sat.Sat {
		o.moves, o.err = enc.Decode(s.Model(), k)
		if o.err == nil {
			if err := Check(p, o.moves, k); err != nil {
				o.err = fmt.Errorf("the %s encoding gave a wrong solution: %v", opt.Encoding.Name, err)
			}
		}
	}
	return o
}

// parallel runs up to opt.Jobs depths at once and reads the answers in
// order of depth.
func parallel(ctx context.Context, p *shift.Puzzle, opt Options, eopt encshift.Options) (*Result, error) {
	t0 := time.Now()
	res := &Result{Status: Unknown, Encoding: opt.Encoding.Name}
	s0, err := opt.NewSolver()
	if err != nil {
		return nil, err
	}
	res.Solver = s0.Name()
	type msg struct {
		k int
		o outcome
	}
	results := make(chan msg)
	cancels := map[int]context.CancelFunc{}
	got := map[int]outcome{}
	next, inFlight, limit := 0, 0, opt.MaxSteps
	defer func() {
		for _, c := range cancels {
			c()
		}
		for ; inFlight > 0; inFlight-- {
			<-results
		}
	}()
	// best is the shortest solution any depth gave (a depth k' model of
	// the layers encoding may have fewer than k' moves); it is optimal
	// once every shorter depth is refuted.
	var best []int
	bestDepth := -1
	for k := 0; k <= opt.MaxSteps; {
		if best != nil && len(best) == k {
			o := got[bestDepth]
			res.Depths = append(res.Depths, o.d)
			progress(opt.Progress, o.d, t0)
			res.Status = Optimal
			res.Moves = best
			res.LowerBound = k
			res.Elapsed = time.Since(t0)
			return res, nil
		}
		for inFlight < opt.Jobs && next <= limit {
			dctx, cancel := context.WithCancel(ctx)
			cancels[next] = cancel
			go func(k int) { results <- msg{k, solveDepth(dctx, p, opt, eopt, k)} }(next)
			next++
			inFlight++
		}
		o, ok := got[k]
		if !ok {
			m := <-results
			inFlight--
			cancels[m.k]()
			delete(cancels, m.k)
			got[m.k] = m.o
			if m.o.err == nil && m.o.st == sat.Sat && (best == nil || len(m.o.moves) < len(best)) {
				// Depths from the solution's length on are not needed.
				best, bestDepth = m.o.moves, m.k
				limit = len(best) - 1
				for d, c := range cancels {
					if d > limit {
						c()
					}
				}
			}
			continue
		}
		switch {
		case o.err != nil || o.st == sat.Unknown:
			res.Depths = append(res.Depths, o.d)
			progress(opt.Progress, o.d, t0)
			res.LowerBound = k
			res.Elapsed = time.Since(t0)
			if ctx.Err() != nil {
				return res, nil
			}
			if o.err != nil {
				return nil, fmt.Errorf("deepen: depth %d: %v", k, o.err)
			}
			return res, nil
		case o.st == sat.Unsat:
			res.Depths = append(res.Depths, o.d)
			progress(opt.Progress, o.d, t0)
			res.LowerBound = k + 1
			k++
		default:
			// Satisfiable with every shorter depth refuted: its solution
			// has k moves and is best (reported at the top of the loop).
			if best == nil || len(best) != k {
				return nil, fmt.Errorf("deepen: depth %d is satisfiable but gave %d moves", k, len(o.moves))
			}
		}
	}
	res.Status = NoSolutionWithin
	res.LowerBound = opt.MaxSteps + 1
	res.Elapsed = time.Since(t0)
	return res, nil
}
