package human

import (
	"context"
	"reflect"
	"testing"
)

// TestBorrowedCPUsSameResult: trials that borrow idle CPUs (WithCPUs) take
// the same steps as on one goroutine, and every CPU lent is back when the
// solve ends.
func TestBorrowedCPUsSameResult(t *testing.T) {
	for _, s := range latinPuzzles {
		l := parseLatin(s)
		for _, rules := range [][]*Rule{nakedOnly, bothRules} {
			one := solveLatin(t, &Engine{Rules: rules, Trials: 3, Parallel: 1}, l)
			var idle CPUs
			idle.Lend(3)
			lent, err := (&Engine{Rules: rules, Trials: 3, Parallel: 1}).Solve(WithCPUs(context.Background(), &idle), l, l.start())
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(one, lent) {
				t.Errorf("%s: with 3 CPUs lent the solve differs: %d vs %d steps", s, len(one.Steps), len(lent.Steps))
			}
			if n := idle.idle.Load(); n != 3 {
				t.Errorf("%s: %d CPUs idle after the solve, want the 3 lent", s, n)
			}
		}
	}
}

// TestBorrow: borrowing takes what is idle, up to what is asked, never
// more; what is given back can be borrowed again.
func TestBorrow(t *testing.T) {
	var c CPUs
	ctx := WithCPUs(context.Background(), &c)
	if par, done := borrowFor(ctx, 1, 8); par != 1 {
		t.Errorf("nothing lent: par %d, want 1", par)
	} else {
		done()
	}
	c.Lend(2)
	par, done := borrowFor(ctx, 1, 8)
	if par != 3 {
		t.Errorf("2 lent: par %d, want 3", par)
	}
	if p2, d2 := borrowFor(ctx, 1, 8); p2 != 1 {
		t.Errorf("all borrowed: par %d, want 1", p2)
	} else {
		d2()
	}
	done()
	if par, done := borrowFor(ctx, 1, 2); par != 2 {
		t.Errorf("2 assumptions: par %d, want 2 (one borrowed)", par)
	} else {
		done()
	}
	if par, _ := borrowFor(ctx, 4, 8); par != 4 {
		t.Errorf("an engine already parallel borrows nothing: par %d, want 4", par)
	}
	if n := c.idle.Load(); n != 2 {
		t.Errorf("%d idle at the end, want 2", n)
	}
}
