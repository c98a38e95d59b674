package report

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/internal/parallel"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
)

// Options are how Gather works.
type Options struct {
	// Solver makes the SAT solvers (required).
	Solver sat.Factory
	// Certify attaches a checked RUP certificate to every uniqueness
	// verdict: the puzzle's, and each redundant clue's.
	Certify bool
	// Workers puzzles are worked on at once (≤ 0: GOMAXPROCS).
	Workers int
	// PuzzleTimeout bounds each of a puzzle's results on its own (0:
	// none): SAT's verdict (with its certificate), then the redundant
	// clues or the conflict, each with a budget of its own, so that a
	// slow part never throws away what another proved. The run's own
	// deadline is the context's.
	PuzzleTimeout time.Duration
	// GradeTimeout bounds the human grade, which SAT's verdict is sought
	// beside (0: PuzzleTimeout). A grade that runs out is recorded as
	// timed out (Grade.Status timeout) and SAT's verdict is then sought
	// alone, on its own budget.
	GradeTimeout time.Duration
	// Run is stamped on every record: the run's fingerprint, the shard and
	// the size of the whole run (RunID).
	Run RunID
	// Started, when set, is called as a puzzle's work starts (from any
	// goroutine, at once): what the progress line's longest-running
	// puzzles are told from.
	Started func(Item)
	// Kind are the kinds' options the puzzles were read with; a puzzle's
	// kind's own flags that differ from their defaults are kept in its
	// record, so that --from reads it back the same way.
	Kind kind.Options
	// Kinds are the kinds the puzzles are of (required).
	Kinds *kinds.Registry
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
	r.EntryRecord, err = answer.Entry(ctx, it.Puzzle, answer.EntryOptions{Solver: opt.Solver, Certify: opt.Certify,
		PuzzleTimeout: opt.PuzzleTimeout, GradeTimeout: opt.GradeTimeout, Kind: opt.Kind, Kinds: opt.Kinds})
	if r.Verdict == Malformed {
		r.Error = fmt.Sprintf("%s: %v", r.Label(), err)
	}
	return r
}
