package arrows

import (
	"context"
	"math"
	"testing"

	"github.com/puzzlesat/puzzlesat/human"
)

func TestSpearman(t *testing.T) {
	tests := []struct {
		x, y []float64
		want float64
	}{
		{[]float64{1, 2, 3}, []float64{10, 20, 30}, 1},
		{[]float64{1, 2, 3}, []float64{3, 2, 1}, -1},
		{[]float64{1, 1, 2, 2}, []float64{1, 1, 2, 2}, 1},
		{[]float64{1, 2, 3, 4}, []float64{1, 3, 2, 4}, 0.8},
	}
	for _, tt := range tests {
		if have := Spearman(tt.x, tt.y); math.Abs(have-tt.want) > 1e-9 {
			t.Errorf("Spearman(%v, %v) = %v, want %v", tt.x, tt.y, have, tt.want)
		}
	}
	if !math.IsNaN(Spearman([]float64{1, 1}, []float64{1, 2})) {
		t.Errorf("constant input: want NaN")
	}
}

// TestGradeCorpus grades the corpus with our rules: every puzzle solves,
// and our difficulty ranks the reference's labels positively.
func TestGradeCorpus(t *testing.T) {
	eng, err := NewEngine(Default())
	if err != nil {
		t.Fatal(err)
	}
	var ours, labels []float64
	for _, p := range corpus(t) {
		g, err := GradePuzzle(context.Background(), eng, p)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != human.StatusSolved || g.Trials > 3 || g.Level < 1 || g.Level > 4 {
			t.Errorf("%s: %+v, want solved with k ≤ 3 and level 1..4", p.Label, g)
		}
		t.Logf("%s %-8s k=%d level=%d score=%.0f steps=%d", p.Label, g.Label, g.Trials, g.Level, g.Report.Score, g.Report.Steps)
		ours = append(ours, g.Difficulty())
		labels = append(labels, float64(LabelRank(g.Label)))
	}
	rho := Spearman(ours, labels)
	t.Logf("Spearman rank correlation with the corpus labels: %.3f", rho)
	if !(rho > 0.5) {
		t.Errorf("rank correlation %.3f, want > 0.5", rho)
	}
}
