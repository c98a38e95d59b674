package shinro_test

import (
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/kinds/shinro"
)

// TestBands pins Shinro's generation metadata: its default size and its
// bands, each with what it asks of a solve.
func TestBands(t *testing.T) {
	g := shinro.Kind.Generate
	want := []string{
		"easy: no trials, level ≤ 2",
		"medium: no trials, level 3",
		"hard: no trials, level 4",
		"expert: trials needed",
	}
	var have []string
	for _, b := range g.Bands {
		have = append(have, b.Name+": "+b.Doc())
	}
	if g.Rows != 8 || g.Cols != 8 || strings.Join(have, "; ") != strings.Join(want, "; ") {
		t.Errorf("have %dx%d bands %q, want 8x8 %q", g.Rows, g.Cols, have, want)
	}
}

func TestBandLookup(t *testing.T) {
	g := shinro.Kind.Generate
	for _, name := range []string{"", "any"} {
		if b, err := g.Band(name); b != nil || err != nil {
			t.Errorf("Band(%q) = %v, %v; want nil (any)", name, b, err)
		}
	}
	if _, err := g.Band("brutal"); err == nil || !strings.Contains(err.Error(), "easy, medium, hard, expert, any") {
		t.Errorf("Band(brutal): have %v, want an error listing the bands", err)
	}
	if err := g.CheckMethod("ga"); err != nil {
		t.Errorf("CheckMethod(ga): %v", err)
	}
	if err := g.CheckMethod("annealing"); err == nil {
		t.Error("CheckMethod(annealing): no error")
	}
}

// TestGenerationChecks: Shinro's own generation flag, --stones, declared
// by the kind: a count that fits, 0 or none for the default; more stones
// than cells or not a count is refused.
func TestGenerationChecks(t *testing.T) {
	tests := []struct {
		stones string
		ok     bool
	}{
		{"", true}, {"0", true}, {"9", true}, {"10", false}, {"-1", false}, {"many", false},
	}
	for _, tt := range tests {
		err := shinro.Kind.Generate.Check(kind.GenOptions{Rows: 3, Cols: 3, Kind: kind.Options{}.With("stones", tt.stones)})
		if (err == nil) != tt.ok {
			t.Errorf("%q stones in 3x3: have error %v, want ok %v", tt.stones, err, tt.ok)
		}
	}
}
