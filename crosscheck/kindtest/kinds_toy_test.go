package kindtest_test

import (
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/toykind"
	"github.com/puzzlesat/puzzlesat/kinds/toymoves"
)

// TestToyKindsInTheTables: a registry of the toy kinds alone (Tally, a
// grid kind, and Rotor, played by moves), each added by one line, runs
// through the tables every kind of a registry runs through, and Tally is
// covered by each of them from its own declarations (kind.Corpus): the
// suite, the rules finishing its graded corpus, the terse solve. Rotor,
// a kind with no grid, is in none of them and breaks none.
func TestToyKindsInTheTables(t *testing.T) {
	reg, err := kinds.New(toykind.Kind, toymoves.Kind)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		table func(*testing.T, *kinds.Registry) []string
	}{
		{"suite", suiteOf},
		{"rules finish", rulesFinish},
		{"terse", terseSolve},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if ran := tc.table(t, reg); !slices.Equal(ran, []string{toykind.Name}) {
				t.Errorf("ran the kinds %v, want %s alone", ran, toykind.Name)
			}
		})
	}
}
