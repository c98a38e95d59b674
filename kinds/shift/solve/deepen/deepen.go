// Package deepen finds shortest solutions of shift puzzles with a SAT
// solver by deepening: k = 0, 1, 2, ... moves are tried in turn, and the
// first satisfiable depth gives an optimal move sequence; the
// unsatisfiable answers for every smaller k are the proof that none is
// shorter.
//
// A depth is solved as the parts its encoding splits it into
// (encshift.Deepener.Parts: the layers encoding splits by the number of
// non-empty layers), which are easier apart than together, and which
// Options.Jobs workers solve side by side, taking parts in order of depth.
// A depth is refuted when all its parts are; one satisfiable part solves
// it and cancels the deeper parts.
//
// On an incremental back-end (sat.Capabilities.Incremental, e.g. gini) each
// worker keeps one solver: the encoding grows a step at a time and every
// part is solved under its assumptions, case by case when the encoding
// splits its middle (encshift.Part.Middle), keeping what the solver learnt.
// Other back-ends (ext:...) get the encoding afresh for every part, with
// the assumptions as units.
//
// It drives solvers, so it sits with package solve above the encoders
// (encode/shift) and the model (shift), and takes its back-end as a
// sat.Factory.
package deepen

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/plural"
	encshift "github.com/puzzlesat/puzzlesat/kinds/shift/cnf"
	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/sat"
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
	// NewSolver returns a fresh solver; it is called once per worker on
	// incremental back-ends and once per part on others.
	NewSolver sat.Factory
	// Progress, when set, receives one line per depth, and one per part
	// that takes a second or more.
	Progress io.Writer
	// OnDepth, when set, is called with every depth as it is decided, in
	// order, from the goroutine that called Solve: what a live view of
	// the proof (the web playground) shows while deeper ones run.
	OnDepth func(Depth)
	// Jobs is the number of parts solved at once, each worker with its
	// own solver (default: the number of CPUs Go may use).
	Jobs int
}

// Depth is one deepening step: the answer for "a solution of K moves".
type Depth struct {
	K       int    `json:"k"`
	Status  string `json:"status"` // SATISFIABLE / UNSATISFIABLE / UNKNOWN
	Vars    int    `json:"vars"`
	Clauses int    `json:"clauses"`
	// Elapsed (MS) is the solvers' time on the depth's parts, added up.
	Elapsed time.Duration `json:"-"`
	MS      float64       `json:"ms"`
	// At (AtMS) is when the depth was decided, from the start of the run.
	At   time.Duration `json:"-"`
	AtMS float64       `json:"at_ms"`
	// Parts are the answers of the parts solved, in order (a refuted
	// depth has all of them).
	Parts []PartAnswer `json:"parts"`
}

// PartAnswer is the answer for one part of a depth.
type PartAnswer struct {
	Name   string  `json:"name"`
	Status string  `json:"status"`
	MS     float64 `json:"ms"`
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
	// Each worker holds a solver of its own: more workers than CPUs only
	// multiply memory (--jobs 1000 took 4.3 GB), never speed.
	if cpus := runtime.GOMAXPROCS(0); opt.Jobs <= 0 || opt.Jobs > cpus {
		opt.Jobs = cpus
	}
	eopt := opt.Enc
	eopt.MaxSteps = opt.MaxSteps
	s0, err := opt.NewSolver()
	if err != nil {
		return nil, err
	}
	// The parts of each depth, from an encoding on a plain formula (the
	// workers' encodings give the same parts in the same order).
	probe, err := encshift.New(opt.Encoding, p, &sat.Formula{}, eopt)
	if err != nil {
		return nil, err
	}
	r := &run{ctx: ctx, p: p, opt: opt, eopt: eopt, probe: probe, t0: time.Now(), spare: s0,
		incremental: s0.Capabilities().Incremental, results: make(chan partResult),
		limit: opt.MaxSteps, probed: -1, running: map[task]context.CancelFunc{}}
	r.res = &Result{Status: Unknown, Encoding: opt.Encoding.Name, Solver: s0.Name()}
	return r.loop()
}

// task is one part of one depth.
type task struct{ k, part int }

// partResult is a worker's answer for a task.
type partResult struct {
	task
	name          string
	st            sat.Status
	moves         []int
	err           error
	vars, clauses int
	elapsed       time.Duration
	worker        *worker
}

// depthState gathers the answers of one depth's parts.
type depthState struct {
	parts   []string      // names
	answers []*partResult // by part; nil until answered
	got     int           // answers so far
	sat     *partResult
}

// run is the scheduler: workers take tasks in order of depth and part,
// and answers are read in order of depth.
type run struct {
	ctx         context.Context
	p           *shift.Puzzle
	opt         Options
	eopt        encshift.Options
	probe       encshift.Deepener
	probed      int // depths the probe is extended to, minus one
	incremental bool
	spare       sat.Solver // made to learn the back-end; the first worker uses it
	t0          time.Time
	res         *Result

	depths  []*depthState
	next    task // the next task to start
	limit   int  // deepest depth still needed
	idle    []*worker
	workers int
	running map[task]context.CancelFunc
	results chan partResult
}

// depth returns depth k's state, probing its parts on first use.
func (r *run) depth(k int) *depthState {
	for len(r.depths) <= k {
		d := len(r.depths)
		for r.probed < d {
			r.probed++
			r.probe.Extend(r.probed)
		}
		var names []string
		for _, pt := range r.probe.Parts(d) {
			names = append(names, pt.Name)
		}
		r.depths = append(r.depths, &depthState{parts: names, answers: make([]*partResult, len(names))})
	}
	return r.depths[k]
}

// start hands the next task to a free worker, if any is needed.
func (r *run) start() bool {
	for r.next.k <= r.limit {
		d := r.depth(r.next.k)
		if d.sat != nil || r.next.part >= len(d.parts) {
			r.next = task{r.next.k + 1, 0}
			continue
		}
		var w *worker
		switch {
		case len(r.idle) > 0:
			w, r.idle = r.idle[len(r.idle)-1], r.idle[:len(r.idle)-1]
		case r.workers < r.opt.Jobs:
			w = &worker{run: r, fresh: r.spare}
			r.spare = nil
			r.workers++
		default:
			return false
		}
		t := r.next
		r.next.part++
		tctx, cancel := context.WithCancel(r.ctx)
		r.running[t] = cancel
		go func() { r.results <- w.solve(tctx, t) }()
		return true
	}
	return false
}

func (r *run) loop() (*Result, error) {
	defer func() {
		for _, c := range r.running {
			c()
		}
		for range r.running {
			<-r.results
		}
	}()
	k := 0 // the shallowest depth not yet refuted
	for {
		for r.start() {
		}
		// Decide depth k when its answers allow.
		for k <= r.limit {
			d := r.depth(k)
			if d.sat != nil {
				return r.finish(k, Optimal, nil)
			}
			if d.got < len(d.parts) {
				break
			}
			for _, a := range d.answers {
				if a.err != nil || a.st != sat.Unsat {
					return r.finish(k, Unknown, a.err)
				}
			}
			r.record(k, "UNSATISFIABLE")
			k++
		}
		if k > r.opt.MaxSteps {
			return r.finish(k, NoSolutionWithin, nil)
		}
		if len(r.running) == 0 {
			// Nothing runs and depth k is undecided: the limit cut it
			// off, which only a satisfiable depth does.
			return r.finish(k, Unknown, fmt.Errorf("deepen: depth %d undecided", k))
		}
		a := <-r.results
		delete(r.running, a.task)
		if a.worker != nil {
			r.idle = append(r.idle, a.worker)
		}
		d := r.depth(a.k)
		if a.k > r.limit || d.sat != nil {
			continue // cancelled: a satisfiable part made it moot
		}
		d.answers[a.part] = &a
		d.got++
		r.partProgress(a)
		switch {
		case r.ctx.Err() != nil:
			return r.finish(k, Unknown, nil)
		case a.err != nil:
			return r.finish(k, Unknown, fmt.Errorf("depth %d part %s: %w", a.k, a.name, a.err))
		case a.st == sat.Unknown:
			// The solver gave up on a part: the depth cannot be decided.
			return r.finish(k, Unknown, nil)
		case a.st == sat.Sat:
			d.sat = &a
			r.limit = a.k
			// Deeper depths and the other parts of this one are moot.
			for t, c := range r.running {
				if t.k >= a.k {
					c()
				}
			}
		}
	}
}

// finish ends the run at depth k: every shallower depth is refuted.
func (r *run) finish(k int, st Status, err error) (*Result, error) {
	res := r.res
	res.Status = st
	res.LowerBound = k
	switch st {
	case Optimal:
		res.Moves = r.depth(k).sat.moves
		r.record(k, "SATISFIABLE")
	case Unknown:
		if k < len(r.depths) && r.depths[k].got > 0 {
			r.record(k, "UNKNOWN")
		}
	}
	res.Elapsed = time.Since(r.t0)
	if err != nil {
		return res, fmt.Errorf("deepen: %w", err)
	}
	return res, nil
}

// record appends depth k, with the answers of its parts, to the proof.
func (r *run) record(k int, status string) {
	ds := r.depths[k]
	d := Depth{K: k, Status: status}
	for _, a := range ds.answers {
		if a == nil {
			continue
		}
		d.Vars = max(d.Vars, a.vars)
		d.Clauses = max(d.Clauses, a.clauses)
		d.Elapsed += a.elapsed
		d.Parts = append(d.Parts, PartAnswer{Name: a.name, Status: a.st.String(), MS: millis(a.elapsed)})
	}
	d.MS = millis(d.Elapsed)
	d.At = time.Since(r.t0)
	d.AtMS = millis(d.At)
	r.res.Depths = append(r.res.Depths, d)
	if w := r.opt.Progress; w != nil {
		fmt.Fprintf(w, "depth %2d: %-13s %2d %-5s  vars %7d  clauses %8d  %8.3fs solving  (total %.3fs)\n",
			d.K, d.Status, len(d.Parts), plural.Noun(len(d.Parts), "part"), d.Vars, d.Clauses, d.Elapsed.Seconds(), d.At.Seconds())
	}
	if r.opt.OnDepth != nil {
		r.opt.OnDepth(d)
	}
}

// partProgress reports a part that took a while, so long depths show life.
func (r *run) partProgress(a partResult) {
	if w := r.opt.Progress; w != nil && a.elapsed >= time.Second {
		fmt.Fprintf(w, "  depth %2d part %-5s %-13s %8.3fs  (total %.3fs)\n",
			a.k, a.name, a.st, a.elapsed.Seconds(), time.Since(r.t0).Seconds())
	}
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// worker solves tasks one at a time with its own solver.
type worker struct {
	run      *run
	fresh    sat.Solver // an unused solver to start from, if any
	s        sat.Solver
	enc      encshift.Deepener
	extended int // deepest depth the encoding holds
}

// solve answers one task. An incremental solver is kept for the next task
// unless the search was interrupted.
func (w *worker) solve(ctx context.Context, t task) partResult {
	r := w.run
	a := partResult{task: t, worker: w}
	if w.s == nil || !r.incremental {
		s := w.fresh
		w.fresh = nil
		if s == nil {
			var err error
			if s, err = r.opt.NewSolver(); err != nil {
				a.err = err
				return a
			}
		}
		eopt := r.eopt
		if !r.incremental {
			// This encoding serves depth t.k alone: its move counters
			// need not count beyond it.
			eopt.MaxSteps = t.k
		}
		enc, err := encshift.New(r.opt.Encoding, r.p, s, eopt)
		if err != nil {
			a.err = err
			return a
		}
		w.s, w.enc, w.extended = s, enc, -1
	}
	for w.extended < t.k {
		w.extended++
		w.enc.Extend(w.extended)
	}
	parts := w.enc.Parts(t.k)
	if t.part >= len(parts) {
		a.err = fmt.Errorf("part %d of %d", t.part, len(parts))
		return a
	}
	pt := parts[t.part]
	a.name = pt.Name
	t0 := time.Now()
	a.st, a.err = solvePart(ctx, w.s, pt, r.incremental)
	a.elapsed = time.Since(t0)
	a.vars, a.clauses = w.s.NumVars(), w.enc.Clauses()
	if a.st == sat.Sat && a.err == nil {
		a.moves, a.err = w.enc.Decode(w.s.Model(), t.k)
		if a.err == nil {
			if err := Check(r.p, a.moves, t.k); err != nil {
				a.err = fmt.Errorf("the %s encoding gave a wrong solution: %w", r.opt.Encoding.Name, err)
			}
		}
	}
	if a.st == sat.Unknown || a.err != nil {
		w.s = nil // not reused after an interrupted search
	}
	return a
}

// solvePart answers one part: on an incremental solver case by case when
// the encoding splits its middle (what the solver learns on one case
// serves the next; Reborn to its optimum takes gini 3.8× less CPU time
// so, 108 s against 410 s on two workers), else at once (a rebuilt
// solver would pay for the formula again in every case).
func solvePart(ctx context.Context, s sat.Solver, pt encshift.Part, incremental bool) (sat.Status, error) {
	if !incremental || len(pt.Middle) == 0 {
		return s.Solve(ctx, pt.Assume...)
	}
	for _, c := range pt.Middle {
		st, err := s.Solve(ctx, slices.Concat(pt.Assume, c)...)
		if err != nil || st != sat.Unsat {
			return st, err
		}
	}
	return sat.Unsat, nil
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
