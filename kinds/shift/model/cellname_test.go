package model

import "testing"

func TestCellName(t *testing.T) {
	tests := []struct {
		name     string
		row, col int
		ok       bool
	}{
		{"r1c2", 1, 2, true},
		{"r12c30", 12, 30, true},
		{"r1c", 0, 0, false},
		{"rc1", 0, 0, false},
		{"r1x2", 0, 0, false},
		{"r-1c2", 0, 0, false},
		{"R1C2", 0, 0, false},
		{"r1c2 ", 0, 0, false},
		{"", 0, 0, false},
	}
	for _, tt := range tests {
		row, col, ok := cellName(tt.name)
		if ok != tt.ok || ok && (row != tt.row || col != tt.col) {
			t.Errorf("cellName(%q) = %d, %d, %v; want %d, %d, %v", tt.name, row, col, ok, tt.row, tt.col, tt.ok)
		}
	}
}
