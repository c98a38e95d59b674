package arrows_test

import (
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds/arrows"
)

// TestBands pins Arrows's generation metadata: its default size and its
// bands, each with what it asks of a solve.
func TestBands(t *testing.T) {
	g := arrows.Kind.Generate
	want := []string{
		"easy: no trials, level ≤ 2",
		"medium: no trials, level ≥ 3",
		"hard: trials needed",
	}
	var have []string
	for _, b := range g.Bands {
		have = append(have, b.Name+": "+b.Doc())
	}
	if g.Rows != 6 || g.Cols != 6 || strings.Join(have, "; ") != strings.Join(want, "; ") {
		t.Errorf("have %dx%d bands %q, want 6x6 %q", g.Rows, g.Cols, have, want)
	}
}
