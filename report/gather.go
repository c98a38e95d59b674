package report

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/human"
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

// budget is ctx bounded by d from now (d ≤ 0: ctx itself).
func budget(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, d)
}

// Gather works out every item's record, in the items' order: each puzzle
// is graded by its human rules while SAT decides uniqueness beside them
// (answer.Examine); a unique puzzle has each removable clue taken away
// in turn and the rest proven unique or not; an unsolvable one has its
// clues thinned to a set that still contradicts and none of whose clues
// can go. When ctx ends, the puzzles not done are recorded as timed out
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

// one is one item's record.
func one(ctx context.Context, it Item, opt Options) (r Record) {
	start := time.Now()
	r = Record{Index: it.Index, File: it.File, Input: it.Input, Run: opt.Run.Fingerprint, Shard: opt.Run.Shard, RunSize: opt.Run.Size}
	defer func() { r.Ms = answer.Millis(time.Since(start)) }()
	if it.Moves != nil {
		return oneMoves(ctx, it, opt, r)
	}
	if it.Inst == nil {
		r.Verdict, r.Error = Malformed, it.Err.Error()
		return r
	}
	inst := it.Inst
	r.Kind, r.Name, r.Rows, r.Cols = inst.Kind(), inst.Name(), inst.Rows(), inst.Cols()
	r.Entry = inst.Head().Entry
	k, kerr := opt.Kinds.Lookup(r.Kind)
	if kerr == nil {
		for _, f := range k.Flags {
			if v := opt.Kind.Flag(f.Name); v != "" && v != f.Default {
				if r.Flags == nil {
					r.Flags = map[string]string{}
				}
				r.Flags[f.Name] = v
			}
		}
	}
	if kerr == nil && len(k.Outputs) > 0 {
		if text, err := inst.Format(k.Outputs[0]); err == nil {
			r.Puzzle = text
		}
	}
	gradeLimit := cmp.Or(opt.GradeTimeout, opt.PuzzleTimeout)
	gctx, cancel := budget(ctx, gradeLimit)
	ex, err := answer.Examine(gctx, inst, answer.Options{Solver: opt.Solver, Parallel: 1, Values: true, Bands: opt.Kinds})
	// The grade's budget ran out, not the run's, and cut the grade short
	// (a grade that finished as the budget ended is kept).
	gradeOut := ctx.Err() == nil && gctx.Err() != nil && err != nil
	cancel()
	switch {
	case gradeOut:
		// The grade's budget ran out, not the run: the grade is recorded
		// as timed out, and SAT's verdict, if the rules' run did not find
		// it, is sought alone on a budget of its own.
		r.Grade = &Grade{Status: Timeout, TimedOutAfter: gradeLimit.Seconds(), Rules: []RuleUse{}}
		r.TimedOut = true
		err = nil
	case ex.Grade != nil:
		r.Grade = grade(ex.Grade, ex.Steps)
	}
	vctx, cancel := budget(ctx, opt.PuzzleTimeout)
	defer cancel()
	if gradeOut && (ex.Check == nil || ex.Check.Status == Timeout) {
		c, cerr := answer.Check(vctx, inst, answer.Options{Solver: opt.Solver, Values: true})
		if cerr == nil || c.Status == Timeout {
			ex.Check, err = &c, cerr
		} else {
			err = cerr
		}
	}
	if ex.Check == nil {
		// No verdict: the time ran out, or the puzzle cannot be encoded.
		if timedOut(vctx, err) {
			r.Verdict, r.TimedOut = Timeout, true
			r.Error = "the time limit ran out before SAT's verdict"
		} else {
			r.Verdict, r.Error = Malformed, fmt.Sprintf("%s: %v", r.Label(), err)
		}
		return r
	}
	if err != nil {
		// A disagreement or an unsound step: SAT's verdict stands, and
		// the grade is not to be trusted.
		r.Error = err.Error()
		r.TimedOut = r.TimedOut || timedOut(vctx, err)
	}
	c := ex.Check
	r.Verdict = c.Status
	if r.Verdict == Timeout {
		r.TimedOut = true
	}
	r.Solution, r.Second = c.Values, c.SecondValues
	r.Differences = c.Differences
	if r.Verdict == Unique && opt.Certify {
		c, err := answer.Check(vctx, inst, answer.Options{Solver: opt.Solver, Certify: true})
		switch {
		case err != nil:
			note(&r, vctx, "certificate", err)
		case c.Certificate != nil:
			r.Certificate = &Certificate{Lemmas: c.Certificate.Lemmas, Backend: c.Certificate.Backend, Checked: true, CheckMs: c.Certificate.CheckMs}
		}
	}
	cl, ok := inst.(kind.Clued)
	if !ok {
		return r
	}
	clues := cl.Clues()
	r.Clues = len(clues)
	// The redundant clues, or the conflict, on a budget of their own.
	cctx, cancelClues := budget(ctx, opt.PuzzleTimeout)
	defer cancelClues()
	switch r.Verdict {
	case Unique:
		red, err := redundant(cctx, cl, clues, opt)
		r.Redundant = red
		if err != nil {
			note(&r, cctx, "redundant clues", err)
			break
		}
		// The clues that can go together, on a budget of their own.
		tctx, cancelTogether := budget(ctx, opt.PuzzleTimeout)
		defer cancelTogether()
		together, err := removable(tctx, inst, red, opt)
		r.Removable = together
		if err != nil {
			note(&r, tctx, "clues removable together", err)
		}
	case Unsolvable:
		conf, err := conflict(cctx, inst, opt)
		r.Conflict = conf
		if err != nil {
			note(&r, cctx, "conflicting clues", err)
		}
	}
	return r
}

// note records that part of a puzzle's work failed or was cut short.
func note(r *Record, ctx context.Context, what string, err error) {
	if timedOut(ctx, err) {
		r.TimedOut = true
		err = errors.New("cut short by the time limit")
	}
	msg := what + ": " + err.Error()
	if r.Error != "" {
		msg = r.Error + "; " + msg
	}
	r.Error = msg
}

func timedOut(ctx context.Context, err error) bool {
	return ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// redundant lists the clues whose removal alone leaves the puzzle unique,
// each proven by a SAT check of the puzzle without it (certified with
// opt.Certify).
func redundant(ctx context.Context, cl kind.Clued, clues []kind.Clue, opt Options) ([]Clue, error) {
	out := []Clue{}
	for _, c := range clues {
		inst, err := cl.Without(c.ID)
		if err != nil {
			return out, err
		}
		res, err := answer.Check(ctx, inst, answer.Options{Solver: opt.Solver, Certify: opt.Certify})
		switch {
		case res.Status == answer.Timeout:
			return out, context.DeadlineExceeded
		case err != nil:
			return out, err
		case res.Status == answer.Unique:
			rc := Clue{Clue: c}
			if res.Certificate != nil {
				rc.Lemmas = res.Certificate.Lemmas
			}
			out = append(out, rc)
		}
	}
	return out, nil
}

// removable is a set of the redundant clues that can all go at once, the
// puzzle staying unique (answer.Minimize, tried among them alone: no
// other clue can go with them): greedy in reading order, each removal
// proven by SAT, maximal, not proven largest. One redundant clue or none
// needs no proof beyond its own.
func removable(ctx context.Context, inst kind.Instance, red []Clue, opt Options) ([]Clue, error) {
	if len(red) < 2 {
		return slices.Clone(red), nil
	}
	among := make([]int, len(red))
	for i, c := range red {
		among[i] = c.ID
	}
	m, err := answer.Minimize(ctx, inst, answer.Options{Solver: opt.Solver, Parallel: 1}, answer.EditOptions{Kinds: opt.Kinds, Among: among})
	if err != nil {
		return nil, err
	}
	out := make([]Clue, len(m.Removed))
	for i, c := range m.Removed {
		out[i] = Clue{Clue: c}
	}
	return out, nil
}

// conflict thins the clues of an unsolvable puzzle to a set that still
// has no solution and none of whose clues can go (answer.Conflicting,
// which repair names too).
func conflict(ctx context.Context, inst kind.Instance, opt Options) ([]Clue, error) {
	keep, err := answer.Conflicting(ctx, inst, answer.Options{Solver: opt.Solver})
	if err != nil {
		return nil, err
	}
	out := make([]Clue, len(keep))
	for i, c := range keep {
		out[i] = Clue{Clue: c}
	}
	return out, nil
}

// grade is the human engine's solve (answer.Grade's record and the
// steps) as a Grade, with the band it lands in.
func grade(h *answer.GradeRecord, steps []human.Step) *Grade {
	rep := h.Report
	g := &Grade{Status: h.Status, Band: h.Band, Rating: h.Rating, Score: rep.Score, MaxLevel: rep.MaxLevel,
		Hardest: rep.Hardest, HardestLevel: rep.Complexity, StuckAfter: rep.StuckAfter, StuckLevel: rep.StuckLevel,
		TrialDepth: rep.TrialDepth, Steps: rep.Steps, Layers: rep.Depth, Rules: []RuleUse{}}
	level := map[string]int{}
	for _, s := range steps {
		if _, ok := level[s.Rule]; !ok {
			level[s.Rule] = s.Level
		}
	}
	for name, n := range rep.RuleSteps {
		g.Rules = append(g.Rules, RuleUse{Name: name, Level: level[name], Steps: n})
	}
	slices.SortFunc(g.Rules, func(a, b RuleUse) int { return cmp.Or(cmp.Compare(a.Level, b.Level), cmp.Compare(a.Name, b.Name)) })
	return g
}
