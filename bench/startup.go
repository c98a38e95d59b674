package bench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The start-up units: what a whole-process run of the puzzlesat binary
// does before the command's first line (Go's GODEBUG=inittrace=1 report
// of package initialisation). They are deterministic for a given binary
// (but for a few bytes of maps' random layout, inside the gate's
// tolerance): a library linked into the main binary shows in them
// whatever the machine's load, where a time would drown in noise.
const (
	UnitInits      = "inits/op"       // packages with initialisation work
	UnitInitAllocs = "init-allocs/op" // heap allocations of initialisation
	UnitInitBytes  = "init-bytes/op"  // bytes allocated by initialisation
)

// startupUnits are the start-up units, in output order.
var startupUnits = []string{UnitInits, UnitInitAllocs, UnitInitBytes}

// StartupCase is one whole-process run users feel.
type StartupCase struct {
	Name string
	Args []string // corpus paths start with "testdata/", the corpus folder
}

// StartupCases are the cheapest command, and check of one small puzzle of
// each kind from a one-puzzle file, from a many-puzzle file by selection
// and from a reference Arrows folder (BenchmarkStartup and the bench
// command's --quick run both).
var StartupCases = []StartupCase{
	{"kinds", []string{"kinds"}},
	{"check/juosan-10x10", []string{"check", "testdata/juosan/janko/10x10_1.in"}},
	{"check/linjat-canonical", []string{"check", "testdata/linjat/easy-3.txt"}},
	{"check/linjat-json-select", []string{"check", "testdata/linjat/puzzles.json#easy/3"}},
	{"check/shinro-canonical", []string{"check", "testdata/shinro/playshinro-1.txt"}},
	{"check/arrows-folder", []string{"check", "testdata/arrows/2026-01-24"}},
}

// StartupResult is one case's runs: the median wall time of reps runs and
// the initialisation figures (of the last run: they do not vary).
type StartupResult struct {
	Case       string          `json:"case"`
	Times      []time.Duration `json:"times_ns"`
	MedianMS   float64         `json:"median_ms"`
	Inits      int64           `json:"inits"`
	InitAllocs int64           `json:"init_allocs"`
	InitBytes  int64           `json:"init_bytes"`
}

// Name is the result's benchmark name without the "Benchmark" prefix.
func (r StartupResult) Name() string { return "Startup/cmd=" + nameSafe(r.Case) }

// Startup runs each case reps times as a process of bin (the puzzlesat
// binary) on the puzzles of the corpus folder, output to /dev/null as a
// file's would be, after one untimed run that brings the binary and the
// puzzle into the page cache.
func Startup(ctx context.Context, bin, corpus string, reps int) ([]StartupResult, error) {
	var out []StartupResult
	for _, sc := range StartupCases {
		r := StartupResult{Case: sc.Name}
		args := make([]string, len(sc.Args))
		for i, a := range sc.Args {
			if rest, ok := strings.CutPrefix(a, "testdata/"); ok {
				a = filepath.Join(corpus, rest)
			}
			args[i] = a
		}
		for i := 0; i <= reps; i++ {
			cmd := exec.CommandContext(ctx, bin, args...)
			cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			start := time.Now()
			err := cmd.Run()
			took := time.Since(start)
			if err := ctx.Err(); err != nil {
				return out, err
			}
			if err != nil {
				return out, fmt.Errorf("startup %s: %s %s: %v\n%s", sc.Name, bin, strings.Join(args, " "), err, stderr.String())
			}
			if i == 0 {
				continue
			}
			r.Times = append(r.Times, took)
			r.Inits, r.InitAllocs, r.InitBytes = initTrace(stderr.Bytes())
		}
		r.MedianMS = millis(median(r.Times))
		out = append(out, r)
	}
	return out, nil
}

// initTrace sums GODEBUG=inittrace=1's lines, "init PKG @T ms, C ms
// clock, B bytes, A allocs": the packages, allocations and bytes.
func initTrace(stderr []byte) (inits, allocs, size int64) {
	for line := range strings.Lines(string(stderr)) {
		f := strings.Fields(line)
		if len(f) < 4 || f[0] != "init" || f[len(f)-1] != "allocs" || f[len(f)-3] != "bytes," {
			continue
		}
		a, err1 := strconv.ParseInt(f[len(f)-2], 10, 64)
		b, err2 := strconv.ParseInt(f[len(f)-4], 10, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		inits++
		allocs += a
		size += b
	}
	return inits, allocs, size
}
