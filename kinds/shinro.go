package kinds

import (
	"math"

	"github.com/puzzlesat/puzzlesat/encode"
	es "github.com/puzzlesat/puzzlesat/encode/shinro"
	"github.com/puzzlesat/puzzlesat/human"
	hs "github.com/puzzlesat/puzzlesat/human/shinro"
	"github.com/puzzlesat/puzzlesat/puzzle"
	sm "github.com/puzzlesat/puzzlesat/puzzle/shinro"
)

// Shinro is the Shinro kind (puzzle/shinro, encode/shinro, human/shinro).
var Shinro = models[*sm.Puzzle]{formats: sm.Formats, read: sm.Parse, aliases: sm.Aliases, wrap: wrapShinro}.kind(Kind{
	Name:   "shinro",
	Doc:    "Shinro: find the hidden stones; rows and columns show their counts, every arrow points at a stone",
	Random: randomShinro,

	Generate: shinroGeneration,
})

func wrapShinro(_ string, p *sm.Puzzle, opt Options) (Instance, error) {
	return &shinroInstance{Puzzle: p, card: opt.Card}, nil
}

// shinroInstance is the model, which supplies the puzzle's name, unknowns,
// Verify and Draw, joined with the encoder and the rules.
type shinroInstance struct {
	*sm.Puzzle
	card string
}

var _ Instance = (*shinroInstance)(nil)

func (x *shinroInstance) Encode(b *encode.Builder) (encode.Layout, error) {
	return es.Encode(b, x.Puzzle, es.Options{Card: x.card})
}

func (x *shinroInstance) Format(format string) (string, error) {
	return formatOne(sm.Formats, format, x.Puzzle)
}

func (x *shinroInstance) Solution() puzzle.Assignment { return x.Head().Solution }

func (x *shinroInstance) ParseSolution(name string, data []byte) (puzzle.Assignment, error) {
	return sm.ParseSolution(x.Puzzle, name, data)
}

func (x *shinroInstance) Human() (*HumanSetup, error) {
	w := hs.Weights()
	return &HumanSetup{
		Rules: hs.DefaultRules(), Input: x.Puzzle, Start: hs.Start(x.Puzzle), Weights: &w,
		Metrics: func(r *human.Result) map[string]any {
			m := hs.MetricsOf(x.Puzzle, r)
			return map[string]any{"m": m.M, "a": m.A, "hard_moves": m.Hard(), "class": m.Class(),
				"level": math.Round(m.Level(hs.DefaultBounds)*1000) / 1000}
		},
	}, nil
}
