package kinds

import (
	"fmt"
	"path/filepath"

	"github.com/puzzlesat/puzzlesat/encode"
	ea "github.com/puzzlesat/puzzlesat/encode/arrows"
	"github.com/puzzlesat/puzzlesat/encode/card"
	ha "github.com/puzzlesat/puzzlesat/human/arrows"
	"github.com/puzzlesat/puzzlesat/human/arrows/fol"
	"github.com/puzzlesat/puzzlesat/puzzle"
	am "github.com/puzzlesat/puzzlesat/puzzle/arrows"
)

// Arrows is the Japanese Arrows kind (puzzle/arrows, encode/arrows,
// human/arrows with its first-order rule language).
var Arrows = models[*am.Puzzle]{formats: am.Formats, read: am.Parse, wrap: wrapArrows}.kind(Kind{
	Name:    "arrows",
	Doc:     "Japanese Arrows: every arrow's number is the count of distinct numbers it points at",
	Formats: arrowsReads(),
	Random:  randomArrows,

	Generate: arrowsGeneration,
})

// arrowsReads names the formats read, for help texts: the reference's box
// format first, as they have always listed it, saying what is read beside
// it (see wrapArrows), then the others in am.Formats' order.
func arrowsReads() []string {
	out := []string{am.Box.Name + " (vanHavel puzzle.txt, with solution.txt and metadata.yaml beside)"}
	for _, n := range am.Formats.Readers() {
		if n != am.Box.Name {
			out = append(out, n)
		}
	}
	return out
}

// wrapArrows joins the puzzle with the encoding and rules the options
// name; one read from a reference folder's puzzle.txt gets the folder's
// solution.txt, metadata.yaml and name. The folder is read here rather
// than in the box format's Parse so that Parse stays a function of its
// input: detection, the fuzzers and the round trips read the same bytes
// the same way wherever they were found.
func wrapArrows(name string, p *am.Puzzle, opt Options) (Instance, error) {
	var enc *card.Encoding
	if opt.Card != "" {
		var err error
		if enc, err = card.Lookup(opt.Card); err != nil {
			return nil, err
		}
	}
	if filepath.Base(name) == "puzzle.txt" {
		if err := p.ReadBeside(filepath.Dir(name)); err != nil {
			return nil, err
		}
	}
	return &arrowsInstance{Puzzle: p, card: enc, rulesFile: opt.Rules}, nil
}

// arrowsInstance is the model with the encoder and the rules file; the
// model supplies the puzzle's name, unknowns, Verify, Draw and
// ParseSolution.
type arrowsInstance struct {
	*am.Puzzle
	card      *card.Encoding
	rulesFile string
}

var _ Instance = (*arrowsInstance)(nil)

func (x *arrowsInstance) Encode(b *encode.Builder) (encode.Layout, error) {
	return ea.Encode(b, x.Puzzle, ea.Options{Card: x.card})
}

func (x *arrowsInstance) Format(format string) (string, error) {
	return formatOne(am.Formats, format, x.Puzzle)
}

func (x *arrowsInstance) Solution() puzzle.Assignment { return x.Head().Solution }

// RuleSet loads the rules file the options named, or the default rules.
func (x *arrowsInstance) RuleSet() (*ha.RuleSet, error) {
	if x.rulesFile == "" {
		return ha.Default(), nil
	}
	return ha.LoadRules(x.rulesFile)
}

func (x *arrowsInstance) Human() (*HumanSetup, error) {
	rs, err := x.RuleSet()
	if err != nil {
		return nil, err
	}
	rules, err := rs.HumanRules(fol.AllOptimizations)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	return &HumanSetup{Rules: rules, Input: ha.Input(x.Puzzle), Start: ha.Start(x.Puzzle)}, nil
}

// Model returns the Arrows model behind the instance (for rules audit).
func (x *arrowsInstance) Model() *am.Puzzle { return x.Puzzle }
