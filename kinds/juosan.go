package kinds

import (
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/encode"
	ej "github.com/puzzlesat/puzzlesat/encode/juosan"
	hj "github.com/puzzlesat/puzzlesat/human/juosan"
	"github.com/puzzlesat/puzzlesat/puzzle"
	jm "github.com/puzzlesat/puzzlesat/puzzle/juosan"
)

// Juosan is the Juosan kind (puzzle/juosan, encode/juosan, human/juosan).
var Juosan = &Kind{
	Name:    "juosan",
	Doc:     "Juosan (Nikoli): fill every cell with - or |; a territory's number counts one symbol; no three - stacked, no three | side by side",
	Formats: readerDocs(jm.Formats),
	Outputs: jm.Formats.Writers(),
	Detect: func(name string, data []byte) bool {
		return jm.Formats.Detect(name, data) != nil
	},
	Parse: parseJuosan,

	Generate: juosanGeneration,
}

// parseJuosan reads the puzzles and gives each the reading opt.Rule names.
func parseJuosan(name string, data []byte, opt Options) ([]Instance, error) {
	rd, err := jm.ParseReading(opt.Rule)
	if err != nil {
		return nil, err
	}
	ps, perr := jm.Parse(name, data)
	out := make([]Instance, len(ps))
	for i, p := range ps {
		p.Reading = rd
		out[i] = &juosanInstance{Puzzle: p, card: opt.Card}
	}
	if perr != nil && len(out) > 0 {
		return out, &PartialError{Err: perr}
	}
	return out, perr
}

// PartialError reports bad entries in an input whose other puzzles were
// read; Parse returns those puzzles alongside it.
type PartialError struct{ Err error }

func (e *PartialError) Error() string { return e.Err.Error() }
func (e *PartialError) Unwrap() error { return e.Err }

// juosanInstance is the model (which is the Problem and verifies, draws
// and reads solutions itself) with the encoder and the rules.
type juosanInstance struct {
	*jm.Puzzle
	card string
}

var _ Instance = (*juosanInstance)(nil)

func (x *juosanInstance) Encode(b *encode.Builder) (encode.Layout, error) {
	return ej.Encode(b, x.Puzzle, ej.Options{Card: x.card})
}

func (x *juosanInstance) Format(format string) (string, error) {
	switch {
	case format == "url":
		format = "puzzlink" // its name before formats were values
	case format != "" && !slices.Contains(jm.Formats.Writers(), format):
		return "", fmt.Errorf("unknown output format %q", format)
	}
	out, err := jm.Formats.Write(format, []*jm.Puzzle{x.Puzzle})
	return string(out), err
}

func (x *juosanInstance) Solution() puzzle.Assignment { return x.Head().Solution }

func (x *juosanInstance) Human() (*HumanSetup, error) {
	in, err := hj.New(x.Puzzle)
	if err != nil {
		return nil, err
	}
	return &HumanSetup{Rules: hj.DefaultRules(), Input: in}, nil
}
