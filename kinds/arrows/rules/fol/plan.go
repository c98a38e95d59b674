package fol

import (
	"math/bits"
)

// step kinds of an existential plan.
const (
	stepLoop   = iota // x over its whole domain
	stepRay           // x over the ray of a bound position
	stepLet           // x := t when t is in x's domain
	stepBits          // x over the values of a mask of a bound position
	stepFilter        // a conjunct
)

type step struct {
	kind  int
	b     *Binder
	t     Term
	f     Formula
	mask  func(s *State, p int) uint64 // stepBits: the values of p
	bound uint64                       // variables bound before the step
}

// exists plans ∃vars(body) with the enabled passes and compiles the plan.
func (c *compiler) exists(vars []*Binder, body Formula, bound uint64) progFn {
	if !c.opt.Miniscope && !c.opt.Eliminate && !c.opt.Generators {
		return c.naiveExists(vars, body, bound)
	}
	conj := flattenAnd(body)
	if c.opt.Miniscope && len(conj) == 1 {
		if or, ok := conj[0].(*Or); ok && len(vars) > 0 {
			// ∃x(A ∨ B) ≡ ∃x A ∨ ∃x B.
			ps := make([]progFn, len(or.Fs))
			for i, g := range or.Fs {
				ps[i] = c.exists(vars, g, bound)
			}
			return func(s *State, e []int, k func() bool) bool {
				for _, p := range ps {
					if !p(s, e, k) {
						return false
					}
				}
				return true
			}
		}
	}
	used := make([]bool, len(conj))
	rem := append([]*Binder(nil), vars...)
	var plan []step
	emitReady := func() {
		for i, f := range conj {
			if !used[i] && freeVars(f)&^bound == 0 {
				plan = append(plan, step{kind: stepFilter, f: f, bound: bound})
				used[i] = true
			}
		}
	}
	// bind plans the step st that binds st.b, under what is bound so far.
	bind := func(st step) {
		st.bound = bound
		plan = append(plan, st)
		bound |= 1 << uint(st.b.slot)
		for i, x := range rem {
			if x == st.b {
				rem = append(rem[:i], rem[i+1:]...)
				return
			}
		}
	}
	for len(rem) > 0 {
		if c.opt.Miniscope {
			emitReady()
		}
		if c.opt.Eliminate {
			if i, b, t := findEquation(conj, used, rem, bound); b != nil {
				used[i] = true
				bind(step{kind: stepLet, b: b, t: t})
				continue
			}
		}
		if c.opt.Generators {
			if i, b, t := findRay(conj, used, rem, bound); b != nil {
				used[i] = true
				bind(step{kind: stepRay, b: b, t: t})
				continue
			}
		}
		b := rem[0]
		if c.opt.Eliminate {
			// Prefer a loop that makes an equation usable.
			for _, x := range rem {
				if _, y, _ := findEquation(conj, used, without(rem, x), bound|1<<uint(x.slot)); y != nil {
					b = x
					break
				}
			}
		}
		if c.opt.Generators {
			// The loop the plan makes anyway, over fewer values: the
			// variables are bound in the same order, so the witnesses
			// come in the same order.
			if i, t, m := findBits(conj, used, b, bound); m != nil {
				used[i] = true
				bind(step{kind: stepBits, b: b, t: t, mask: m})
				continue
			}
		}
		bind(step{kind: stepLoop, b: b})
	}
	for i, f := range conj {
		if !used[i] {
			plan = append(plan, step{kind: stepFilter, f: f, bound: bound})
		}
	}
	return c.compilePlan(plan)
}

func without(bs []*Binder, x *Binder) []*Binder {
	var out []*Binder
	for _, b := range bs {
		if b != x {
			out = append(out, b)
		}
	}
	return out
}

func (c *compiler) compilePlan(plan []step) progFn {
	next := func(s *State, e []int, k func() bool) bool { return k() }
	for i := len(plan) - 1; i >= 0; i-- {
		st, after := plan[i], next
		switch st.kind {
		case stepFilter:
			next = c.then(st.f, st.bound, after)
		case stepLoop:
			slot, ty := st.b.slot, st.b.Type
			next = func(s *State, e []int, k func() bool) bool {
				for v, n := 0, domain(s, ty); v < n; v++ {
					if !s.bind(e, slot, v) || !after(s, e, k) {
						return false
					}
				}
				return true
			}
		case stepRay:
			slot, from := st.b.slot, c.term(st.t)
			next = func(s *State, e []int, k func() bool) bool {
				p := from(s, e)
				if !validPos(s, p) {
					return true
				}
				for _, q := range s.W.rays[p] {
					if !s.bind(e, slot, q) || !after(s, e, k) {
						return false
					}
				}
				return true
			}
		case stepBits:
			// The values in x's domain, ascending, as stepLoop binds them,
			// less those the conjunct rejects.
			slot, ty, from, mask := st.b.slot, st.b.Type, c.term(st.t), st.mask
			next = func(s *State, e []int, k func() bool) bool {
				p := from(s, e)
				if !validPos(s, p) {
					return true
				}
				m := mask(s, p)
				if n := domain(s, ty); n < 64 {
					m &= 1<<uint(n) - 1
				}
				for ; m != 0; m &= m - 1 {
					if !s.bind(e, slot, bits.TrailingZeros64(m)) || !after(s, e, k) {
						return false
					}
				}
				return true
			}
		case stepLet:
			slot, ty, val := st.b.slot, st.b.Type, c.term(st.t)
			next = func(s *State, e []int, k func() bool) bool {
				v := val(s, e)
				if v < 0 || v >= domain(s, ty) {
					return true
				}
				e[slot] = v
				return after(s, e, k)
			}
		}
	}
	return next
}

func (c *compiler) naiveExists(vars []*Binder, body Formula, bound uint64) progFn {
	inner := c.prog(body, bound|maskOf(vars))
	var rec func(s *State, e []int, k func() bool, i int) bool
	rec = func(s *State, e []int, k func() bool, i int) bool {
		if i == len(vars) {
			return inner(s, e, k)
		}
		b := vars[i]
		for v, n := 0, domain(s, b.Type); v < n; v++ {
			if !s.bind(e, b.slot, v) || !rec(s, e, k, i+1) {
				return false
			}
		}
		return true
	}
	return func(s *State, e []int, k func() bool) bool { return rec(s, e, k, 0) }
}

// findEquation finds an unused conjunct x = t with x among rem and t's
// variables bound.
func findEquation(conj []Formula, used []bool, rem []*Binder, bound uint64) (int, *Binder, Term) {
	for i, f := range conj {
		cmp, ok := f.(*Cmp)
		if used[i] || !ok || cmp.Op != "=" {
			continue
		}
		for _, side := range [2][2]Term{{cmp.L, cmp.R}, {cmp.R, cmp.L}} {
			v, ok := side[0].(*Var)
			if !ok || v.B == nil || freeVarsTerm(side[1])&^bound != 0 {
				continue
			}
			for _, b := range rem {
				if b == v.B {
					return i, b, side[1]
				}
			}
		}
	}
	return -1, nil, nil
}

// findRay finds an unused conjunct points_at(t, x) with x among rem and t
// bound.
func findRay(conj []Formula, used []bool, rem []*Binder, bound uint64) (int, *Binder, Term) {
	for i, f := range conj {
		a, ok := f.(*Atom)
		if used[i] || !ok || a.Name != "points_at" || freeVarsTerm(a.Args[0])&^bound != 0 {
			continue
		}
		v, ok := a.Args[1].(*Var)
		if !ok || v.B == nil {
			continue
		}
		for _, b := range rem {
			if b == v.B {
				return i, b, a.Args[0]
			}
		}
	}
	return -1, nil, nil
}

// valueMasks are the relations r(p, j) that hold exactly for the values j
// of a mask of p (findBits).
var valueMasks = map[string]func(s *State, p int) uint64{
	"candidate":  func(s *State, p int) uint64 { return s.C[p] },
	"sees_value": func(s *State, p int) uint64 { return s.seen[p] },
	"may_see":    func(s *State, p int) uint64 { return s.union[p] },
}

// findBits finds an unused conjunct r(t, b) of valueMasks with b a number
// variable and t bound, and returns t and r's mask.
func findBits(conj []Formula, used []bool, b *Binder, bound uint64) (int, Term, func(*State, int) uint64) {
	if b.Type != TNum {
		return -1, nil, nil
	}
	for i, f := range conj {
		a, ok := f.(*Atom)
		if used[i] || !ok || len(a.Args) != 2 || freeVarsTerm(a.Args[0])&^bound != 0 {
			continue
		}
		if v, ok := a.Args[1].(*Var); ok && v.B == b && valueMasks[a.Name] != nil {
			return i, a.Args[0], valueMasks[a.Name]
		}
	}
	return -1, nil, nil
}
