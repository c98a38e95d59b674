package kinds_test

import (
	"os"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestClued: every grid kind lists a parsed puzzle's removable clues, and
// the puzzle without one of them has one clue fewer and the same frame;
// an unknown clue id is refused.
func TestClued(t *testing.T) {
	for _, tc := range []struct{ kind, file string }{
		{"juosan", "../testdata/juosan/janko/6x6_1.in"},
		{"arrows", "../testdata/arrows/2026-03-07/puzzle.txt"},
		{"shinro", "../testdata/shinro/playshinro-1.txt"},
		{"linjat", "../testdata/linjat/easy-3.txt"},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			data, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			k, _ := kinds.Default().Lookup(tc.kind)
			insts, err := k.Parse(tc.file, data, kind.Options{})
			if err != nil {
				t.Fatal(err)
			}
			cl, ok := insts[0].(kind.Clued)
			if !ok {
				t.Fatalf("%s instances are not kind.Clued", tc.kind)
			}
			clues := cl.Clues()
			if len(clues) == 0 {
				t.Fatal("no clues")
			}
			for _, c := range clues {
				less, err := cl.Without(c.ID)
				if err != nil {
					t.Fatal(err)
				}
				if n := len(less.(kind.Clued).Clues()); n != len(clues)-1 {
					t.Errorf("without clue %d: %d clues, want %d", c.ID, n, len(clues)-1)
				}
				if less.Rows() != insts[0].Rows() || less.Cols() != insts[0].Cols() || less.Name() != insts[0].Name() {
					t.Errorf("without clue %d: %dx%d %q, want the same size and name", c.ID, less.Rows(), less.Cols(), less.Name())
				}
			}
			if _, err := cl.Without(-7); err == nil {
				t.Error("an unknown clue id is accepted")
			}
			if n := len(cl.Clues()); n != len(clues) {
				t.Errorf("Without changed the puzzle: %d clues, was %d", n, len(clues))
			}
		})
	}
}
