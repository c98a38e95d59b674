package kindtest_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/kinds/toykind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

func TestValidate(t *testing.T) {
	if _, err := kinds.New(kinds.Default().All()...); err != nil {
		t.Fatal(err)
	}
	// A kind's own declarations are checked when a registry is built: a
	// puzzle folder must name a file in it, rules files their language.
	for _, tc := range []struct {
		name string
		edit func(k *kind.Kind)
		want string
	}{
		{"folder outside", func(k *kind.Kind) { k.Folder = &kind.Folder{File: "../puzzle.txt"} }, "puzzle folder"},
		{"folder unnamed", func(k *kind.Kind) { k.Folder = &kind.Folder{} }, "puzzle folder"},
		{"rules files unnamed", func(k *kind.Kind) {
			k.RuleFiles = &kind.RuleFiles{Parse: kinds.Default().MustFind("arrows").RuleFiles.Parse, Default: kinds.Default().MustFind("arrows").RuleFiles.Default}
		}, "Language"},
	} {
		bad := *toykind.Kind
		bad.Name = "bad"
		tc.edit(&bad)
		_, err := kinds.Default().With(&bad)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: have %v, want an error naming %q", tc.name, err, tc.want)
		}
	}
}

// TestJuosanJanko: the 63 janko puzzles' solutions are their .ans grids
// under both readings (kindtest proves them unique on every back-end).
func TestJuosanJanko(t *testing.T) {
	files := testcorpus.Glob(t, "juosan/janko/*.in")
	if len(files) != 63 {
		t.Fatalf("found %d janko puzzles, want 63", len(files))
	}
	for _, rule := range []string{"either", "majority"} {
		for _, f := range files {
			inst := kindtest.Parse(t, "juosan", f, kind.Options{}.With("rule", rule))[0]
			want, err := inst.ParseSolution(f, testcorpus.Read(t, "juosan", "janko", strings.TrimSuffix(filepath.Base(f), ".in")+".ans"))
			if err != nil {
				t.Fatal(err)
			}
			st, have, err := solve.One(context.Background(), inst, factory(t, "gini"))
			if err != nil || !slices.Equal(have, want) {
				t.Errorf("%s %s: have %v (solution matches .ans: %v, error %v), want the .ans", rule, filepath.Base(f), st, slices.Equal(have, want), err)
			}
		}
	}
}

// TestJuosanPlayground: the known multiple-solution entries are reported
// multiple with their differences, 5x5_3 is rejected naming label 6, and
// the other 68 entries are unique.
func TestJuosanPlayground(t *testing.T) {
	path := testcorpus.Path("juosan", "janko_instances.json")
	data := testcorpus.Read(t, "juosan", "janko_instances.json")
	insts, err := kinds.Default().MustFind("juosan").Parse(path, data, kind.Options{})
	var partial *kind.PartialError
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
	insts, err := kinds.Default().MustFind("juosan").Parse("empty.juosan", []byte(src), kind.Options{})
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
// counts a brute-force enumeration gives, on every back-end and reading
// but minisat: it starts a process per solve, and the counts take ~900
// solves (9 s on minisat; kindtest compares it on every puzzle).
func TestJuosanCounts(t *testing.T) {
	backends := slices.DeleteFunc(kindtest.Backends(t), func(b string) bool { return b == "ext:minisat" })
	path := testcorpus.Path("juosan", "janko_instances.json")
	data := testcorpus.Read(t, "juosan", "janko_instances.json")
	want := map[string][2]int{ // either, majority
		"4x4_1": {306, 306}, "4x4_2": {18, 18}, "4x4_3": {4, 4}, "5x5_1": {12, 0}, "5x5_2": {144, 144},
	}
	for ri, rule := range []string{"either", "majority"} {
		insts, _ := kinds.Default().MustFind("juosan").Parse(path, data, kind.Options{}.With("rule", rule))
		for _, inst := range insts {
			w, ok := want[strings.Fields(inst.Name())[0]]
			if !ok {
				continue
			}
			for _, solver := range backends {
				// An external solver runs once per solution: that it
				// counts as the others do shows on the small counts, the
				// large ones (306, 144) took most of this test's time.
				if strings.HasPrefix(solver, "ext:") && w[ri] > 20 {
					continue
				}
				n, complete, err := solve.Count(context.Background(), inst, factory(t, solver), 0)
				if err != nil || !complete || n != w[ri] {
					t.Errorf("%s %s %s: have %d (complete %v, err %v), want %d", rule, solver, inst.Name(), n, complete, err, w[ri])
				}
			}
		}
	}
}
