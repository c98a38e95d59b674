package parallel_test

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/parallel"
)

// TestEach: every index is done once, by no more goroutines at once than
// asked, whatever the count of work and of workers (0: GOMAXPROCS).
func TestEach(t *testing.T) {
	for _, tc := range []struct{ n, workers int }{{0, 0}, {1, 4}, {10, 1}, {100, 3}, {7, 0}} {
		var (
			mu      sync.Mutex
			seen    = make([]int, tc.n)
			running atomic.Int32
			most    atomic.Int32
		)
		parallel.Each(tc.n, tc.workers, func(i int) {
			now := running.Add(1)
			defer running.Add(-1)
			for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
			}
			mu.Lock()
			seen[i]++
			mu.Unlock()
		})
		for i, k := range seen {
			if k != 1 {
				t.Errorf("n %d, workers %d: index %d done %d times", tc.n, tc.workers, i, k)
			}
		}
		if tc.workers > 0 && int(most.Load()) > tc.workers {
			t.Errorf("n %d: %d calls at once, want at most %d", tc.n, most.Load(), tc.workers)
		}
	}
}
