package gini

import (
	"context"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/conformance"
)

// TestInlineReplay: a search that outlasts its inline slice goes on, on a
// fresh gini that replayed the log, with the answer and the exact counts
// of a solver that ran every search in gini's goroutine. The slices here
// are a nanosecond, so every search past gini's first deadline check
// (~20k propagations) is cut and replayed; the context has no deadline.
func TestInlineReplay(t *testing.T) {
	php44 := conformance.Pigeonhole(4, 4)
	steps := []struct {
		name   string
		load   func(s sat.Solver)
		assume []int
	}{
		{"easy: pigeonhole 4 into 4", func(s sat.Solver) { sat.Load(s, php44) }, nil},
		{"under an assumption", nil, []int{1}},
		{"a clause more", func(s sat.Solver) { s.AddClause(-1, -2) }, []int{2}},
		// The guard is the next variable, 17, with pigeonhole 8→7 behind it.
		{"hard: pigeonhole 8 into 7 behind guard 17", func(s sat.Solver) { conformance.GuardedPigeonhole(s, 8, 7) }, []int{17}},
		{"after the replay", nil, []int{-17, 3}},
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	inlineSolver, goroutineSolver := New(), New()
	inlineSolver.slice = time.Nanosecond
	goroutineSolver.long = true
	for _, st := range steps {
		var have, want sat.Status
		var haveErr, wantErr error
		if st.load != nil {
			st.load(inlineSolver)
			st.load(goroutineSolver)
		}
		have, haveErr = inlineSolver.Solve(ctx, st.assume...)
		want, wantErr = goroutineSolver.Solve(ctx, st.assume...)
		if have != want || haveErr != nil || wantErr != nil {
			t.Fatalf("%s: have %v (%v), want %v (%v)", st.name, have, haveErr, want, wantErr)
		}
		if hs, ws := inlineSolver.Stats(), goroutineSolver.Stats(); hs != ws {
			t.Errorf("%s: have counts %+v, want %+v", st.name, hs, ws)
		}
	}
	if !inlineSolver.long {
		t.Errorf("no search outlasted its slice: the replay was not exercised")
	}
}

// TestInlineBound: a solver asked many times moves to gini's goroutine
// after maxInline searches, however quick they are, with the answers and
// counts of a solver that ran every search there. Enumerating pigeonhole
// 5→5's solutions (5! = 120 of them, each blocked in turn) asks more often.
func TestInlineBound(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	inlineSolver, goroutineSolver := New(), New()
	goroutineSolver.long = true
	php := conformance.Pigeonhole(5, 5).Clauses
	for _, s := range []*Solver{inlineSolver, goroutineSolver} {
		for _, c := range php {
			s.AddClause(c...)
		}
	}
	searches := 0
	for i := 0; ; i++ {
		have, haveErr := inlineSolver.Solve(ctx)
		want, wantErr := goroutineSolver.Solve(ctx)
		if have != want || haveErr != nil || wantErr != nil {
			t.Fatalf("solve %d: have %v (%v), want %v (%v)", i+1, have, haveErr, want, wantErr)
		}
		if hs, ws := inlineSolver.Stats(), goroutineSolver.Stats(); hs != ws {
			t.Fatalf("solve %d: have counts %+v, want %+v", i+1, hs, ws)
		}
		searches++
		if have != sat.Sat {
			break
		}
		// Block this solution on both, as an enumeration does.
		var block []int
		for v, val := range inlineSolver.Model() {
			if v > 0 && val {
				block = append(block, -v)
			}
		}
		inlineSolver.AddClause(block...)
		goroutineSolver.AddClause(block...)
	}
	if searches != 121 {
		t.Errorf("%d searches, want 121 (120 solutions and the refutation)", searches)
	}
	if !inlineSolver.long {
		t.Errorf("after %d searches the solver still searches inline, want it in gini's goroutine after %d", searches, maxInline)
	}
}

// TestInlineCutThenReplay: a search the context ended midway leaves the
// log short of the state, so the next search that outlasts its slice
// starts from the clauses alone on a fresh gini, and answers right, with
// an assumption on a variable past the clauses as before the cut. A
// deadline that passed before the search began (a busy machine) cuts
// nothing: the first search is tried again under a longer one.
func TestInlineCutThenReplay(t *testing.T) {
	s := New()
	g := conformance.GuardedPigeonhole(s, 8, 7)
	beyond := s.formula.Vars + 5
	s.slice = time.Hour
	for d := time.Millisecond; !s.cut; d *= 4 {
		if d > time.Second {
			t.Fatalf("no deadline up to %v cut an inline search", d/4)
		}
		short, cancel := context.WithTimeout(context.Background(), d)
		st, err := s.Solve(short, g, beyond)
		cancel()
		if st != sat.Unknown || err == nil {
			t.Fatalf("under a %v deadline: have %v (%v), want unknown and the deadline's error", d, st, err)
		}
	}
	s.slice = time.Nanosecond
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	if st, err := s.Solve(ctx, g, beyond); st != sat.Unsat || err != nil {
		t.Errorf("have %v (%v), want unsat: pigeonhole 8 into 7 behind guard %d", st, err, g)
	}
	if !s.long {
		t.Errorf("the second search did not move to gini's goroutine")
	}
}
