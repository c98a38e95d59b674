package bench_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/bench"
	"github.com/puzzlesat/puzzlesat/internal/buildtest"
	"github.com/puzzlesat/puzzlesat/kinds"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds puzzlesat as `make build` does, once per test binary.
func binary(b *testing.B) string {
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "puzzlesat-startup")
		if err != nil {
			binErr = err
			return
		}
		binPath, binErr = buildtest.Build(dir, "puzzlesat")
	})
	if binErr != nil {
		b.Fatal(binErr)
	}
	return binPath
}

// BenchmarkStartup times whole-process runs of the binary (fork, exec,
// package initialisation, the work, exit): ns/op is the mean, and
// median-ms the median, which the noise of a shared machine moves less.
// The targets, on a quiet 2-core machine: kinds ≤ 1.5 ms, check of
// a 10×10 Juosan or a canonical Linjat level ≤ 2 ms, from a many-puzzle
// JSON file ≤ 3 ms.
//
//	go test -run '^$' -bench 'Startup|InProcess' -benchtime 200x ./bench/
func BenchmarkStartup(b *testing.B) {
	bin := binary(b)
	for _, tc := range bench.StartupCases {
		b.Run(tc.Name, func(b *testing.B) {
			// The output goes to /dev/null, as a file's would: reading it
			// through a pipe would time this process's wake-ups too. The
			// first runs bring the binary and the puzzle into the page
			// cache and are not timed.
			run := func() time.Duration {
				cmd := exec.Command(bin, tc.Args...)
				cmd.Dir = ".."
				start := time.Now()
				if err := cmd.Run(); err != nil {
					cmd = exec.Command(bin, tc.Args...)
					cmd.Dir = ".."
					out, _ := cmd.CombinedOutput()
					b.Fatalf("puzzlesat %s: %v\n%s", strings.Join(tc.Args, " "), err, out)
				}
				return time.Since(start)
			}
			for range 10 {
				run()
			}
			times := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				times = append(times, run())
			}
			b.ReportMetric(median(times), "median-ms")
		})
	}
}

// BenchmarkInProcess runs the same commands in-process (app.Run), without
// the process around them: the difference to BenchmarkStartup is what
// starting the binary costs.
func BenchmarkInProcess(b *testing.B) {
	root, err := filepath.Abs("..")
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range bench.StartupCases {
		b.Run(tc.Name, func(b *testing.B) {
			args := append([]string{"puzzlesat"}, tc.Args...)
			for i, a := range args {
				if strings.HasPrefix(a, "testdata/") {
					args[i] = filepath.Join(root, a)
				}
			}
			times := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				var out bytes.Buffer
				start := time.Now()
				if code := app.Run(context.Background(), kinds.Default(), strings.NewReader(""), &out, &out, args); code != 0 {
					b.Fatalf("puzzlesat %s: exit %d\n%s", strings.Join(tc.Args, " "), code, out.String())
				}
				times = append(times, time.Since(start))
			}
			b.ReportMetric(median(times), "median-ms")
		})
	}
}

func median(ts []time.Duration) float64 {
	s := slices.Clone(ts)
	slices.Sort(s)
	return float64(s[len(s)/2].Microseconds()) / 1000
}
