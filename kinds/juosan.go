package kinds

import (
	"bytes"
	"fmt"
	"strings"

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
	Formats: []string{"canonical", "in (tsaqifammar, with .ans)", "playground JSON", "janko.at text", "puzz.link URL"},
	Outputs: []string{"canonical", "puzzlink", "in"},
	Detect: func(name string, data []byte) bool {
		switch jm.Detect(data) {
		case jm.CanonicalFormat, jm.InFormat, jm.JankoFormat, jm.URLFormat:
			return true
		case jm.PlaygroundFormat:
			// Other kinds read JSON too: the playground's entries carry
			// "R" (the territory map) and "N" (the clues).
			return bytes.Contains(data, []byte(`"R"`)) && bytes.Contains(data, []byte(`"N"`))
		}
		return false
	},
	Parse: parseJuosan,

	Generate: juosanGeneration,
}

func parseJuosan(name string, data []byte, opt Options) ([]Instance, error) {
	rd, err := jm.ParseReading(opt.Rule)
	if err != nil {
		return nil, err
	}
	insts, perr := jm.Parse(name, data)
	out := make([]Instance, len(insts))
	for i, in := range insts {
		out[i] = &juosanInstance{Problem: in.Puzzle.Problem(), p: in.Puzzle, sol: in.Solution, rd: rd, card: opt.Card}
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

type juosanInstance struct {
	puzzle.Problem
	p    *jm.Puzzle
	sol  jm.Grid
	rd   jm.Reading
	card string
}

var _ Instance = (*juosanInstance)(nil)

func (x *juosanInstance) Encode(b *encode.Builder) (encode.Layout, error) {
	return ej.Encode(b, x.p, ej.Options{Reading: x.rd, Card: x.card})
}

func (x *juosanInstance) Verify(a puzzle.Assignment) []puzzle.Violation {
	g, err := x.p.GridOf(a)
	if err != nil {
		return []puzzle.Violation{{Rule: "size", Msg: err.Error()}}
	}
	return jm.Verify(x.p, g, x.rd)
}

func (x *juosanInstance) Draw(a puzzle.Assignment) []string {
	if a == nil {
		return strings.Split(strings.TrimRight(jm.FormatCanonical(x.p, nil), "\n"), "\n")
	}
	g, err := x.p.GridOf(a)
	if err != nil {
		return []string{err.Error()}
	}
	return strings.Split(strings.TrimRight(jm.FormatGrid(g), "\n"), "\n")
}

func (x *juosanInstance) Format(format string) (string, error) {
	switch format {
	case "canonical", "":
		return jm.FormatCanonical(x.p, x.sol), nil
	case "puzzlink", "url":
		return jm.FormatURL(x.p) + "\n", nil
	case "in":
		return jm.FormatIn(x.p), nil
	}
	return "", fmt.Errorf("unknown output format %q", format)
}

func (x *juosanInstance) Solution() puzzle.Assignment {
	if x.sol == nil {
		return nil
	}
	return x.sol.Assignment()
}

// ParseSolution reads a solution as an .ans grid, or from the solution
// block of a janko.at or canonical file.
func (x *juosanInstance) ParseSolution(name string, data []byte) (puzzle.Assignment, error) {
	switch jm.Detect(data) {
	case jm.JankoFormat, jm.CanonicalFormat:
		insts, err := jm.Parse(name, data)
		if err != nil {
			return nil, err
		}
		if len(insts) != 1 || insts[0].Solution == nil {
			return nil, &puzzle.Error{File: name, Msg: "no solution block in this file"}
		}
		g := insts[0].Solution
		if len(g) != x.p.Rows || len(g[0]) != x.p.Cols {
			return nil, &puzzle.Error{File: name, Msg: fmt.Sprintf("solution is %dx%d, puzzle is %dx%d", len(g), len(g[0]), x.p.Rows, x.p.Cols)}
		}
		return g.Assignment(), nil
	}
	g, err := jm.ParseAnswer(name, data, x.p)
	if err != nil {
		return nil, err
	}
	return g.Assignment(), nil
}

func (x *juosanInstance) Human() (*HumanSetup, error) {
	in, err := hj.New(x.p, x.rd)
	if err != nil {
		return nil, err
	}
	// Every janko puzzle needs at most 4 trial layers (5 leaves a margin).
	return &HumanSetup{Rules: hj.Rules(), Input: in, Trials: 5}, nil
}
