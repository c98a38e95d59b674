package conformance

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/sat"
)

// testParallel uses separate solvers from several goroutines at once (run
// under -race; gophersat shares a buffer between its solvers).
func testParallel(t *testing.T, mk func(*testing.T) sat.Solver) {
	const workers, each = 4, 15
	type job struct {
		f    *sat.Formula
		want sat.Status
	}
	rng := rand.New(rand.NewPCG(7, 8))
	jobs := make([][]job, workers)
	for w := range jobs {
		for i := 0; i < each; i++ {
			f := Random3SAT(rng, 12, 52)
			jobs[w] = append(jobs[w], job{f, want(bruteCount(f, nil, nil))})
		}
	}
	solvers := make([][]sat.Solver, workers)
	for w := range solvers {
		for range each {
			solvers[w] = append(solvers[w], mk(t))
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, j := range jobs[w] {
				s := solvers[w][i]
				sat.Load(s, j.f)
				ctx, cancel := context.WithTimeout(context.Background(), hangLimit)
				st, err := s.Solve(ctx)
				cancel()
				switch {
				case err != nil:
					errs <- fmt.Errorf("goroutine %d job %d: %v", w, i, err)
				case st != j.want:
					errs <- fmt.Errorf("goroutine %d job %d: Solve() = %v, want %v", w, i, st, j.want)
				case st == sat.Sat:
					if ok, c := j.f.Satisfies(s.Model()); !ok {
						errs <- fmt.Errorf("goroutine %d job %d: model falsifies clause %d", w, i, c)
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// hard loads pigeonhole 11→10 guarded by a fresh variable g (every clause
// gets ¬g): hard under the assumption g, trivial without it.
func hard(s sat.Solver) (g int) { return GuardedPigeonhole(s, 11, 10) }

// GuardedPigeonhole loads a pigeonhole formula guarded by a fresh
// variable g (the next one) into s: refuted only under the assumption g.
func GuardedPigeonhole(s sat.Solver, pigeons, holes int) (g int) {
	g = s.NewVar()
	php := Pigeonhole(pigeons, holes)
	for range php.Vars {
		s.NewVar()
	}
	for _, c := range php.Clauses {
		lits := []int{-g}
		for _, l := range c {
			if l > 0 {
				lits = append(lits, l+g)
			} else {
				lits = append(lits, l-g)
			}
		}
		s.AddClause(lits...)
	}
	return g
}

type answer struct {
	st  sat.Status
	err error
}

// solveAsync starts s.Solve(ctx, assumptions...) and returns where its
// answer arrives.
func solveAsync(ctx context.Context, s sat.Solver, assumptions ...int) <-chan answer {
	done := make(chan answer, 1)
	go func() {
		st, err := s.Solve(ctx, assumptions...)
		done <- answer{st, err}
	}()
	return done
}

// stopped checks that a Solve on the hard instance, whose context ends at
// about the time "ended" is sent, returns Unknown with the context's error
// soon after; then that the solver still answers.
func stopped(t *testing.T, s sat.Solver, g int, done <-chan answer, ended <-chan time.Time, wantErr error) {
	t.Helper()
	var r answer
	select {
	case at := <-ended:
		select {
		case r = <-done:
			t.Logf("Solve returned %v after the context ended", time.Since(at).Round(time.Millisecond))
		case <-time.After(cancelLimit):
			t.Fatalf("Solve did not return within %v of its context ending", cancelLimit)
		}
	case r = <-done:
		// A prompt solver answers before the goroutine that reports the
		// end runs: an answer that carries the context's error came after
		// the end (a flake under load when it failed here).
		if !errors.Is(r.err, wantErr) {
			t.Fatalf("Solve on pigeonhole 11→10 returned %v, %v before its context ended", r.st, r.err)
		}
	}
	if r.st != sat.Unknown || !errors.Is(r.err, wantErr) {
		t.Fatalf("Solve on pigeonhole 11→10 = %v, %v; want Unknown, %v", r.st, r.err, wantErr)
	}
	if m := s.Model(); m != nil {
		t.Fatalf("Model() after Unknown is not nil")
	}
	// Without the guard the solver could still branch on g first and face
	// the pigeonhole again: assume ¬g.
	if have := solve(t, s, -g); have != sat.Sat {
		t.Fatalf("Solve(¬g) after cancellation = %v, want Sat", have)
	}
}

func testCancel(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	g := hard(s)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := solveAsync(ctx, s, g)
	ended := make(chan time.Time, 1)
	time.AfterFunc(300*time.Millisecond, func() {
		cancel()
		ended <- time.Now()
	})
	stopped(t, s, g, done, ended, context.Canceled)
}

func testDeadline(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	g := hard(s)
	const d = 300 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	done := solveAsync(ctx, s, g)
	ended := make(chan time.Time, 1)
	go func() {
		<-ctx.Done()
		ended <- time.Now()
	}()
	stopped(t, s, g, done, ended, context.DeadlineExceeded)
}

func testCancelledBeforeSolve(t *testing.T, mk func(*testing.T) sat.Solver) {
	s := mk(t)
	s.AddClause(1, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err := s.Solve(ctx)
	if st != sat.Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve with a cancelled context = %v, %v; want Unknown, context.Canceled", st, err)
	}
	if have := solve(t, s); have != sat.Sat {
		t.Fatalf("Solve() afterwards = %v, want Sat", have)
	}
}
