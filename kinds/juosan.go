package kinds

import (
	"github.com/puzzlesat/puzzlesat/encode"
	ej "github.com/puzzlesat/puzzlesat/encode/juosan"
	hj "github.com/puzzlesat/puzzlesat/human/juosan"
	jm "github.com/puzzlesat/puzzlesat/puzzle/juosan"
)

// Juosan is the Juosan kind (puzzle/juosan, encode/juosan, human/juosan).
var Juosan = juosanModels.kind(Kind{
	Name:   "juosan",
	Doc:    "Juosan (Nikoli): fill every cell with - or |; a territory's number counts one symbol; no three - stacked, no three | side by side",
	Random: randomJuosan,

	Generate: juosanGeneration,
})

// juosanModels joins the model with its encoder and rules; the model reads
// solutions itself.
var juosanModels = &models[*jm.Puzzle]{
	formats: jm.Formats, read: jm.Parse, aliases: jm.Aliases, prepare: prepareJuosan,
	encode: func(b *encode.Builder, p *jm.Puzzle, opt Options) (encode.Layout, error) {
		return ej.Encode(b, p, ej.Options{Card: opt.Card})
	},
	human: func(p *jm.Puzzle, _ Options) (*HumanSetup, error) {
		in, err := hj.New(p)
		if err != nil {
			return nil, err
		}
		return &HumanSetup{Rules: hj.DefaultRules(), Input: in}, nil
	},
	solution: (*jm.Puzzle).ParseSolution,
	output: func(format string) (string, error) {
		if format == "url" {
			return "puzzlink", nil // its name before formats were values
		}
		return writtenOnly(jm.Formats)(format)
	},
}

// prepareJuosan gives the puzzle the clue reading opt.Rule names.
func prepareJuosan(_ string, p *jm.Puzzle, opt Options) error {
	rd, err := jm.ParseReading(opt.Rule)
	if err != nil {
		return err
	}
	p.Reading = rd
	return nil
}
