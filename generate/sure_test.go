package generate

import (
	"context"
	"fmt"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestSureLands: an attempt that tells its batch it will land (job.sure)
// lands, for every band of every generating kind. The batch stops the
// puzzle's higher attempts on that word, so an attempt sure and then
// missing would leave its puzzle undecided. Attempts that miss are seen
// too (the check would hold vacuously on attempts that all land).
func TestSureLands(t *testing.T) {
	if testing.Short() {
		t.Skip("generates in every band of every kind, tens of seconds: skipped by -short")
	}
	ctx := context.Background()
	sure, missed := 0, 0
	for _, k := range kinds.Default().List() {
		if k.Generate == nil {
			continue
		}
		for _, b := range k.Generate.Bands {
			t.Run(fmt.Sprintf("%s-%s", k.Name, b.Name), func(t *testing.T) {
				j, err := prepare(Options{Solver: gini.NewSolver, Kind: k, Band: Band(b.Name), Seed: 5, Parallel: 1})
				if err != nil {
					t.Fatal(err)
				}
				for a := range 3 {
					said := false
					p, outcome, err := j.attempt(withLanding(ctx, func() { said = true }), 0, a)
					if err != nil {
						t.Fatalf("attempt %d: %v", a, err)
					}
					if said {
						sure++
						if p == nil {
							t.Errorf("attempt %d was sure to land and missed: %s", a, outcome)
						}
					}
					if p == nil {
						missed++
					}
				}
			})
		}
	}
	if sure == 0 || missed == 0 {
		t.Errorf("%d attempts sure, %d missed: the test saw no attempt of one of the two", sure, missed)
	}
}
