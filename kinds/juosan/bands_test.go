package juosan_test

import (
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/juosan"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestBands pins Juosan's generation metadata: its default size and its
// bands, each with what it asks of a solve.
func TestBands(t *testing.T) {
	g := juosan.Kind.Generate
	want := []string{
		"easy: no trials, level ≤ 4",
		"medium: no trials, level 5",
		"hard: trials needed",
	}
	var have []string
	for _, b := range g.Bands {
		have = append(have, b.Name+": "+b.Doc())
	}
	if g.Rows != 8 || g.Cols != 8 || strings.Join(have, "; ") != strings.Join(want, "; ") {
		t.Errorf("have %dx%d bands %q, want 8x8 %q", g.Rows, g.Cols, have, want)
	}
}

// TestBandIn: where a solve lands among Juosan's bands, at 8x8.
func TestBandIn(t *testing.T) {
	easy, _ := juosan.Kind.Generate.Band("easy")
	hard, _ := juosan.Kind.Generate.Band("hard")
	tests := []struct {
		name       string
		band       *kind.Band
		status     human.Status
		rep        human.Report
		in, within bool
	}{
		{"easy level 4", easy, human.StatusSolved, human.Report{MaxLevel: 4}, true, true},
		{"easy level 5", easy, human.StatusSolved, human.Report{MaxLevel: 5}, false, false},
		{"easy stuck", easy, human.StatusStuck, human.Report{MaxLevel: 1}, false, true},
		{"easy trials", easy, human.StatusSolved, human.Report{MaxLevel: 2, TrialDepth: 1}, false, false},
		{"hard trials", hard, human.StatusSolved, human.Report{MaxLevel: 2, TrialDepth: 1}, true, true},
		{"hard none", hard, human.StatusSolved, human.Report{MaxLevel: 5}, false, true},
		{"any", nil, human.StatusSolved, human.Report{MaxLevel: 9, TrialDepth: 3}, true, true},
	}
	for _, tc := range tests {
		b := tc.band.At(8, 8)
		if have := b.In(tc.status, tc.rep); have != tc.in {
			t.Errorf("%s: In = %v, want %v", tc.name, have, tc.in)
		}
		if have := b.Within(tc.rep); have != tc.within {
			t.Errorf("%s: Within = %v, want %v", tc.name, have, tc.within)
		}
	}
}
