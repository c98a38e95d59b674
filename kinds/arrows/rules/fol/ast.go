package fol

import (
	"fmt"
	"strings"
)

// Type is the type of a term.
type Type int

const (
	TUnknown Type = iota
	TPos          // a cell, or OOB
	TNum          // a number, or nil
	TDir          // an arrow direction
)

func (t Type) String() string {
	return [...]string{"unknown", "position", "number", "direction"}[t]
}

// Term is an expression with a value: *Var, *Const, *Call or *Arith.
type Term interface {
	At() Position
	String() string
}

// Formula is a condition: *Atom, *Cmp, *Not, *And, *Or, *Implies, *Iff,
// *Quant or *Bool.
type Formula interface {
	At() Position
	String() string
}

// Binder is one variable bound by a quantifier.
type Binder struct {
	Pos  Position
	Name string
	Type Type
	// Declared: the type was written (p:pos) rather than inferred.
	Declared bool
	slot     int
}

// Var is a use of a bound variable.
type Var struct {
	Pos  Position
	Name string
	B    *Binder // set by the checker
}

// Const is a literal: a number, nil, OOB or a direction.
type Const struct {
	Pos  Position
	Text string
	Type Type
	Val  int
}

// Call applies a function: val(p), next(p), ...
type Call struct {
	Pos  Position
	Name string
	Args []Term
}

// Arith is L + R or L - R.
type Arith struct {
	Pos  Position
	Op   byte
	L, R Term
}

// Atom applies a relation: points_at(p, q), candidate(p, i), ...
type Atom struct {
	Pos  Position
	Name string
	Args []Term
}

// Cmp compares two terms: = != < > <= >=.
type Cmp struct {
	Pos  Position
	Op   string
	L, R Term
}

// Not is ¬F.
type Not struct {
	Pos Position
	F   Formula
}

// And is a conjunction.
type And struct {
	Pos Position
	Fs  []Formula
}

// Or is a disjunction.
type Or struct {
	Pos Position
	Fs  []Formula
}

// Implies is L -> R.
type Implies struct {
	Pos  Position
	L, R Formula
}

// Iff is L <-> R.
type Iff struct {
	Pos  Position
	L, R Formula
}

// Quant is exists/forall over one or more variables.
type Quant struct {
	Pos    Position
	Exists bool
	Vars   []*Binder
	Body   Formula
}

// Bool is true or false (an empty condition is true).
type Bool struct {
	Pos Position
	Val bool
}

func (x *Var) At() Position     { return x.Pos }
func (x *Const) At() Position   { return x.Pos }
func (x *Call) At() Position    { return x.Pos }
func (x *Arith) At() Position   { return x.Pos }
func (x *Atom) At() Position    { return x.Pos }
func (x *Cmp) At() Position     { return x.Pos }
func (x *Not) At() Position     { return x.Pos }
func (x *And) At() Position     { return x.Pos }
func (x *Or) At() Position      { return x.Pos }
func (x *Implies) At() Position { return x.Pos }
func (x *Iff) At() Position     { return x.Pos }
func (x *Quant) At() Position   { return x.Pos }
func (x *Bool) At() Position    { return x.Pos }

func (x *Var) String() string   { return x.Name }
func (x *Const) String() string { return x.Text }
func (x *Call) String() string  { return x.Name + "(" + joinTerms(x.Args) + ")" }
func (x *Arith) String() string { return fmt.Sprintf("%v %c %v", x.L, x.Op, x.R) }
func (x *Atom) String() string  { return x.Name + "(" + joinTerms(x.Args) + ")" }
func (x *Cmp) String() string   { return fmt.Sprintf("%v %s %v", x.L, x.Op, x.R) }
func (x *Not) String() string   { return "!(" + x.F.String() + ")" }
func (x *And) String() string   { return "(" + joinFormulas(x.Fs, " ^ ") + ")" }
func (x *Or) String() string    { return "(" + joinFormulas(x.Fs, " v ") + ")" }
func (x *Implies) String() string {
	return "(" + x.L.String() + " -> " + x.R.String() + ")"
}
func (x *Iff) String() string {
	return "(" + x.L.String() + " <-> " + x.R.String() + ")"
}
func (x *Quant) String() string {
	q := "forall"
	if x.Exists {
		q = "exists"
	}
	names := make([]string, len(x.Vars))
	for i, b := range x.Vars {
		names[i] = b.Name
	}
	return q + " " + strings.Join(names, ",") + " (" + x.Body.String() + ")"
}
func (x *Bool) String() string {
	if x.Val {
		return "true"
	}
	return "false"
}

func joinTerms(ts []Term) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.String()
	}
	return strings.Join(s, ", ")
}

func joinFormulas(fs []Formula, sep string) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = f.String()
	}
	return strings.Join(s, sep)
}

// ConclusionKind says what a conclusion does.
type ConclusionKind int

const (
	Set     ConclusionKind = iota // set(p, t)
	Exclude                       // exclude(p, [op] t)
	OnlyOf                        // only(p, [t1, ...])
)

// Conclusion is one consequence of a rule, evaluated under a witness.
type Conclusion struct {
	Pos    Position
	Kind   ConclusionKind
	Cell   Term
	Op     string // for Exclude: "=", "<", ">", "<=", ">="
	Values []Term
}

func (c *Conclusion) String() string {
	switch c.Kind {
	case Set:
		return fmt.Sprintf("set(%v, %v)", c.Cell, c.Values[0])
	case Exclude:
		if c.Op == "=" {
			return fmt.Sprintf("exclude(%v, %v)", c.Cell, c.Values[0])
		}
		return fmt.Sprintf("exclude(%v, %s %v)", c.Cell, c.Op, c.Values[0])
	}
	return fmt.Sprintf("only(%v, [%s])", c.Cell, joinTerms(c.Values))
}

// Slot is the index of b's value in a witness environment.
func Slot(b *Binder) int { return b.slot }

// subformulas returns f's direct sub-formulas, left to right: the operands
// of a connective and a quantifier's body (none for *Atom, *Cmp, *Bool).
// The passes over a formula recurse through it, so each of them spells out
// only the nodes it treats differently.
func subformulas(f Formula) []Formula {
	switch f := f.(type) {
	case *Not:
		return []Formula{f.F}
	case *And:
		return f.Fs
	case *Or:
		return f.Fs
	case *Implies:
		return []Formula{f.L, f.R}
	case *Iff:
		return []Formula{f.L, f.R}
	case *Quant:
		return []Formula{f.Body}
	}
	return nil
}
