package arrows

import (
	"fmt"
	"path/filepath"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	ea "github.com/puzzlesat/puzzlesat/kinds/arrows/cnf"
	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	ha "github.com/puzzlesat/puzzlesat/kinds/arrows/rules"
	"github.com/puzzlesat/puzzlesat/kinds/arrows/rules/fol"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// Arrows is the Japanese Arrows kind (kinds/arrows/model, kinds/arrows/cnf,
// kinds/arrows/rules with its first-order rule language).
var Kind = models.Kind(kind.Kind{
	Play:    play,
	Name:    "arrows",
	Exts:    []string{".arrows"},
	Doc:     "Japanese Arrows: every arrow's number is the count of distinct numbers it points at",
	Formats: arrowsReads(),
	Random:  randomArrows,
	Flags:   []kind.Flag{{Name: "rules", Usage: "Arrows rules file (default: puzzlesat's own rules)"}},
	// vanHavel's reference puzzles are folders: puzzle.txt, with
	// solution.txt and metadata.yaml beside.
	Folder:    &kind.Folder{File: "puzzle.txt", Beside: []string{"solution.txt"}},
	RuleFiles: ruleFiles,
	Examples:  examples,
	Corpus:    corpus,
	Generate:  generation,
})

// models joins the model with its encoder and the rules file the
// options name; the model reads solutions itself.
var models = &kind.Models[*am.Puzzle]{
	Display: board, Clues: clues, Without: without, Full: full,
	Formats: am.Formats, Read: am.Parse, Prepare: prepareArrows,
	Encode: func(b *encode.Builder, p *am.Puzzle, opt kind.Options) (encode.Layout, error) {
		enc, err := arrowsCard(opt)
		if err != nil {
			return encode.Layout{}, err
		}
		return ea.Encode(b, p, ea.Options{Card: enc})
	},
	Solution: (*am.Puzzle).ParseSolution,
	Human: func(p *am.Puzzle, opt kind.Options) (*kind.HumanSetup, error) {
		rs := ha.Default()
		if opt.Flag("rules") != "" {
			var err error
			if rs, err = ha.LoadRules(opt.Flag("rules")); err != nil {
				return nil, err
			}
		}
		rules, err := rs.HumanRules(fol.AllOptimizations)
		if err != nil {
			return nil, fmt.Errorf("rules: %w", err)
		}
		return &kind.HumanSetup{Rules: rules, Input: ha.Input(p), Start: ha.Start(p)}, nil
	},
}

// arrowsReads names the formats read, for help texts: the reference's box
// format first, as they have always listed it, saying what is read beside
// it (see prepareArrows), then the others in am.Formats' order.
func arrowsReads() []string {
	out := []string{am.Box.Name + " (vanHavel puzzle.txt, with solution.txt and metadata.yaml beside)"}
	for _, n := range am.Formats.Readers() {
		if n != am.Box.Name {
			out = append(out, n)
		}
	}
	return out
}

// arrowsCard is the cardinality encoding opt names: nil, the encoder's
// own, for none.
func arrowsCard(opt kind.Options) (*card.Encoding, error) {
	if opt.Card == "" {
		return nil, nil
	}
	return card.Lookup(opt.Card)
}

// prepareArrows checks the encoding the options name, so that a wrong one
// is an error of the input rather than of its encoding; one read from a
// reference folder's puzzle.txt gets the folder's solution.txt,
// metadata.yaml and name. The folder is read here rather than in the box
// format's Parse so that Parse stays a function of its input: detection,
// the fuzzers and the round trips read the same bytes the same way
// wherever they were found.
func prepareArrows(name string, p *am.Puzzle, opt kind.Options) error {
	if _, err := arrowsCard(opt); err != nil {
		return err
	}
	if filepath.Base(name) == "puzzle.txt" {
		return p.ReadBeside(filepath.Dir(name))
	}
	return nil
}
