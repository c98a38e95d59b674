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
var Juosan = models[*jm.Puzzle]{formats: jm.Formats, read: jm.Parse, aliases: jm.Aliases, wrap: wrapJuosan}.kind(Kind{
	Name:   "juosan",
	Doc:    "Juosan (Nikoli): fill every cell with - or |; a territory's number counts one symbol; no three - stacked, no three | side by side",
	Random: randomJuosan,

	Generate: juosanGeneration,
})

// wrapJuosan gives the puzzle the clue reading opt.Rule names.
func wrapJuosan(_ string, p *jm.Puzzle, opt Options) (Instance, error) {
	rd, err := jm.ParseReading(opt.Rule)
	if err != nil {
		return nil, err
	}
	p.Reading = rd
	return &juosanInstance{Puzzle: p, card: opt.Card}, nil
}

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
	return formatOne(jm.Formats, format, x.Puzzle)
}

func (x *juosanInstance) Solution() puzzle.Assignment { return x.Head().Solution }

func (x *juosanInstance) Human() (*HumanSetup, error) {
	in, err := hj.New(x.Puzzle)
	if err != nil {
		return nil, err
	}
	return &HumanSetup{Rules: hj.DefaultRules(), Input: in}, nil
}
