package answer_test

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/answer/rating"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// examples are each grid kind's bundled example for the tests
// (kind.Corpus.Example: small, unique and, for a kind that generates, in
// a band), by kind.
func examples(t *testing.T) map[string]kind.Instance {
	t.Helper()
	out := map[string]kind.Instance{}
	for _, k := range kinds.Default().List() {
		name, data, err := k.ExampleFile()
		if err != nil {
			t.Fatal(err)
		}
		if name == "" {
			continue
		}
		l, err := answer.Load(kinds.Default(), k.Name, name, data, "", kind.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out[k.Name] = l.Puzzles[0]
	}
	if len(out) == 0 {
		t.Fatal("no grid kind of the registry names an example (kind.Corpus.Example)")
	}
	return out
}

// TestRating: a graded puzzle's record carries the rating of its kind's
// calibration, in its band's tier, when bands are asked and the kind's own
// trials ran (each kind's example); it is 0 without bands,
// with other trials, and when the rules do not solve the puzzle.
func TestRating(t *testing.T) {
	ctx := context.Background()
	reg := kinds.Default()
	none := 0
	type ratingCase struct {
		name   string
		inst   kind.Instance
		opt    answer.Options
		rated  bool
		status human.Status
	}
	var tests []ratingCase
	var some kind.Instance
	ex := examples(t)
	for _, name := range slices.Sorted(maps.Keys(ex)) {
		tests = append(tests, ratingCase{name + " example", ex[name], answer.Options{Bands: reg}, true, human.StatusSolved})
		some = cmp.Or(some, ex[name])
	}
	tests = append(tests,
		ratingCase{"no bands asked", some, answer.Options{}, false, human.StatusSolved},
		ratingCase{"other trials", some, answer.Options{Bands: reg, Trials: &none}, false, ""},
		// Several solutions: the rules cannot finish it.
		ratingCase{"stuck", load(t, kind.Options{}, "4x4_1", "juosan", "janko_instances.json"), answer.Options{Bands: reg}, false, human.StatusStuck},
	)
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
