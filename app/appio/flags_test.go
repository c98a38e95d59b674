package appio

import "testing"

func TestParseGrid(t *testing.T) {
	tests := []struct {
		in         string
		rows, cols int
		ok         bool
	}{
		{"8x8", 8, 8, true},
		{"6X10", 6, 10, true},
		{"7", 7, 7, true},
		{" 5 x 6 ", 5, 6, true},
		{"", 0, 0, false},
		{"8by8", 0, 0, false},
		{"0x5", 0, 0, false},
		{"x5", 0, 0, false},
		{"5x", 0, 0, false},
		{"5x5x5", 0, 0, false},
	}
	for _, tc := range tests {
		r, c, ok := ParseGrid(tc.in)
		if ok != tc.ok || r != tc.rows || c != tc.cols {
			t.Errorf("ParseGrid(%q) = %d, %d, %v; want %d, %d, %v", tc.in, r, c, ok, tc.rows, tc.cols, tc.ok)
		}
	}
}
