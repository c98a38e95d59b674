package juosan

import (
	"github.com/puzzlesat/puzzlesat/encode"
	ej "github.com/puzzlesat/puzzlesat/kinds/juosan/cnf"
	jm "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	hj "github.com/puzzlesat/puzzlesat/kinds/juosan/rules"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// Juosan is the Juosan kind (kinds/juosan/model, kinds/juosan/cnf, kinds/juosan/rules).
var Kind = models.Kind(kind.Kind{
	Play:   play,
	Name:   "juosan",
	Exts:   []string{".juosan", ".in"},
	Doc:    "Juosan (Nikoli): fill every cell with - or |; a territory's number counts one symbol; no three - stacked, no three | side by side",
	Random: randomJuosan,
	Flags: []kind.Flag{{Name: "rule", Usage: "Juosan clue reading: either or majority", Default: "either", Values: []string{"either", "majority"},
		Label: "Numbers count", Labels: []string{"either symbol", "the majority"}}},

	Examples: examples,
	Corpus:   corpus,
	Generate: generation,
})

// models joins the model with its encoder and rules; the model reads
// solutions itself.
var models = &kind.Models[*jm.Puzzle]{
	Display: board, Clues: clues, Without: without, Full: full,
	Formats: jm.Formats, Read: jm.Parse, Aliases: jm.Aliases, Prepare: prepareJuosan,
	Encode: func(b *encode.Builder, p *jm.Puzzle, opt kind.Options) (encode.Layout, error) {
		return ej.Encode(b, p, ej.Options{Card: opt.Card})
	},
	Human: func(p *jm.Puzzle, _ kind.Options) (*kind.HumanSetup, error) {
		in, err := hj.New(p)
		if err != nil {
			return nil, err
		}
		return &kind.HumanSetup{Rules: hj.DefaultRules(), Input: in}, nil
	},
	Solution: (*jm.Puzzle).ParseSolution,
	Output: func(format string) (string, error) {
		if format == "url" {
			return "puzzlink", nil // its name before formats were values
		}
		return kind.WrittenOnly(jm.Formats)(format)
	},
}

// prepareJuosan gives the puzzle the clue reading its flag "rule" names.
func prepareJuosan(_ string, p *jm.Puzzle, opt kind.Options) error {
	rd, err := jm.ParseReading(opt.Flag("rule"))
	if err != nil {
		return err
	}
	p.Reading = rd
	return nil
}
