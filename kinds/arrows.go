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
var Arrows = &Kind{
	Name:    "arrows",
	Doc:     "Japanese Arrows: every arrow's number is the count of distinct numbers it points at",
	Formats: []string{"box (vanHavel puzzle.txt, with solution.txt and metadata.yaml beside)", "canonical"},
	Outputs: []string{am.FormatCanonical, am.FormatBox},
	Detect:  func(name string, data []byte) bool { return am.Detect(data) },
	Parse: func(name string, data []byte, opt Options) ([]Instance, error) {
		p, err := am.Parse(name, data)
		if err != nil {
			return nil, err
		}
		// The reference keeps solution.txt and metadata.yaml beside
		// puzzle.txt; read them when the puzzle came from such a file.
		if filepath.Base(name) == "puzzle.txt" {
			if err := p.ReadBeside(filepath.Dir(name)); err != nil {
				return nil, err
			}
			p.Label = filepath.Base(filepath.Dir(name))
		}
		x := &arrowsInstance{Puzzle: p, rulesFile: opt.Rules}
		if opt.Card != "" {
			if x.card, err = card.Lookup(opt.Card); err != nil {
				return nil, err
			}
		}
		return []Instance{x}, nil
	},
	Generate: arrowsGeneration,
}

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
	return x.Puzzle.Format(format, nil)
}

func (x *arrowsInstance) Solution() puzzle.Assignment {
	if x.Puzzle.Solution == nil {
		return nil
	}
	return x.Assignment(x.Puzzle.Solution)
}

func (x *arrowsInstance) ParseSolution(name string, data []byte) (puzzle.Assignment, error) {
	g, err := am.ParseSolution(x.Puzzle, name, data)
	if err != nil {
		return nil, err
	}
	return x.Assignment(g), nil
}

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
	return &HumanSetup{Rules: rules, Input: ha.Input(x.Puzzle), Start: ha.Start(x.Puzzle), Trials: rs.TrialDepth()}, nil
}

// Model returns the Arrows model behind the instance (for rules audit).
func (x *arrowsInstance) Model() *am.Puzzle { return x.Puzzle }
