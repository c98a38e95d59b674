package rules

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkJanko solves all 63 janko puzzles per iteration.
func BenchmarkJanko(b *testing.B) {
	ps := loadJanko(b)
	for _, k := range []int{0, 2, 5} {
		for _, par := range []int{1, 2} {
			b.Run(fmt.Sprintf("k=%d/par=%d", k, par), func(b *testing.B) {
				for b.Loop() {
					for _, p := range ps {
						e := NewEngine(p.in, k)
						e.Parallel = par
						if _, err := e.Solve(context.Background(), p.in, p.in.Start()); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}
