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

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/app/generatecmd"
	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/human"
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

// genCase is a generation a kind that generates makes quickly: its
// corpus's first quick band at its size (kind.Corpus.Generate), or, when
// its corpus names none, any band at the kind's own shape.
type genCase struct {
	k    *kind.Kind
	band string
	size string // RxC, "" for the kind's own
}

// args are the flags that ask for the case's puzzles.
func (g genCase) args(more ...string) []string {
	a := []string{"--kind", g.k.Name, "--difficulty", g.band}
	if g.size != "" {
		a = append(a, "--size", g.size)
	}
	return append(a, more...)
}

// graded reports whether the case's kind declares its generation bands
// in its corpus: a kind whose puzzles are graded by its rules and proven
// unique (kind.GenCase is a kind.Generation band).
func (g genCase) graded() bool { return g.size != "" }

// genCases is a genCase of every kind of the registry that generates, in
// generate.Kinds' order.
func genCases(t *testing.T) []genCase {
	t.Helper()
	reg := kinds.Default()
	var out []genCase
	for _, name := range generate.Kinds(reg) {
		g := genCase{k: reg.MustFind(name), band: "any"}
		if c := g.k.Corpus; c != nil {
			if i := slices.IndexFunc(c.Generate, func(x kind.GenCase) bool { return !x.Slow }); i >= 0 {
				x := c.Generate[i]
				g.band, g.size = x.Band, fmt.Sprintf("%dx%d", x.Rows, x.Cols)
			}
		}
		out = append(out, g)
	}
	if len(out) == 0 {
		t.Fatal("no kind of the registry generates")
	}
	return out
}

// graded is the first case whose kind is graded by its rules.
func graded(t *testing.T) genCase {
	t.Helper()
	for _, g := range genCases(t) {
		if g.graded() {
			return g
		}
	}
	t.Fatal("no kind of the registry declares generation bands in its corpus")
	return genCase{}
}

// TestCommand: the command's answers and refusals, each kind's and the
// command line's own (asked of the first kind that generates).
func TestCommand(t *testing.T) {
	var cases []clitest.Case
	add := func(name string, code int, out, err []string, args ...string) {
		cases = append(cases, clitest.Case{Name: name, Args: append([]string{"generate"}, args...), Code: code, Out: out, Err: err})
	}
	all := genCases(t)
	for _, g := range all {
		add(g.k.Name, 0, nil, []string{": " + g.band + ", ", "; seed 0 puzzle 0 attempt "}, g.args("--seed", "0")...)
		add(g.k.Name+" progress", 0, nil, []string{"puzzle 0 attempt 0: "}, g.args("--seed", "1", "--progress")...)
		add(g.k.Name+" bad difficulty", 2, nil, []string{"unknown difficulty \"brutal\""}, "--kind", g.k.Name, "--difficulty", "brutal")
		if g.k.Generate == nil {
			continue
		}
		for _, b := range g.k.Generate.Bands {
			if b.MaxRows > 0 && b.MaxRows < 30 {
				add(g.k.Name+" past the band's largest size", 2, nil,
					[]string{fmt.Sprintf("%s %s is generated up to %dx%d (%d cells)", g.k.Name, b.Name, b.MaxRows, b.MaxCols, b.MaxRows*b.MaxCols)},
					"--kind", g.k.Name, "--difficulty", b.Name, "--size", fmt.Sprintf("%dx%d", b.MaxRows+1, b.MaxCols))
				break
			}
		}
	}
	first, q := all[0], graded(t)
	add("bad kind", 2, nil, []string{"unknown kind"}, "--kind", "sudoku")
	add("bad size", 2, nil, []string{"bad --size"}, "--kind", q.k.Name, "--size", "8by8")
	add("size out of range", 2, nil, []string{"outside 2..30"}, "--kind", q.k.Name, "--size", "1x40")
	add("bad format", 2, nil, []string{"unknown --format"}, first.args("--format", "xml")...)
	add("bad solver", 2, nil, []string{"unknown solver"}, first.args("--solver", "nosuch")...)
	add("bad count", 2, nil, []string{"--count"}, first.args("--count", "0")...)
	add("arguments", 2, nil, []string{"no arguments"}, first.args("extra")...)
	add("timeout", 3, nil, []string{"timed out"}, first.args("--timeout", "1ns")...)
	add("exhausted", 1, nil, []string{"no puzzle in the band", "after 2 attempts"}, q.args("--score", "1000000..", "--attempts", "2")...)
	add("score", 2, nil, []string{"MAX is below MIN"}, q.args("--score", "50..20")...)
	clitest.TestWith(t, own, cases)
}

// TestReadBack checks that what generate writes is what the kind reads,
// for every kind that generates: the text output of --count 2 splits
// into two puzzles (--solution: other texts, with their solutions), each
// unique where the kind is graded by its rules.
func TestReadBack(t *testing.T) {
	for _, g := range genCases(t) {
		t.Run(g.k.Name, func(t *testing.T) {
			code, out, errs := run(t, g.args("--count", "2", "--seed", "5")...)
			if code != 0 {
				t.Fatalf("have exit %d, want 0\n%s", code, errs)
			}
			texts := strings.SplitAfter(out, "\n\n")
			if len(texts) != 2 {
				t.Fatalf("have %d texts, want 2\n%s", len(texts), out)
			}
			code, sols, errs := run(t, g.args("--count", "2", "--seed", "5", "--solution")...)
			if code != 0 || sols == out {
				t.Fatalf("--solution: exit %d, the same text as without\n%s", code, errs)
			}
			for i, text := range append(texts, strings.SplitAfter(sols, "\n\n")...) {
				one, err := answer.ReadOne(g.k, "generated", []byte(text), kind.Options{})
				if err != nil {
					t.Fatalf("text %d does not read back: %v\n%s", i+1, err, text)
				}
				if one.Grid == nil {
					continue // played by moves: TestMoves
				}
				r, err := solve.Check(context.Background(), one.Grid, gophersat.NewSolver, false)
				if err != nil || r.Status != sat.UniqueSolution {
					t.Errorf("puzzle %d: have %v, error %v; want unique", i+1, r.Status, err)
				}
			}
		})
	}
}

// TestJSON: each kind's record names its kind and band, reads back, and
// a graded kind's is unique by SAT and lands in the band by its report.
func TestJSON(t *testing.T) {
	for _, g := range genCases(t) {
		t.Run(g.k.Name, func(t *testing.T) {
			code, out, errs := run(t, g.args("--seed", "0", "--format", "json")...)
			if code != 0 {
				t.Fatalf("have exit %d, want 0\n%s", code, errs)
			}
			var v struct {
				Kind, Difficulty, Status, Puzzle string
				SatStatus                        string `json:"sat_status"`
				Report                           human.Report
			}
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if v.Kind != g.k.Name || v.Difficulty != g.band || v.Status != "solved" {
				t.Errorf("have kind %q difficulty %q status %q, want %s %s solved", v.Kind, v.Difficulty, v.Status, g.k.Name, g.band)
			}
			one, err := answer.ReadOne(g.k, "generated", []byte(v.Puzzle), kind.Options{})
			if err != nil {
				t.Fatalf("the record's puzzle does not read back: %v", err)
			}
			if !g.graded() {
				return
			}
			rows, cols := one.Size()
			if v.SatStatus != "unique" || !generate.InBand(g.k, generate.Band(g.band), rows, cols, human.Status(v.Status), v.Report) {
				t.Errorf("have sat %q, report %+v; want unique, in band %s", v.SatStatus, v.Report, g.band)
			}
		})
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
	base := graded(t).args("--count", "7", "--seed", "4", "--out", "-")
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
	g := graded(t)
	args := g.args("--count", "3", "--seed", "2", "--out", dir)
	code, out, errs := run(t, args...)
	if code != 0 || len(lines(t, out)) != 3 {
		t.Fatalf("exit %d, %d records\n%s", code, len(lines(t, out)), errs)
	}
	for i := range 3 {
		stem := filepath.Join(dir, fmt.Sprintf("%s-%s-s2-%06d", g.k.Name, g.band, i))
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
	g := graded(t)
	stem := g.k.Name + "-" + g.band + "-s2-"
	host, _ := os.Hostname()
	host = strings.ReplaceAll(host, "-", "_")
	leftovers := []string{
		// A process of this machine that has ended (no pid is this high).
		"." + stem + "000000.json.tmp-" + host + "-2147483647-42",
		// An earlier version's name, from long ago.
		"." + stem + "000001.txt.tmp-3141592",
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
	code, out, errs := run(t, g.args("--count", "2", "--seed", "2", "--out", dir)...)
	if code != 0 || len(lines(t, out)) != 2 {
		t.Fatalf("exit %d, %d records\n%s", code, len(lines(t, out)), errs)
	}
	names := testfs.Names(t, dir)
	var want []string
	for i := range 2 {
		for _, ext := range []string{".json", ".solution.txt", ".txt"} {
			want = append(want, fmt.Sprintf("%s%06d%s", stem, i, ext))
		}
	}
	if !slices.Equal(names, want) {
		t.Errorf("--out holds %q, want %q", names, want)
	}
}

// TestInterruptKeepsFound: a batch stopped by --timeout exits 3, and
// every record it wrote on stdout has its complete files in --out.
func TestInterruptKeepsFound(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := run(t, graded(t).args("--count", "100000", "--timeout", "1s", "--out", dir)...)
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

// TestMoves: a kind played by moves makes puzzles of a proven optimum
// (--moves), from its first built-in or from the file --puzzle names
// (its example); a grid kind refuses --moves and --puzzle.
func TestMoves(t *testing.T) {
	reg := kinds.Default()
	if len(reg.Moves()) == 0 {
		t.Fatal("no kind of the registry is played by moves")
	}
	for _, k := range reg.Moves() {
		t.Run(k.Name, func(t *testing.T) {
			code, out, errs := run(t, "--kind", k.Name, "--moves", "5", "--count", "2", "--format", "json")
			if code != 0 || len(lines(t, out)) != 2 || strings.Count(out, `"optimum":5`) != 2 {
				t.Errorf("--moves 5: exit %d\n%s%s", code, out, errs)
			}
			example := filepath.Join("..", "..", "kinds", k.Name, "examples", k.Corpus.Example+".txt")
			code, out, errs = run(t, "--kind", k.Name, "--puzzle", example, "--moves", "1", "--format", "json")
			if code != 0 || !strings.Contains(out, `"optimum":1`) {
				t.Errorf("--puzzle %s --moves 1: exit %d\n%s%s", example, code, out, errs)
			}
			code, _, errs = run(t, "--kind", k.Name, "--size", "5x5")
			if code != 2 || !strings.Contains(errs, "no grid size") {
				t.Errorf("--size: exit %d, want 2\n%s", code, errs)
			}
		})
	}
	g := graded(t)
	code, _, errs := run(t, g.args("--moves", "3")...)
	if code != 2 || !strings.Contains(errs, "not played by moves") {
		t.Errorf("%s --moves: exit %d, want 2\n%s", g.k.Name, code, errs)
	}
	code, _, errs = run(t, g.args("--puzzle", reg.Moves()[0].Moves.Builtins[0])...)
	if code != 2 || !strings.Contains(errs, "not played by moves") {
		t.Errorf("%s --puzzle: exit %d, want 2\n%s", g.k.Name, code, errs)
	}
}

// TestMinimal: --minimal records say so, for a kind graded by its rules.
func TestMinimal(t *testing.T) {
	code, out, errs := run(t, graded(t).args("--minimal", "--format", "json")...)
	if code != 0 || !strings.Contains(out, `"minimal":true`) {
		t.Errorf("--minimal: exit %d\n%s%s", code, out, errs)
	}
}
