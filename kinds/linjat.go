package kinds

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/encode"
	el "github.com/puzzlesat/puzzlesat/encode/linjat"
	"github.com/puzzlesat/puzzlesat/human"
	hl "github.com/puzzlesat/puzzlesat/human/linjat"
	"github.com/puzzlesat/puzzlesat/puzzle"
	lm "github.com/puzzlesat/puzzlesat/puzzle/linjat"
)

// Linjat is the Linjat kind (puzzle/linjat, encode/linjat, human/linjat).
var Linjat = models[*lm.Puzzle]{formats: lm.Formats, read: lm.Parse, aliases: lm.Aliases, wrap: wrapLinjat}.kind(Kind{
	Name:     "linjat",
	Doc:      "Linjat (jsnell/linjat): draw a straight line of N cells through every number N; lines never overlap or cross numbers; every dot covered",
	Random:   randomLinjat,
	Generate: linjatGeneration,
})

func wrapLinjat(_ string, p *lm.Puzzle, opt Options) (Instance, error) {
	return &linjatInstance{Puzzle: p, card: opt.Card}, nil
}

// linjatInstance is the model (Name, Vars, Verify, Draw) plus what the
// pipeline needs besides.
type linjatInstance struct {
	*lm.Puzzle
	card string
}

var _ Instance = (*linjatInstance)(nil)

func (x *linjatInstance) Encode(b *encode.Builder) (encode.Layout, error) {
	return el.Encode(b, x.Puzzle, el.Options{Card: x.card})
}

func (x *linjatInstance) Format(format string) (string, error) {
	if _, err := lm.Formats.Lookup(format); err != nil && format != "" {
		// The command adds the list of formats written itself.
		return "", fmt.Errorf("unknown output format %q", format)
	}
	return formatOne(lm.Formats, format, x.Puzzle)
}

func (x *linjatInstance) Solution() puzzle.Assignment { return x.Head().Solution }

func (x *linjatInstance) ParseSolution(name string, data []byte) (puzzle.Assignment, error) {
	return lm.ParseSolution(x.Puzzle, name, data)
}

func (x *linjatInstance) Human() (*HumanSetup, error) {
	w := hl.DefaultWeights().HumanWeights()
	return &HumanSetup{Rules: hl.DefaultRules(), Input: hl.NewInput(x.Puzzle), Start: hl.Start(x.Puzzle), Weights: w,
		Metrics: func(r *human.Result) map[string]any {
			c := hl.Classify(r)
			return map[string]any{"reference_score": hl.Score(r, hl.DefaultWeights()), "depth": c["all"].Depth, "widest_layer": c["all"].MaxWidth}
		}}, nil
}

// Route tells how the human rules reach the answer: "sound" (the sound
// rules alone), "cheat" (only with a uniqueness-assuming cheat), or
// "unsolved". check reports it, flagging cheat-only puzzles.
func (x *linjatInstance) Route(ctx context.Context) (string, error) {
	r, _, err := hl.NeedsCheat(ctx, x.Puzzle, 0)
	if err != nil {
		return "", err
	}
	return r.String(), nil
}
