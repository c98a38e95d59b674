package linjat_test

import (
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/linjat"
)

// TestBands pins Linjat's generation metadata: its default size and its
// bands, each with what it asks of a solve.
func TestBands(t *testing.T) {
	g := linjat.Kind.Generate
	want := []string{
		"easy: no trials, level ≤ 2, ≤ 17 layers at 9x6",
		"medium: no trials, level ≤ 2, ≥ 18 layers at 10x7",
		"hard: no trials, level 3",
		"expert: no trials, level 4..5",
	}
	var have []string
	for _, b := range g.Bands {
		have = append(have, b.Name+": "+b.Doc())
	}
	if g.Rows != 9 || g.Cols != 6 || strings.Join(have, "; ") != strings.Join(want, "; ") {
		t.Errorf("have %dx%d bands %q, want 9x6 %q", g.Rows, g.Cols, have, want)
	}
}

// TestBandIn: Linjat's medium band asks for layers, scaled to the size.
func TestBandIn(t *testing.T) {
	medium, _ := linjat.Kind.Generate.Band("medium")
	tests := []struct {
		name         string
		rep          human.Report
		in           bool
		rows, colums int
	}{
		{"medium deep", human.Report{MaxLevel: 2, Depth: 18}, true, 10, 7},
		{"medium shallow", human.Report{MaxLevel: 2, Depth: 17}, false, 10, 7},
		// At 5x7 (half the area) the least layers halve too.
		{"medium small", human.Report{MaxLevel: 2, Depth: 9}, true, 5, 7},
		{"medium small shallow", human.Report{MaxLevel: 2, Depth: 8}, false, 5, 7},
	}
	for _, tc := range tests {
		b := medium.At(tc.rows, tc.colums)
		if have := b.In(human.StatusSolved, tc.rep); have != tc.in {
			t.Errorf("%s: In = %v, want %v", tc.name, have, tc.in)
		}
		if !b.Within(tc.rep) {
			t.Errorf("%s: Within = false, want true", tc.name)
		}
	}
}
