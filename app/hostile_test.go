package app_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hostileCase is one input from testdata/hostile (or generated), with what
// the command must answer: an exit code, a phrase of stderr, and bounds on
// wall time and peak memory that hold whatever the input.
type hostileCase struct {
	name string
	args []string // "{F}" is replaced by the case's file
	// file names a file in testdata/hostile, or gen writes one.
	file string
	gen  func() string
	exit int
	// stderr must contain this (and stdout, when wantOut is set).
	stderr, wantOut string
	// maxWall bounds the run (a --timeout plus a second); 0 means 30 s.
	maxWall time.Duration
}

const maxRSS = 1 << 30 // bytes

func hostileCases() []hostileCase {
	return []hostileCase{
		{name: "shift 1000x1000 picture", gen: bigShift, args: []string{"shift", "solve", "{F}"},
			exit: 2, stderr: "more than 4096 cells"},
		{name: "rules with six free variables keep --timeout", file: "slow-rules.yaml",
			args: []string{"grade", "--rules", "{F}", "--timeout", "2s", "testdata/arrows/2026-03-07"},
			exit: 3, stderr: "timed out", maxWall: 3 * time.Second},
		{name: "rules with six free variables hit the work bound", file: "slow-rules.yaml",
			args: []string{"grade", "--rules", "{F}", "testdata/arrows/2026-03-07"},
			exit: 2, stderr: "rule SLOW: condition went over its work bound"},
		{name: "cnf export then count counts the puzzle's solutions", gen: exportedCNF,
			args: []string{"cnf", "count", "{F}"}, exit: 0, wantOut: "1430"},
		{name: "shift solve --jobs 1000", file: "../shift/loopover-3x3-worst.txt",
			args: []string{"shift", "solve", "--jobs", "1000", "{F}"}, exit: 0},
		{name: "cnf solve --certify keeps --timeout", args: []string{"cnf", "solve", "--certify", "--timeout", "2s", "testdata/cnf/UUF250/uuf250-01.cnf"},
			exit: 0, wantOut: "s UNKNOWN", maxWall: 3 * time.Second},
		{name: "bench --kind bogus", args: []string{"bench", "--kind", "bogus"},
			exit: 2, stderr: `unknown kind "bogus"`},
		// #6 answered for the 7th entry, 6x6_1, once the malformed 6th was
		// skipped; #0 printed the 6th entry's error.
		{name: "#N of a malformed entry is that entry", args: []string{"check", "testdata/juosan/janko_instances.json#6"},
			exit: 2, stderr: "entry 6 (5x5_3 (medium).in): label 6"},
		{name: "#0 is no puzzle", args: []string{"check", "testdata/juosan/janko_instances.json#0"},
			exit: 2, stderr: "no puzzle 0 (the file holds 74 entries)"},
	}
}

// puzzlesat is the binary the cases run, built once by TestMain.
var puzzlesat string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "puzzlesat-hostile")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	puzzlesat = filepath.Join(dir, "puzzlesat")
	// The commands that are binaries of their own (render, bench, serve) are run
	// from beside puzzlesat, or from PATH when the in-process cases of
	// this package run them: dir goes first on it.
	build := exec.Command("go", "build", "-tags", "urfave_cli_no_docs", "-o", dir+string(filepath.Separator),
		"../cmd/puzzlesat", "../cmd/puzzlesat-render", "../cmd/puzzlesat-bench", "../cmd/puzzlesat-serve")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building puzzlesat: %v\n%s", err, out)
		os.Exit(1)
	}
	os.Setenv("PATH", dir+string(filepath.ListSeparator)+os.Getenv("PATH"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestHostileInputs(t *testing.T) {
	for _, tc := range hostileCases() {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join("testdata", "hostile", tc.file)
			if tc.gen != nil {
				file = filepath.Join(t.TempDir(), "input")
				if err := os.WriteFile(file, []byte(tc.gen()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = strings.ReplaceAll(a, "{F}", file)
			}
			maxWall := tc.maxWall
			if maxWall == 0 {
				maxWall = 30 * time.Second
			}
			ctx, cancel := context.WithTimeout(context.Background(), maxWall+10*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, puzzlesat, args...)
			// Paths are relative to the repository's root.
			cmd.Dir = ".."
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			start := time.Now()
			err := cmd.Run()
			wall := time.Since(start)
			if err != nil && cmd.ProcessState == nil {
				t.Fatal(err)
			}
			code := cmd.ProcessState.ExitCode()
			if code != tc.exit || !strings.Contains(stderr.String(), tc.stderr) || !strings.Contains(stdout.String(), tc.wantOut) {
				t.Errorf("puzzlesat %s:\nhave exit %d, stdout %q, stderr %q\nwant exit %d, stdout with %q, stderr with %q",
					strings.Join(tc.args, " "), code, clip(stdout.String()), clip(stderr.String()), tc.exit, tc.wantOut, tc.stderr)
			}
			if wall > maxWall {
				t.Errorf("took %v, want at most %v", wall.Round(time.Millisecond), maxWall)
			}
			if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss*1024 > maxRSS {
				t.Errorf("peak memory %d MB, want under %d MB", ru.Maxrss/1024, maxRSS>>20)
			}
		})
	}
}

func clip(s string) string {
	if len(s) > 400 {
		return s[:400] + "…"
	}
	return s
}

// bigShift is a 1000×1000 picture with row moves: it once ran out of
// memory building moves before the cell limit was checked.
func bigShift() string {
	var b strings.Builder
	b.WriteString("start\n")
	row := strings.TrimSpace(strings.Repeat("x ", 1000))
	for i := 0; i < 1000; i++ {
		b.WriteString(row + "\n")
	}
	b.WriteString("moves rows\n")
	return b.String()
}

// exportedCNF is what `cnf export` writes for a 4×4 Juosan with two numbered
// territories: 16 primary variables and 13 auxiliaries. Counting it once
// counted the auxiliaries' settings too, for minutes.
func exportedCNF() string {
	var out, errOut bytes.Buffer
	cmd := exec.Command(puzzlesat, "cnf", "export", "-")
	cmd.Stdin = strings.NewReader("juosan\nsize 4 4\ngrid\na1 a b b\na a b b\nc c d2 d\nc c d d\n")
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return "cnf export failed: " + err.Error() + errOut.String()
	}
	return out.String()
}
