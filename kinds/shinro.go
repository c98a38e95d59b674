package kinds

import (
	"fmt"
	"math"
	"strconv"

	"github.com/puzzlesat/puzzlesat/encode"
	es "github.com/puzzlesat/puzzlesat/encode/shinro"
	"github.com/puzzlesat/puzzlesat/human"
	hs "github.com/puzzlesat/puzzlesat/human/shinro"
	"github.com/puzzlesat/puzzlesat/puzzle"
	sm "github.com/puzzlesat/puzzlesat/puzzle/shinro"
)

// Shinro is the Shinro kind (puzzle/shinro, encode/shinro, human/shinro).
var Shinro = &Kind{
	Name:    "shinro",
	Doc:     "Shinro: find the hidden stones; rows and columns show their counts, every arrow points at a stone",
	Formats: readerDocs(sm.Formats),
	Outputs: sm.Formats.Writers(),
	Detect: func(name string, data []byte) bool {
		return sm.Formats.Detect(name, data) != nil
	},
	// A playshinro file addresses its puzzles by their index field
	// (FILE#13 is "index": 13), a canonical file by name or position.
	Select: func(insts []Instance, sel string) (Instance, error) {
		for _, in := range insts {
			if in.Name() == sel {
				return in, nil
			}
		}
		n, err := strconv.Atoi(sel)
		if err != nil {
			return nil, fmt.Errorf("no puzzle %q (give a puzzle's index or name)", sel)
		}
		ps := make([]*sm.Puzzle, len(insts))
		numbered := false
		for i, in := range insts {
			ps[i] = in.(*shinroInstance).Puzzle
			numbered = numbered || ps[i].Number > 0
		}
		if !numbered {
			if n >= 1 && n <= len(insts) {
				return insts[n-1], nil
			}
			return nil, fmt.Errorf("no puzzle %d (the file holds %d)", n, len(insts))
		}
		p, err := sm.FindNumber(ps, n)
		if err != nil {
			return nil, err
		}
		for i := range ps {
			if ps[i] == p {
				return insts[i], nil
			}
		}
		return nil, fmt.Errorf("no puzzle %d", n)
	},
	Parse: func(name string, data []byte, opt Options) ([]Instance, error) {
		ps, err := sm.Parse(name, data)
		out := make([]Instance, len(ps))
		for i, p := range ps {
			out[i] = &shinroInstance{Puzzle: p, card: opt.Card}
		}
		if err != nil && len(out) > 0 {
			return out, &PartialError{Err: err}
		}
		return out, err
	},
	Generate: shinroGeneration,
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
	data, err := sm.Formats.Write(format, []*sm.Puzzle{x.Puzzle})
	return string(data), err
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
