package generatecmd_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/app/generatecmd"
	"github.com/puzzlesat/puzzlesat/internal/testfs"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gophersat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// own is the command as its binary, puzzlesat-generate, ships it.
var own = []*cli.Command{generatecmd.Command(kinds.Default())}

// run runs `puzzlesat generate ARGS` in-process and returns the exit code,
// stdout and stderr.
func run(_ *testing.T, args ...string) (int, string, string) {
	return clitest.RunWith(own, "", append([]string{"generate"}, args...)...)
}

func TestCommand(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		out, err []string // substrings
	}{
		{"juosan", []string{"--kind", "juosan", "--size", "5x5", "--difficulty", "easy", "--seed", "0"}, 0,
			[]string{"juosan\n", "size 5 5\n", "grid\n"}, []string{"easy, unique (SAT), solved by rules", "seed 0 puzzle 0 attempt"}},
		{"shinro solution", []string{"--kind", "shinro", "--size", "6x6", "--seed", "1", "--solution"}, 0,
			[]string{"shinro\n", "size 6 6\n", "solution\n"}, []string{"any, unique (SAT)"}},
		{"progress", []string{"--kind", "shinro", "--size", "6x6", "--seed", "1", "--progress"}, 0,
			nil, []string{"puzzle 0 attempt 0: in band"}},
		{"bad kind", []string{"--kind", "sudoku"}, 2, nil, []string{"unknown kind"}},
		{"bad size", []string{"--kind", "juosan", "--size", "8by8"}, 2, nil, []string{"bad --size"}},
		{"size out of range", []string{"--kind", "juosan", "--size", "1x40"}, 2, nil, []string{"outside 2..30"}},
		{"past the band's largest size", []string{"--kind", "linjat", "--difficulty", "medium", "--size", "15x10"}, 2, nil, []string{"linjat medium is generated up to 10x7 (70 cells)", "15x10 has 150"}},
		{"bad difficulty", []string{"--kind", "juosan", "--difficulty", "brutal"}, 2, nil, []string{"unknown difficulty"}},
		{"bad format", []string{"--kind", "juosan", "--format", "xml"}, 2, nil, []string{"unknown --format"}},
		{"bad solver", []string{"--kind", "juosan", "--solver", "nosuch"}, 2, nil, []string{"unknown solver"}},
		{"bad count", []string{"--kind", "juosan", "--count", "0"}, 2, nil, []string{"--count"}},
		{"arguments", []string{"--kind", "juosan", "extra"}, 2, nil, []string{"no arguments"}},
		{"exhausted", []string{"--kind", "shinro", "--size", "4x4", "--score", "1000000..", "--attempts", "2"}, 1,
			nil, []string{"no puzzle in the band", "after 2 attempts"}},
		{"timeout", []string{"--kind", "juosan", "--timeout", "1ns"}, 3, nil, []string{"timed out"}},
	}
	cases := make([]clitest.Case, len(tests))
	for i, tc := range tests {
		cases[i] = clitest.Case{Name: tc.name, Args: append([]string{"generate"}, tc.args...), Code: tc.code, Out: tc.out, Err: tc.err}
	}
	clitest.TestWith(t, own, cases)
}

// TestReadBack checks that what generate writes is what check reads: the
// text output of --count 2 splits into two puzzles, each unique.
func TestReadBack(t *testing.T) {
	code, out, errs := run(t, "--kind", "shinro", "--size", "6x6", "--count", "2", "--seed", "5")
	if code != 0 {
		t.Fatalf("have exit %d, want 0\n%s", code, errs)
	}
	insts, err := kinds.Default().MustFind("shinro").Parse("generated", []byte(out), kind.Options{})
	if err != nil || len(insts) != 2 {
		t.Fatalf("have %d puzzles, error %v; want 2\n%s", len(insts), err, out)
	}
	for i, inst := range insts {
		r, err := solve.Check(context.Background(), inst, gophersat.NewSolver, false)
		if err != nil || r.Status != sat.UniqueSolution {
			t.Errorf("puzzle %d: have %v, error %v; want unique", i+1, r.Status, err)
		}
	}
}

func TestJSON(t *testing.T) {
	code, out, errs := run(t, "--kind", "arrows", "--size", "5x5", "--difficulty", "medium", "--seed", "0", "--format", "json")
	if code != 0 {
		t.Fatalf("have exit %d, want 0\n%s", code, errs)
	}
	var v struct {
		Kind, Difficulty, Status, Puzzle string
		SatStatus                        string `json:"sat_status"`
		Report                           struct {
			MaxLevel   int `json:"max_level"`
			TrialDepth int `json:"trial_depth"`
		}
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if v.Kind != "arrows" || v.Difficulty != "medium" || v.Status != "solved" || v.SatStatus != "unique" {
		t.Errorf("have kind %q difficulty %q status %q sat %q, want arrows medium solved unique", v.Kind, v.Difficulty, v.Status, v.SatStatus)
	}
	if v.Report.MaxLevel < 3 || v.Report.TrialDepth != 0 {
		t.Errorf("have level %d trial depth %d, want level ≥ 3 without trials", v.Report.MaxLevel, v.Report.TrialDepth)
	}
	insts, err := kinds.Default().MustFind("arrows").Parse("generated", []byte(v.Puzzle), kind.Options{})
	if err != nil || len(insts) != 1 {
		t.Fatalf("have %d puzzles, error %v; want 1", len(insts), err)
	}
}

// lines splits JSON-lines output into its records, sorted.
func lines(t *testing.T, out string) []string {
	t.Helper()
	var recs []string
	for l := range strings.Lines(out) {
		if !json.Valid([]byte(l)) {
			t.Fatalf("not a JSON line: %q", l)
		}
		recs = append(recs, strings.TrimSpace(l))
	}
	slices.Sort(recs)
	return recs
}

// TestShards: the JSON lines of --shard 0/3, 1/3 and 2/3 are, together,
// those of the single run, and --workers does not change them.
func TestShards(t *testing.T) {
	base := []string{"--kind", "shinro", "--size", "5x5", "--count", "7", "--seed", "4", "--out", "-"}
	code, out, errs := run(t, append(slices.Clone(base), "--workers", "1")...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	want := lines(t, out)
	if len(want) != 7 {
		t.Fatalf("have %d records, want 7", len(want))
	}
	var have []string
	for i := range 3 {
		code, out, errs := run(t, append(slices.Clone(base), "--workers", "2", "--shard", fmt.Sprintf("%d/3", i))...)
		if code != 0 {
			t.Fatalf("shard %d/3: exit %d\n%s", i, code, errs)
		}
		have = append(have, lines(t, out)...)
	}
	slices.Sort(have)
	if !slices.Equal(have, want) {
		t.Errorf("the shards' records differ from the single run's:\nhave %q\nwant %q", have, want)
	}
}

// TestOutDir: --out DIR holds each puzzle's text, solution and record,
// which check reads back as unique; a second run into it makes nothing.
func TestOutDir(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--kind", "linjat", "--size", "6x5", "--count", "3", "--seed", "2", "--out", dir}
	code, out, errs := run(t, args...)
	if code != 0 || len(lines(t, out)) != 3 {
		t.Fatalf("exit %d, %d records\n%s", code, len(lines(t, out)), errs)
	}
	for i := range 3 {
		stem := filepath.Join(dir, fmt.Sprintf("linjat-any-s2-%06d", i))
		for _, ext := range []string{".txt", ".solution.txt", ".json"} {
			if _, err := os.Stat(stem + ext); err != nil {
				t.Errorf("puzzle %d: %v", i, err)
			}
		}
		code, out, errs := clitest.Run("", "check", stem+".txt")
		if code != 0 || !strings.Contains(out, "unique") {
			t.Errorf("check %s: exit %d\n%s%s", stem, code, out, errs)
		}
	}
	if code, out, _ := run(t, args...); code != 0 || out != "" {
		t.Errorf("second run into the same --out: exit %d, output %q; want 0 and nothing made", code, out)
	}
}

// TestOutDirCleansLeftovers: the temporary files a run killed mid-write
// left in --out (SIGKILL before the rename) are removed by the next run
// into the folder; the finished files stay.
func TestOutDirCleansLeftovers(t *testing.T) {
	dir := t.TempDir()
	host, _ := os.Hostname()
	host = strings.ReplaceAll(host, "-", "_")
	leftovers := []string{
		// A process of this machine that has ended (no pid is this high).
		".linjat-any-s2-000000.json.tmp-" + host + "-2147483647-42",
		// An earlier version's name, from long ago.
		".linjat-any-s2-000001.txt.tmp-3141592",
	}
	for _, n := range leftovers {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(`{"half":`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-24 * time.Hour)
	if err := os.Chtimes(filepath.Join(dir, leftovers[1]), long, long); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "--kind", "linjat", "--size", "6x5", "--count", "2", "--seed", "2", "--out", dir)
	if code != 0 || len(lines(t, out)) != 2 {
		t.Fatalf("exit %d, %d records\n%s", code, len(lines(t, out)), errs)
	}
	names := testfs.Names(t, dir)
	want := []string{
		"linjat-any-s2-000000.json", "linjat-any-s2-000000.solution.txt", "linjat-any-s2-000000.txt",
		"linjat-any-s2-000001.json", "linjat-any-s2-000001.solution.txt", "linjat-any-s2-000001.txt",
	}
	if !slices.Equal(names, want) {
		t.Errorf("--out holds %q, want %q", names, want)
	}
}

// TestInterruptKeepsFound: a batch stopped by --timeout exits 3, and
// every record it wrote on stdout has its complete files in --out.
func TestInterruptKeepsFound(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := run(t, "--kind", "shinro", "--size", "5x5", "--count", "100000", "--timeout", "1s", "--out", dir)
	if code != 3 || !strings.Contains(errs, "puzzles found and written") {
		t.Fatalf("exit %d, want 3 with the count found\n%s", code, errs)
	}
	recs := lines(t, out)
	txts, err := filepath.Glob(filepath.Join(dir, "*[0-9].txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(txts) != len(recs) {
		t.Errorf("%d records on stdout, %d puzzles in --out", len(recs), len(txts))
	}
	for _, f := range txts {
		if code, _, errs := clitest.Run("", "check", f); code != 0 {
			t.Errorf("check %s: exit %d\n%s", f, code, errs)
		}
	}
}

// TestShiftAndMinimal: shift scrambles with a proven optimum, and
// --minimal records.
func TestShiftAndMinimal(t *testing.T) {
	code, out, errs := run(t, "--kind", "shift", "--puzzle", "loopover:3x3", "--moves", "5", "--count", "2", "--format", "json")
	if code != 0 || len(lines(t, out)) != 2 || !strings.Contains(out, `"optimum":5`) {
		t.Errorf("shift: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = run(t, "--kind", "juosan", "--size", "5x5", "--minimal", "--format", "json")
	if code != 0 || !strings.Contains(out, `"minimal":true`) {
		t.Errorf("--minimal: exit %d\n%s%s", code, out, errs)
	}
	code, _, errs = run(t, "--kind", "shinro", "--size", "6x6", "--score", "50..20")
	if code != 2 || !strings.Contains(errs, "MAX is below MIN") {
		t.Errorf("--score 50..20: exit %d\n%s", code, errs)
	}
}
