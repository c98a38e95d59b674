package logic

import (
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/encode"
)

// Options tunes a Tseytin transform.
type Options struct {
	// Polarity selects the Plaisted–Greenbaum transform: a gate gets only
	// the half of its definition that the polarity of its occurrences
	// needs. A gate used positively (its literal l only has to imply the
	// subformula) gets the clauses l → f; one used negatively gets f → l;
	// one under Xor, Iff or an ITE condition gets both. The CNF is
	// equisatisfiable with, and its models project onto, the formulas
	// asserted, with fewer clauses. Without Polarity every gate is fully
	// defined (l ↔ f), so every literal returned is equivalent to its
	// formula.
	Polarity bool
}

// Tseytin writes formulas as clauses to an encode.Adder, one fresh variable
// per distinct gate.
//
// Structural hashing: before a gate is made its arguments are reduced to
// literals and normalised — constants are propagated (And(x, False) is
// False, And(x, True) is x), double negations vanish, And/Or/Xor arguments
// are deduplicated and sorted (so And(a, b) and And(b, a) are one gate),
// complementary arguments fold (And(x, ¬x) is False, Xor(x, x) is False),
// Or is kept as a negated And (De Morgan, so Or(¬a, ¬b) is ¬And(a, b)),
// Iff is a negated Xor, an n-ary Xor is a chain of binary ones over sorted
// variables with signs pulled out, and ITE drops to And/Or when a branch is a
// constant or equals the condition. A gate is then looked up by its
// operator and argument literals, so an equal gate made before — by this
// call or an earlier one on the same Tseytin — is reused instead of
// re-encoded. In polarity mode a reused gate gets the half of its
// definition it lacked, if the new occurrence needs it.
//
// A Tseytin is tied to its Adder and is not safe for concurrent use.
type Tseytin struct {
	a     encode.Adder
	opt   Options
	gates map[string]*gate
	memo  map[Formula]visit
	one   int // a variable asserted true, made on first need for a constant literal

	vars, clauses int
}

// NewTseytin returns a transform writing to a. The variables of the
// formulas it is given belong to the caller and must already be allocated
// on a (for example with encode.Builder.Var); the transform allocates its
// gates with a.NewVar.
func NewTseytin(a encode.Adder, opt Options) *Tseytin {
	return &Tseytin{a: a, opt: opt, gates: map[string]*gate{}, memo: map[Formula]visit{}}
}

// Lit returns a literal equivalent to f (in either mode), adding the
// clauses that define it. Equal formulas get the same literal.
func (t *Tseytin) Lit(f Formula) int { return t.public(f, both) }

// PosLit returns a literal l with l → f, for a positive occurrence of f (l
// in a clause, standing for f). In polarity mode only the clauses for that
// direction are added; otherwise it is Lit.
func (t *Tseytin) PosLit(f Formula) int { return t.public(f, pos) }

// NegLit returns a literal l with f → l, for a negative occurrence of f (¬l
// in a clause, standing for ¬f). In polarity mode only the clauses for that
// direction are added; otherwise it is Lit.
func (t *Tseytin) NegLit(f Formula) int { return t.public(f, neg) }

// Assert adds f as a fact. A top-level And is asserted argument by
// argument, a top-level Or or Implies becomes one clause of its arguments'
// literals, Not is pushed through both, and ITE, Iff and Xor at the top
// become their two defining clauses, so no gate is made for the top-level
// connective. Assert(False) adds the empty clause.
func (t *Tseytin) Assert(f Formula) { t.assert(f, true) }

// Vars is the number of variables the transform has allocated.
func (t *Tseytin) Vars() int { return t.vars }

// Clauses is the number of clauses the transform has written.
func (t *Tseytin) Clauses() int { return t.clauses }

// Polarity bits: pos asks for l → f, neg for f → l.
type pol uint8

const (
	pos  pol = 1
	neg  pol = 2
	both pol = pos | neg
)

func (p pol) flip() pol { return p>>1 | p&1<<1 }

// Values inside the transform are literals or one of two constants, chosen
// outside any variable's range so that negation maps one onto the other.
const (
	vTrue  = int(^uint(0) >> 1)
	vFalse = -vTrue
)

type visit struct {
	val  int
	done pol
}

type gate struct {
	out  int
	done pol
	kind byte  // 'a' and, 'x' xor, 'i' ite
	ins  []int // arguments, all literals
}

func (t *Tseytin) public(f Formula, p pol) int {
	v := t.lit(f, t.mode(p))
	switch v {
	case vTrue:
		return t.trueLit()
	case vFalse:
		return -t.trueLit()
	}
	return v
}

func (t *Tseytin) mode(p pol) pol {
	if t.opt.Polarity {
		return p
	}
	return both
}

func (t *Tseytin) trueLit() int {
	if t.one == 0 {
		t.one = t.newVar()
		t.add(t.one)
	}
	return t.one
}

func (t *Tseytin) newVar() int {
	t.vars++
	return t.a.NewVar()
}

func (t *Tseytin) add(lits ...int) {
	t.clauses++
	t.a.AddClause(lits...)
}

// lit reduces f to a value whose clauses cover polarity p.
func (t *Tseytin) lit(f Formula, p pol) int {
	switch f := f.(type) {
	case constant:
		if f {
			return vTrue
		}
		return vFalse
	case literal:
		return int(f)
	case nil:
		panic("logic: nil Formula")
	}
	m, seen := t.memo[f]
	if seen && m.done&p == p {
		return m.val
	}
	need := p
	if seen {
		need = p &^ m.done
	}
	v := t.node(f, need)
	t.memo[f] = visit{val: v, done: m.done | need}
	return v
}

func (t *Tseytin) node(f Formula, p pol) int {
	if u, ok := f.(*unary); ok {
		return -t.lit(u.x, p.flip())
	}
	n := f.(*nary)
	switch n.op {
	case opAnd:
		vs := make([]int, len(n.args))
		for i, g := range n.args {
			vs[i] = t.lit(g, p)
		}
		return t.and(vs, p)
	case opOr: // ¬And(¬args)
		vs := make([]int, len(n.args))
		for i, g := range n.args {
			vs[i] = -t.lit(g, p)
		}
		return -t.and(vs, p.flip())
	case opImplies: // ¬And(a, ¬b)
		return -t.and([]int{t.lit(n.args[0], p.flip()), -t.lit(n.args[1], p)}, p.flip())
	case opXor:
		vs := make([]int, len(n.args))
		for i, g := range n.args {
			vs[i] = t.lit(g, both)
		}
		return t.xor(vs, p)
	case opIff: // ¬Xor(a, b)
		return -t.xor([]int{t.lit(n.args[0], both), t.lit(n.args[1], both)}, p.flip())
	case opITE:
		return t.ite(t.lit(n.args[0], both), t.lit(n.args[1], p), t.lit(n.args[2], p), p)
	}
	panic("logic: unknown operator")
}

// and returns a value for the conjunction of vs.
func (t *Tseytin) and(vs []int, p pol) int {
	ins, absorbed := fold(vs, vFalse)
	if absorbed {
		return vFalse
	}
	switch len(ins) {
	case 0:
		return vTrue
	case 1:
		return ins[0]
	}
	return t.gate('a', ins, p)
}

// xorNorm splits the parity of vs into a sorted list of distinct positive
// variables and whether their parity is to be negated: signs and true
// constants flip it, false constants and pairs of equal variables drop out.
func xorNorm(vs []int) (xs []int, odd bool) {
	xs = make([]int, 0, len(vs))
	for _, v := range vs {
		switch {
		case v == vFalse:
		case v == vTrue:
			odd = !odd
		case v < 0:
			odd = !odd
			xs = append(xs, -v)
		default:
			xs = append(xs, v)
		}
	}
	slices.Sort(xs)
	out := xs[:0]
	for i := 0; i < len(xs); i++ {
		if i+1 < len(xs) && xs[i] == xs[i+1] {
			i++ // x ⊕ x = false
			continue
		}
		out = append(out, xs[i])
	}
	return out, odd
}

// xor returns a value for the parity of vs.
func (t *Tseytin) xor(vs []int, p pol) int {
	xs, odd := xorNorm(vs)
	if odd {
		p = p.flip()
	}
	g := t.chain(xs, p)
	if odd {
		return -g
	}
	return g
}

// chain returns a value for the parity of the distinct variables xs, as a
// chain of binary xor gates; the last gate gets polarity p, the others both
// (each feeds the next xor).
func (t *Tseytin) chain(xs []int, p pol) int {
	if len(xs) == 0 {
		return vFalse
	}
	g := xs[0]
	for i, x := range xs[1:] {
		q := both
		if i == len(xs)-2 {
			q = p
		}
		g = t.gate('x', []int{g, x}, q)
	}
	return g
}

// ite returns a value for "if c then x else y".
func (t *Tseytin) ite(c, x, y int, p pol) int {
	switch {
	case c == vTrue:
		return x
	case c == vFalse:
		return y
	case x == y:
		return x
	case c < 0:
		return t.ite(-c, y, x, p)
	case x == vTrue && y == vFalse:
		return c
	case x == vFalse && y == vTrue:
		return -c
	case x == vTrue || x == c: // c ∨ y
		return -t.and([]int{-c, -y}, p.flip())
	case x == vFalse || x == -c: // ¬c ∧ y
		return t.and([]int{-c, y}, p)
	case y == vFalse || y == c: // c ∧ x
		return t.and([]int{c, x}, p)
	case y == vTrue || y == -c: // ¬c ∨ x
		return -t.and([]int{c, -x}, p.flip())
	case x < 0: // ite(c, ¬x, ¬y) = ¬ite(c, x, y)
		return -t.gate('i', []int{c, -x, -y}, p.flip())
	}
	return t.gate('i', []int{c, x, y}, p)
}

// gate returns the output of the gate kind(ins), making it or adding the
// directions of its definition that p asks for and it lacks.
func (t *Tseytin) gate(kind byte, ins []int, p pol) int {
	var b strings.Builder
	b.WriteByte(kind)
	for _, v := range ins {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(v))
	}
	key := b.String()
	g := t.gates[key]
	if g == nil {
		g = &gate{out: t.newVar(), kind: kind, ins: ins}
		t.gates[key] = g
	}
	if need := p &^ g.done; need != 0 {
		t.define(g, need)
		g.done |= need
	}
	return g.out
}

func (t *Tseytin) define(g *gate, p pol) {
	o := g.out
	switch g.kind {
	case 'a':
		if p&pos != 0 {
			for _, x := range g.ins {
				t.add(-o, x)
			}
		}
		if p&neg != 0 {
			c := make([]int, 0, len(g.ins)+1)
			c = append(c, o)
			for _, x := range g.ins {
				c = append(c, -x)
			}
			t.add(c...)
		}
	case 'x':
		a, b := g.ins[0], g.ins[1]
		if p&pos != 0 {
			t.add(-o, a, b)
			t.add(-o, -a, -b)
		}
		if p&neg != 0 {
			t.add(o, -a, b)
			t.add(o, a, -b)
		}
	case 'i':
		c, x, y := g.ins[0], g.ins[1], g.ins[2]
		// The third clause of each half is implied by the other two; it
		// lets unit propagation set the output when both branches agree
		// before the condition is known.
		if p&pos != 0 {
			t.add(-o, -c, x)
			t.add(-o, c, y)
			t.add(-o, x, y)
		}
		if p&neg != 0 {
			t.add(o, -c, -x)
			t.add(o, c, -y)
			t.add(o, -x, -y)
		}
	}
}

// assert adds f (or ¬f when !truth) as a fact.
func (t *Tseytin) assert(f Formula, truth bool) {
	switch f := f.(type) {
	case constant:
		if bool(f) != truth {
			t.add()
		}
		return
	case literal:
		if truth {
			t.add(int(f))
		} else {
			t.add(-int(f))
		}
		return
	case *unary:
		t.assert(f.x, !truth)
		return
	case nil:
		panic("logic: nil Formula")
	}
	p, q := t.mode(pos), t.mode(neg)
	n := f.(*nary)
	switch {
	case n.op == opAnd && truth, n.op == opOr && !truth:
		for _, g := range n.args {
			t.assert(g, truth)
		}
	case n.op == opOr: // true
		vs := make([]int, len(n.args))
		for i, g := range n.args {
			vs[i] = t.lit(g, p)
		}
		t.clause(vs...)
	case n.op == opAnd: // false: one argument is false
		vs := make([]int, len(n.args))
		for i, g := range n.args {
			vs[i] = -t.lit(g, q)
		}
		t.clause(vs...)
	case n.op == opImplies && truth:
		t.clause(-t.lit(n.args[0], q), t.lit(n.args[1], p))
	case n.op == opImplies:
		t.assert(n.args[0], true)
		t.assert(n.args[1], false)
	case n.op == opITE:
		c := t.lit(n.args[0], t.mode(both))
		sign, r := 1, p
		if !truth {
			sign, r = -1, q
		}
		t.clause(-c, sign*t.lit(n.args[1], r))
		t.clause(c, sign*t.lit(n.args[2], r))
	case n.op == opXor, n.op == opIff:
		vs := make([]int, len(n.args))
		for i, g := range n.args {
			vs[i] = t.lit(g, t.mode(both))
		}
		if n.op == opIff {
			truth = !truth
		}
		t.assertXor(vs, truth)
	}
}

// assertXor adds "the parity of vs is odd" (or even when !odd).
func (t *Tseytin) assertXor(vs []int, odd bool) {
	xs, flip := xorNorm(vs)
	if flip {
		odd = !odd
	}
	if len(xs) == 0 {
		t.clause(constVal(!odd))
		return
	}
	// Reduce all but the last variable to one value; two clauses then say
	// g ⊕ last = odd with no gate for the top.
	g := t.chain(xs[:len(xs)-1], t.mode(both))
	last := xs[len(xs)-1]
	if !odd {
		last = -last
	}
	t.clause(g, last)
	t.clause(-g, -last)
}

func constVal(b bool) int {
	if b {
		return vTrue
	}
	return vFalse
}

// clause adds the disjunction of vs after folding constants: a true value
// drops the clause, false values drop out, repeats merge, and x ∨ ¬x drops
// the clause.
func (t *Tseytin) clause(vs ...int) {
	if c, absorbed := fold(vs, vTrue); !absorbed {
		t.add(c...)
	}
}

// fold simplifies the operands vs of a conjunction (absorbing = vFalse) or
// a disjunction (absorbing = vTrue): it reports absorbed when vs holds the
// absorbing constant or a literal and its negation, and otherwise returns
// the distinct literals of vs, sorted, without the neutral constant.
func fold(vs []int, absorbing int) (lits []int, absorbed bool) {
	lits = make([]int, 0, len(vs))
	for _, v := range vs {
		switch v {
		case absorbing:
			return nil, true
		case -absorbing:
		default:
			lits = append(lits, v)
		}
	}
	slices.Sort(lits)
	lits = slices.Compact(lits)
	for _, v := range lits {
		if _, found := slices.BinarySearch(lits, -v); found {
			return nil, true
		}
	}
	return lits, false
}
