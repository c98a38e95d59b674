package gini

import (
	"cmp"
	"context"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// A search first runs on the calling goroutine, for at most inlineSlice
// (gini's Try: its Solve with a deadline, looked at every ~20k
// propagations). Most puzzle solves end within it, and handing them to a
// goroutine of gini's own (GoSolve) cost thread wake-ups that were most of
// a one-puzzle check's time as a process. A search that outlasts the slice
// goes on in gini's goroutine, which the context can stop at any moment.
//
// Two things stand in the way, and the replay below answers both. Try
// leaves its deadline armed, so a later GoSolve on the same gini would stop
// at once: the slow path needs a gini that never ran Try. And a search cut
// off and resumed is not the search run through (the resumed one restarts),
// so its counts and its answer would depend on the machine's speed, where
// the bench gates on exact counts: the slow path must run the search from
// the state it started in. So while searches end inline, the solver logs
// what it did to gini (variables grown, clauses added, searches with their
// assumptions); when one outlasts its slice, a fresh gini replays the log
// (gini is deterministic: it reaches the same state) and runs that search
// through in its goroutine. The replayed searches' counts are not counted
// again, nor are the cut-off slice's. From then on every search of this
// solver runs in gini's goroutine.
const inlineSlice = 20 * time.Millisecond

// maxInline bounds the searches a solver runs inline, and so the log and
// the replay: a solver asked many times (an enumeration, a rule audit, a
// shift deepening) moves to gini's goroutine at its maxInline+1-th search,
// whatever the searches' times, so that the move happens at the same
// point on every machine.
const maxInline = 32

// noDeadline is the slice of a search no context can end.
const noDeadline = 100 * 365 * 24 * time.Hour

// inline is the solver's state for inline searches.
type inline struct {
	// long: a search outlasted its slice; searches now run in gini's
	// goroutine and nothing is logged.
	long bool
	// cut: a search ended by the context stopped inline, midway, so the
	// log no longer tells the state (the slow path then starts from the
	// clauses alone).
	cut bool
	log []event
	// given counts the formula's clauses gini has (all of them but while
	// AddClause runs): the clauses come in order, so the log needs only
	// how many there were at each of its events.
	given int
	// searches counts the searches in the log.
	searches int
	// slice is inlineSlice, or shorter in tests.
	slice time.Duration
}

// event is one step of the log, after gini had the formula's first given
// clauses: gini grew to grow variables, or (search) ran a search under
// assumptions.
type event struct {
	given, grow int
	search      bool
	assumptions []z.Lit
}

func (s *Solver) logGrow(v int) {
	if !s.long {
		s.log = append(s.log, event{given: s.given, grow: v})
	}
}

// search runs one gini search under the assumptions, ended when ctx ends:
// 1 sat, -1 unsat, 0 stopped.
func (s *Solver) search(ctx context.Context, assumptions []z.Lit) int {
	if !s.long && s.searches == maxInline {
		s.replay()
	}
	if !s.long {
		d := cmp.Or(s.slice, inlineSlice)
		if ctx.Done() == nil {
			d = noDeadline
		}
		if end, ok := ctx.Deadline(); ok {
			if d = min(d, time.Until(end)); d <= 0 {
				return 0
			}
		}
		s.g.Assume(assumptions...)
		r := s.g.Try(d)
		if r != 0 {
			s.searches++
			s.log = append(s.log, event{given: s.given, search: true, assumptions: append([]z.Lit(nil), assumptions...)})
			s.collectStats()
			return r
		}
		if ended(ctx) != nil {
			s.cut = true
			s.collectStats()
			return 0
		}
		s.replay()
	}
	defer s.collectStats()
	s.g.Assume(assumptions...)
	if ctx.Done() == nil {
		return s.g.Solve()
	}
	// The search runs in gini's own goroutine; wait returns once it ended.
	return wait(ctx, s.g.GoSolve())
}

// replay moves the solver to a fresh gini in the state the old one had
// before the search that outlasted its slice (or the maxInline+1-th
// search). The counts of that slice go with the old gini, and those of the
// replayed searches are dropped.
func (s *Solver) replay() {
	s.long = true
	old := s.g
	s.g = gini.New()
	next := 0
	catchUp := func(given int) {
		for ; next < given; next++ {
			s.addToGini(next)
		}
	}
	if s.cut {
		// Assumptions may have grown gini past the clauses' variables.
		s.grow(int(old.MaxVar()))
	} else {
		for _, e := range s.log {
			catchUp(e.given)
			if e.search {
				s.g.Assume(e.assumptions...)
				s.g.Solve()
			} else {
				s.grow(e.grow)
			}
		}
	}
	catchUp(s.given)
	s.log = nil
	s.dropStats()
}

// addToGini gives gini clause number i of the formula.
func (s *Solver) addToGini(i int) {
	for _, l := range s.formula.Clauses[i] {
		s.g.Add(z.Dimacs2Lit(l))
	}
	s.g.Add(z.LitNull)
}
