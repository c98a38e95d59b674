// Package parallel runs a batch's independent pieces of work on a few
// goroutines: the worker pool of the commands that work through many
// puzzles at once (crosscheck's sweep, the collection report), written
// once. It imports nothing of ours, so that every layer may use it.
package parallel

import (
	"runtime"
	"sync"
)

// Each calls do(i) for every i from 0 to n-1 on workers goroutines (≤ 0:
// GOMAXPROCS; never more than n), in order of i as goroutines come free,
// and returns once every call has. Calls run at once: do guards what they
// share.
func Each(n, workers int, do func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, max(n, 1)) {
		wg.Go(func() {
			for i := range next {
				do(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
