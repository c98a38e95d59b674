package rules

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"

	acorpus "github.com/puzzlesat/puzzlesat/kinds/arrows/corpus"

	"github.com/puzzlesat/puzzlesat/human"
)

// TestGradingAgreement grades the corpus with the reference's rules and
// with ours: every puzzle solves, and Spearman's ρ between Difficulty and
// the Easy/Normal/Hard/Devious labels is at least 0.85 overall and 0.7
// within 5×5 and within 6×6 (the 4×4 puzzles are all Easy). Difficulty
// fits nothing to the labels, so every puzzle is out of sample; ρ on the
// odd positions alone (the half the other kinds hold out) is logged too.
func TestGradingAgreement(t *testing.T) {
	ref, err := LoadRules(referenceRules)
	if err != nil {
		t.Fatal(err)
	}
	ps := acorpus.Puzzles(t)
	for _, rs := range []*RuleSet{ref, Default()} {
		eng, err := NewEngine(rs)
		if err != nil {
			t.Fatal(err)
		}
		type pair struct{ ours, label []float64 }
		groups := map[string]*pair{}
		add := func(k string, g Grade) {
			if groups[k] == nil {
				groups[k] = &pair{}
			}
			groups[k].ours = append(groups[k].ours, g.Difficulty())
			groups[k].label = append(groups[k].label, float64(LabelRank(g.Label)))
		}
		for i, p := range ps {
			g, err := GradePuzzle(context.Background(), eng, p)
			if err != nil {
				t.Fatal(err)
			}
			if g.Status != human.StatusSolved {
				t.Errorf("%s %s: %s, want solved", rs.File, p.Name(), g.Status)
			}
			add("all", g)
			add(fmt.Sprintf("%dx%d", p.NumRows, p.NumCols), g)
			if i%2 == 1 {
				add("odd positions", g)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(groups)) {
			rho := human.Spearman(groups[k].ours, groups[k].label)
			t.Logf("%s: %s (%d puzzles): Spearman ρ %.3f", rs.File, k, len(groups[k].ours), rho)
			want := map[string]float64{"all": 0.85, "5x5": 0.7, "6x6": 0.7}[k]
			if want > 0 && !(rho >= want) {
				t.Errorf("%s: %s: ρ %.3f, want ≥ %.2f", rs.File, k, rho, want)
			}
		}
	}
}
