package human

import (
	"math"
	"testing"
)

func TestSpearman(t *testing.T) {
	tests := []struct {
		x, y []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1},
		{[]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		{[]float64{1, 2, 2, 3}, []float64{1, 2, 3, 4}, 0.9486832980505138},
		{[]float64{1, 1, 2, 2}, []float64{1, 1, 2, 2}, 1},
		{[]float64{1, 2, 3, 4}, []float64{1, 3, 2, 4}, 0.8},
	}
	for _, tt := range tests {
		if have := Spearman(tt.x, tt.y); math.Abs(have-tt.want) > 1e-12 {
			t.Errorf("Spearman(%v, %v) = %v, want %v", tt.x, tt.y, have, tt.want)
		}
	}
	for _, bad := range [][2][]float64{{{1, 1}, {1, 2}}, {{1}, {1}}, {{1, 2}, {1}}} {
		if !math.IsNaN(Spearman(bad[0], bad[1])) {
			t.Errorf("Spearman(%v, %v): want NaN", bad[0], bad[1])
		}
	}
}
