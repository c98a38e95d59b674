package kinds_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// backends are the solvers every kind's corpus must agree on. ext:cadical
// is required in CI (.ci/run installs it); locally it is used when present.
func backends(t *testing.T) []string {
	t.Helper()
	bs := []string{"gini", "gophersat"}
	if _, err := exec.LookPath("cadical"); err == nil {
		bs = append(bs, "ext:cadical")
	} else if os.Getenv("CI") != "" {
		t.Fatalf("cadical is not on PATH; CI installs it (.ci/run)")
	}
	return bs
}

func parseFile(t *testing.T, kind, path string, opt kinds.Options) []kinds.Instance {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	k, err := kinds.Lookup(kind)
	if err != nil {
		t.Fatal(err)
	}
	if d, err := kinds.Detect(path, data); err != nil || d != k {
		t.Fatalf("Detect(%s) = %v, %v; want %s", path, d, err, kind)
	}
	insts, err := k.Parse(path, data, opt)
	if err != nil {
		t.Fatalf("Parse(%s): %v", path, err)
	}
	return insts
}

func TestValidate(t *testing.T) {
	if err := kinds.Validate(); err != nil {
		t.Fatal(err)
	}
}

func sameAssignment(a, b puzzle.Assignment) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestJuosanJanko: all 63 janko puzzles are unique and equal their .ans
// under both readings on every back-end.
func TestJuosanJanko(t *testing.T) {
	files, _ := filepath.Glob("../testdata/juosan/janko/*.in")
	if len(files) != 63 {
		t.Fatalf("found %d janko puzzles, want 63", len(files))
	}
	ctx := context.Background()
	for _, rule := range []string{"either", "majority"} {
		for _, solver := range backends(t) {
			for _, f := range files {
				inst := parseFile(t, "juosan", f, kinds.Options{Rule: rule})[0]
				ans, err := os.ReadFile(strings.TrimSuffix(f, ".in") + ".ans")
				if err != nil {
					t.Fatal(err)
				}
				want, err := inst.ParseSolution(f, ans)
				if err != nil {
					t.Fatal(err)
				}
				r, err := solve.Check(ctx, inst, factory(t, solver), false)
				if err != nil {
					t.Fatalf("%s %s %s: %v", rule, solver, f, err)
				}
				if r.Status != sat.UniqueSolution || !sameAssignment(r.First, want) {
					t.Errorf("%s %s %s: have %v (solution matches .ans: %v), want unique and equal", rule, solver, filepath.Base(f), r.Status, sameAssignment(r.First, want))
				}
			}
		}
	}
}

// TestJuosanPlayground: the known multiple-solution entries are reported
// multiple with their differences, 5x5_3 is rejected naming label 6, and
// the other 68 entries are unique.
func TestJuosanPlayground(t *testing.T) {
	path := "../testdata/juosan/janko_instances.json"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	insts, err := kinds.Juosan.Parse(path, data, kinds.Options{})
	var partial *kinds.PartialError
	if !errors.As(err, &partial) || !strings.Contains(err.Error(), "5x5_3") || !strings.Contains(err.Error(), "label 6") {
		t.Fatalf("have error %v, want a partial error naming 5x5_3 and label 6", err)
	}
	multiple := map[string]bool{"4x4_1": true, "4x4_2": true, "4x4_3": true, "5x5_1": true, "5x5_2": true}
	unique := 0
	for _, inst := range insts {
		short := strings.Fields(inst.Name())[0]
		r, err := solve.Check(context.Background(), inst, factory(t, "gini"), false)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case multiple[short]:
			if r.Status != sat.MultipleSolutions || len(r.Differences) == 0 {
				t.Errorf("%s: have %v with %d differences, want multiple", short, r.Status, len(r.Differences))
			}
			if d := solve.Diff(inst, r.First, r.Second); len(d) != len(r.Differences) {
				t.Errorf("%s: differences %v do not match the two solutions", short, r.Differences)
			}
		case r.Status == sat.UniqueSolution:
			unique++
		default:
			t.Errorf("%s: have %v, want unique", short, r.Status)
		}
	}
	if unique != 68 {
		t.Errorf("have %d unique playground puzzles, want 68", unique)
	}
}

// TestJuosanEmptyCount: an empty 4×4 grid (one unnumbered territory) has
// exactly 6,510 solutions.
func TestJuosanEmptyCount(t *testing.T) {
	src := "juosan\nsize 4 4\ngrid\na a a a\na a a a\na a a a\na a a a\n"
	insts, err := kinds.Juosan.Parse("empty.juosan", []byte(src), kinds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// gini only: the other back-ends rebuild per solve, 6,510 times.
	n, complete, err := solve.Count(context.Background(), insts[0], factory(t, "gini"), 0)
	if err != nil || !complete || n != 6510 {
		t.Errorf("have %d (complete %v, err %v), want 6510", n, complete, err)
	}
}

// TestJuosanCounts: the playground's multiple-solution puzzles have the
// counts a brute-force enumeration gives, on every back-end and reading.
func TestJuosanCounts(t *testing.T) {
	path := "../testdata/juosan/janko_instances.json"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]int{ // either, majority
		"4x4_1": {306, 306}, "4x4_2": {18, 18}, "4x4_3": {4, 4}, "5x5_1": {12, 0}, "5x5_2": {144, 144},
	}
	for ri, rule := range []string{"either", "majority"} {
		insts, _ := kinds.Juosan.Parse(path, data, kinds.Options{Rule: rule})
		for _, inst := range insts {
			w, ok := want[strings.Fields(inst.Name())[0]]
			if !ok {
				continue
			}
			for _, solver := range backends(t) {
				n, complete, err := solve.Count(context.Background(), inst, factory(t, solver), 0)
				if err != nil || !complete || n != w[ri] {
					t.Errorf("%s %s %s: have %d (complete %v, err %v), want %d", rule, solver, inst.Name(), n, complete, err, w[ri])
				}
			}
		}
	}
}

// TestJuosanRulesCertified: every step the Juosan rules take on the janko
// corpus is SAT-certified, and a finished solve equals the SAT solution.
func TestJuosanRulesCertified(t *testing.T) {
	files, _ := filepath.Glob("../testdata/juosan/janko/*.in")
	solved, steps := 0, 0
	for _, rule := range []string{"either", "majority"} {
		for _, f := range files {
			inst := parseFile(t, "juosan", f, kinds.Options{Rule: rule})[0]
			r, err := crosscheck.Grade(context.Background(), inst, crosscheck.Options{Solver: factory(t, "gini"), Trials: -1, CertifySteps: true})
			if err != nil {
				t.Fatalf("%s %s: %v", rule, filepath.Base(f), err)
			}
			if got := countElims(r.Human.Steps); r.Certified != got {
				t.Errorf("%s: %d eliminations certified, want %d", f, r.Certified, got)
			}
			steps += len(r.Human.Steps)
			if r.Human.Status == human.StatusSolved {
				solved++
			}
		}
	}
	t.Logf("%d of %d solves finished by rules, %d steps, all certified", solved, 2*len(files), steps)
	if solved != 2*len(files) {
		t.Errorf("rules finished %d of %d solves, want all", solved, 2*len(files))
	}
}

func countElims(steps []human.Step) int {
	n := 0
	for _, s := range steps {
		n += len(s.Elims)
	}
	return n
}
