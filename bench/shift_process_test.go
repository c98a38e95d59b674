package bench_test

// BenchmarkShiftProcess times what a user runs: one `puzzlesat shift solve
// FILE` process per scramble (the default method, auto), the scramble
// written by `puzzlesat shift scramble`. The seeds are fixed here, chosen
// before any result was seen.
//
//	BenchmarkShiftProcess/loopover-4x4: 20 scrambles of 100 random moves,
//	  seeds 101..120.
//	BenchmarkShiftProcess/loopover-5x5-mM: 10 scrambles of M = 10, 15, 20
//	  random moves, seeds 301..310 (chosen when 5×5 got walking
//	  distances, before any was solved; 201..210 before), 60 s each
//	  (--timeout 60s).
//	BenchmarkShiftProcess/reborn: the built-in Reborn, SHIFT_RUNS times
//	  (default 3).
//
// Metrics: median-cpu-ms and p90-cpu-ms (user + system time of the
// process, from the operating system's accounting of the finished child:
// the figure to quote on a shared machine), median-wall-ms and
// p90-wall-ms, max-rss-MB (the largest peak resident set of a run),
// optimal (runs that proved an optimum), mean-length; for runs left
// unproven, median-lower-bound and median-best-length (the best solution
// found, an upper bound). Every run's log line gives its seed, status,
// length, proven lower bound, best found, CPU, wall and RSS.
// `puzzlesat shift tables` runs untimed before a cell's runs, so that the
// tables the search keeps in the user's cache folder are built (once per
// machine) before any timed run.
//
//	go test -run '^$' -bench 'ShiftProcess/loopover-4x4' -benchtime 1x ./bench/
//
// SHIFT_SCRAMBLES=N runs the first N scrambles of each cell.

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// shiftCell is one row of the benchmark: how its puzzles are made.
type shiftCell struct {
	name    string
	builtin string // a scramble of this built-in, or (no moves) the built-in itself
	moves   int
	seeds   []int
	timeout time.Duration
}

func seedRange(from, to int) []int {
	var s []int
	for i := from; i <= to; i++ {
		s = append(s, i)
	}
	return s
}

func shiftCells() []shiftCell {
	cells := []shiftCell{{"loopover-4x4", "loopover:4x4", 100, seedRange(101, 120), 60 * time.Second}}
	for _, m := range []int{10, 15, 20} {
		cells = append(cells, shiftCell{fmt.Sprintf("loopover-5x5-m%d", m), "loopover:5x5", m, seedRange(301, 310), 60 * time.Second})
	}
	runs := 3
	if s := os.Getenv("SHIFT_RUNS"); s != "" {
		runs, _ = strconv.Atoi(s)
	}
	return append(cells, shiftCell{"reborn", "reborn", 0, make([]int, max(1, runs)), 60 * time.Second})
}

// processRun is one timed `shift solve`.
type processRun struct {
	seed          int
	status        string
	length, lower int
	best          int // best found length when unproven (0: none)
	cpu, wall     time.Duration
	rssMB         float64
	exit          int
	proof         string
}

func BenchmarkShiftProcess(b *testing.B) {
	bin := binary(b)
	for _, cell := range shiftCells() {
		b.Run(cell.name, func(b *testing.B) {
			seeds := cell.seeds
			if s := os.Getenv("SHIFT_SCRAMBLES"); s != "" {
				n, err := strconv.Atoi(s)
				if err != nil || n < 1 {
					b.Fatalf("SHIFT_SCRAMBLES=%q", s)
				}
				seeds = seeds[:min(n, len(seeds))]
			}
			dir := b.TempDir()
			var files []string
			for _, seed := range seeds {
				if cell.moves == 0 {
					files = append(files, "")
					continue
				}
				out, err := exec.Command(bin, "shift", "scramble", "--builtin", cell.builtin,
					"--moves", strconv.Itoa(cell.moves), "--seed", strconv.Itoa(seed)).Output()
				if err != nil {
					b.Fatalf("scramble seed %d: %v", seed, err)
				}
				f := filepath.Join(dir, fmt.Sprintf("seed-%d.txt", seed))
				if err := os.WriteFile(f, out, 0o644); err != nil {
					b.Fatal(err)
				}
				files = append(files, f)
			}
			solve := func(i int) processRun {
				args := []string{"shift", "solve", "--format", "json", "--quiet", "--timeout", cell.timeout.String()}
				if files[i] == "" {
					args = append(args, "--builtin", cell.builtin)
				} else {
					args = append(args, files[i])
				}
				cmd := exec.Command(bin, args...)
				t0 := time.Now()
				out, err := cmd.Output()
				r := processRun{seed: seeds[i], wall: time.Since(t0), length: -1}
				if err != nil {
					if ee, ok := err.(*exec.ExitError); ok {
						r.exit = ee.ExitCode()
					} else {
						b.Fatal(err)
					}
				}
				if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
					r.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
					r.rssMB = float64(ru.Maxrss) / 1024
				}
				var rec struct {
					Status     string `json:"status"`
					Length     int    `json:"length"`
					LowerBound int    `json:"proved_lower_bound"`
					Proof      string `json:"proof"`
					BestLength int    `json:"best_length"`
				}
				if err := json.Unmarshal(out, &rec); err != nil {
					b.Fatalf("seed %d: exit %d, output %q: %v", seeds[i], r.exit, out, err)
				}
				r.status, r.lower, r.proof, r.best = rec.Status, rec.LowerBound, rec.Proof, rec.BestLength
				if rec.Status == "optimal" {
					r.length = rec.Length
					if r.exit != 0 || rec.LowerBound != rec.Length {
						b.Errorf("seed %d: optimal %d with exit %d, bound %d", seeds[i], rec.Length, r.exit, rec.LowerBound)
					}
				}
				return r
			}
			// The tables, once per machine, with no deadline (a solve
			// builds a missing one only within its --timeout).
			tables := []string{"shift", "tables", "--quiet"}
			if files[0] == "" {
				tables = append(tables, "--builtin", cell.builtin)
			} else {
				tables = append(tables, files[0])
			}
			if out, err := exec.Command(bin, tables...).CombinedOutput(); err != nil {
				b.Fatalf("shift tables: %v\n%s", err, out)
			}
			for range b.N {
				b.ResetTimer()
				var runs []processRun
				for i := range seeds {
					r := solve(i)
					b.Logf("seed %d: %s length %d lower bound %d best found %d proof %q exit %d, cpu %.0f ms, wall %.0f ms, rss %.1f MB",
						r.seed, r.status, r.length, r.lower, r.best, r.proof, r.exit, ms(r.cpu), ms(r.wall), r.rssMB)
					runs = append(runs, r)
				}
				b.StopTimer()
				reportRuns(b, runs)
			}
		})
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// quantile is the q-quantile of xs by the nearest rank.
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	i := int(q*float64(len(s))+0.999999) - 1
	return s[max(0, min(i, len(s)-1))]
}

func reportRuns(b *testing.B, runs []processRun) {
	var cpu, wall, lower, best []float64
	rss, optimal, total := 0.0, 0, 0
	for _, r := range runs {
		cpu = append(cpu, ms(r.cpu))
		wall = append(wall, ms(r.wall))
		rss = max(rss, r.rssMB)
		if r.status == "optimal" {
			optimal++
			total += r.length
		} else {
			lower = append(lower, float64(r.lower))
			if r.best > 0 {
				best = append(best, float64(r.best))
			}
		}
	}
	if len(lower) > 0 {
		b.ReportMetric(quantile(lower, 0.5), "median-lower-bound")
	}
	if len(best) > 0 {
		b.ReportMetric(quantile(best, 0.5), "median-best-length")
	}
	b.ReportMetric(quantile(cpu, 0.5), "median-cpu-ms")
	b.ReportMetric(quantile(cpu, 0.9), "p90-cpu-ms")
	b.ReportMetric(quantile(wall, 0.5), "median-wall-ms")
	b.ReportMetric(quantile(wall, 0.9), "p90-wall-ms")
	b.ReportMetric(rss, "max-rss-MB")
	b.ReportMetric(float64(optimal), "optimal")
	if optimal > 0 {
		b.ReportMetric(float64(total)/float64(optimal), "mean-length")
	}
}
