package bench

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
)

// TestEveryKindMeasured: every grid kind of the registry brings puzzles to
// the benchmark (kind.Corpus.Bench), in a set of the full run and in the
// quick one, so that a kind added is measured and none is left out.
func TestEveryKindMeasured(t *testing.T) {
	reg := kinds.Default()
	full, err := Sets(reg, "../testdata", false)
	if err != nil {
		t.Fatal(err)
	}
	quick, err := Sets(reg, "../testdata", true)
	if err != nil {
		t.Fatal(err)
	}
	has := func(sets []Set, kind string) bool {
		for _, s := range sets {
			if s.Kind == kind && len(s.Items) > 0 {
				return true
			}
		}
		return false
	}
	for _, k := range reg.List() {
		if k.Corpus == nil || k.Corpus.Bench == nil {
			t.Errorf("%s declares no benchmark puzzles (kind.Corpus.Bench)", k.Name)
			continue
		}
		if !has(full, k.Name) || !has(quick, k.Name) {
			t.Errorf("%s: in a full set %v, in the quick set %v; want both", k.Name, has(full, k.Name), has(quick, k.Name))
		}
	}
}
