package kinds_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// checkCorpus asserts every instance is unique with the stored solution on
// every back-end, and that the kind's rules solve it with every step
// certified by SAT and the same solution.
func checkCorpus(t *testing.T, insts []kinds.Instance, wantN int) {
	t.Helper()
	if len(insts) != wantN {
		t.Fatalf("have %d puzzles, want %d", len(insts), wantN)
	}
	ctx := context.Background()
	for _, inst := range insts {
		want := inst.Solution()
		if want == nil {
			t.Fatalf("%s: no stored solution", inst.Name())
		}
		for _, solver := range backends(t) {
			r, err := solve.Check(ctx, inst, factory(t, solver), false)
			if err != nil {
				t.Fatalf("%s %s: %v", inst.Name(), solver, err)
			}
			if r.Status != sat.UniqueSolution || !sameAssignment(r.First, want) {
				t.Errorf("%s %s: have %v (equal to stored: %v), want unique and equal", inst.Name(), solver, r.Status, sameAssignment(r.First, want))
			}
		}
		g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: factory(t, "gini"), Trials: -1, CertifySteps: true})
		if err != nil {
			t.Fatalf("%s: grade: %v", inst.Name(), err)
		}
		if g.Human.Status != human.StatusSolved || !sameAssignment(g.Solution, want) {
			t.Errorf("%s: rules ended %s, want solved with the stored solution", inst.Name(), g.Human.Status)
		}
		if n := countElims(g.Human.Steps); g.Certified != n {
			t.Errorf("%s: %d of %d eliminations certified", inst.Name(), g.Certified, n)
		}
	}
}

// TestShinroCorpus: all 40 playshinro puzzles.
func TestShinroCorpus(t *testing.T) {
	checkCorpus(t, parseFile(t, "shinro", "../testdata/shinro/playshinro.json", kinds.Options{}), 40)
}

// TestArrowsCorpus: all 23 reference puzzles, read from their folders with
// solution.txt and metadata.yaml beside.
func TestArrowsCorpus(t *testing.T) {
	dirs, _ := filepath.Glob("../testdata/arrows/20*")
	var insts []kinds.Instance
	for _, d := range dirs {
		f := filepath.Join(d, "puzzle.txt")
		if _, err := os.Stat(f); err != nil {
			t.Fatal(err)
		}
		insts = append(insts, parseFile(t, "arrows", f, kinds.Options{})...)
	}
	checkCorpus(t, insts, 23)
}
