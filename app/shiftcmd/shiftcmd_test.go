package shiftcmd_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/app/clitest"
)

var testdata = filepath.Join("..", "..", "testdata", "shift")

// run runs `puzzlesat shift ARGS...` in-process and returns the exit code,
// standard output and standard error.
func run(_ *testing.T, stdin string, args ...string) (int, string, string) {
	return clitest.Run(stdin, append([]string{"shift"}, args...)...)
}

func TestSolveScrambleApply(t *testing.T) {
	code, puz, stderr := run(t, "", "scramble", filepath.Join(testdata, "reborn.txt"), "--moves", "5", "--seed", "3")
	if code != 0 {
		t.Fatalf("scramble: exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(puz, "# 5 random moves from a goal state (seed 3): ") {
		t.Errorf("scramble output starts %q", puz[:min(60, len(puz))])
	}
	code, out, stderr := run(t, puz, "solve", "-", "--method", "sat", "--format", "json", "--check")
	if code != 0 {
		t.Fatalf("solve: exit %d: %s", code, stderr)
	}
	var res answer.ShortestRecord
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if res.Status != "optimal" || res.Length < 1 || res.Length > 5 || len(res.Moves) != res.Length ||
		res.ProvedLowerBound != res.Length || len(res.States) != res.Length+1 || len(res.Depths) != res.Length+1 {
		t.Errorf("solve: %+v", res)
	}
	if res.Check == nil || !res.Check.Agrees || res.Check.Length != res.Length || res.Solver != "gini" || res.Encoding != "layers" {
		t.Errorf("solve check/solver/encoding: %+v", res)
	}
	// Per-depth progress goes to standard error (a part that took a second
	// or more has an indented line of its own besides: not counted).
	if got := len(regexp.MustCompile(`(?m)^depth `).FindAllString(stderr, -1)); got != res.Length+1 {
		t.Errorf("stderr has %d depth lines, want %d:\n%s", got, res.Length+1, stderr)
	}
	// The moves replay to a goal from the same file.
	args := append([]string{"apply", "-"}, res.Moves...)
	code, out, _ = run(t, puz, args...)
	if code != 0 || !strings.Contains(out, "goal reached in") {
		t.Errorf("apply: exit %d\n%s", code, out)
	}
	// The exact search alone gives the same length.
	code, out, _ = run(t, puz, "solve", "-", "--method", "search", "--format", "json")
	var res2 struct {
		Status string `json:"status"`
		Length int    `json:"length"`
	}
	if err := json.Unmarshal([]byte(out), &res2); err != nil || code != 0 || res2.Status != "optimal" || res2.Length != res.Length {
		t.Errorf("search: exit %d %+v %v", code, res2, err)
	}
}

func TestSolveText(t *testing.T) {
	code, out, _ := run(t, "", "solve", "--builtin", "loopover:2x2", "--quiet")
	if code != 0 || !strings.Contains(out, "loopover-2x2: optimal, 0 moves") {
		t.Errorf("solved loopover: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "", "solve", filepath.Join(testdata, "swap.txt"), "--method", "sat", "--solver", "gini", "--encoding", "source", "--quiet")
	for _, want := range []string{"swap: optimal, 1 move", "moves: unrot", "proof: no solution has fewer than 1 move (depths 0..0 unsatisfiable with gini, source encoding)"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("swap: exit %d, missing %q in\n%s", code, want, out)
		}
	}
}

func TestSolveMaxSteps(t *testing.T) {
	code, out, _ := run(t, "", "solve", "--builtin", "reborn", "--max-steps", "3", "--format", "json", "--quiet")
	var res struct {
		Status string `json:"status"`
		Length int    `json:"length"`
		Bound  int    `json:"proved_lower_bound"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err, out)
	}
	if code != 1 || res.Status != "no-solution-within" || res.Bound != 4 || res.Length != 0 {
		t.Errorf("exit %d %+v; want 1, no-solution-within, bound 4", code, res)
	}
	code, out, _ = run(t, "", "solve", "--builtin", "reborn", "--max-steps", "2", "--quiet")
	if code != 1 || !strings.Contains(out, "no solution within 2 moves") || !strings.Contains(out, "no solution has fewer than 3 moves") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
}

func TestApplyReborn(t *testing.T) {
	sol := "c3d r1l r2r r3l c3d c5u r1l r1l c5u c4u r1l"
	code, out, _ := run(t, "", "apply", "--builtin", "reborn", sol)
	if code != 0 || !strings.Contains(out, "goal reached in 11 moves") || !strings.Contains(out, "11. r1l") {
		t.Errorf("11 moves: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "", "apply", "--builtin", "reborn", "--format", "json", "c3d,r1l")
	var res struct {
		Moves  []string   `json:"moves"`
		States [][]string `json:"states"`
		Goal   bool       `json:"goal"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err, out)
	}
	if code != 1 || res.Goal || len(res.Moves) != 2 || len(res.States) != 3 || res.States[0][0] != "4 9 6 . 1 2 5" {
		t.Errorf("2 moves: exit %d %+v", code, res)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"solve", filepath.Join(testdata, "bad-cycle.txt")}, "bad-cycle.txt:5:8: move x: unclosed parenthesis"},
		{[]string{"solve", "--builtin", "reborn", "--encoding", "nope"}, `unknown shift encoding "nope"`},
		{[]string{"solve", "--builtin", "reborn", "--solver", "nope"}, `unknown solver "nope"`},
		{[]string{"solve", "--builtin", "reborn", "--method", "guess"}, `unknown --method "guess"`},
		{[]string{"solve", "--builtin", "reborn", "--format", "xml"}, `unknown --format "xml"`},
		{[]string{"solve", "--builtin", "nope"}, `unknown built-in "nope"`},
		{[]string{"solve"}, "want a puzzle FILE"},
		{[]string{"solve", "--builtin", "reborn", "--bogus"}, "flag provided but not defined"},
		{[]string{"solve", filepath.Join(testdata, "reborn.txt"), "--bogus"}, "unknown flag --bogus"},
		{[]string{"solve", filepath.Join(testdata, "reborn.txt"), "--max-steps"}, "flag --max-steps needs a value"},
		{[]string{"apply", "--builtin", "reborn", "c1u", "zz"}, `move 2: unknown move "zz"`},
		{[]string{"scramble", "--builtin", "reborn", "--moves", "-1"}, "--moves must be at least 0"},
		{[]string{"solve", filepath.Join(testdata, "missing.txt")}, "missing.txt"},
		{[]string{"solve", "--builtin", "reborn", "--shard", "0/2"}, "--shard splits a cubes file: give --cubes FILE"},
	}
	for _, tt := range tests {
		code, _, stderr := run(t, "", tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
}

// TestCubesShardsMerge: a depth written as cubes, solved in two shards
// and merged, gives what solve says on one machine: depths below the
// optimum refuted (exit 0), the optimum solved with moves of its length,
// half the shards incomplete (exit 1), and answers of another file
// rejected (exit 2).
func TestCubesShardsMerge(t *testing.T) {
	dir := t.TempDir()
	code, puz, stderr := run(t, "", "scramble", "--builtin", "reborn", "--moves", "5", "--seed", "11")
	if code != 0 {
		t.Fatalf("scramble: exit %d: %s", code, stderr)
	}
	code, out, stderr := run(t, puz, "solve", "-", "--format", "json", "--quiet")
	if code != 0 {
		t.Fatalf("solve: exit %d: %s", code, stderr)
	}
	var one struct{ Length int }
	if err := json.Unmarshal([]byte(out), &one); err != nil {
		t.Fatal(err)
	}
	write := func(name, data string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	shards := func(k int) (cubesFile string, answers []string) {
		code, icnf, stderr := run(t, puz, "cubes", "-", "--depth", strconv.Itoa(k))
		if code != 0 {
			t.Fatalf("cubes depth %d: exit %d: %s", k, code, stderr)
		}
		cubesFile = write(fmt.Sprintf("d%d.icnf", k), icnf)
		for i := range 2 {
			code, ans, stderr := run(t, "", "solve", "--cubes", cubesFile, "--shard", fmt.Sprintf("%d/2", i), "--format", "json")
			if code != 0 {
				t.Fatalf("depth %d shard %d: exit %d: %s", k, i, code, stderr)
			}
			answers = append(answers, write(fmt.Sprintf("d%d-s%d.json", k, i), ans))
		}
		return cubesFile, answers
	}
	type verdict struct {
		Status string
		Moves  []string
	}
	merge := func(args ...string) (int, verdict) {
		code, out, stderr := run(t, "", append([]string{"merge", "--format", "json"}, args...)...)
		var v verdict
		if code != 2 {
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatalf("merge %v: %v (%s)", args, err, stderr)
			}
		}
		return code, v
	}
	below, belowAns := shards(one.Length - 1)
	if code, v := merge(append([]string{"--cubes", below}, belowAns...)...); code != 0 || v.Status != "refuted" {
		t.Errorf("depth %d: exit %d, %s; want refuted", one.Length-1, code, v.Status)
	}
	if code, v := merge("--cubes", below, belowAns[0]); code != 1 || v.Status != "incomplete" {
		t.Errorf("one shard of two: exit %d, %s; want incomplete, exit 1", code, v.Status)
	}
	at, atAns := shards(one.Length)
	if code, v := merge(append([]string{"--cubes", at}, atAns...)...); code != 0 || v.Status != "solved" || len(v.Moves) != one.Length {
		t.Errorf("depth %d: exit %d, %s, %d moves; want solved", one.Length, code, v.Status, len(v.Moves))
	}
	if code, _ := merge("--cubes", at, belowAns[0]); code != 2 {
		t.Errorf("answers of another depth: exit %d, want 2", code)
	}
}

// TestSolveMethodsAgree: sat, search and auto give the same optimum, and
// the JSON says whose proof it is.
func TestSolveMethodsAgree(t *testing.T) {
	_, puz, _ := run(t, "", "scramble", "--builtin", "loopover:3x3", "--moves", "20", "--seed", "8")
	tests := []struct {
		method string
		proofs []string
	}{
		{"sat", []string{"sat"}},
		{"search", []string{"search"}},
		{"auto", []string{"sat", "search"}},
	}
	want := -1
	for _, tt := range tests {
		code, out, stderr := run(t, puz, "solve", "-", "--method", tt.method, "--format", "json", "--quiet")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tt.method, code, stderr)
		}
		var res struct {
			Status, Proof, Method string
			Length                int
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		if want < 0 {
			want = res.Length
		}
		if res.Status != "optimal" || res.Length != want || res.Method != tt.method {
			t.Errorf("%s: %s, %d moves, method %q; want optimal %d", tt.method, res.Status, res.Length, res.Method, want)
		}
		if !slices.Contains(tt.proofs, res.Proof) {
			t.Errorf("%s: proof %q, want one of %v", tt.method, res.Proof, tt.proofs)
		}
	}
}
