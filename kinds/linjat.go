package kinds

import (
	"context"

	"github.com/puzzlesat/puzzlesat/encode"
	el "github.com/puzzlesat/puzzlesat/encode/linjat"
	"github.com/puzzlesat/puzzlesat/human"
	hl "github.com/puzzlesat/puzzlesat/human/linjat"
	lm "github.com/puzzlesat/puzzlesat/puzzle/linjat"
)

// Linjat is the Linjat kind (puzzle/linjat, encode/linjat, human/linjat).
var Linjat = linjatModels.kind(Kind{
	Name:     "linjat",
	Doc:      "Linjat (jsnell/linjat): draw a straight line of N cells through every number N; lines never overlap or cross numbers; every dot covered",
	Random:   randomLinjat,
	Generate: linjatGeneration,
})

// linjatModels joins the model with its encoder, solution reader and
// rules; its instances report their route (linjatInstance).
var linjatModels = &models[*lm.Puzzle]{
	formats: lm.Formats, read: lm.Parse, aliases: lm.Aliases,
	extend: func(x *instance[*lm.Puzzle]) Instance { return linjatInstance{x} },
	encode: func(b *encode.Builder, p *lm.Puzzle, opt Options) (encode.Layout, error) {
		return el.Encode(b, p, el.Options{Card: opt.Card})
	},
	solution: lm.ParseSolution,
	human: func(p *lm.Puzzle, _ Options) (*HumanSetup, error) {
		w := hl.DefaultWeights().HumanWeights()
		return &HumanSetup{Rules: hl.DefaultRules(), Input: hl.NewInput(p), Start: hl.Start(p), Weights: w,
			Metrics: func(r *human.Result) map[string]any {
				c := hl.Classify(r)
				return map[string]any{"reference_score": hl.Score(r, hl.DefaultWeights()), "depth": c["all"].Depth, "widest_layer": c["all"].MaxWidth}
			}}, nil
	},
	output: writtenOnly(lm.Formats),
}

// linjatInstance is a Linjat instance, which reports its route.
type linjatInstance struct{ *instance[*lm.Puzzle] }

var _ RouteReporter = linjatInstance{}

// Route tells how the human rules reach the answer: "sound" (the sound
// rules alone), "cheat" (only with a uniqueness-assuming cheat), or
// "unsolved". check reports it, flagging cheat-only puzzles.
func (x linjatInstance) Route(ctx context.Context) (string, error) {
	r, _, err := hl.NeedsCheat(ctx, x.p, 0)
	if err != nil {
		return "", err
	}
	return r.String(), nil
}
