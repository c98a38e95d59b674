// Package encode builds CNF: a Builder with named primary variables and fresh
// auxiliaries that writes clauses to any sink. Encoders in encode/... (the
// Tseytin transform in encode/logic, cardinality in encode/card, one encoder
// per puzzle kind) write to an Adder and never see a solver.
package encode

import (
	"context"
	"errors"
	"fmt"
)

// Sink receives clauses of DIMACS literals.
type Sink interface {
	AddClause(lits ...int)
}

// Adder is a clause sink that also allocates variables. sat.Solver and
// *sat.Formula both satisfy it.
type Adder interface {
	Sink
	NewVar() int
}

// Guard returns an Adder that adds ¬g to every clause written through it,
// so that everything encoded through it holds only when g is true. Any CNF
// encoding whose auxiliaries are defined only by its own clauses stays
// correct under a guard: when g is false all its clauses are satisfied.
func Guard(a Adder, g int) Adder { return &guarded{a, g} }

type guarded struct {
	Adder
	g int
}

func (x *guarded) AddClause(lits ...int) {
	c := make([]int, 0, len(lits)+1)
	c = append(c, -x.g)
	c = append(c, lits...)
	x.Adder.AddClause(c...)
}

// Builder allocates named primary variables (the puzzle's own unknowns,
// the only ones blocking clauses and backbones may use) and anonymous
// auxiliaries, and forwards clauses to its sink.
type Builder struct {
	out     Adder
	byName  map[string]int
	names   map[int]string
	primary []int
	clauses int

	// The bounds of Limit: literals written and variables allocated so
	// far and the most allowed of each, and the context polled.
	lits    int
	maxLits int
	vars    int
	maxVars int
	ctx     context.Context
	// ops counts clauses and variables, for polling ctx.
	ops int
}

// DefaultMaxLiterals bounds the literals one puzzle's encoding may write.
// Measured with gini (the wrapper's clause copy plus gini's own), a literal
// costs about 50 bytes of live heap, so 6M literals stay under 600 MB of
// resident memory, under the gigabyte every command keeps to; the corpus's
// largest encoding writes 40K. A 300×300 Shinro with 300 stones under the
// totalizer took 9 GB without a bound; with it, it is refused in 2.5 s.
const DefaultMaxLiterals = 6_000_000

// DefaultMaxVars bounds the variables one puzzle's encoding may allocate.
// A variable costs more than a literal: a primary one is named in two maps
// (about 250 bytes), and gini keeps per-variable arrays grown by doubling
// (about 100 bytes each). A 1000×1000 Shinro's million cells reached
// 1.3 GB while still within the literal budget; 500K variables cost about
// 200 MB beside the literals' 600 MB.
const DefaultMaxVars = 500_000

// ErrTooLarge is the error of an encoding that went over its literal budget.
var ErrTooLarge = errors.New("encoding too large")

// stop is what AddClause panics with when a bound is hit; Build recovers it.
type stop struct{ err error }

// Limit bounds what the builder writes from now on: Build stops the
// encoding with an error when ctx ends, when more than maxLits literals have
// been written or more than maxVars variables allocated through it (≤ 0: no
// bound).
func (b *Builder) Limit(ctx context.Context, maxLits, maxVars int) {
	b.ctx, b.maxLits, b.maxVars = ctx, maxLits, maxVars
}

// Build runs encode on b and returns its result, or the error of a bound
// Limit set: the encoding is abandoned where it stood, so a hostile puzzle
// costs no more than the budget and a deadline is kept mid-encoding.
func (b *Builder) Build(encode func(*Builder) (Layout, error)) (lay Layout, err error) {
	defer func() {
		if x := recover(); x != nil {
			s, ok := x.(stop)
			if !ok {
				panic(x)
			}
			lay, err = Layout{}, s.err
		}
	}()
	return encode(b)
}

var _ Adder = (*Builder)(nil)

// NewBuilder returns a Builder writing to out.
func NewBuilder(out Adder) *Builder {
	return &Builder{out: out, byName: map[string]int{}, names: map[int]string{}}
}

// Var returns the primary variable called name, allocating it on first use.
func (b *Builder) Var(name string) int {
	if v, ok := b.byName[name]; ok {
		return v
	}
	b.poll()
	b.countVar()
	v := b.out.NewVar()
	b.byName[name] = v
	b.names[v] = name
	b.primary = append(b.primary, v)
	return v
}

// NewVar allocates a fresh auxiliary variable.
func (b *Builder) NewVar() int {
	b.poll()
	b.countVar()
	return b.out.NewVar()
}

// countVar counts one more variable against Limit's bound.
func (b *Builder) countVar() {
	b.vars++
	if b.maxVars > 0 && b.vars > b.maxVars {
		panic(stop{fmt.Errorf("%w: more than %d variables", ErrTooLarge, b.maxVars)})
	}
}

// AddClause forwards a clause to the sink.
func (b *Builder) AddClause(lits ...int) {
	b.clauses++
	b.lits += len(lits)
	if b.maxLits > 0 && b.lits > b.maxLits {
		panic(stop{fmt.Errorf("%w: more than %d literals", ErrTooLarge, b.maxLits)})
	}
	b.poll()
	b.out.AddClause(lits...)
}

// poll stops the encoding when Limit's context has ended. An encoding of a
// million variables spends a second naming them before its first clause,
// so variables count as well as clauses; polling every 4096 of them costs
// nothing measurable.
func (b *Builder) poll() {
	b.ops++
	if b.ctx != nil && b.ops&4095 == 0 {
		if err := b.ctx.Err(); err != nil {
			panic(stop{err})
		}
	}
}

// Primary returns the primary variables in allocation order.
func (b *Builder) Primary() []int { return append([]int(nil), b.primary...) }

// Name returns the name of primary variable v, or "" for an auxiliary.
func (b *Builder) Name(v int) string { return b.names[v] }

// Lookup returns the primary variable called name.
func (b *Builder) Lookup(name string) (int, bool) {
	v, ok := b.byName[name]
	return v, ok
}

// Clauses is the number of clauses written through the builder.
func (b *Builder) Clauses() int { return b.clauses }

// Out returns the sink the builder writes to (for encoders that need a
// native capability of it, such as cardinality constraints).
func (b *Builder) Out() Adder { return b.out }
