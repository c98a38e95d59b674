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

// TestGenCells: the generation benchmarks measure every band of every kind
// that generates at its default size, once, the cells a kind puts first
// before all others, and the larger sizes a kind names after.
func TestGenCells(t *testing.T) {
	reg := kinds.Default()
	cells := GenCells(reg)
	seen := map[string]int{}
	for i, c := range cells {
		if j, ok := seen[c.Name()]; ok {
			t.Errorf("cell %s at %d and %d", c.Name(), j, i)
		}
		seen[c.Name()] = i
	}
	last := -1 // the place of the last cell put first
	for _, k := range reg.List() {
		if k.Generate == nil {
			continue
		}
		for _, b := range k.Generate.Bands {
			if _, ok := seen[GenCell{Kind: k.Name, Band: b.Name}.Name()]; !ok {
				t.Errorf("no cell for %s %s at its default size", k.Name, b.Name)
			}
		}
		if k.Corpus == nil || k.Corpus.Bench == nil {
			continue
		}
		for _, x := range k.Corpus.Bench.Generate {
			i, ok := seen[GenCell{Kind: k.Name, Band: x.Band, Rows: x.Rows, Cols: x.Cols}.Name()]
			switch {
			case !ok:
				t.Errorf("no cell for %s's %+v", k.Name, x)
			case x.First:
				last = max(last, i)
			}
		}
	}
	n := 0
	for _, k := range reg.List() {
		if k.Corpus != nil && k.Corpus.Bench != nil {
			for _, x := range k.Corpus.Bench.Generate {
				if x.First {
					n++
				}
			}
		}
	}
	if last != n-1 {
		t.Errorf("the %d cells put first end at %d, want %d", n, last, n-1)
	}
}
