package kinds

import (
	"math"

	"github.com/puzzlesat/puzzlesat/encode"
	es "github.com/puzzlesat/puzzlesat/encode/shinro"
	"github.com/puzzlesat/puzzlesat/human"
	hs "github.com/puzzlesat/puzzlesat/human/shinro"
	sm "github.com/puzzlesat/puzzlesat/puzzle/shinro"
)

// Shinro is the Shinro kind (puzzle/shinro, encode/shinro, human/shinro).
var Shinro = shinroModels.kind(Kind{
	Name:   "shinro",
	Doc:    "Shinro: find the hidden stones; rows and columns show their counts, every arrow points at a stone",
	Random: randomShinro,

	Generate: shinroGeneration,
})

// shinroModels joins the model with its encoder, solution reader and
// rules; the model itself is the rules' input.
var shinroModels = &models[*sm.Puzzle]{
	formats: sm.Formats, read: sm.Parse, aliases: sm.Aliases,
	encode: func(b *encode.Builder, p *sm.Puzzle, opt Options) (encode.Layout, error) {
		return es.Encode(b, p, es.Options{Card: opt.Card})
	},
	solution: sm.ParseSolution,
	human: func(p *sm.Puzzle, _ Options) (*HumanSetup, error) {
		w := hs.Weights()
		return &HumanSetup{
			Rules: hs.DefaultRules(), Input: p, Start: hs.Start(p), Weights: &w,
			Metrics: func(r *human.Result) map[string]any {
				m := hs.MetricsOf(p, r)
				return map[string]any{"m": m.M, "a": m.A, "hard_moves": m.Hard(), "class": m.Class(),
					"level": math.Round(m.Level(hs.DefaultBounds)*1000) / 1000}
			},
		}, nil
	},
}
