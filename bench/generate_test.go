package bench

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// generateCases are the kinds and bands BenchmarkGenerate measures, at the
// reference sizes of issue 15's targets: every band at its default size
// (0x0: the band's), and the named harder cases.
var generateCases = []struct {
	kind       string
	band       generate.Band
	rows, cols int
}{
	{"juosan", generate.Easy, 0, 0},
	{"juosan", generate.Medium, 0, 0},
	{"juosan", generate.Hard, 0, 0},
	{"juosan", generate.Hard, 10, 10},
	{"shinro", generate.Easy, 0, 0},
	{"shinro", generate.Medium, 0, 0},
	{"shinro", generate.Hard, 0, 0},
	{"shinro", generate.Expert, 0, 0},
	{"arrows", generate.Easy, 0, 0},
	{"arrows", generate.Medium, 0, 0},
	{"arrows", generate.Hard, 0, 0},
	{"arrows", generate.Hard, 9, 9},
	{"linjat", generate.Easy, 0, 0},
	{"linjat", generate.Medium, 0, 0},
	{"linjat", generate.Hard, 0, 0},
	{"linjat", generate.Expert, 0, 0},
}

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
	for _, tc := range generateCases {
		size := "default"
		if tc.rows > 0 {
			size = fmt.Sprintf("%dx%d", tc.rows, tc.cols)
		}
		b.Run(fmt.Sprintf("kind=%s/band=%s/size=%s", tc.kind, tc.band, size), func(b *testing.B) {
			var times []float64
			cpu0 := cpuTime()
			last := time.Now()
			b.ResetTimer()
			st, err := generate.Run(context.Background(), generate.Batch{
				Options: generate.Options{Solver: gini.NewSolver, Kind: tc.kind, Band: tc.band, Rows: tc.rows, Cols: tc.cols, Seed: 1},
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
