package kinds

import (
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// model is what a kind's model puzzle (puzzle/<kind>.Puzzle) is to this
// package: a Model that selection can tell from no puzzle.
type model interface {
	puzzle.Headed
	puzzle.Model
}

// instance is every kind's Instance: the model puzzle p, whose name,
// unknowns, Verify, Draw, Pos and Index it has through the embedded
// surface, joined with what its kind's models knows (encoder, formats,
// rules) and the options it was read with.
type instance[P model] struct {
	surface
	p   P
	m   *models[P]
	opt Options
}

// surface is puzzle.Model under a name that leaves instance's own Model
// method free.
type surface = puzzle.Model

// Model returns the kind's own model behind the instance, for code that
// draws a puzzle (package render) or audits its rules (rules audit):
// territories, arrows and dots are not part of the kind-independent view.
func (x *instance[P]) Model() P { return x.p }

func (x *instance[P]) Solution() puzzle.Assignment { return x.Head().Solution }

func (x *instance[P]) Encode(b *encode.Builder) (encode.Layout, error) {
	return x.m.encode(b, x.p, x.opt)
}

func (x *instance[P]) Format(format string) (string, error) {
	if x.m.output != nil {
		var err error
		if format, err = x.m.output(format); err != nil {
			return "", err
		}
	}
	out, err := x.m.formats.Write(format, []P{x.p})
	return string(out), err
}

func (x *instance[P]) ParseSolution(name string, data []byte) (puzzle.Assignment, error) {
	return x.m.solution(x.p, name, data)
}

func (x *instance[P]) Human() (*HumanSetup, error) { return x.m.human(x.p, x.opt) }

// writtenOnly is a models.output for kinds that name a format they do not
// write an unknown output format, rather than saying what Write says of
// it; the command adds the list of formats written itself.
func writtenOnly[P any](fs puzzle.Formats[P]) func(string) (string, error) {
	return func(format string) (string, error) {
		if format != "" && !slices.Contains(fs.Writers(), format) {
			return "", fmt.Errorf("unknown output format %q", format)
		}
		return format, nil
	}
}
