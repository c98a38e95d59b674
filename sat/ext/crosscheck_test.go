package ext_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/conformance"
	"github.com/puzzlesat/puzzlesat/sat/ext"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestCrossCheckGini runs cadical and gini on the SATLIB corpus in the
// project's testdata (uniform random 3-SAT, all satisfiable) and requires
// the same answer, with models that satisfy the formula.
func TestCrossCheckGini(t *testing.T) {
	need(t, "cadical")
	var files []string
	for _, dir := range []string{"UF20", "UF50"} {
		fs, err := filepath.Glob(filepath.Join("..", "..", "testdata", "cnf", dir, "*.cnf"))
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) == 0 {
			t.Fatalf("no CNF files in testdata/cnf/%s", dir)
		}
		files = append(files, fs...)
	}
	ctx := context.Background()
	for _, path := range files {
		f := conformance.ReadFile(t, path)
		var statuses [2]sat.Status
		for i, mk := range []func() (sat.Solver, error){
			func() (sat.Solver, error) { return ext.New("cadical") },
			gini.NewSolver,
		} {
			s, err := mk()
			if err != nil {
				t.Fatal(err)
			}
			sat.Load(s, f)
			st, err := s.Solve(ctx)
			if err != nil {
				t.Fatalf("%s on %s: %v", s.Name(), path, err)
			}
			if st == sat.Sat {
				if ok, i := f.Satisfies(s.Model()); !ok {
					t.Errorf("%s on %s: model falsifies clause %d", s.Name(), path, i+1)
				}
			}
			statuses[i] = st
		}
		if statuses[0] != statuses[1] || statuses[0] != sat.Sat {
			t.Errorf("%s: have cadical %v, gini %v; want both SATISFIABLE", path, statuses[0], statuses[1])
		}
	}
}
