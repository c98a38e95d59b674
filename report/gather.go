package report

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/internal/parallel"
)

// Options are how Gather works.
type Options struct {
	// EntryOptions are what each puzzle's answer.Entry is asked with:
	// the solver, certificates, the separate budgets of the verdict and
	// the grade, the kinds and their options.
	answer.EntryOptions
	// Workers puzzles are worked on at once (≤ 0: GOMAXPROCS).
	Workers int
	// Run is stamped on every record: the run's fingerprint, the shard and
	// the size of the whole run (RunID).
	Run RunID
	// Started, when set, is called as a puzzle's work starts (from any
	// goroutine, at once): what the progress line's longest-running
	// puzzles are told from.
	Started func(Item)
	// Done, when set, is called after each puzzle (from any goroutine,
	// one call at a time).
	Done func(Record)
}

// Gather works out every item's record, in the items' order, by asking
// answer.Entry of each puzzle (on the budgets of Options, passed on as
// they are): a grid kind's is graded by its human rules while SAT decides
// uniqueness beside them; a unique puzzle has each removable clue taken
// away in turn and the rest proven unique or not; an unsolvable one has
// its clues thinned to a set that still contradicts and none of whose
// clues can go; a puzzle played by moves has its shortest solution
// proven. When ctx ends, the puzzles not done are recorded as timed out
// and Gather returns ctx's error beside the records.
func Gather(ctx context.Context, items []Item, opt Options) ([]Record, error) {
	out := make([]Record, len(items))
	var mu sync.Mutex
	parallel.Each(len(items), opt.Workers, func(i int) {
		if opt.Started != nil {
			opt.Started(items[i])
		}
		r := one(ctx, items[i], opt)
		out[i] = r
		if opt.Done != nil {
			mu.Lock()
			defer mu.Unlock()
			opt.Done(r)
		}
	})
	return out, ctx.Err()
}

// one is one item's record: the answer to the one question asked of its
// puzzle (answer.Entry), placed in the run; a malformed entry's error.
func one(ctx context.Context, it Item, opt Options) (r Record) {
	start := time.Now()
	r = Record{Index: it.Index, File: it.File, Input: it.Input, Run: opt.Run.Fingerprint, Shard: opt.Run.Shard, RunSize: opt.Run.Size}
	defer func() { r.Ms = answer.Millis(time.Since(start)) }()
	if it.Puzzle == nil {
		r.Verdict, r.Error = Malformed, it.Err.Error()
		return r
	}
	var err error
	r.EntryRecord, err = answer.Entry(ctx, it.Puzzle, opt.EntryOptions)
	if r.Verdict == Malformed {
		r.Error = fmt.Sprintf("%s: %v", r.Label(), err)
	}
	return r
}
