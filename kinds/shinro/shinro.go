package shinro

import (
	"math"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	es "github.com/puzzlesat/puzzlesat/kinds/shinro/cnf"
	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	hs "github.com/puzzlesat/puzzlesat/kinds/shinro/rules"
)

// Shinro is the Shinro kind (kinds/shinro/model, kinds/shinro/cnf, kinds/shinro/rules).
var Kind = models.Kind(kind.Kind{
	Play:   play,
	Name:   "shinro",
	Exts:   []string{".shinro"},
	Doc:    "Shinro: find the hidden stones; rows and columns show their counts, every arrow points at a stone",
	Random: randomShinro,

	Examples: examples,
	Corpus:   corpus,
	Generate: generation,
})

// models joins the model with its encoder, solution reader and
// rules; the model itself is the rules' input.
var models = &kind.Models[*sm.Puzzle]{
	Display: board, Clues: clues, Without: without, Full: full,
	Formats: sm.Formats, Read: sm.Parse, Aliases: sm.Aliases,
	Encode: func(b *encode.Builder, p *sm.Puzzle, opt kind.Options) (encode.Layout, error) {
		return es.Encode(b, p, es.Options{Card: opt.Card})
	},
	Solution: sm.ParseSolution,
	Human: func(p *sm.Puzzle, _ kind.Options) (*kind.HumanSetup, error) {
		w := hs.Weights()
		return &kind.HumanSetup{
			Rules: hs.DefaultRules(), Input: p, Start: hs.Start(p), Weights: &w,
			Metrics: func(r *human.Result) map[string]any {
				m := hs.MetricsOf(p, r)
				return map[string]any{"m": m.M, "a": m.A, "hard_moves": m.Hard(), "class": m.Class(),
					"level": math.Round(m.Level(hs.DefaultBounds)*1000) / 1000}
			},
		}, nil
	},
}
