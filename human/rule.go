package human

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Cands is the candidate set of one unknown: bit j set means value j of its
// domain is still possible. Domains have at most 64 values.
type Cands uint64

// Has reports whether value j is a candidate.
func (c Cands) Has(j int) bool { return c&(1<<uint(j)) != 0 }

// Elim removes value Value from unknown Var.
type Elim struct {
	Var   int `json:"var"`
	Value int `json:"value"`
}

// Deduction is what one application of a rule found.
type Deduction struct {
	// Elims are the candidate eliminations the rule proves.
	Elims []Elim
	// Contradiction: the state admits no solution (used inside trials).
	Contradiction bool
	// Cells are the cells the reasoning looked at (for display and hints).
	Cells []puzzle.Pos
	// Reason explains the deduction in words.
	Reason string
}

// Pass is what a rule's Apply sees: the kind's model and the current
// candidates. Rules must not modify either.
type Pass struct {
	Puzzle any // the kind's model, e.g. *juosan.Puzzle
	Cands  []Cands
	// Ctx is the solve's context: a rule whose work can be long (an
	// interpreted condition) polls it and gives up with Fail.
	Ctx context.Context

	err error
}

// Fail ends the rule's application with err: its deductions are dropped
// and the solve fails with an error naming the rule (or with the context's
// error when Ctx has ended). A rule calls it when it cannot finish: its
// context ended, or its work went over a bound.
func (p *Pass) Fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// Stopped reports whether the pass's context has ended, and then fails
// the pass with the context's error: a rule whose loops can run long on a
// large puzzle polls it between rounds and returns nil when it says so.
func (p *Pass) Stopped() bool {
	if p.Ctx == nil {
		return false
	}
	if err := p.Ctx.Err(); err != nil {
		p.Fail(err)
		return true
	}
	return false
}

// Context returns Ctx, or context.Background() when the pass has none (a
// rule applied by hand in a test).
func (p *Pass) Context() context.Context {
	if p.Ctx == nil {
		return context.Background()
	}
	return p.Ctx
}

// Rule is one named human deduction.
type Rule struct {
	Name string
	Doc  string
	// Level is the rule's cost; the engine tries cheaper rules first and
	// the hardest level a solve needs is its difficulty's main component.
	Level int
	// AssumesUnique marks a rule that is sound only on puzzles with one
	// solution (Linjat's "cheats"): it is listed apart, never used to
	// grade, and never trusted to prove uniqueness.
	AssumesUnique bool
	// Apply returns every deduction the rule makes on the pass's state
	// (it may return several; the engine applies them as one layer).
	// Write it with Typed, against the kind's own input type.
	Apply func(p *Pass) []Deduction
}

// Typed adapts a rule body written against the kind's own input type In
// (what the kind's setup passes as the engine's puzzle) to Rule.Apply. It
// is the one place the input is unpacked: a pass holding anything else is
// a programming error, which the engine reports as the rule misbehaving.
func Typed[In any](apply func(in In, p *Pass) []Deduction) func(p *Pass) []Deduction {
	return func(p *Pass) []Deduction {
		in, ok := p.Puzzle.(In)
		if !ok {
			panic(fmt.Sprintf("rule input is %T, want %T", p.Puzzle, in))
		}
		return apply(in, p)
	}
}
