package cnfcmd_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/conformance"
	"github.com/puzzlesat/puzzlesat/sat/dimacs"
)

const (
	uf20   = "testdata/uf20-01.cnf"
	sudoku = "testdata/sudoku-hardest1.cnf"
)

// run runs puzzlesat in-process and returns its exit code and output.
func run(_ *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	return clitest.Run(stdin, args...)
}

// writeCNF writes f to a temporary file and returns its path.
func writeCNF(t *testing.T, f *sat.Formula) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.cnf")
	var buf bytes.Buffer
	if err := dimacs.Write(&buf, f); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// brute returns every model of f (at most 20 variables) projected onto
// vars, without repeats, as literal lists.
func brute(f *sat.Formula, vars []int) [][]int {
	var out [][]int
	seen := map[string]bool{}
	for model := range conformance.Models(f) {
		p := make([]int, len(vars))
		for i, v := range vars {
			p[i] = -v
			if model[v] {
				p[i] = v
			}
		}
		if k := fmt.Sprint(p); !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	return out
}

// values collects the literals of the "v" lines in out, checking the
// competition's format: each line starts with "v ", the last literal is 0.
func values(t *testing.T, out string) []int {
	t.Helper()
	var lits []int
	ended := false
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "v ") {
			continue
		}
		if len(line) > 78 {
			t.Errorf("v line of %d characters, want at most 78: %q", len(line), line)
		}
		if ended {
			t.Errorf("v line after the terminating 0: %q", line)
		}
		for _, s := range strings.Fields(line[2:]) {
			l, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("bad literal %q in %q", s, line)
			}
			if l == 0 {
				ended = true
				continue
			}
			lits = append(lits, l)
		}
	}
	if !ended {
		t.Errorf("no terminating 0 in the v lines of\n%s", out)
	}
	return lits
}

func modelOf(lits []int, vars int) []bool {
	m := make([]bool, vars+1)
	for _, l := range lits {
		if l > 0 && l <= vars {
			m[l] = true
		}
	}
	return m
}

func TestSolve(t *testing.T) {
	f := conformance.ReadFile(t, uf20)
	data, err := os.ReadFile(uf20)
	if err != nil {
		t.Fatal(err)
	}
	solvers := []string{"gini", "gophersat"}
	if _, err := exec.LookPath("cadical"); err == nil || os.Getenv("CI") != "" {
		solvers = append(solvers, "ext:cadical")
	}
	for _, solver := range solvers {
		for _, file := range []string{uf20, "-"} {
			t.Run(solver+" "+file, func(t *testing.T) {
				code, out, errOut := run(t, string(data), "cnf", "solve", "--solver", solver, file)
				if code != 10 {
					t.Fatalf("have exit %d (stderr %q), want 10", code, errOut)
				}
				if !strings.Contains(out, "\ns SATISFIABLE\n") {
					t.Errorf("have output\n%s\nwant an s SATISFIABLE line", out)
				}
				lits := values(t, out)
				if len(lits) != f.Vars {
					t.Errorf("have %d literals, want %d", len(lits), f.Vars)
				}
				if ok, i := f.Satisfies(modelOf(lits, f.Vars)); !ok {
					t.Errorf("printed model falsifies clause %d", i+1)
				}
			})
		}
	}
}

func TestSolveWrapsLongModels(t *testing.T) {
	code, out, _ := run(t, "", "cnf", "solve", sudoku)
	if code != 10 {
		t.Fatalf("have exit %d, want 10", code)
	}
	f := conformance.ReadFile(t, sudoku)
	lits := values(t, out)
	if len(lits) != 729 {
		t.Errorf("have %d literals, want 729", len(lits))
	}
	if ok, i := f.Satisfies(modelOf(lits, f.Vars)); !ok {
		t.Errorf("printed model falsifies clause %d", i+1)
	}
}

func TestSolveUnsatCertified(t *testing.T) {
	path := writeCNF(t, conformance.Pigeonhole(6, 5))
	code, out, errOut := run(t, "", "cnf", "solve", "--certify", path)
	if code != 20 {
		t.Fatalf("have exit %d (stderr %q), want 20", code, errOut)
	}
	if !strings.Contains(out, "\ns UNSATISFIABLE\n") || !strings.Contains(out, "verified") {
		t.Errorf("have output\n%s\nwant s UNSATISFIABLE and a verified certificate", out)
	}
	if strings.Contains(out, "\nv ") {
		t.Errorf("have v lines for an unsatisfiable formula:\n%s", out)
	}

	code, out, _ = run(t, "", "cnf", "solve", "--certify", "--format", "json", path)
	var res struct {
		Status      string
		Model       []int
		Certificate *struct {
			Lemmas   int
			Verified bool
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("bad JSON %q: %v", out, err)
	}
	if code != 20 || res.Status != "UNSATISFIABLE" || res.Model != nil || res.Certificate == nil ||
		!res.Certificate.Verified || res.Certificate.Lemmas < 1 {
		t.Errorf("have exit %d and %s, want 20, UNSATISFIABLE, a verified certificate", code, out)
	}
}

func TestSolveJSON(t *testing.T) {
	code, out, _ := run(t, "", "cnf", "solve", "--format", "json", uf20)
	var res struct {
		File    string
		Vars    int
		Clauses int
		Status  string
		Model   []int
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("bad JSON %q: %v", out, err)
	}
	if strings.Count(out, "\n") != 1 {
		t.Errorf("have %d lines, want one JSON object", strings.Count(out, "\n"))
	}
	f := conformance.ReadFile(t, uf20)
	if code != 10 || res.Status != "SATISFIABLE" || res.File != uf20 || res.Vars != 20 || res.Clauses != 91 {
		t.Errorf("have exit %d and %+v, want 10, SATISFIABLE on %s with 20 vars and 91 clauses", code, res, uf20)
	}
	if ok, i := f.Satisfies(modelOf(res.Model, f.Vars)); !ok || len(res.Model) != 20 {
		t.Errorf("model %v falsifies clause %d", res.Model, i+1)
	}
}

func TestTimeout(t *testing.T) {
	// Pigeonhole 10 in 9 takes every solver here seconds to refute.
	path := writeCNF(t, conformance.Pigeonhole(10, 9))
	solvers := []string{"gini"}
	if _, err := exec.LookPath("cadical"); err == nil || os.Getenv("CI") != "" {
		solvers = append(solvers, "ext:cadical")
	}
	for _, solver := range solvers {
		t.Run(solver, func(t *testing.T) {
			code, out, _ := run(t, "", "cnf", "solve", "--solver", solver, "--timeout", "200ms", path)
			if code != 0 || !strings.Contains(out, "\ns UNKNOWN\n") {
				t.Errorf("solve: have exit %d and\n%s\nwant 0 and s UNKNOWN", code, out)
			}
			for _, cmd := range []string{"count", "unique", "backbone"} {
				code, _, errOut := run(t, "", "cnf", cmd, "--solver", solver, "--timeout", "200ms", path)
				if code != 3 || !strings.Contains(errOut, "ran out of time") {
					t.Errorf("%s: have exit %d and stderr %q, want 3 and 'ran out of time'", cmd, code, errOut)
				}
			}
		})
	}
}

func TestCount(t *testing.T) {
	f := conformance.ReadFile(t, uf20)
	tests := []struct {
		name string
		vars string // --vars; "" for all
		proj []int
	}{
		{"all variables", "", sat.Vars(20)},
		{"projected", "1-5,9", []int{1, 2, 3, 4, 5, 9}},
		{"projected, unsorted with repeats", "9,2-4,3,1", []int{1, 2, 3, 4, 9}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := len(brute(f, tt.proj))
			code, out, errOut := run(t, "", "cnf", "count", "--vars", tt.vars, uf20)
			if code != 0 || !strings.Contains(out, fmt.Sprintf("solutions: %d\n", want)) {
				t.Errorf("have exit %d (stderr %q) and\n%s\nwant 0 and solutions: %d", code, errOut, out, want)
			}
			code, out, _ = run(t, "", "cnf", "count", "--format", "json", "--vars", tt.vars, uf20)
			var res struct {
				Count    int
				Complete bool
				Primary  int
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("bad JSON %q: %v", out, err)
			}
			if code != 0 || res.Count != want || !res.Complete || res.Primary != len(tt.proj) {
				t.Errorf("have exit %d and %+v, want 0, count %d complete over %d primary", code, res, want, len(tt.proj))
			}
		})
	}

	total := len(brute(f, sat.Vars(20)))
	if total < 3 {
		t.Fatalf("uf20-01 has %d models; the --max test needs 3", total)
	}
	code, out, _ := run(t, "", "cnf", "count", "--max", "2", uf20)
	if code != 0 || !strings.Contains(out, "solutions: at least 2 (stopped at --max 2)") {
		t.Errorf("--max 2: have exit %d and\n%s\nwant 0 and at least 2", code, out)
	}
}

func TestUnique(t *testing.T) {
	f := conformance.ReadFile(t, uf20)
	models := brute(f, sat.Vars(20))
	// Fix every variable but one to the first model: then exactly the
	// models agreeing with it elsewhere remain.
	one := &sat.Formula{Vars: f.Vars, Clauses: slices.Clone(f.Clauses)}
	for _, l := range models[0] {
		one.AddClause(l)
	}
	none := &sat.Formula{Vars: 2, Clauses: [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}}

	tests := []struct {
		name       string
		path       string
		args       []string
		wantCode   int
		wantStatus string
		wantCert   bool
	}{
		{"unique, certified", writeCNF(t, one), []string{"--certify"}, 0, "unique", true},
		{"sudoku, certified", sudoku, []string{"--certify"}, 0, "unique", true},
		{"multiple", uf20, nil, 1, "multiple", false},
		{"multiple, certify checks the witnesses", uf20, []string{"--certify"}, 1, "multiple", false},
		{"none, certified", writeCNF(t, none), []string{"--certify"}, 1, "unsolvable", true},
		{"none", writeCNF(t, none), nil, 1, "unsolvable", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"cnf", "unique", "--format", "json"}, tt.args...)
			code, out, errOut := run(t, "", append(args, tt.path)...)
			var res struct {
				Status      string
				Solution    []int
				Second      []int
				Certificate *struct{ Verified bool }
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("bad JSON %q (stderr %q): %v", out, errOut, err)
			}
			if code != tt.wantCode || res.Status != tt.wantStatus {
				t.Errorf("have exit %d, status %q (stderr %q); want %d, %q", code, res.Status, errOut, tt.wantCode, tt.wantStatus)
			}
			if have := res.Certificate != nil && res.Certificate.Verified; have != tt.wantCert {
				t.Errorf("have verified certificate %v, want %v", have, tt.wantCert)
			}
			g := conformance.ReadFile(t, tt.path)
			for _, sol := range [][]int{res.Solution, res.Second} {
				if sol == nil {
					continue
				}
				if ok, i := g.Satisfies(modelOf(sol, g.Vars)); !ok {
					t.Errorf("solution %v falsifies clause %d", sol, i+1)
				}
			}
			if tt.wantStatus == "multiple" && slices.Equal(res.Solution, res.Second) {
				t.Errorf("have equal solutions %v, want two different ones", res.Solution)
			}
		})
	}

	// Text output names the status and the certificate.
	code, out, _ := run(t, "", "cnf", "unique", "--certify", writeCNF(t, one))
	if code != 0 || !strings.Contains(out, "status: unique\n") || !strings.Contains(out, "certificate: ") || !strings.Contains(out, "verified") {
		t.Errorf("text: have exit %d and\n%s\nwant 0, status: unique, a verified certificate", code, out)
	}
}

func TestBackbone(t *testing.T) {
	f := conformance.ReadFile(t, uf20)
	models := brute(f, sat.Vars(20))
	var want []int
	for i, l := range models[0] {
		fixed := true
		for _, m := range models[1:] {
			if m[i] != l {
				fixed = false
			}
		}
		if fixed {
			want = append(want, l)
		}
	}
	code, out, _ := run(t, "", "cnf", "backbone", uf20)
	if have := values(t, out); code != 0 || !slices.Equal(have, want) {
		t.Errorf("have exit %d and backbone %v, want 0 and %v", code, have, want)
	}
	if !strings.Contains(out, fmt.Sprintf("backbone: %d of 20 primary variables fixed\n", len(want))) {
		t.Errorf("have output\n%s\nwant the backbone size", out)
	}

	code, out, _ = run(t, "", "cnf", "backbone", "--format", "json", "--vars", "1-10", uf20)
	var res struct {
		Status   string
		Backbone []int
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("bad JSON %q: %v", out, err)
	}
	var want10 []int
	for _, l := range want {
		if max(l, -l) <= 10 {
			want10 = append(want10, l)
		}
	}
	if code != 0 || res.Status != "SATISFIABLE" || !slices.Equal(res.Backbone, want10) {
		t.Errorf("--vars 1-10: have exit %d and %+v, want 0, SATISFIABLE, %v", code, res, want10)
	}

	none := writeCNF(t, &sat.Formula{Vars: 1, Clauses: [][]int{{1}, {-1}}})
	if code, out, _ := run(t, "", "cnf", "backbone", none); code != 1 || !strings.Contains(out, "no solution") {
		t.Errorf("unsatisfiable: have exit %d and\n%s\nwant 1 and no solution", code, out)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string // substring of stderr
	}{
		{"bad literal on stdin", "p cnf 3 2\n1 2 0\n1 x 0\n", []string{"solve", "-"}, "<stdin>:3:3: bad literal \"x\""},
		{"literal out of range", "p cnf 3 1\n1 4 0\n", []string{"count", "-"}, "<stdin>:2:3: literal 4 beyond the header's variable count 3"},
		{"missing header", "1 2 0\n", []string{"unique", "-"}, "<stdin>:1:1: missing header"},
		{"unterminated clause", "p cnf 3 1\n1 2", []string{"backbone", "-"}, "<stdin>:2:1: last clause is not terminated"},
		{"no file", "", []string{"solve"}, "want one FILE.cnf"},
		{"two files", "", []string{"solve", uf20, uf20}, "want one FILE.cnf"},
		{"missing file", "", []string{"solve", "testdata/no-such.cnf"}, "no-such.cnf"},
		{"variable 0", "", []string{"count", "--vars", "0-3", uf20}, "variable 0 out of range 1-20"},
		{"variable beyond the header", "", []string{"count", "--vars", "5,21", uf20}, "variable 21 out of range"},
		{"empty range", "", []string{"unique", "--vars", "5-3", uf20}, "empty range 5-3"},
		{"not a number", "", []string{"backbone", "--vars", "a", uf20}, "\"a\" is not a variable number"},
		{"negative max", "", []string{"count", "--max", "-1", uf20}, "--max must be at least 0"},
		{"unknown format", "", []string{"solve", "--format", "xml", uf20}, "unknown --format"},
		{"unknown solver", "", []string{"solve", "--solver", "nope", uf20}, "unknown solver"},
		{"missing ext binary", "", []string{"solve", "--solver", "ext:no-such-solver-xyz", uf20}, "not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, tt.stdin, append([]string{"cnf"}, tt.args...)...)
			if code != 2 || !strings.Contains(errOut, tt.want) {
				t.Errorf("have exit %d, stderr %q; want 2 and %q", code, errOut, tt.want)
			}
			if out != "" {
				t.Errorf("have stdout %q, want none", out)
			}
		})
	}
}

func TestSATLIBTrailer(t *testing.T) {
	data, err := os.ReadFile(uf20)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, string(data)+"%\n0\n\n", "cnf", "solve", "-")
	if code != 10 || !strings.Contains(out, "s SATISFIABLE") {
		t.Errorf("have exit %d, stderr %q; want 10", code, errOut)
	}
}

// cnf count on what cnf export wrote counts the puzzle's solutions, not the
// solutions times the ways of setting the auxiliaries: the export names its
// primary variables and count projects onto them unless --vars says else.
func TestCountExportedCountsPuzzleSolutions(t *testing.T) {
	// Two numbered territories: their counters add 13 auxiliaries to the
	// 16 cells (puzzlesat count says 1,430 solutions).
	puzzle := "juosan\nsize 4 4\ngrid\na1 a b b\na a b b\nc c d2 d\nc c d d\n"
	code, cnf, stderr := run(t, puzzle, "cnf", "export", "-")
	if code != 0 {
		t.Fatalf("cnf export: exit %d, %s", code, stderr)
	}
	tests := []struct {
		args []string
		want string
	}{
		{nil, "1430"},
		{[]string{"--vars", "1-16"}, "1430"},
	}
	for _, tt := range tests {
		args := append([]string{"cnf", "count", "--max", "0"}, tt.args...)
		code, out, stderr := run(t, cnf, append(args, "-")...)
		if code != 0 || !strings.Contains(out, tt.want) {
			t.Errorf("cnf count %v: have exit %d, %q (stderr %q); want 0 and a count of %s", tt.args, code, out, stderr, tt.want)
		}
	}
}
