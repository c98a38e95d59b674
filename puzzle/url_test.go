package puzzle

import (
	"reflect"
	"strings"
	"testing"
)

// TestURLCells: a grid written by FormatURLCells reads back with
// ReadURLCells; a body that is no grid of the size is an error at its
// character.
func TestURLCells(t *testing.T) {
	grid := [][]byte{{0, 'X', 0}, {0, 0, 'Y'}}
	q := FormatURLCells("toy", 2, 3, "!", func(at Pos) string {
		if v := grid[at.Row][at.Col]; v != 0 {
			return string(v)
		}
		return ""
	})
	if q != "toy/3/2/!aXcY" {
		t.Fatalf("FormatURLCells: %q", q)
	}
	cell := func(c byte) (byte, bool) { return c, c == 'X' || c == 'Y' }
	rows, cols, body, err := URLGrid("f", q, 10)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadURLCells("f", len(q)-len(body)+1, body[1:], rows, cols, "X, Y", cell)
	if err != nil || !reflect.DeepEqual(back, grid) {
		t.Fatalf("ReadURLCells: %v, %v; want %v", back, err, grid)
	}
	for _, tc := range []struct{ body, err string }{
		{"aXcYz", "f:1:5: the cells run past 2×3"},
		{"aXcYX", "f:1:5: the cells run past 2×3"},
		{"aX!", "f:1:3: '!': want X, Y or a run letter a-z"},
		{"aXb", "f:1:4: 4 cells of 6"},
	} {
		if _, err := ReadURLCells("f", 0, tc.body, 2, 3, "X, Y", cell); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: %v, want %s", tc.body, err, tc.err)
		}
	}
}
