package bench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/sat/gophersat"
)

// inProcess are the in-process SAT back-ends, by name.
var inProcess = []backend{
	{"gini", gini.NewSolver},
	{"gophersat", gophersat.NewSolver},
}

// backend is a SAT back-end the corpus tests run every puzzle on.
type backend struct {
	name string
	new  func() (sat.Solver, error)
}

// solver returns a fresh solver of the back-end, failing tb when there is
// none.
func (be backend) solver(tb testing.TB) sat.Solver {
	tb.Helper()
	s, err := be.new()
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// corpus parses every corpus path matching testdata/pattern... with parse, which gets the path and its contents (nil for a
// folder), failing the benchmark or test on any error.
func corpus[P any](tb testing.TB, parse func(name string, data []byte) ([]P, error), pattern ...string) []P {
	tb.Helper()
	var out []P
	for _, path := range testcorpus.Glob(tb, filepath.Join(pattern...)) {
		var data []byte
		if st, err := os.Stat(path); err == nil && !st.IsDir() {
			if data, err = os.ReadFile(path); err != nil {
				tb.Fatal(err)
			}
		}
		ps, err := parse(path, data)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, ps...)
	}
	return out
}
