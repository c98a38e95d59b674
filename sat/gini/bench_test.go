package gini_test

import (
	"context"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat/gini"
)

func benchSolve(b *testing.B, ctx context.Context) {
	s := gini.New()
	for i := 1; i <= 50; i++ {
		s.AddClause(i, i+1, -(i + 2))
	}
	for b.Loop() {
		s.Solve(ctx, 3)
	}
}

func BenchmarkSolveBackground(b *testing.B) { benchSolve(b, context.Background()) }
func BenchmarkSolveCancellable(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	benchSolve(b, ctx)
}
