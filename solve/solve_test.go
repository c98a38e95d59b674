package solve_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
	"github.com/puzzlesat/puzzlesat/solve"
)

func playground(t *testing.T, short string) kind.Instance {
	t.Helper()
	path := "../testdata/juosan/janko_instances.json"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	insts, _ := kinds.Default().MustFind("juosan").Parse(path, data, kind.Options{})
	for _, in := range insts {
		if strings.Fields(in.Name())[0] == short {
			return in
		}
	}
	t.Fatalf("no %s", short)
	return nil
}

// allSolutions enumerates every solution through the layout.
func allSolutions(t *testing.T, inst kind.Instance) []puzzle.Assignment {
	t.Helper()
	e, err := solve.Encode(t.Context(), inst, gini.NewSolver)
	if err != nil {
		t.Fatal(err)
	}
	var out []puzzle.Assignment
	_, complete, err := sat.Enumerate(context.Background(), e.Solver, e.Primary(), 0, func(m []bool) bool {
		a, err := e.Decode(m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
		return true
	})
	if err != nil || !complete {
		t.Fatalf("enumerate: %v (complete %v)", err, complete)
	}
	return out
}

// TestBackboneMatchesEnumeration: on puzzles with several solutions, the
// backbone is exactly the cells on which all enumerated solutions agree,
// and Possible lists exactly the values they use, on every in-process
// back-end.
func TestBackboneMatchesEnumeration(t *testing.T) {
	for _, name := range []string{"4x4_1", "4x4_2", "4x4_3", "5x5_2", "6x6_1"} {
		inst := playground(t, name)
		sols := allSolutions(t, inst)
		for _, b := range solvers.List() {
			solver := b.Name
			bb, err := solve.Backbone(context.Background(), inst, b.New)
			if err != nil || bb.Status != sat.Sat {
				t.Fatalf("%s %s: %v %v", name, solver, bb.Status, err)
			}
			determined := 0
			for i := range sols[0] {
				used := map[int]bool{}
				for _, s := range sols {
					used[s[i]] = true
				}
				want := -1
				if len(used) == 1 {
					want = sols[0][i]
					determined++
				}
				if bb.Fixed[i] != want || len(bb.Possible[i]) != len(used) {
					t.Errorf("%s %s unknown %d: fixed %d possible %v; solutions use %v", name, solver, i, bb.Fixed[i], bb.Possible[i], used)
				}
			}
			if bb.Determined != determined {
				t.Errorf("%s %s: %d determined, want %d", name, solver, bb.Determined, determined)
			}
		}
	}
}

// TestCheckCertified: a unique answer carries a certificate that checks,
// and a multiple answer two different verified solutions.
func TestCheckCertified(t *testing.T) {
	r, err := solve.Check(context.Background(), playground(t, "6x6_1"), gini.NewSolver, true)
	if err != nil || r.Status != sat.UniqueSolution || r.Certificate == nil || r.Certificate.Size() == 0 {
		t.Fatalf("have %v, certificate %v, err %v", r.Status, r.Certificate, err)
	}
	inst := playground(t, "4x4_2")
	r, err = solve.Check(context.Background(), inst, gini.NewSolver, true)
	if err != nil || r.Status != sat.MultipleSolutions || r.Certificate != nil {
		t.Fatalf("have %v, certificate %v, err %v", r.Status, r.Certificate, err)
	}
	if len(inst.Verify(r.First)) > 0 || len(inst.Verify(r.Second)) > 0 || len(solve.Diff(inst, r.First, r.Second)) == 0 {
		t.Errorf("the two solutions must both verify and differ")
	}
}

// TestNoFactory: the back-end is the caller's choice; a nil factory is an
// error from every driver, never a silent default.
func TestNoFactory(t *testing.T) {
	inst := playground(t, "4x4_1")
	ctx := context.Background()
	tests := []struct {
		name string
		run  func() error
	}{
		{"Encode", func() error { _, err := solve.Encode(t.Context(), inst, nil); return err }},
		{"One", func() error { _, _, err := solve.One(ctx, inst, nil); return err }},
		{"Check", func() error { _, err := solve.Check(ctx, inst, nil, false); return err }},
		{"Count", func() error { _, _, err := solve.Count(ctx, inst, nil, 0); return err }},
		{"Backbone", func() error { _, err := solve.Backbone(ctx, inst, nil); return err }},
	}
	for _, tt := range tests {
		if err := tt.run(); err == nil || !strings.Contains(err.Error(), "no SAT back-end") {
			t.Errorf("%s with a nil factory: have %v, want the no-back-end error", tt.name, err)
		}
	}
}
