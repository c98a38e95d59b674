package kinds_test

import (
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestOpenOtherKind: a kind's editor opens its own puzzles, at their size,
// and refuses another kind's by name (kind.OpenOf).
func TestOpenOtherKind(t *testing.T) {
	want := map[string]string{
		"arrows": "arrows: not an arrows puzzle",
		"juosan": "juosan: not a juosan puzzle",
		"linjat": "linjat: not a linjat puzzle",
		"shinro": "shinro: not a shinro puzzle",
	}
	for _, k := range kinds.Default().List() {
		if k.Play == nil || k.Play.Open == nil {
			continue
		}
		own, err := k.Random(rand.New(rand.NewPCG(1, 2)), 4, 5, kind.Options{})
		if err != nil {
			t.Fatal(err)
		}
		e, err := k.Play.Open(own, nil)
		if err != nil || e.Kind != k.Name || e.Rows != 4 || e.Cols != 5 {
			t.Errorf("%s: open its own 4x5 puzzle: %+v, %v", k.Name, e, err)
		}
		for _, o := range kinds.Default().List() {
			if o == k {
				continue
			}
			other, err := o.Random(rand.New(rand.NewPCG(1, 2)), 4, 5, kind.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := k.Play.Open(other, nil); err == nil || err.Error() != want[k.Name] {
				t.Errorf("%s opens a %s puzzle: %v, want %q", k.Name, o.Name, err, want[k.Name])
			}
		}
	}
}
