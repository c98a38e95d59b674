package bench

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// generateCases are the kinds, bands and sizes BenchmarkGenerate measures:
// the generation benchmarks' cells (GenCells: every band of every kind
// that generates at the band's default size, and the cells each kind
// names, its larger sizes).
func generateCases() []GenCell { return GenCells(kinds.Default()) }

// BenchmarkGenerate makes b.N puzzles of each kind, band and size, one
// after another (one worker; the human engine may use every core), and
// reports the median seconds per puzzle, the attempts per puzzle, the
// puzzles per minute, and the CPU seconds per puzzle (cpuTime: on a
// shared machine the wall-clock figures grow with the load, this one much
// less). Puzzle i of seed 1 is the same on every run, so
// runs with the same -benchtime Nx compare the same puzzles:
//
//	go test -run '^$' -bench Generate -benchtime 10x -timeout 2h ./bench/
func BenchmarkGenerate(b *testing.B) {
	for _, tc := range generateCases() {
		b.Run(fmt.Sprintf("kind=%s/band=%s/size=%s", tc.Kind, tc.Band, tc.Size()), func(b *testing.B) {
			var times []float64
			cpu0 := cpuTime()
			last := time.Now()
			b.ResetTimer()
			st, err := generate.Run(context.Background(), generate.Batch{
				Options: generate.Options{Solver: gini.NewSolver, Kind: kinds.Default().MustFind(tc.Kind), Band: generate.Band(tc.Band), Rows: tc.Rows, Cols: tc.Cols, Seed: 1},
				Count:   b.N, Workers: 1,
				Emit: func(*generate.Puzzle) error {
					now := time.Now()
					times = append(times, now.Sub(last).Seconds())
					last = now
					return nil
				},
				Failed: func(int, error) error {
					last = time.Now()
					return nil
				},
			})
			b.StopTimer()
			cpu := cpuTime() - cpu0
			if err != nil {
				b.Fatal(err)
			}
			if len(times) == 0 {
				b.Fatalf("no puzzle of %d found", b.N)
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2], "s/puzzle-median")
			b.ReportMetric(float64(st.Attempts)/float64(b.N), "attempts/puzzle")
			b.ReportMetric(float64(st.Found)/st.Elapsed.Minutes(), "puzzles/min")
			b.ReportMetric(cpu.Seconds()/float64(len(times)), "cpu-s/puzzle")
			b.ReportMetric(float64(st.Failed), "failed")
		})
	}
}
