package fol

import (
	"fmt"
	"sort"
	"strings"
)

// signature entries: argument types and result type.
type sig struct {
	args   []Type
	result Type // TUnknown for relations
	doc    string
}

var sigFunctions = map[string]*sig{
	"next":                     {[]Type{TPos}, TPos, "the cell the arrow at p points at first, or OOB"},
	"val":                      {[]Type{TPos}, TNum, "the value of p when it has one candidate, else nil"},
	"dir":                      {[]Type{TPos}, TDir, "the direction of p's arrow"},
	"ahead":                    {[]Type{TPos}, TNum, "the number of cells p points at"},
	"behind":                   {[]Type{TPos}, TNum, "the number of cells behind p, against its direction"},
	"ahead_free":               {[]Type{TPos}, TNum, "the number of cells p points at that have no value yet"},
	"between_free":             {[]Type{TPos, TPos}, TNum, "free cells strictly between p and q on p's ray, nil if q is not on it"},
	"sees_distinct":            {[]Type{TPos}, TNum, "the number of distinct values among the cells p points at"},
	"sees_distinct_candidates": {[]Type{TPos}, TNum, "the size of the union of the candidates of the cells p points at"},
	"min_candidate":            {[]Type{TPos}, TNum, "p's smallest candidate (nil if none)"},
	"max_candidate":            {[]Type{TPos}, TNum, "p's largest candidate (nil if none)"},
	"num_candidates":           {[]Type{TPos}, TNum, "how many candidates p has"},
}

var sigRelations = map[string]*sig{
	"points_at":     {[]Type{TPos, TPos}, TUnknown, "q lies on p's ray"},
	"candidate":     {[]Type{TPos, TNum}, TUnknown, "i is a candidate of p"},
	"sees_value":    {[]Type{TPos, TNum}, TUnknown, "some cell on p's ray has value i"},
	"may_see":       {[]Type{TPos, TNum}, TUnknown, "some cell on p's ray has candidate i"},
	"may_see_other": {[]Type{TPos, TPos, TNum}, TUnknown, "some cell on p's ray other than q has candidate i"},
}

// Signature lists the functions and relations with their documentation.
func Signature() []string {
	var out []string
	for name, s := range sigFunctions {
		out = append(out, fmt.Sprintf("%s(%s) %v: %s", name, typeList(s.args), s.result, s.doc))
	}
	for name, s := range sigRelations {
		out = append(out, fmt.Sprintf("%s(%s): %s", name, typeList(s.args), s.doc))
	}
	sort.Strings(out)
	return out
}

func typeList(ts []Type) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.String()
	}
	return strings.Join(s, ", ")
}

// constant names usable where no variable of that name is bound.
var namedConsts = map[string]*Const{
	"nil": {Text: "nil", Type: TNum, Val: Nil},
	"OOB": {Text: "OOB", Type: TPos, Val: Nil},
	"N":   {Text: "N", Type: TDir, Val: 0}, "NE": {Text: "NE", Type: TDir, Val: 1},
	"E": {Text: "E", Type: TDir, Val: 2}, "SE": {Text: "SE", Type: TDir, Val: 3},
	"S": {Text: "S", Type: TDir, Val: 4}, "SW": {Text: "SW", Type: TDir, Val: 5},
	"W": {Text: "W", Type: TDir, Val: 6}, "NW": {Text: "NW", Type: TDir, Val: 7},
}

// Checked is a type-checked rule: its condition, conclusions, the binders
// of the condition's existential prefix (the witness) and slot count.
type Checked struct {
	Cond        Formula
	Conclusions []*Conclusion
	Witness     map[string]*Binder
	Slots       int
}

type checker struct {
	errs    []*Error
	binders []*Binder
	changed bool
}

// Check resolves variables, infers types and checks a rule. Variable types
// come from a declaration (p:pos), else from use, else from the name (i, j,
// k, l, m, n are numbers, other names positions). Conclusions may use only
// variables of the existential prefix: quantifiers reached from the top
// through exists and ^ alone.
func Check(cond Formula, concl []*Conclusion) (*Checked, error) {
	c := &checker{}
	c.resolve(cond, nil)
	witness := map[string]*Binder{}
	collectWitness(cond, witness)
	for _, k := range concl {
		c.resolveTerm(k.Cell, nil, witness, true)
		for _, v := range k.Values {
			c.resolveTerm(v, nil, witness, true)
		}
	}
	if len(c.errs) > 0 {
		return nil, c.errs[0]
	}
	if d, at := nesting(cond); d > MaxNesting {
		return nil, errorf(at, "%d nested quantified variables, at most %d: the rule would take too long to evaluate", d, MaxNesting)
	}
	// Infer until nothing changes, then default by name.
	for iter := 0; iter < 10; iter++ {
		c.changed = false
		c.infer(cond)
		for _, k := range concl {
			c.expect(k.Cell, TPos)
			for _, v := range k.Values {
				c.expect(v, TNum)
			}
		}
		if !c.changed {
			break
		}
	}
	for _, b := range c.binders {
		if b.Type == TUnknown {
			b.Type = TPos
			if strings.ContainsRune("ijklmn", rune(b.Name[0])) {
				b.Type = TNum
			}
		}
	}
	c.typecheck(cond)
	for _, k := range concl {
		c.want(k.Cell, TPos, "the cell of a conclusion")
		for _, v := range k.Values {
			c.want(v, TNum, "the value of a conclusion")
		}
	}
	if len(c.errs) > 0 {
		sort.SliceStable(c.errs, func(i, j int) bool { return later(at(c.errs[j]), at(c.errs[i])) })
		return nil, c.errs[0]
	}
	return &Checked{Cond: cond, Conclusions: concl, Witness: witness, Slots: len(c.binders)}, nil
}

type scope struct {
	b    *Binder
	next *scope
}

func (c *checker) errorf(p Position, format string, args ...any) {
	c.errs = append(c.errs, errorf(p, format, args...))
}

func (c *checker) resolve(f Formula, sc *scope) {
	switch f := f.(type) {
	case *Atom:
		for _, a := range f.Args {
			c.resolveTerm(a, sc, nil, false)
		}
	case *Cmp:
		c.resolveTerm(f.L, sc, nil, false)
		c.resolveTerm(f.R, sc, nil, false)
	case *Quant:
		seen := map[string]bool{}
		for _, b := range f.Vars {
			if seen[b.Name] {
				c.errorf(b.Pos, "variable %s quantified twice", b.Name)
			}
			seen[b.Name] = true
			if namedConsts[b.Name] != nil {
				c.errorf(b.Pos, "%s is a constant and cannot be a variable", b.Name)
			}
			b.slot = len(c.binders)
			c.binders = append(c.binders, b)
			sc = &scope{b, sc}
		}
		c.resolve(f.Body, sc)
	default:
		for _, g := range subformulas(f) {
			c.resolve(g, sc)
		}
	}
}

func (c *checker) resolveTerm(t Term, sc *scope, witness map[string]*Binder, inConclusion bool) {
	switch t := t.(type) {
	case *Var:
		for s := sc; s != nil; s = s.next {
			if s.b.Name == t.Name {
				t.B = s.b
				return
			}
		}
		if b := witness[t.Name]; b != nil {
			t.B = b
			return
		}
		if namedConsts[t.Name] != nil {
			return // a constant, read by constOf
		}
		if inConclusion {
			c.errorf(t.Pos, "conclusion uses %s, which the condition does not bind in its existential prefix", t.Name)
		} else {
			c.errorf(t.Pos, "undefined variable %s", t.Name)
		}
	case *Call:
		if sigFunctions[t.Name] == nil {
			c.errorf(t.Pos, "unknown function %s (have %s)", t.Name, names(sigFunctions))
		}
		for _, a := range t.Args {
			c.resolveTerm(a, sc, witness, inConclusion)
		}
	case *Arith:
		c.resolveTerm(t.L, sc, witness, inConclusion)
		c.resolveTerm(t.R, sc, witness, inConclusion)
	}
}

func names(m map[string]*sig) string {
	var ns []string
	for n := range m {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return strings.Join(ns, ", ")
}

func collectWitness(f Formula, w map[string]*Binder) {
	switch f := f.(type) {
	case *Quant:
		if !f.Exists {
			return
		}
		for _, b := range f.Vars {
			if _, dup := w[b.Name]; !dup {
				w[b.Name] = b
			}
		}
		collectWitness(f.Body, w)
	case *And:
		for _, g := range f.Fs {
			collectWitness(g, w)
		}
	}
}

// constOf returns the constant an unbound identifier names.
func constOf(v *Var) *Const {
	if v.B != nil {
		return nil
	}
	k := *namedConsts[v.Name]
	k.Pos = v.Pos
	return &k
}

func typeOf(t Term) Type {
	switch t := t.(type) {
	case *Var:
		if t.B == nil {
			if k := namedConsts[t.Name]; k != nil {
				return k.Type
			}
			return TUnknown
		}
		return t.B.Type
	case *Const:
		return t.Type
	case *Call:
		if s := sigFunctions[t.Name]; s != nil {
			return s.result
		}
	case *Arith:
		return TNum
	}
	return TUnknown
}

// expect records that t should have type ty, typing an untyped variable.
func (c *checker) expect(t Term, ty Type) {
	if v, ok := t.(*Var); ok && v.B != nil && v.B.Type == TUnknown && ty != TUnknown {
		v.B.Type = ty
		c.changed = true
	}
}

func (c *checker) inferTerm(t Term) {
	switch t := t.(type) {
	case *Call:
		c.inferArgs(sigFunctions[t.Name], t.Args)
	case *Arith:
		c.expect(t.L, TNum)
		c.expect(t.R, TNum)
		c.inferTerm(t.L)
		c.inferTerm(t.R)
	}
}

// inferArgs types the arguments of a call or atom with signature s (nil:
// unknown name) and infers inside them.
func (c *checker) inferArgs(s *sig, args []Term) {
	if s != nil && len(s.args) == len(args) {
		for i, a := range args {
			c.expect(a, s.args[i])
		}
	}
	for _, a := range args {
		c.inferTerm(a)
	}
}

func (c *checker) infer(f Formula) {
	switch f := f.(type) {
	case *Atom:
		c.inferArgs(sigRelations[f.Name], f.Args)
	case *Cmp:
		if f.Op != "=" && f.Op != "!=" {
			c.expect(f.L, TNum)
			c.expect(f.R, TNum)
		}
		c.expect(f.L, typeOf(f.R))
		c.expect(f.R, typeOf(f.L))
		c.inferTerm(f.L)
		c.inferTerm(f.R)
	default:
		for _, g := range subformulas(f) {
			c.infer(g)
		}
	}
}

func (c *checker) want(t Term, ty Type, what string) {
	c.typecheckTerm(t)
	if have := typeOf(t); have != ty && have != TUnknown {
		c.errorf(t.At(), "%v is a %v, but %s must be a %v", t, have, what, ty)
	}
}

func (c *checker) typecheckTerm(t Term) {
	switch t := t.(type) {
	case *Call:
		c.wantArgs(t.Pos, t.Name, sigFunctions[t.Name], t.Args)
	case *Arith:
		c.want(t.L, TNum, fmt.Sprintf("an operand of %c", t.Op))
		c.want(t.R, TNum, fmt.Sprintf("an operand of %c", t.Op))
	}
}

// wantArgs checks the count and types of the arguments of the call or atom
// name at p, with signature s (nil: an unknown function, which resolve
// reports; the parser makes atoms only of known relations).
func (c *checker) wantArgs(p Position, name string, s *sig, args []Term) {
	if s == nil {
		return
	}
	if len(args) != len(s.args) {
		c.errorf(p, "%s takes %d argument(s), have %d", name, len(s.args), len(args))
		return
	}
	for i, a := range args {
		c.want(a, s.args[i], fmt.Sprintf("argument %d of %s", i+1, name))
	}
}

func (c *checker) typecheck(f Formula) {
	switch f := f.(type) {
	case *Atom:
		c.wantArgs(f.Pos, f.Name, sigRelations[f.Name], f.Args)
	case *Cmp:
		c.typecheckTerm(f.L)
		c.typecheckTerm(f.R)
		l, r := typeOf(f.L), typeOf(f.R)
		switch {
		case f.Op != "=" && f.Op != "!=" && (l != TNum || r != TNum):
			c.errorf(f.Pos, "%s compares numbers, have %v %s %v (%v, %v)", f.Op, f.L, f.Op, f.R, l, r)
		case l != r:
			c.errorf(f.Pos, "cannot compare %v (%v) with %v (%v)", f.L, l, f.R, r)
		}
	default:
		for _, g := range subformulas(f) {
			c.typecheck(g)
		}
	}
}

// MaxNesting bounds the quantified variables along any nesting chain: each
// one multiplies the work of an evaluation by the grid or value count.
const MaxNesting = 8

// nesting returns the deepest chain of quantified variables in f and the
// position of the quantifier that ends it.
func nesting(f Formula) (int, Position) {
	if q, ok := f.(*Quant); ok {
		d, p := nesting(q.Body)
		if d == 0 {
			p = q.Pos
		}
		return d + len(q.Vars), p
	}
	best, at := 0, f.At()
	for _, g := range subformulas(f) {
		if d, p := nesting(g); d > best {
			best, at = d, p
		}
	}
	return best, at
}
