package kind

import (
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/display"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Model is what a kind's model puzzle (kinds/<kind>/model.Puzzle) is to this
// package: a Model that selection can tell from no puzzle.
type Model interface {
	puzzle.Headed
	puzzle.Model
}

// instance is every kind's Instance: the model puzzle p, whose name,
// unknowns, Verify, Draw, Pos and Index it has through the embedded
// surface, joined with what its kind's models knows (encoder, formats,
// rules) and the options it was read with.
type Of[P Model] struct {
	surface
	p   P
	m   *Models[P]
	opt Options
}

// surface is puzzle.Model under a name that leaves instance's own Model
// method free.
type surface = puzzle.Model

// Model returns the kind's own model behind the instance, for code that
// draws a puzzle (package render) or audits its rules (rules audit):
// territories, arrows and dots are not part of the kind-independent view.
func (x *Of[P]) Model() P { return x.p }

func (x *Of[P]) Solution() puzzle.Assignment { return x.Head().Solution }

func (x *Of[P]) Encode(b *encode.Builder) (encode.Layout, error) {
	return x.m.Encode(b, x.p, x.opt)
}

func (x *Of[P]) Format(format string) (string, error) {
	if x.m.Output != nil {
		var err error
		if format, err = x.m.Output(format); err != nil {
			return "", err
		}
	}
	out, err := x.m.Formats.Write(format, []P{x.p})
	return string(out), err
}

func (x *Of[P]) ParseSolution(name string, data []byte) (puzzle.Assignment, error) {
	return x.m.Solution(x.p, name, data)
}

func (x *Of[P]) Human() (*HumanSetup, error) { return x.m.Human(x.p, x.opt) }

func (x *Of[P]) Display() *display.Board { return x.m.Display(x.p) }

// WrittenOnly is a models.output for kinds that name a format they do not
// write an unknown output format, rather than saying what Write says of
// it; the command adds the list of formats written itself.
func WrittenOnly[P any](fs puzzle.Formats[P]) func(string) (string, error) {
	return func(format string) (string, error) {
		if format != "" && !slices.Contains(fs.Writers(), format) {
			return "", fmt.Errorf("unknown output format %q", format)
		}
		return format, nil
	}
}
