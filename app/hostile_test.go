package app_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/internal/buildtest"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// hostileCase is one input from testdata/hostile (or generated), with what
// the command must answer: an exit code, phrases of stdout and stderr, and
// bounds on CPU time and peak memory that hold whatever the input. The
// bounds are on the child's own use (user plus system time, peak RSS), so
// that they hold as well on a machine busy with other work; wall time is
// bounded only by hangAfter, which catches a hang.
type hostileCase struct {
	name string
	args []string // "{F}" is replaced by the case's file
	// file names a file in testdata/hostile (relative to it), gen writes
	// one, dir makes an empty folder, or folder fills one.
	file   string
	gen    func() string
	dir    bool
	folder func(t testing.TB, dir string)
	stdin  string
	exit   int
	// stdout and stderr must contain these; stderr must not contain
	// notErr.
	stdout, stderr []string
	notErr         string
	// maxCPU bounds the child's CPU time (user plus system, its own
	// children's included); 0 means defaultCPU. A case run with --timeout
	// d takes its bound from keeps(d).
	maxCPU time.Duration
	// heavy cases take seconds of work each (large inputs refused or
	// streamed, deadlines of seconds): go test -short leaves them out.
	heavy bool
}

const maxRSS = 1 << 30 // bytes

// defaultCPU bounds the CPU time of a case that names none: inputs refused
// before the work, small puzzles. The largest refusals here (Shinro
// 300×300, Linjat 1000×1000) take about 4 s of CPU, the same on a busy
// machine, where their wall time was 30 s.
const defaultCPU = 10 * time.Second

// hangAfter is how long a case may run, by the wall clock, before it is
// killed as hung. It only catches a hang: a machine busy with other work
// makes every case slower by the wall clock, so the facts asserted are
// the answer and the CPU-time and memory bounds, never the wall time.
const hangAfter = 5 * time.Minute

// keeps is the CPU bound of a run that must stop at its --timeout d:
// d on every core the child may use, and a second for its start and its
// report. A run that went on past d to finish its work would exit with
// another code; one that never stops is caught by hangAfter.
func keeps(d time.Duration) time.Duration {
	return d*time.Duration(runtime.NumCPU()) + time.Second
}

// hostileCases are the issue-12 reproductions: each once gave a wrong or
// silent answer, missed its deadline or took gigabytes.
func hostileCases() []hostileCase {
	const url = "https://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334"
	return append([]hostileCase{
		// Memory: sizes refused before the work, budgets per kind.
		{name: "shift 1000x1000 picture", gen: bigShift(1000), args: []string{"shift", "solve", "{F}"},
			exit: 2, stderr: []string{"more than 4096 cells"}},
		{name: "shift 400x400 picture", gen: bigShift(400), args: []string{"shift", "solve", "{F}"},
			exit: 2, stderr: []string{"more than 4096 cells"}},
		{name: "shift solve --jobs 1000", file: "../shift/loopover-3x3-worst.txt",
			args: []string{"shift", "solve", "--jobs", "1000", "{F}"}, exit: 0},
		{name: "shinro 300x300, 300 stones, totalizer", gen: bigShinro(300, 300), args: []string{"check", "{F}"},
			exit: 2, stderr: []string{"encoding too large", "--card"}, heavy: true},
		{name: "shinro 300x300 grade is refused before the rules start", gen: bigShinro(300, 300), args: []string{"grade", "{F}"},
			exit: 2, stderr: []string{"encoding too large"}, heavy: true},
		{name: "shinro 1000x1000", gen: bigShinro(1000, 1000), args: []string{"check", "{F}"},
			exit: 2, stderr: []string{"encoding too large: more than 500000 variables"}, heavy: true},
		{name: "juosan 200x200, one territory", gen: bigJuosan(200), args: []string{"check", "{F}"},
			exit: 2, stderr: []string{"encoding too large"}, heavy: true},
		{name: "arrows 36x36", gen: bigArrows(36), args: []string{"check", "{F}"},
			exit: 2, stderr: []string{"encoding too large"}, heavy: true},
		{name: "linjat 1000x1000", gen: bigLinjat(1000), args: []string{"check", "{F}"},
			exit: 2, stderr: []string{"encoding too large"}, heavy: true},

		// Deadlines. The slow rule also has a work bound (2 s of CPU on
		// the machine where CI ran quiet): the deadline is set well before
		// it, so that it is the deadline that stops the run however fast
		// the machine (on a slow or busy one it comes earlier still).
		{name: "rules with six free variables keep grade --timeout", file: "slow-rules.yaml",
			args: []string{"grade", "--rules", "{F}", "--timeout", "500ms", "testdata/arrows/2026-03-07"},
			exit: 3, stderr: []string{"timed out"}, maxCPU: keeps(500 * time.Millisecond), heavy: true},
		{name: "rules with six free variables keep rules audit --timeout", file: "slow-rules.yaml",
			args: []string{"rules", "audit", "--rules", "{F}", "--timeout", "500ms", "testdata/arrows/2026-03-07"},
			exit: 3, stdout: []string{"0 of 1 puzzle audited before the deadline"}, stderr: []string{"timed out"}, maxCPU: keeps(500 * time.Millisecond), heavy: true},
		{name: "cnf solve --certify keeps --timeout", args: []string{"cnf", "solve", "--certify", "--timeout", "2s", "testdata/cnf/UUF250/uuf250-01.cnf"},
			exit: 0, stdout: []string{"s UNKNOWN"}, maxCPU: keeps(2 * time.Second), heavy: true},
		{name: "shinro 150x150 check --timeout 1ms", gen: bigShinro(150, 150), args: []string{"check", "--timeout", "1ms", "{F}"},
			exit: 3, stdout: []string{"timeout"}, maxCPU: keeps(time.Millisecond)},
		{name: "linjat 300x300 grade keeps --timeout", gen: bigLinjat(300), args: []string{"grade", "--timeout", "2s", "{F}"},
			exit: 3, stderr: []string{"timed out"}, maxCPU: keeps(2 * time.Second), heavy: true},
		{name: "count --timeout reports an incomplete count", gen: emptyJuosan(8), args: []string{"count", "--max", "0", "--timeout", "1s", "{F}"},
			exit: 3, stdout: []string{"at least", "the count is incomplete"}, maxCPU: keeps(time.Second)},
		{name: "cnf count --timeout reports an incomplete count", gen: func() string { return "p cnf 40 0\n" },
			args: []string{"cnf", "count", "--timeout", "1s", "{F}"},
			exit: 3, stdout: []string{"at least", "the count is incomplete"}, maxCPU: keeps(time.Second)},

		// Silent wrong answers.
		{name: "cnf export then count counts the puzzle's solutions", gen: exportedCNF,
			args: []string{"cnf", "count", "{F}"}, exit: 0, stdout: []string{"1430"}},
		{name: "a rule removing a true value is named", file: "rule-removes-true-value.yaml",
			args: []string{"grade", "--rules", "{F}", "testdata/arrows/2026-03-07"},
			exit: 1, stderr: []string{"step 5 (rule WRONG_EXCLUDE_ONE) is unsound: it eliminates r2c2 = 1", "counter-solution"}},
		{name: "a rule removing a true value is named with --certify-steps", file: "rule-removes-true-value.yaml",
			args: []string{"grade", "--certify-steps", "--rules", "{F}", "testdata/arrows/2026-03-07"},
			exit: 1, stderr: []string{"step 5 (rule WRONG_EXCLUDE_ONE) is unsound"}},
		{name: "set(p, 0 - 5) is named", file: "rule-sets-out-of-range.yaml",
			args: []string{"grade", "--rules", "{F}", "testdata/arrows/2026-03-07"},
			exit: 1, stderr: []string{"step 1 (rule SET_OUT_OF_RANGE) is unsound"}},
		{name: "grade --hint on a puzzle with several solutions", args: []string{"grade", "--hint", "testdata/juosan/janko_instances.json#4x4_1"},
			exit: 1, stderr: []string{"SAT shows several solutions"}},

		// Batch and messages.
		{name: "one bad file among good ones", file: "malformed.juosan",
			args: []string{"check", "testdata/juosan/janko/6x6_1.in", "{F}", "testdata/juosan/janko/10x10_1.in"},
			exit: 2, stdout: []string{"6x6_1", "10x10_1"}, stderr: []string{"malformed.juosan:6:1: unknown line"}},
		{name: "byte order mark before a puzzle", file: "bom.juosan", args: []string{"check", "{F}"},
			exit: 1, stdout: []string{"multiple"}},
		{name: "byte order mark before DIMACS", file: "bom.cnf", args: []string{"cnf", "solve", "{F}"},
			exit: 10, stdout: []string{"s SATISFIABLE"}},
		{name: "arrows grid too large for its values, positioned", gen: func() string { return "arrows 1x37\n" + strings.Repeat("← ", 37) + "\n" },
			args: []string{"check", "{F}"}, exit: 2, stderr: []string{":2:73: grid 1x37 allows values above 35"}},
		{name: "arrows given out of range, positioned", gen: func() string { return "arrows 1x2\n→3 ←.\n" },
			args: []string{"check", "{F}"}, exit: 2, stderr: []string{":2:1: given 3 out of range 0..1"}},
		{name: "arrows combining mark", gen: func() string { return "arrows 1x2\n→\u0301. ←.\n" },
			args: []string{"check", "{F}"}, exit: 2, stderr: []string{":2:1: combining mark U+0301"}},
		{name: "empty folder", dir: true, args: []string{"check", "{F}"},
			exit: 2, stderr: []string{"a folder with no puzzle in it"}},
		{name: "flags after a URL", args: []string{"check", url, "--format", "json"},
			exit: 0, stdout: []string{`"status":"unique"`}},
		{name: "rules check of a missing file", args: []string{"rules", "check", "missing.yaml"},
			exit: 2, stderr: []string{"missing.yaml"}},
		{name: "bench --kind bogus", args: []string{"bench", "--kind", "bogus"},
			exit: 2, stderr: []string{`unknown kind "bogus"`}},
		{name: "no \\r progress into a file", args: []string{"rules", "audit", "--layouts", "2", "--size", "4x4"},
			exit: 0, notErr: "\r"},
		{name: "1 move", file: "../shift/swap.txt", args: []string{"shift", "solve", "{F}"},
			exit: 0, stdout: []string{"optimal, 1 move\n"}},
		{name: "1 broken rule", file: "one-broken.juosan", stdin: "- -\n", args: []string{"verify", "{F}", "-"},
			exit: 1, stdout: []string{": 1 broken rule\n"}},
		{name: "--version", args: []string{"--version"}, exit: 0, stdout: []string{"puzzlesat version"}},
		// #6 answered for the 7th entry, 6x6_1, once the malformed 6th was
		// skipped; #0 printed the 6th entry's error.
		{name: "#N of a malformed entry is that entry", args: []string{"check", "testdata/juosan/janko_instances.json#6"},
			exit: 2, stderr: []string{"entry 6 (5x5_3 (medium).in): label 6"}},
		// Issue 25: real-world files and folders, inputs past the cap.
		// jsnell/linjat's puzzles.json ends each level with a message
		// written "puzzle": null; it was exit 2.
		{name: "linjat \"puzzle\": null is a message-only entry", file: "linjat-null-puzzle.json", args: []string{"check", "{F}"},
			exit: 0, stdout: []string{"#medium/2: unique", "#hard/1: unique"}},
		{name: "linjat #N of a \"puzzle\": null entry", file: "linjat-null-puzzle.json#3", args: []string{"check", "{F}"},
			exit: 2, stderr: []string{"entry 3 (medium/3) holds no puzzle"}},
		// 100 MB of puzzles took 2.8 GB before exit 2.
		{name: "an input past 64 MB is refused unread", gen: concatenated(64<<20 + 1), args: []string{"check", "{F}"},
			exit: 2, stderr: []string{"input larger than 64 MB", "--max-input"}, heavy: true},
		// A file of many puzzles is worked through one puzzle at a time:
		// 40 MB of them took 1.5 GB, every puzzle held at once.
		{name: "40 MB of puzzles, held one at a time", gen: concatenated(40 << 20), args: []string{"check", "--shard", "0/1000000", "{F}"},
			exit: 0, stdout: []string{"#easy/3: unique"}, maxCPU: time.Minute, heavy: true},
		// 100 MB of JSON took 2.4 GB: tokenizing its one line to tell
		// it from text formats, and every entry held at once.
		{name: "40 MB of Linjat JSON, held one at a time", gen: levelsJSON(40 << 20), args: []string{"check", "--shard", "0/1000000", "{F}"},
			exit: 0, stdout: []string{"#medium/1: unique"}, maxCPU: time.Minute, heavy: true},
		{name: "--max-input raises the cap", gen: concatenated(4 << 10), args: []string{"--max-input", "8KB", "count", "--format", "json", "{F}"},
			exit: 0, stdout: []string{`"status":"complete"`}},
		{name: "standard input past --max-input", stdin: strings.Repeat("juosan\n", 1000), args: []string{"--max-input", "1KB", "check", "-"},
			exit: 2, stderr: []string{"<stdin>: input larger than 1 KB"}},
		{name: "render keeps --max-input", gen: concatenated(4 << 10), args: []string{"--max-input", "1KB", "render", "{F}#1"},
			exit: 2, stderr: []string{"input larger than 1 KB"}},
		{name: "#0 is no puzzle", args: []string{"check", "testdata/juosan/janko_instances.json#0"},
			exit: 2, stderr: []string{"no puzzle 0 (the file holds 74 entries)"}},
	}, mixedCases()...)
}

// mixedCases walk a folder of every kind's example (clitest.MixedFolder;
// check DIR said "a folder, with no puzzle.txt in it"): check answers
// each puzzle unique (exit 0), naming its file, and grade reads every
// kind of the registry.
func mixedCases() []hostileCase {
	fill := func(t testing.TB, dir string) { clitest.MixedFolder(t, kinds.Default(), dir) }
	var files, kindsRead []string
	for _, k := range kinds.Default().List() {
		name, _, err := k.ExampleFile()
		if err != nil || name == "" {
			panic(fmt.Sprintf("kind %s: no example for the mixed folder (%v)", k.Name, err)) // MixedFolder fails the run too
		}
		files = append(files, filepath.Base(name))
		kindsRead = append(kindsRead, `"kind":"`+k.Name+`"`)
	}
	return []hostileCase{
		{name: "check walks a folder of mixed kinds", folder: fill, args: []string{"check", "{F}"}, exit: 0, stdout: files},
		{name: "grade walks a folder of mixed kinds", folder: fill, args: []string{"grade", "--format", "json", "{F}"}, exit: 0, stdout: kindsRead},
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
	// The commands that are binaries of their own (render, bench, serve) are run
	// from beside puzzlesat, or from PATH when the in-process cases of
	// this package run them: dir goes first on it.
	if puzzlesat, err = buildtest.Build(dir, "puzzlesat", "puzzlesat-render", "puzzlesat-bench", "puzzlesat-generate", "puzzlesat-serve", "puzzlesat-report"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("PATH", dir+string(filepath.ListSeparator)+os.Getenv("PATH"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestHostileInputs(t *testing.T) { runHostile(t, hostileCases()) }

// runHostile runs each case against the built binary, one at a time.
func runHostile(t *testing.T, cases []hostileCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.heavy && testing.Short() {
				t.Skip("seconds of work: skipped by -short")
			}
			file := filepath.Join("testdata", "hostile", tc.file)
			switch {
			case tc.gen != nil:
				file = filepath.Join(t.TempDir(), "input")
				if err := os.WriteFile(file, []byte(tc.gen()), 0o644); err != nil {
					t.Fatal(err)
				}
			case tc.dir:
				file = t.TempDir()
			case tc.folder != nil:
				file = t.TempDir()
				tc.folder(t, file)
			}
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = strings.ReplaceAll(a, "{F}", file)
			}
			maxCPU := tc.maxCPU
			if maxCPU == 0 {
				maxCPU = defaultCPU
			}
			ctx, cancel := context.WithTimeout(context.Background(), hangAfter)
			defer cancel()
			cmd := exec.CommandContext(ctx, puzzlesat, args...)
			cmd.WaitDelay = 10 * time.Second // a hung child's own children holding its pipes
			// Paths are relative to the repository's root.
			cmd.Dir = ".."
			cmd.Stdin = strings.NewReader(tc.stdin)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			if ctx.Err() != nil {
				t.Fatalf("puzzlesat %s: killed as hung, still running after %v (stderr %q)", strings.Join(tc.args, " "), hangAfter, clip(stderr.String()))
			}
			if err != nil && cmd.ProcessState == nil {
				t.Fatal(err)
			}
			code := cmd.ProcessState.ExitCode()
			ok := code == tc.exit && (tc.notErr == "" || !strings.Contains(stderr.String(), tc.notErr))
			for _, s := range tc.stdout {
				ok = ok && strings.Contains(stdout.String(), s)
			}
			for _, s := range tc.stderr {
				ok = ok && strings.Contains(stderr.String(), s)
			}
			if !ok {
				t.Errorf("puzzlesat %s:\nhave exit %d, stdout %q, stderr %q\nwant exit %d, stdout with %q, stderr with %q and without %q",
					strings.Join(tc.args, " "), code, clip(stdout.String()), clip(stderr.String()), tc.exit, tc.stdout, tc.stderr, tc.notErr)
			}
			cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			t.Logf("CPU %v", cpu.Round(time.Millisecond))
			if cpu > maxCPU {
				t.Errorf("used %v of CPU, want at most %v", cpu.Round(time.Millisecond), maxCPU)
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

// grid writes a puzzle of n rows after its header: row i is prefix(i)
// then cell(i, j) for every column j, joined by sep.
func grid(header string, n int, prefix func(i int) string, sep string, cell func(i, j int) string) string {
	var b strings.Builder
	b.WriteString(header)
	for i := 0; i < n; i++ {
		b.WriteString(prefix(i))
		for j := 0; j < n; j++ {
			if j > 0 {
				b.WriteString(sep)
			}
			b.WriteString(cell(i, j))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func noPrefix(int) string { return "" }

// bigShift is an n×n picture with row moves: at 1000×1000 it once ran out
// of memory building moves before the cell limit was checked, at 400×400
// it took 2.7 GB.
func bigShift(n int) func() string {
	return func() string {
		return grid("start\n", n, noPrefix, " ", func(int, int) string { return "x" }) + "moves rows\n"
	}
}

// bigShinro is an n×n Shinro with k stones (one per row and column, no
// arrows): valid, with many solutions. At 300×300 the totalizer took 9.2
// GB; at 150×150 check --timeout 1ms took 2.5 s and 1.2 GB.
func bigShinro(n, k int) func() string {
	one := func(i int) int { return min(1, max(0, k-i)) }
	return func() string {
		var cols strings.Builder
		for j := 0; j < n; j++ {
			fmt.Fprintf(&cols, " %d", one(j))
		}
		header := fmt.Sprintf("shinro\nsize %d %d\nstones %d\ncols:%s\n", n, n, k, cols.String())
		return grid(header, n, func(i int) string { return fmt.Sprintf("%d ", one(i)) }, " ", func(int, int) string { return "." })
	}
}

// bigJuosan is an n×n Juosan of one territory numbered n*n/2: one
// cardinality constraint over every cell.
func bigJuosan(n int) func() string {
	return func() string {
		return grid(fmt.Sprintf("juosan\nsize %d %d\ngrid\n", n, n), n, noPrefix, " ", func(i, j int) string {
			if i == 0 && j == 0 {
				return fmt.Sprintf("a%d", n*n/2)
			}
			return "a"
		})
	}
}

// emptyJuosan is an n×n Juosan of 2×2 territories without numbers:
// solutions beyond counting.
func emptyJuosan(n int) func() string {
	return func() string {
		return grid(fmt.Sprintf("juosan\nsize %d %d\ngrid\n", n, n), n, noPrefix, " ", func(i, j int) string {
			t := (i/2)*(n/2) + j/2
			return string(rune('a'+t/26)) + string(rune('a'+t%26))
		})
	}
}

// bigArrows is an n×n Arrows grid of ↘ arrows without givens, the largest
// side whose values stay within 0..35.
func bigArrows(n int) func() string {
	return func() string {
		return grid(fmt.Sprintf("arrows %dx%d\n", n, n), n, noPrefix, " ", func(int, int) string { return "↘." })
	}
}

// bigLinjat is an n×n Linjat with a 3 on every fourth cell of every fourth
// row.
func bigLinjat(n int) func() string {
	return func() string {
		return grid(fmt.Sprintf("linjat\nsize %d %d\n", n, n), n, noPrefix, "", func(i, j int) string {
			if i%4 == 0 && j%4 == 0 {
				return "3"
			}
			return "_"
		})
	}
}

// concatenated is Linjat puzzles one after another, size bytes or a
// little more: what a collection of many puzzles looks like.
func concatenated(size int) func() string {
	return func() string {
		one, err := os.ReadFile("../testdata/linjat/easy-3.txt")
		if err != nil {
			return err.Error()
		}
		var b strings.Builder
		b.Grow(size + len(one) + 1)
		for b.Len() < size {
			b.Write(one)
			b.WriteString("\n")
		}
		return b.String()
	}
}

// levelsJSON is a Linjat level file of one level holding the same puzzle
// over and over, size bytes or a little more, on one line.
func levelsJSON(size int) func() string {
	return func() string {
		const entry = `{"puzzle":["3.  5 ."," 4  ..3","  3  3 ","    3.2"," .    5","5  3 .3"," 3  2  ","     3 ","3    . "," 3 4  3"],"score":58.25}`
		var b strings.Builder
		b.Grow(size + len(entry) + 16)
		b.WriteString(`{"medium":[`)
		for b.Len() < size {
			if b.Len() > len(`{"medium":[`) {
				b.WriteString(",")
			}
			b.WriteString(entry)
		}
		b.WriteString("]}")
		return b.String()
	}
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
