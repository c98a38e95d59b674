// Package logic is a small propositional-formula AST and its Tseytin
// transform into CNF.
//
// A Formula is built from DIMACS literals the caller owns (Var), the
// constants True and False, and the connectives Not, And, Or, Implies, Iff,
// Xor and ITE. Formulas are immutable values that may share subformulas (a
// DAG); a Tseytin visits each shared node once.
//
// Tseytin (see NewTseytin) turns formulas into clauses written to an
// encode.Adder, giving each distinct gate one fresh variable. Gates are
// structurally hashed, so equal subformulas share a literal even when they are
// separate nodes, and the encoding is small without the caller having to
// share nodes by hand.
package logic

import (
	"fmt"
	"strings"
)

// Formula is a propositional formula over DIMACS literals. The only
// implementations are the ones built by this package's constructors.
type Formula interface {
	// Eval evaluates the formula under a model indexed by variable (as
	// sat.Solver.Model returns it); variables beyond the model are false.
	Eval(model []bool) bool
	// String renders the formula, e.g. "(x1 & !x2)".
	String() string
	isFormula()
}

// True and False are the constant formulas.
var (
	True  Formula = constant(true)
	False Formula = constant(false)
)

// Const returns True or False.
func Const(b bool) Formula { return constant(b) }

// Var returns the formula that is the DIMACS literal lit: Var(3) is x3 and
// Var(-3) is ¬x3. A zero literal is a programming error and panics, as it
// does in sat.Formula.AddClause.
func Var(lit int) Formula {
	if lit == 0 {
		panic("logic: Var(0): 0 is not a literal")
	}
	return literal(lit)
}

// Not returns ¬f.
func Not(f Formula) Formula { return &unary{f} }

// And returns the conjunction of fs; And() is True.
func And(fs ...Formula) Formula { return &nary{opAnd, clone(fs)} }

// Or returns the disjunction of fs; Or() is False.
func Or(fs ...Formula) Formula { return &nary{opOr, clone(fs)} }

// Xor returns the parity of fs: true when an odd number of them hold;
// Xor() is False.
func Xor(fs ...Formula) Formula { return &nary{opXor, clone(fs)} }

// Implies returns a → b.
func Implies(a, b Formula) Formula { return &nary{opImplies, []Formula{a, b}} }

// Iff returns a ↔ b.
func Iff(a, b Formula) Formula { return &nary{opIff, []Formula{a, b}} }

// ITE returns "if c then t else e".
func ITE(c, t, e Formula) Formula { return &nary{opITE, []Formula{c, t, e}} }

type op uint8

const (
	opAnd op = iota
	opOr
	opXor
	opImplies
	opIff
	opITE
)

var opNames = [...]string{opAnd: " & ", opOr: " | ", opXor: " ^ ", opImplies: " -> ", opIff: " <-> "}

type constant bool

type literal int

type unary struct{ x Formula }

// nary is every connective but Not: And, Or and Xor take any number of
// arguments, Implies and Iff two, ITE three (condition, then, else).
type nary struct {
	op   op
	args []Formula
}

var (
	_ Formula = constant(false)
	_ Formula = literal(1)
	_ Formula = (*unary)(nil)
	_ Formula = (*nary)(nil)
)

func (constant) isFormula() {}
func (literal) isFormula()  {}
func (*unary) isFormula()   {}
func (*nary) isFormula()    {}

func (c constant) Eval([]bool) bool { return bool(c) }

func (l literal) Eval(model []bool) bool {
	v := abs(int(l))
	return v < len(model) && model[v] == (l > 0)
}

func (u *unary) Eval(model []bool) bool { return !u.x.Eval(model) }

func (n *nary) Eval(model []bool) bool {
	switch n.op {
	case opAnd:
		for _, f := range n.args {
			if !f.Eval(model) {
				return false
			}
		}
		return true
	case opOr:
		for _, f := range n.args {
			if f.Eval(model) {
				return true
			}
		}
		return false
	case opXor:
		odd := false
		for _, f := range n.args {
			odd = odd != f.Eval(model)
		}
		return odd
	case opImplies:
		return !n.args[0].Eval(model) || n.args[1].Eval(model)
	case opIff:
		return n.args[0].Eval(model) == n.args[1].Eval(model)
	case opITE:
		if n.args[0].Eval(model) {
			return n.args[1].Eval(model)
		}
		return n.args[2].Eval(model)
	}
	panic(fmt.Sprintf("logic: unknown operator %d", n.op))
}

func (c constant) String() string {
	if c {
		return "true"
	}
	return "false"
}

func (l literal) String() string {
	if l < 0 {
		return fmt.Sprintf("!x%d", -l)
	}
	return fmt.Sprintf("x%d", int(l))
}

func (u *unary) String() string { return "!" + u.x.String() }

func (n *nary) String() string {
	if n.op == opITE {
		return fmt.Sprintf("ite(%v, %v, %v)", n.args[0], n.args[1], n.args[2])
	}
	if len(n.args) == 0 {
		return [...]string{opAnd: "and()", opOr: "or()", opXor: "xor()"}[n.op]
	}
	parts := make([]string, len(n.args))
	for i, f := range n.args {
		parts[i] = f.String()
	}
	return "(" + strings.Join(parts, opNames[n.op]) + ")"
}

func clone(fs []Formula) []Formula { return append([]Formula(nil), fs...) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
