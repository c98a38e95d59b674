//go:build linux

package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/buildtest"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// The generation benchmark runs only when asked (-gencmd): it takes many
// minutes. See TestGenerateCommand.
var (
	genCmd      = flag.Bool("gencmd", false, "run TestGenerateCommand: one `puzzlesat generate` process per puzzle over every cell and seed")
	genCellsRE  = flag.String("gencmd.cells", "", "regexp over the cells' names (kind/band/size) to run (default: every cell)")
	genSeeds    = flag.String("gencmd.seeds", "1-20", "seeds, FIRST-LAST")
	genTimeout  = flag.Duration("gencmd.timeout", 120*time.Second, "a process's time limit (past it, a miss)")
	genBin      = flag.String("gencmd.bin", "", "the puzzlesat binary, with puzzlesat-generate beside it (default: built into a temporary folder)")
	genOut      = flag.String("gencmd.out", "", "PREFIX: append every run to PREFIX.jsonl as it ends, and write PREFIX.md and PREFIX.json (the cells' summaries) at the end")
	genReport   = flag.String("gencmd.report", "", "FILE.jsonl[,FILE...]: print the table of runs written before, without running anything")
	genExtraArg = flag.String("gencmd.args", "", "extra flags for every generate process, space-separated")
)

// TestGenerateCommand measures generation as a user runs it: for every
// cell (GenCells: kind, band, size) and every seed, one fresh process of
//
//	puzzlesat generate --kind K --difficulty B --seed S [--size RxC] --format json
//
// built with the tags `make build` uses, run one at a time, each with its
// wall-clock seconds, its CPU seconds and peak RSS (the rusage of the
// process and what it ran: puzzlesat-generate) and the attempts its JSON
// record gives; then per cell the median and 90th percentile of each, and
// the 1-minute load average at its start and end, as a markdown table
// (the README's) and JSON. A process that runs past -gencmd.timeout is
// killed and counted as a miss. Opt-in:
//
//	go test -run TestGenerateCommand -gencmd -timeout 10h ./bench/ -gencmd.out /tmp/gen
//	go test -run TestGenerateCommand -gencmd -gencmd.cells 'juosan/hard' ./bench/ -v
//	go test -run TestGenerateCommand -gencmd -gencmd.report /tmp/gen.jsonl ./bench/ -v
func TestGenerateCommand(t *testing.T) {
	if *genReport != "" {
		var runs []GenRun
		for _, f := range strings.Split(*genReport, ",") {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := ReadGenRuns(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			runs = append(runs, rs...)
		}
		writeGenSummary(t, runs)
		return
	}
	if !*genCmd {
		t.Skip("the generation benchmark runs with -gencmd (many minutes)")
	}
	var re *regexp.Regexp
	if *genCellsRE != "" {
		re = regexp.MustCompile(*genCellsRE)
	}
	first, last, err := parseSeeds(*genSeeds)
	if err != nil {
		t.Fatal(err)
	}
	bin := *genBin
	if bin == "" {
		bin = buildPuzzlesat(t)
	}
	var jsonl *os.File
	if *genOut != "" {
		if jsonl, err = os.OpenFile(*genOut+".jsonl", os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o666); err != nil {
			t.Fatal(err)
		}
		defer jsonl.Close()
	}
	var runs []GenRun
	for _, c := range GenCells(kinds.Default()) {
		if re != nil && !re.MatchString(c.Name()) {
			continue
		}
		for s := first; s <= last; s++ {
			r := runGenerate(bin, c, s, *genTimeout)
			t.Logf("%s seed %d: %.2f s wall, %.2f s CPU, %d attempts, %.0f MiB, score %.0f (trial depth %d)%s",
				r.Cell, r.Seed, r.Wall, r.CPU, r.Attempts, r.RSS, r.Score, r.TrialDepth, missNote(r))
			runs = append(runs, r)
			if jsonl != nil {
				line, _ := json.Marshal(r)
				if _, err := jsonl.Write(append(line, '\n')); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	writeGenSummary(t, runs)
}

func missNote(r GenRun) string {
	if r.Miss {
		return "; MISS: " + r.Reason
	}
	return ""
}

func writeGenSummary(t *testing.T, runs []GenRun) {
	stats := SummarizeGen(runs)
	var md bytes.Buffer
	if err := WriteGenMarkdown(&md, stats); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", md.String())
	if *genOut == "" {
		return
	}
	js, err := json.MarshalIndent(struct {
		Cells []GenStat `json:"cells"`
		Runs  []GenRun  `json:"runs"`
	}{stats, runs}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*genOut+".json", append(js, '\n'), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*genOut+".md", md.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
}

func parseSeeds(s string) (first, last uint64, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	if first, err = strconv.ParseUint(a, 10, 64); err == nil {
		last, err = strconv.ParseUint(b, 10, 64)
	}
	if err != nil || last < first {
		return 0, 0, fmt.Errorf("bad -gencmd.seeds %q (want FIRST-LAST)", s)
	}
	return first, last, nil
}

// buildPuzzlesat builds puzzlesat and puzzlesat-generate as `make build`
// does, into a temporary folder, and returns puzzlesat's path.
func buildPuzzlesat(t *testing.T) string {
	bin, err := buildtest.Build(t.TempDir(), "puzzlesat", "puzzlesat-generate")
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// loadAvg is the 1-minute load average (NaN when unknown).
func loadAvg() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return math.NaN()
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return math.NaN()
	}
	x, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return math.NaN()
	}
	return x
}

// runGenerate runs one generate process for cell c and seed, killing its
// process group past timeout.
func runGenerate(bin string, c GenCell, seed uint64, timeout time.Duration) GenRun {
	r := GenRun{Cell: c.Name(), Seed: seed, Load: loadAvg()}
	args := []string{"generate", "--kind", c.Kind, "--difficulty", c.Band, "--seed", strconv.FormatUint(seed, 10)}
	if c.Rows > 0 {
		args = append(args, "--size", c.Size())
	}
	args = append(args, "--format", "json")
	args = append(args, strings.Fields(*genExtraArg)...)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	// Past the timeout puzzlesat is sent SIGTERM, which it passes on:
	// puzzlesat-generate stops and is reaped, so its CPU time counts; what
	// is still running 10 s later is killed, the whole process group.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
	defer func() {
		if cmd.Process != nil { // nil when the binary did not start
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
	}()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r.Wall = time.Since(start).Seconds()
	r.LoadAfter = loadAvg()
	if ps := cmd.ProcessState; ps != nil {
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			r.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
			r.RSS = float64(ru.Maxrss) / 1024 // KiB on Linux
		}
	}
	switch {
	case ctx.Err() != nil:
		r.Miss, r.Reason = true, fmt.Sprintf("timeout %v", timeout)
		return r
	case err != nil:
		var ee *exec.ExitError
		msg := strings.TrimSpace(stderr.String())
		if errors.As(err, &ee) {
			msg = fmt.Sprintf("exit %d: %s", ee.ExitCode(), msg)
		}
		r.Miss, r.Reason = true, msg
		return r
	}
	var rec struct {
		Attempt int `json:"attempt"`
		Clues   int `json:"clues"`
		Report  struct {
			Score      float64 `json:"score"`
			TrialDepth int     `json:"trial_depth"`
			MaxLevel   int     `json:"max_level"`
			Depth      int     `json:"depth"`
		} `json:"report"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil {
		r.Miss, r.Reason = true, fmt.Sprintf("reading the record: %v", err)
		return r
	}
	r.Attempts = rec.Attempt + 1
	r.Score, r.TrialDepth, r.MaxLevel, r.Depth, r.Clues = rec.Report.Score, rec.Report.TrialDepth, rec.Report.MaxLevel, rec.Report.Depth, rec.Clues
	return r
}
