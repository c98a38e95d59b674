package generate

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/shard"
)

// Batch asks for many puzzles: puzzles 0..Count-1 of Options.Seed, those
// of one shard.
type Batch struct {
	Options
	// Count is the number of puzzles of the whole job.
	Count int
	// Shard is the part of the job this run makes (the zero value: all):
	// puzzle i when Shard.Has(i). The union of the shards' puzzles is the
	// single run's, puzzle for puzzle.
	Shard shard.Shard
	// Workers is the number of attempts run side by side (≤ 0:
	// GOMAXPROCS). The puzzles do not depend on it.
	Workers int
	// Skip, when set, names puzzles not to make (already made by an
	// earlier run that was stopped).
	Skip func(index int) bool
	// Emit receives each puzzle, in index order; an error stops the run.
	Emit func(*Puzzle) error
	// Failed receives the index of each puzzle whose attempts all missed
	// the band (ErrExhausted), in index order with the puzzles.
	Failed func(index int, err error) error
	// Progress, when set, is called after every attempt (from one
	// goroutine at a time).
	Progress func(Stats)
	// Log, when set, is told every finished attempt's outcome (from one
	// goroutine at a time; cancelled attempts are not told).
	Log func(index, attempt int, outcome string)
}

// Stats count a batch's work so far.
type Stats struct {
	// Total is the puzzles this run is to make (its shard, less those
	// skipped); Found and Failed those finished so far.
	Total, Found, Failed int
	// Attempts is the attempts finished, Running those under way.
	Attempts, Running int
	Elapsed           time.Duration
}

// Run makes the batch's puzzles. Attempt a of puzzle i is a unit of work:
// workers take the lowest puzzle with no attempt running, so that a batch
// spreads over puzzles, and, when every remaining puzzle has one, a
// further attempt of the lowest (so that a batch of one uses every
// worker). Puzzle i is its lowest attempt that lands in the band: an
// attempt that lands waits for the lower ones still running, and cancels
// the higher ones. So the puzzles are the same whatever Workers is.
//
// Puzzles that miss the band in every attempt go to Failed and count in
// Stats.Failed; Run still returns nil for them. When ctx ends, Run stops
// the attempts under way, emits the puzzles already decided that the
// index order held back, and returns ctx's error: nothing found is lost.
func Run(ctx context.Context, b Batch) (Stats, error) {
	if b.Count < 0 {
		return Stats{}, fmt.Errorf("%w: count %d", ErrOptions, b.Count)
	}
	if b.Emit == nil {
		return Stats{}, fmt.Errorf("%w: Batch.Emit is nil", ErrOptions)
	}
	workers := b.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	opt := b.Options
	if workers > 1 && opt.Parallel <= 0 {
		// The workers keep the cores busy; an engine's own goroutines
		// would only add switching.
		opt.Parallel = 1
	}
	j, err := prepare(opt)
	if err != nil {
		return Stats{}, err
	}
	r := &run{job: j, b: b, start: time.Now()}
	for _, i := range b.Shard.Items(b.Count) {
		if b.Skip == nil || !b.Skip(i) {
			r.puzzles = append(r.puzzles, &slot{index: i, found: -1, sure: -1, cancel: map[int]context.CancelFunc{}})
		}
	}
	r.stats.Total = len(r.puzzles)
	if len(r.puzzles) == 0 {
		return r.stats, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// A worker out of work lends its CPU to the attempts still running.
	r.ctx = human.WithCPUs(ctx, &r.idle)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(r.worker)
	}
	wg.Wait()
	// Everything decided is emitted, in order, also when stopped early.
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flush(true)
	r.stats.Elapsed = time.Since(r.start)
	switch {
	case r.err != nil:
		return r.stats, r.err
	case ctx.Err() != nil:
		return r.stats, ctx.Err()
	}
	return r.stats, nil
}

// slot is one puzzle of the batch.
type slot struct {
	index   int
	next    int                        // next attempt to start
	running map[int]bool               // attempts under way
	cancel  map[int]context.CancelFunc // their cancels
	failed  int                        // attempts 0..failed-1 all missed
	missed  map[int]bool               // attempts ≥ failed that missed
	found   int                        // lowest attempt that landed, -1
	sure    int                        // lowest attempt sure to land (job.sure), -1
	puzzle  *Puzzle
	emitted bool
}

// decided reports whether the slot's outcome is known: found with every
// lower attempt missed, or every attempt missed.
func (s *slot) decided(attempts int) bool {
	return (s.found >= 0 && s.failed == s.found) || s.failed == attempts
}

type run struct {
	*job
	b     Batch
	ctx   context.Context
	start time.Time

	idle human.CPUs // the CPUs of workers out of work

	mu      sync.Mutex
	puzzles []*slot
	emitted int // puzzles[:emitted] are emitted
	stats   Stats
	err     error
}

// take picks the next attempt to run, or nil when there is none.
func (r *run) take() (*slot, int) {
	var spare *slot
	for _, s := range r.puzzles[r.emitted:] {
		if s.decided(r.opt.Attempts) || s.next == r.opt.Attempts || (s.found >= 0 && s.next > s.found) || (s.sure >= 0 && s.next > s.sure) {
			continue
		}
		if len(s.running) == 0 {
			spare = s
			break
		}
		if spare == nil {
			spare = s
		}
	}
	if spare == nil {
		return nil, 0
	}
	a := spare.next
	spare.next++
	if spare.running == nil {
		spare.running = map[int]bool{}
	}
	spare.running[a] = true
	return spare, a
}

func (r *run) worker() {
	for {
		r.mu.Lock()
		if r.err != nil || r.ctx.Err() != nil {
			r.mu.Unlock()
			return
		}
		s, a := r.take()
		if s == nil {
			r.mu.Unlock()
			// No attempt is left to start (none appears later): the
			// running ones may use this worker's CPU.
			r.idle.Lend(1)
			return
		}
		actx, cancel := context.WithCancel(r.ctx)
		actx = withLanding(actx, func() { r.landing(s, a) })
		s.cancel[a] = cancel
		r.stats.Running++
		r.mu.Unlock()

		p, outcome, err := r.safeAttempt(actx, s.index, a)
		cancelled := actx.Err() != nil
		cancel()

		r.mu.Lock()
		delete(s.running, a)
		delete(s.cancel, a)
		r.stats.Running--
		switch {
		case p != nil:
			r.stats.Attempts++
			if s.found < 0 || a < s.found {
				s.found, s.puzzle = a, p
				for b, c := range s.cancel {
					if b > a {
						c()
					}
				}
			}
		case cancelled:
			// Stopped by the batch's end, or because a lower attempt
			// landed: its outcome is unknown and not needed.
		case err != nil:
			if r.err == nil {
				r.err = fmt.Errorf("puzzle %d attempt %d: %w", s.index, a, err)
			}
		case a == s.sure:
			// The attempts above it were stopped: the slot could never be
			// decided.
			if r.err == nil {
				r.err = internal(fmt.Errorf("puzzle %d attempt %d was sure to land and missed: %s", s.index, a, outcome))
			}
		default:
			r.stats.Attempts++
			if s.missed == nil {
				s.missed = map[int]bool{}
			}
			s.missed[a] = true
			for s.missed[s.failed] {
				delete(s.missed, s.failed)
				s.failed++
			}
		}
		if r.b.Log != nil && !cancelled && err == nil {
			r.b.Log(s.index, a, outcome)
		}
		r.flush(false)
		if r.b.Progress != nil {
			st := r.stats
			st.Elapsed = time.Since(r.start)
			r.b.Progress(st)
		}
		r.mu.Unlock()
	}
}

// landing records that attempt a of s will land (job.sure): the higher
// attempts under way stop, none starts, and their workers go on to other
// puzzles or lend their CPUs to the attempts still running.
func (r *run) landing(s *slot, a int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.sure >= 0 && s.sure <= a {
		return
	}
	s.sure = a
	for b, c := range s.cancel {
		if b > a {
			c()
		}
	}
}

// safeAttempt is attempt with a panic turned into an error: a bug in one
// attempt must end the batch with a message, not kill the process from a
// worker goroutine.
func (r *run) safeAttempt(ctx context.Context, index, a int) (p *Puzzle, outcome string, err error) {
	defer func() {
		if x := recover(); x != nil {
			p, outcome, err = nil, "", internal(fmt.Errorf("puzzle %d attempt %d panicked: %v\n%s", index, a, x, debug.Stack()))
		}
	}()
	return r.attempt(ctx, index, a)
}

// flush emits the decided puzzles in index order; at the end (final) the
// decided ones after an undecided one too, so that a stopped run keeps
// them. It is called with r.mu held.
func (r *run) flush(final bool) {
	for i := r.emitted; i < len(r.puzzles); i++ {
		s := r.puzzles[i]
		if !s.decided(r.opt.Attempts) {
			if !final {
				return
			}
			continue
		}
		if !s.emitted && r.err == nil {
			s.emitted = true
			var err error
			if s.found >= 0 {
				r.stats.Found++
				err = r.b.Emit(s.puzzle)
				// Emitted: the batch keeps no puzzle it has handed on, so
				// that a run of thousands holds one puzzle's memory, not
				// all of theirs (an Arrows hard batch grew 43 → 166 MB
				// over 1000 puzzles).
				s.puzzle = nil
			} else {
				r.stats.Failed++
				if r.b.Failed != nil {
					err = r.b.Failed(s.index, r.exhausted(s.index))
				}
			}
			if err != nil {
				r.err = err
			}
		}
		if i == r.emitted {
			r.emitted++
		}
	}
}
