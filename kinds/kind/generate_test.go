package kind_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestOverlappingBands: bands whose layers scale from different sizes
// overlap between them (Linjat's easy at 9x6 up to 17 layers, medium at
// 10x7 from 18); a solve both hold is the harder band's, for generation
// (Band.In) and grading (Generation.BandOf) alike, so that a puzzle made
// for a band is graded in it.
func TestOverlappingBands(t *testing.T) {
	g := &kind.Generation{Rows: 9, Cols: 6, Bands: []kind.Band{
		{Name: "easy", Rows: 9, Cols: 6, Levels: kind.Levels{Lo: 0, Hi: 2}, Layers: kind.Levels{Lo: 0, Hi: 17}},
		{Name: "medium", Rows: 10, Cols: 7, Levels: kind.Levels{Lo: 0, Hi: 2}, Layers: kind.Levels{Lo: 18, Hi: 0}},
		{Name: "hard", Rows: 11, Cols: 8, Levels: kind.Levels{Lo: 3, Hi: 3}},
	}}
	for _, tc := range []struct {
		rows, cols, level, depth int
		want                     string
	}{
		{9, 6, 2, 13, "easy"},    // below medium's 14 layers at 9x6
		{9, 6, 2, 14, "medium"},  // both hold it: the harder band
		{9, 6, 2, 17, "medium"},  // easy's own top, medium's too
		{10, 7, 2, 18, "medium"}, // easy holds up to 22 at 10x7
		{10, 7, 2, 22, "medium"},
		{10, 7, 2, 17, "easy"},
		{10, 7, 3, 5, "hard"},
		{10, 7, 4, 5, ""},
	} {
		rep := human.Report{MaxLevel: tc.level, Depth: tc.depth}
		got := g.BandOf(tc.rows, tc.cols, human.StatusSolved, rep)
		if got != tc.want {
			t.Errorf("%dx%d level %d, %d layers: BandOf %q, want %q", tc.rows, tc.cols, tc.level, tc.depth, got, tc.want)
		}
		for _, name := range g.BandNames() {
			b, err := g.Band(name)
			if err != nil {
				t.Fatal(err)
			}
			if in := b.At(tc.rows, tc.cols).In(human.StatusSolved, rep); in != (name == tc.want) {
				t.Errorf("%dx%d level %d, %d layers: band %s In %v; BandOf says %q", tc.rows, tc.cols, tc.level, tc.depth, name, in, tc.want)
			}
		}
	}
}
