package human

import (
	"context"
	"fmt"
	"sync"

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

	err   error
	state *stateMemo // shared by the passes of one state; nil: none
	terse bool
}

// Terse reports whether the solve wants no reasons (Engine.Terse): a rule
// may then leave Deduction.Reason empty and save the writing.
func (p *Pass) Terse() bool { return p.terse }

// stateMemo holds the values rules derive from one state (Memo), shared by
// every pass the engine makes on that state: the rules of a level run in
// parallel, so each value is built once under its own sync.Once. A kind
// keeps one or two values, so a list searched in order beats a map.
type stateMemo struct {
	mu   sync.Mutex
	vals []*memoVal
}

type memoVal struct {
	key  any
	once sync.Once
	v    any
}

// val returns key's slot, made on first use.
func (m *stateMemo) val(key any) *memoVal {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, v := range m.vals {
		if v.key == key {
			return v
		}
	}
	v := &memoVal{key: key}
	m.vals = append(m.vals, v)
	return v
}

// Memo returns what build derives from the pass's state, built once per
// state and shared by every rule the engine evaluates on that state: the
// rules of every level tried on it, and inside a trial the inner rules and
// checks on each state the reasoning reaches. A kind whose rules all start
// by decoding the candidates into the same view (lines, counts, free cells)
// decodes once per state instead of once per rule.
//
// key names the value (a comparable value of a type of the caller's own,
// so that kinds do not collide); build must depend only on p.Puzzle and
// p.Cands, and the value it returns must not be modified by the rules that
// share it. On a pass the engine did not make (a rule applied by hand)
// Memo just calls build.
func Memo[T any](p *Pass, key any, build func() T) T {
	if p.state == nil {
		return build()
	}
	v := p.state.val(key)
	v.once.Do(func() { v.v = build() })
	// A build that panicked leaves no value: the rule fails as its own
	// panic would have made it fail.
	t, ok := v.v.(T)
	if !ok {
		panic(fmt.Sprintf("human: Memo %v holds %T, want %T", key, v.v, t))
	}
	return t
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
	// Single makes the engine take only the first deduction of the rule
	// that makes progress, one per application, as a solver that makes
	// one hard move at a time before going back to the easy ones.
	Single bool
	// Apply returns every deduction the rule makes on the pass's state
	// (it may return several; the engine applies them as one layer).
	// Write it with Typed, against the kind's own input type. A trial rule
	// has none: the engine runs it.
	Apply func(p *Pass) []Deduction
	// Trial makes the rule a proof by contradiction run by the engine
	// (see Trial and the package doc); Apply is then nil.
	Trial *Trial
}

// Trial is what a trial rule declares: a proof by contradiction assumes
// one value v of one unknown x (x = v), reasons from there with the inner
// rules, and eliminates v from x when the reasoning reaches a
// contradiction. The inner reasoning is bounded by rule cost (MaxLevel)
// and by chain length (Chain) or layer count (Layers); the inner rules may
// themselves be trial rules, and the trial may be used inside itself up to
// Nest times, so trials nest.
type Trial struct {
	// MaxLevel bounds the inner rules: the listed rules of level ≤
	// MaxLevel, other than the Checks and the trial itself (0: every
	// listed rule below the trial's own level). It must be below the
	// trial's level, so that nesting through other trial rules ends.
	MaxLevel int
	// Chain > 0 makes the inner reasoning a depth-first search over
	// chains of at most Chain single deductions: every deduction of every
	// inner rule on the state is applied alone, then the search goes on
	// from the new state, until one of them reaches a contradiction (the
	// Backtrack rules of the reference Japanese Arrows solver).
	Chain int
	// Layers > 0 makes the inner reasoning at most Layers layers, each
	// chosen as the engine chooses its own: the first inner rule, by
	// level, that makes progress, with all its deductions. Exactly one of
	// Chain and Layers is set.
	Layers int
	// Nest is how many times the trial may be used inside itself: inside
	// a trial with Nest n, the same trial with Nest n−1 follows the inner
	// rules (0: it is not). A trial step's Nesting counts the trials it
	// holds, itself included.
	Nest int
	// First makes an application eliminate only the first assumption
	// refuted, in the order of the unknowns with fewest candidates first
	// (ties by index) and ascending values; otherwise it eliminates every
	// assumption refuted on the state, as one layer.
	First bool
	// Budget > 0 bounds the work of one application: the rule
	// evaluations of the inner reasoning (nested trials' included), summed
	// over the assumptions in order. An assumption is refuted only when
	// its proof ends within the budget left by the assumptions before it;
	// past the budget the application stops. Work is counted per
	// assumption, so the result does not depend on parallelism. It keeps
	// a nested trial affordable on a large state it cannot refute.
	Budget int
	// Checks name listed rules that are consistency checks inside the
	// trial: they run after every inner step (and on the assumption
	// itself), a contradiction they find ends the trial as a success, and
	// they take no step of their own (the reference Arrows solver's
	// consistency check). They are not inner rules.
	Checks []string
}

// Depth is the trial's bound on its inner reasoning: Chain or Layers.
func (t *Trial) Depth() int { return max(t.Chain, t.Layers) }

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
