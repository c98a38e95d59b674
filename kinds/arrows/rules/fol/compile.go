package fol

import (
	"fmt"
	"math/bits"
)

// Options select the optimizer's passes. The zero value evaluates
// conditions naively: every quantifier loops over its whole domain and
// tests its body as written.
type Options struct {
	// Miniscope moves each conjunct of an existential body out to the
	// first point where its variables are bound (∃x(A ∧ B) ≡ A ∧ ∃x B when
	// x is not free in A), turns ∀ into ¬∃¬ with negation pushed inwards
	// so that universal bodies are planned the same way, and splits ∃ over
	// a disjunction.
	Miniscope bool
	// Eliminate replaces a quantified variable x that has a defining
	// conjunct x = t (t free of x, its variables already bound) by the
	// single value of t instead of a loop (quantifier elimination by
	// equality substitution), and orders loops so that such equations
	// become usable.
	Eliminate bool
	// Generators loops a variable x with a conjunct points_at(p, x) only
	// over p's ray instead of the whole grid, and a number variable j with
	// a conjunct candidate(p, j), sees_value(p, j) or may_see(p, j) only
	// over the values that make it true (the bits of one of the state's
	// masks) instead of every value.
	Generators bool
}

// AllOptimizations turns every pass on.
var AllOptimizations = Options{Miniscope: true, Eliminate: true, Generators: true}

type (
	termFn func(s *State, e []int) int
	testFn func(s *State, e []int) bool
	// progFn enumerates the satisfying extensions of e, calling k for
	// each; it returns false as soon as k does (enumeration stopped).
	progFn func(s *State, e []int, k func() bool) bool
)

// Program is a compiled rule: run it against a State to get witnesses and
// the eliminations their conclusions make.
type Program struct {
	slots int
	cond  progFn
	concl []compiledConclusion
}

type compiledConclusion struct {
	src    *Conclusion
	cell   termFn
	values []termFn
}

// Compile optimizes and compiles a checked rule.
func Compile(ch *Checked, opt Options) (*Program, error) {
	if ch.Slots > 64 {
		return nil, fmt.Errorf("rule has %d quantified variables, at most 64 are supported", ch.Slots)
	}
	c := &compiler{opt: opt}
	p := &Program{slots: ch.Slots, cond: c.prog(ch.Cond, 0)}
	for _, k := range ch.Conclusions {
		cc := compiledConclusion{src: k, cell: c.term(k.Cell)}
		for _, v := range k.Values {
			cc.values = append(cc.values, c.term(v))
		}
		p.concl = append(p.concl, cc)
	}
	return p, nil
}

// Witnesses calls yield with the variable slots of every witness of the
// condition (the slice is reused: copy what you keep) until yield returns
// false.
func (p *Program) Witnesses(s *State, yield func(env []int) bool) {
	e := make([]int, p.slots)
	for i := range e {
		e[i] = Nil
	}
	s.steps, s.err = 0, nil
	// After a stop a forall may have answered false without looking at
	// every value: no witness is trusted from then on.
	p.cond(s, e, func() bool { return s.err == nil && yield(e) })
}

// Holds reports whether the condition has a witness.
func (p *Program) Holds(s *State) bool {
	found := false
	p.Witnesses(s, func([]int) bool { found = true; return false })
	return found
}

// Conclude evaluates the conclusions under witness env and returns, per
// cell, the candidates they remove (cell → removed bits), each conclusion
// removing from what the ones before it left. A conclusion whose terms are
// nil or OOB concludes nothing. empty reports a cell left with no
// candidate (the state has no solution).
func (p *Program) Conclude(s *State, env []int) (removed map[int]uint64, empty bool) {
	removed = map[int]uint64{}
	for k := range p.concl {
		cell, rm, e := p.concludeOn(s, env, k, removed)
		if cell >= 0 && rm != 0 {
			removed[cell] |= rm
		}
		empty = empty || e
	}
	return removed, empty
}

// Conclusions is the number of conclusions of the rule.
func (p *Program) Conclusions() int { return len(p.concl) }

// ConcludeOne evaluates conclusion k alone under witness env: the cell it
// concludes about (-1 when its terms are nil or OOB), the candidates it
// removes from that cell, and whether it leaves the cell with none.
func (p *Program) ConcludeOne(s *State, env []int, k int) (cell int, removed uint64, empty bool) {
	return p.concludeOn(s, env, k, nil)
}

// concludeOn evaluates conclusion k on s's candidates less before's.
func (p *Program) concludeOn(s *State, env []int, k int, before map[int]uint64) (int, uint64, bool) {
	c := p.concl[k]
	cell := c.cell(s, env)
	if !validPos(s, cell) {
		return -1, 0, false
	}
	cur := s.C[cell] &^ before[cell]
	var keep uint64
	switch c.src.Kind {
	case Set:
		v := c.values[0](s, env)
		if v == Nil {
			return -1, 0, false
		}
		keep = cur & bit(v)
	case Exclude:
		v := c.values[0](s, env)
		if v == Nil {
			return -1, 0, false
		}
		keep = cur
		excluded := cmpOf(c.src.Op)
		for x := cur; x != 0; x &= x - 1 {
			j := bits.TrailingZeros64(x)
			if excluded(j, v) {
				keep &^= 1 << uint(j)
			}
		}
	case OnlyOf:
		var allowed uint64
		any := false
		for _, f := range c.values {
			if v := f(s, env); v != Nil {
				allowed |= bit(v)
				any = true
			}
		}
		if !any {
			return -1, 0, false
		}
		keep = cur & allowed
	}
	return cell, cur &^ keep, keep == 0 && s.C[cell] != 0
}

// bit is the candidate bit of value v (0 outside 0..63).
func bit(v int) uint64 {
	if v < 0 || v > 63 {
		return 0
	}
	return 1 << uint(v)
}

// cmpOf is the comparison op of two values, chosen once rather than at
// every comparison: = and != compare nil like any value, the orderings
// are false when either side is nil.
func cmpOf(op string) func(a, b int) bool {
	switch op {
	case "=":
		return func(a, b int) bool { return a == b }
	case "!=":
		return func(a, b int) bool { return a != b }
	case "<":
		return func(a, b int) bool { return a != Nil && b != Nil && a < b }
	case ">":
		return func(a, b int) bool { return a != Nil && b != Nil && a > b }
	case "<=":
		return func(a, b int) bool { return a != Nil && b != Nil && a <= b }
	case ">=":
		return func(a, b int) bool { return a != Nil && b != Nil && a >= b }
	}
	return func(int, int) bool { return false }
}

// slotOf returns the slot of t when t is a quantified variable (not a
// named constant): its value is e[slot], read without a call.
func slotOf(t Term) (int, bool) {
	if v, ok := t.(*Var); ok && v.B != nil {
		return v.B.slot, true
	}
	return 0, false
}

// constValue returns the value of t when t is a constant (a literal or a
// named constant such as nil).
func constValue(t Term) (int, bool) {
	switch t := t.(type) {
	case *Const:
		return t.Val, true
	case *Var:
		if k := constOf(t); k != nil {
			return k.Val, true
		}
	}
	return 0, false
}

type compiler struct {
	opt Options
}

func (c *compiler) term(t Term) termFn {
	switch t := t.(type) {
	case *Var:
		if k := constOf(t); k != nil {
			v := k.Val
			return func(*State, []int) int { return v }
		}
		slot := t.B.slot
		return func(_ *State, e []int) int { return e[slot] }
	case *Const:
		v := t.Val
		return func(*State, []int) int { return v }
	case *Arith:
		l, r := c.term(t.L), c.term(t.R)
		if t.Op == '+' {
			return func(s *State, e []int) int {
				a, b := l(s, e), r(s, e)
				if a == Nil || b == Nil {
					return Nil
				}
				return a + b
			}
		}
		return func(s *State, e []int) int {
			a, b := l(s, e), r(s, e)
			if a == Nil || b == Nil {
				return Nil
			}
			return a - b
		}
	case *Call:
		impl := funcImpl[t.Name]
		switch len(t.Args) {
		case 1:
			if a, ok := slotOf(t.Args[0]); ok {
				return func(s *State, e []int) int { return impl(s, args{e[a]}) }
			}
			a := c.term(t.Args[0])
			return func(s *State, e []int) int { return impl(s, args{a(s, e)}) }
		default:
			fs := c.terms(t.Args)
			return func(s *State, e []int) int { return impl(s, evalArgs(s, e, fs)) }
		}
	}
	panic(fmt.Sprintf("fol: unknown term %T", t))
}

// terms compiles the arguments of a call or an atom.
func (c *compiler) terms(ts []Term) []termFn {
	fs := make([]termFn, len(ts))
	for i, t := range ts {
		fs[i] = c.term(t)
	}
	return fs
}

// evalArgs evaluates compiled arguments for a function or relation.
func evalArgs(s *State, e []int, fs []termFn) args {
	var vs args
	for i, f := range fs {
		vs[i] = f(s, e)
	}
	return vs
}

// test compiles a formula used only for its truth value.
func (c *compiler) test(f Formula, bound uint64) testFn {
	switch f := f.(type) {
	case *Bool:
		v := f.Val
		return func(*State, []int) bool { return v }
	case *Cmp:
		l, op := c.term(f.L), cmpOf(f.Op)
		if v, ok := constValue(f.R); ok {
			return func(s *State, e []int) bool { return op(l(s, e), v) }
		}
		r := c.term(f.R)
		return func(s *State, e []int) bool { return op(l(s, e), r(s, e)) }
	case *Atom:
		impl := relImpl[f.Name]
		if len(f.Args) == 2 {
			a, aok := slotOf(f.Args[0])
			b, bok := slotOf(f.Args[1])
			if aok && bok {
				return func(s *State, e []int) bool { return impl(s, args{e[a], e[b]}) }
			}
		}
		fs := c.terms(f.Args)
		return func(s *State, e []int) bool { return impl(s, evalArgs(s, e, fs)) }
	case *Not:
		t := c.test(f.F, bound)
		return func(s *State, e []int) bool { return !t(s, e) }
	case *And:
		if !c.opt.Miniscope && !c.opt.Eliminate {
			ts := make([]testFn, len(f.Fs))
			for i, g := range f.Fs {
				ts[i] = c.test(g, bound)
			}
			return func(s *State, e []int) bool {
				for _, t := range ts {
					if !t(s, e) {
						return false
					}
				}
				return true
			}
		}
	case *Or:
		ts := make([]testFn, len(f.Fs))
		for i, g := range f.Fs {
			ts[i] = c.test(g, bound)
		}
		return func(s *State, e []int) bool {
			for _, t := range ts {
				if t(s, e) {
					return true
				}
			}
			return false
		}
	case *Implies:
		l, r := c.test(f.L, bound), c.test(f.R, bound)
		return func(s *State, e []int) bool { return !l(s, e) || r(s, e) }
	case *Iff:
		l, r := c.test(f.L, bound), c.test(f.R, bound)
		return func(s *State, e []int) bool { return l(s, e) == r(s, e) }
	case *Quant:
		if !f.Exists && !c.opt.Miniscope {
			return c.naiveForall(f, bound)
		}
		if !f.Exists {
			// ∀x φ ≡ ¬∃x ¬φ, with the negation pushed inwards so the
			// existential planner sees a conjunction.
			p := c.exists(f.Vars, negate(f.Body), bound)
			return func(s *State, e []int) bool { return p(s, e, stop) }
		}
	}
	p := c.prog(f, bound)
	return func(s *State, e []int) bool { return !p(s, e, stop) }
}

func stop() bool { return false }

// prog compiles a formula into an enumerator of its witnesses.
func (c *compiler) prog(f Formula, bound uint64) progFn {
	switch f := f.(type) {
	case *And:
		fs := f.Fs
		if c.opt.Miniscope || c.opt.Eliminate {
			return c.exists(nil, f, bound)
		}
		return c.chain(fs, bound)
	case *Or:
		ps := make([]progFn, len(f.Fs))
		for i, g := range f.Fs {
			ps[i] = c.prog(g, bound)
		}
		return func(s *State, e []int, k func() bool) bool {
			for _, p := range ps {
				if !p(s, e, k) {
					return false
				}
			}
			return true
		}
	case *Quant:
		if f.Exists {
			return c.exists(f.Vars, f.Body, bound)
		}
	}
	t := c.test(f, bound)
	return func(s *State, e []int, k func() bool) bool {
		if !t(s, e) {
			return true
		}
		return k()
	}
}

// chain runs conjuncts left to right as nested enumerators.
func (c *compiler) chain(fs []Formula, bound uint64) progFn {
	next := func(s *State, e []int, k func() bool) bool { return k() }
	for i := len(fs) - 1; i >= 0; i-- {
		next = c.then(fs[i], bound, next)
	}
	return next
}

// then runs f and, for each of its witnesses, next.
func (c *compiler) then(f Formula, bound uint64, next progFn) progFn {
	if !bindsWitness(f) {
		t := c.test(f, bound)
		return func(s *State, e []int, k func() bool) bool {
			if !t(s, e) {
				return true
			}
			return next(s, e, k)
		}
	}
	p := c.prog(f, bound)
	return func(s *State, e []int, k func() bool) bool {
		return p(s, e, func() bool { return next(s, e, k) })
	}
}

// bindsWitness reports whether f can bind variables a conclusion reads
// (an existential reached through ^ and v), so that all its witnesses
// matter and not only whether it holds.
func bindsWitness(f Formula) bool {
	switch f := f.(type) {
	case *Quant:
		return f.Exists
	case *And:
		for _, g := range f.Fs {
			if bindsWitness(g) {
				return true
			}
		}
	case *Or:
		for _, g := range f.Fs {
			if bindsWitness(g) {
				return true
			}
		}
	}
	return false
}

func domain(s *State, t Type) int {
	switch t {
	case TPos:
		return s.W.N
	case TNum:
		return s.W.M
	case TDir:
		return 8
	}
	return 0
}

func (c *compiler) naiveForall(f *Quant, bound uint64) testFn {
	body := c.test(f.Body, bound|maskOf(f.Vars))
	vars := f.Vars
	var rec func(s *State, e []int, i int) bool
	rec = func(s *State, e []int, i int) bool {
		if i == len(vars) {
			return body(s, e)
		}
		b := vars[i]
		for v, n := 0, domain(s, b.Type); v < n; v++ {
			if !s.bind(e, b.slot, v) || !rec(s, e, i+1) {
				return false
			}
		}
		return true
	}
	return func(s *State, e []int) bool { return rec(s, e, 0) }
}

func maskOf(bs []*Binder) uint64 {
	var m uint64
	for _, b := range bs {
		m |= 1 << uint(b.slot)
	}
	return m
}
