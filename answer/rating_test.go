package answer_test

import (
	"context"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/answer/rating"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestRating: a graded puzzle's record carries the rating of its kind's
// calibration, in its band's tier, when bands are asked and the kind's own
// trials ran; it is 0 without bands, with other trials, and when the rules
// do not solve the puzzle.
func TestRating(t *testing.T) {
	ctx := context.Background()
	reg := kinds.Default()
	none := 0
	tests := []struct {
		name   string
		inst   kind.Instance
		opt    answer.Options
		rated  bool
		status human.Status
	}{
		{"shinro easy", load(t, kind.Options{}, "1", "shinro", "playshinro.json"), answer.Options{Bands: reg}, true, human.StatusSolved},
		{"linjat expert", load(t, kind.Options{}, "expert/3", "linjat", "puzzles.json"), answer.Options{Bands: reg}, true, human.StatusSolved},
		{"arrows devious", load(t, kind.Options{}, "", "arrows", "2026-03-07", "puzzle.txt"), answer.Options{Bands: reg}, true, human.StatusSolved},
		{"juosan janko", load(t, kind.Options{}, "", "juosan", "janko", "10x10_3.in"), answer.Options{Bands: reg}, true, human.StatusSolved},
		{"no bands asked", load(t, kind.Options{}, "1", "shinro", "playshinro.json"), answer.Options{}, false, human.StatusSolved},
		{"other trials", load(t, kind.Options{}, "expert/3", "linjat", "puzzles.json"), answer.Options{Bands: reg, Trials: &none}, false, ""},
		{"stuck", load(t, kind.Options{}, "4x4_1", "juosan", "janko_instances.json"), answer.Options{Bands: reg}, false, human.StatusStuck},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := tt.opt
			opt.Solver = gini.NewSolver
			g, err := answer.Grade(ctx, tt.inst, opt)
			if err != nil {
				t.Fatal(err)
			}
			if tt.status != "" && g.Status != string(tt.status) {
				t.Fatalf("status %s, want %s", g.Status, tt.status)
			}
			if !tt.rated {
				if g.Rating != 0 {
					t.Errorf("rating %d, want none", g.Rating)
				}
				return
			}
			tier := answer.Tier(reg, tt.inst, human.Status(g.Status), g.Report)
			want := rating.Default().Stars(tt.inst.Kind(), tier, g.Report, g.Metrics)
			if g.Rating < 1 || g.Rating > rating.Max || g.Rating != want {
				t.Errorf("rating %d, want %d (tier %s, band %s)", g.Rating, want, tier, g.Band)
			}
			if g.Band != "" && tier != g.Band {
				t.Errorf("tier %s, want the band %s", tier, g.Band)
			}
		})
	}
}
