package arrows

import (
	"context"
	"testing"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
)

// TestGradeCorpus grades the corpus with our rules: every puzzle solves,
// and our difficulty ranks the reference's labels positively.
func TestGradeCorpus(t *testing.T) {
	eng, err := NewEngine(Default())
	if err != nil {
		t.Fatal(err)
	}
	var ours, labels []float64
	for _, p := range testcorpus.Arrows(t) {
		g, err := GradePuzzle(context.Background(), eng, p)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != human.StatusSolved || g.Trials > 3 || g.Level < 1 || g.Level > 4 {
			t.Errorf("%s: %+v, want solved with k ≤ 3 and level 1..4", p.Name(), g)
		}
		t.Logf("%s %-8s k=%d level=%d score=%.0f steps=%d", p.Name(), g.Label, g.Trials, g.Level, g.Report.Score, g.Report.Steps)
		ours = append(ours, g.Difficulty())
		labels = append(labels, float64(LabelRank(g.Label)))
	}
	rho := human.Spearman(ours, labels)
	t.Logf("Spearman rank correlation with the corpus labels: %.3f", rho)
	if !(rho > 0.5) {
		t.Errorf("rank correlation %.3f, want > 0.5", rho)
	}
}
