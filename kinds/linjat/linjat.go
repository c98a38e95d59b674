package linjat

import (
	"context"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	el "github.com/puzzlesat/puzzlesat/kinds/linjat/cnf"
	lm "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	hl "github.com/puzzlesat/puzzlesat/kinds/linjat/rules"
)

// Linjat is the Linjat kind (kinds/linjat/model, kinds/linjat/cnf, kinds/linjat/rules).
var Kind = models.Kind(kind.Kind{
	Play:     play,
	Name:     "linjat",
	Exts:     []string{".linjat"},
	Doc:      "Linjat (jsnell/linjat): draw a straight line of N cells through every number N; lines never overlap or cross numbers; every dot covered",
	Random:   randomLinjat,
	Examples: examples,
	Corpus:   corpus,
	Generate: generation,
})

// models joins the model with its encoder, solution reader and
// rules; its instances report their route (linjatInstance).
var models = &kind.Models[*lm.Puzzle]{
	Display: board, Clues: clues, Without: without, Full: full, Frame: frame, Relax: relax,
	Formats: lm.Formats, Read: lm.Parse, Aliases: lm.Aliases,
	Extend: func(x *kind.Of[*lm.Puzzle]) kind.Instance { return linjatInstance{x} },
	Encode: func(b *encode.Builder, p *lm.Puzzle, opt kind.Options) (encode.Layout, error) {
		return el.Encode(b, p, el.Options{Card: opt.Card})
	},
	Solution: lm.ParseSolution,
	Human: func(p *lm.Puzzle, _ kind.Options) (*kind.HumanSetup, error) {
		w := hl.DefaultWeights().HumanWeights()
		return &kind.HumanSetup{Rules: hl.DefaultRules(), Input: hl.NewInput(p), Start: hl.Start(p), Weights: w,
			Metrics: func(r *human.Result) map[string]any {
				c := hl.Classify(r)
				return map[string]any{"reference_score": hl.Score(r, hl.DefaultWeights()), "depth": c["all"].Depth, "widest_layer": c["all"].MaxWidth}
			}}, nil
	},
	Output: kind.WrittenOnly(lm.Formats),
}

// linjatInstance is a Linjat instance, which reports its route.
type linjatInstance struct{ *kind.Of[*lm.Puzzle] }

var _ kind.RouteReporter = linjatInstance{}

// Route tells how the human rules reach the answer: "sound" (the sound
// rules alone), "needs-cheat" (only with a uniqueness-assuming cheat), or
// "unsolved". check reports it, flagging cheat-only puzzles.
func (x linjatInstance) Route(ctx context.Context) (string, error) {
	r, _, err := hl.NeedsCheat(ctx, x.Model(), 0)
	if err != nil {
		return "", err
	}
	return string(r), nil
}
