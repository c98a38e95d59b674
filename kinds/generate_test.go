package kinds_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
)

// TestGeneration pins each kind's generation metadata and checks that a
// draft it starts reads back through the kind as one puzzle whose planted
// solution verifies.
func TestGeneration(t *testing.T) {
	tests := []struct {
		kind         *kinds.Kind
		generated    bool
		rows, cols   int
		easy, medium kinds.Levels
	}{
		{kinds.Juosan, true, 8, 8, kinds.Levels{Lo: 0, Hi: 4}, kinds.Levels{Lo: 5, Hi: 5}},
		{kinds.Shinro, true, 8, 8, kinds.Levels{Lo: 0, Hi: 1}, kinds.Levels{Lo: 2, Hi: 4}},
		{kinds.Arrows, true, 6, 6, kinds.Levels{Lo: 0, Hi: 2}, kinds.Levels{Lo: 3, Hi: 1 << 30}},
		{kinds.Linjat, false, 0, 0, kinds.Levels{}, kinds.Levels{}},
	}
	for _, tt := range tests {
		g := tt.kind.Generate
		if (g != nil) != tt.generated {
			t.Errorf("%s: have Generate %v, want generated %v", tt.kind.Name, g != nil, tt.generated)
			continue
		}
		if g == nil {
			continue
		}
		if g.Rows != tt.rows || g.Cols != tt.cols || g.Easy != tt.easy || g.Medium != tt.medium {
			t.Errorf("%s: have %dx%d easy %v medium %v, want %dx%d easy %v medium %v",
				tt.kind.Name, g.Rows, g.Cols, g.Easy, g.Medium, tt.rows, tt.cols, tt.easy, tt.medium)
		}
		// A start, retried over a few attempts as generate does.
		opt := kinds.GenOptions{Rows: 5, Cols: 5, Name: "drafted"}
		var d kinds.Draft
		for a := uint64(0); d == nil && a < 10; a++ {
			var err error
			if d, err = g.Start(context.Background(), rand.New(rand.NewPCG(1, a)), opt); err != nil {
				t.Fatalf("%s: %v", tt.kind.Name, err)
			}
		}
		if d == nil {
			t.Fatalf("%s: no draft in 10 attempts", tt.kind.Name)
		}
		insts, err := tt.kind.Parse("drafted", []byte(d.Text(false)), opt.Kind)
		if err != nil || len(insts) != 1 {
			t.Fatalf("%s: the draft reads back as %d puzzles, error %v; want 1\n%s", tt.kind.Name, len(insts), err, d.Text(false))
		}
		if insts[0].Rows() != 5 || insts[0].Cols() != 5 {
			t.Errorf("%s: have %dx%d, want 5x5", tt.kind.Name, insts[0].Rows(), insts[0].Cols())
		}
		if vs := insts[0].Verify(d.Intended()); len(vs) > 0 {
			t.Errorf("%s: the planted solution breaks %s", tt.kind.Name, vs[0])
		}
	}
}

// TestGenerationChecks: Shinro rejects more stones than cells.
func TestGenerationChecks(t *testing.T) {
	check := kinds.Shinro.Generate.Check
	tests := []struct {
		stones int
		ok     bool
	}{
		{0, true}, {9, true}, {10, false},
	}
	for _, tt := range tests {
		err := check(kinds.GenOptions{Rows: 3, Cols: 3, Stones: tt.stones})
		if (err == nil) != tt.ok {
			t.Errorf("%d stones in 3x3: have error %v, want ok %v", tt.stones, err, tt.ok)
		}
	}
}
