package human

import (
	"context"
	"sync/atomic"
)

// CPUs are idle processors that solves may borrow. A batch that runs one
// solve per CPU (package generate's workers, each engine with Parallel 1)
// leaves a CPU idle when a worker runs out of work, most of all at the
// end of a batch of one, whose last attempt can run for many seconds
// after the others have finished; lent to the running solves through
// their context (WithCPUs), the idle CPUs try their assumptions beside
// them. A solve's result does not depend on how many it borrows.
type CPUs struct {
	idle atomic.Int64
}

// Lend makes n more CPUs idle, for the solves to borrow.
func (c *CPUs) Lend(n int) { c.idle.Add(int64(n)) }

// borrow takes up to max idle CPUs and returns how many it took.
func (c *CPUs) borrow(max int) int {
	for {
		n := c.idle.Load()
		k := min(n, int64(max))
		if k <= 0 {
			return 0
		}
		if c.idle.CompareAndSwap(n, n-k) {
			return int(k)
		}
	}
}

type cpusKey struct{}

// WithCPUs returns ctx under which the engines' trials borrow c's idle
// CPUs.
func WithCPUs(ctx context.Context, c *CPUs) context.Context {
	return context.WithValue(ctx, cpusKey{}, c)
}

// borrowFor returns the goroutines to try n assumptions on: par, plus
// the idle CPUs of ctx borrowed when par is 1, and the function that gives
// them back.
func borrowFor(ctx context.Context, par, n int) (int, func()) {
	c, _ := ctx.Value(cpusKey{}).(*CPUs)
	if c == nil || par > 1 || n < 2 {
		return par, func() {}
	}
	k := c.borrow(n - 1)
	return par + k, func() { c.Lend(k) }
}
