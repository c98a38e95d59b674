package fol

func flattenAnd(f Formula) []Formula {
	if a, ok := f.(*And); ok {
		var out []Formula
		for _, g := range a.Fs {
			out = append(out, flattenAnd(g)...)
		}
		return out
	}
	return []Formula{f}
}

// negate returns a formula equivalent to ¬f with the negation pushed
// through the connectives and quantifiers.
func negate(f Formula) Formula {
	switch f := f.(type) {
	case *Not:
		return f.F
	case *Bool:
		return &Bool{Pos: f.Pos, Val: !f.Val}
	case *And:
		out := &Or{Pos: f.Pos}
		for _, g := range f.Fs {
			out.Fs = append(out.Fs, negate(g))
		}
		return out
	case *Or:
		out := &And{Pos: f.Pos}
		for _, g := range f.Fs {
			out.Fs = append(out.Fs, negate(g))
		}
		return out
	case *Implies:
		return &And{Pos: f.Pos, Fs: []Formula{f.L, negate(f.R)}}
	case *Quant:
		return &Quant{Pos: f.Pos, Exists: !f.Exists, Vars: f.Vars, Body: negate(f.Body)}
	case *Cmp:
		switch f.Op {
		case "=":
			return &Cmp{Pos: f.Pos, Op: "!=", L: f.L, R: f.R}
		case "!=":
			return &Cmp{Pos: f.Pos, Op: "=", L: f.L, R: f.R}
		}
	}
	return &Not{Pos: f.At(), F: f}
}

// freeVars returns the slots of f's free variables.
func freeVars(f Formula) uint64 {
	switch f := f.(type) {
	case *Atom:
		return freeVarsTerms(f.Args)
	case *Cmp:
		return freeVarsTerm(f.L) | freeVarsTerm(f.R)
	case *Quant:
		return freeVars(f.Body) &^ maskOf(f.Vars)
	}
	var m uint64
	for _, g := range subformulas(f) {
		m |= freeVars(g)
	}
	return m
}

func freeVarsTerm(t Term) uint64 {
	switch t := t.(type) {
	case *Var:
		if t.B != nil {
			return 1 << uint(t.B.slot)
		}
	case *Call:
		return freeVarsTerms(t.Args)
	case *Arith:
		return freeVarsTerm(t.L) | freeVarsTerm(t.R)
	}
	return 0
}

// freeVarsTerms returns the slots of the free variables of ts.
func freeVarsTerms(ts []Term) uint64 {
	var m uint64
	for _, t := range ts {
		m |= freeVarsTerm(t)
	}
	return m
}
