package encode_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
)

func TestLayoutPrimary(t *testing.T) {
	tests := []struct {
		name string
		lits [][]int
		want []int
	}{
		{"empty", nil, nil},
		{"two-valued rows share a variable", [][]int{{3, -3}, {1, -1}}, []int{3, 1}},
		{"one-hot rows", [][]int{{1, 2, 3}, {4, 5, 6}}, []int{1, 2, 3, 4, 5, 6}},
		{"repeats across rows", [][]int{{2, 1}, {-1, 4}, {4, 2}}, []int{2, 1, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have := (encode.Layout{Lits: tt.lits}).Primary(); !slices.Equal(have, tt.want) {
				t.Errorf("Primary() = %v, want %v", have, tt.want)
			}
		})
	}
}

func TestLayoutDecode(t *testing.T) {
	// Unknown 0 is two-valued on variable 1; unknown 1 is one-hot over 2..4.
	l := encode.Layout{Lits: [][]int{{1, -1}, {2, 3, 4}}}
	model := func(vs ...int) []bool { // true variables
		m := make([]bool, 5)
		for _, v := range vs {
			m[v] = true
		}
		return m
	}
	tests := []struct {
		name    string
		model   []bool
		want    []int
		wantErr string
	}{
		{"x1 true, second value", model(1, 3), []int{0, 1}, ""},
		{"x1 false, third value", model(4), []int{1, 2}, ""},
		{"two values", model(1, 2, 4), nil, "unknown 1 has two values (0 and 2)"},
		{"no value", model(1), nil, "unknown 1 has no value"},
		{"model too short reads false", []bool{false, true}, nil, "unknown 1 has no value"},
		{"nil model: even negative literals read false", nil, nil, "unknown 0 has no value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have, err := l.Decode(tt.model)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Decode() error = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !slices.Equal(have, tt.want) {
				t.Errorf("Decode() = %v, %v; want %v", have, err, tt.want)
			}
		})
	}
}
