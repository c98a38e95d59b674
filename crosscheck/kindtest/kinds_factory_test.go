package kindtest_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

// factory resolves a back-end name for the tests that loop over names
// (solve and crosscheck take a sat.Factory, never a name).
func factory(t testing.TB, name string) sat.Factory {
	t.Helper()
	f, err := solvers.Factory(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
