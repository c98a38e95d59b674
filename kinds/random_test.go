package kinds_test

import (
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestRandom: every kind draws random puzzles of the size asked, the same
// ones from the same generator state, and a planted solution satisfies
// its puzzle.
func TestRandom(t *testing.T) {
	for _, k := range kinds.Default().List() {
		if k.Random == nil {
			t.Errorf("%s has no Random", k.Name)
			continue
		}
		t.Run(k.Name, func(t *testing.T) {
			planted := 0
			for i := range 20 {
				rows, cols := 3+i%4, 4+i%3
				draw := func() kind.Instance {
					in, err := k.Random(rand.New(rand.NewPCG(uint64(i), 7)), rows, cols, kind.Options{})
					if err != nil {
						t.Fatalf("%dx%d: %v", rows, cols, err)
					}
					return in
				}
				a, b := draw(), draw()
				if a.Rows() != rows || a.Cols() != cols {
					t.Errorf("asked %dx%d, have %dx%d", rows, cols, a.Rows(), a.Cols())
				}
				fa, err := a.Format(k.Outputs[0])
				if err != nil {
					t.Fatal(err)
				}
				if fb, _ := b.Format(k.Outputs[0]); fa != fb {
					t.Errorf("the same generator state drew two puzzles:\n%s\n%s", fa, fb)
				}
				if sol := a.Solution(); sol != nil {
					planted++
					if vs := a.Verify(sol); len(vs) > 0 {
						t.Errorf("the planted solution breaks %s:\n%s", vs[0], fa)
					}
				}
			}
			if k.Name != "arrows" && planted == 0 {
				t.Errorf("no random %s puzzle carries its planted solution", k.Name)
			}
		})
	}
}
