// Package encode builds CNF: a Builder with named primary variables and fresh
// auxiliaries that writes clauses to any sink. Encoders in encode/... (the
// Tseytin transform in encode/logic, cardinality in encode/card, one encoder
// per puzzle kind) write to an Adder and never see a solver.
package encode

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
	v := b.out.NewVar()
	b.byName[name] = v
	b.names[v] = name
	b.primary = append(b.primary, v)
	return v
}

// NewVar allocates a fresh auxiliary variable.
func (b *Builder) NewVar() int { return b.out.NewVar() }

// AddClause forwards a clause to the sink.
func (b *Builder) AddClause(lits ...int) {
	b.clauses++
	b.out.AddClause(lits...)
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
