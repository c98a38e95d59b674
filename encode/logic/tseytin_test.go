package logic_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode/logic"
	"github.com/puzzlesat/puzzlesat/encode/satoracle"
)

// randFormula returns a random formula over variables 1..nv of depth at
// most depth. It reuses earlier subformulas (pool) so the result is a DAG,
// and mixes in constants, negated literals and every connective.
func randFormula(r *rand.Rand, nv, depth int, pool *[]logic.Formula) logic.Formula {
	if len(*pool) > 0 && r.IntN(6) == 0 {
		return (*pool)[r.IntN(len(*pool))]
	}
	if depth == 0 || r.IntN(5) == 0 {
		switch r.IntN(12) {
		case 0:
			return logic.True
		case 1:
			return logic.False
		}
		v := 1 + r.IntN(nv)
		if r.IntN(2) == 0 {
			v = -v
		}
		return logic.Var(v)
	}
	sub := func() logic.Formula { return randFormula(r, nv, depth-1, pool) }
	args := func() []logic.Formula {
		fs := make([]logic.Formula, r.IntN(4)+r.IntN(2)) // 0..4 arguments
		for i := range fs {
			fs[i] = sub()
		}
		return fs
	}
	var f logic.Formula
	switch r.IntN(8) {
	case 0:
		f = logic.Not(sub())
	case 1:
		f = logic.And(args()...)
	case 2:
		f = logic.Or(args()...)
	case 3:
		f = logic.Xor(args()...)
	case 4:
		f = logic.Implies(sub(), sub())
	case 5:
		f = logic.Iff(sub(), sub())
	case 6:
		f = logic.ITE(sub(), sub(), sub())
	default:
		a := sub()
		f = logic.Or(logic.And(a, sub()), logic.Not(a)) // shared node
	}
	*pool = append(*pool, f)
	return f
}

// TestTseytinTruthTable checks, for random formulas in both modes and every
// assignment of the inputs, that Assert(f) is satisfiable exactly when f
// is true, that Lit(f) is equivalent to f, that PosLit(f) can be true
// exactly when f is and NegLit(f) false exactly when f is, and that the
// definitions alone never constrain the inputs.
func TestTseytinTruthTable(t *testing.T) {
	const formulas = 300
	for _, polarity := range []bool{false, true} {
		t.Run(fmt.Sprintf("polarity=%v", polarity), func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, 11))
			for i := range formulas {
				nv := 1 + r.IntN(8)
				var pool []logic.Formula
				f := randFormula(r, nv, 1+r.IntN(5), &pool)
				opt := logic.Options{Polarity: polarity}

				asserted := satoracle.New(nv)
				logic.NewTseytin(asserted, opt).Assert(f)
				full, pl, nl := satoracle.New(nv), satoracle.New(nv), satoracle.New(nv)
				l := logic.NewTseytin(full, opt).Lit(f)
				p := logic.NewTseytin(pl, opt).PosLit(f)
				n := logic.NewTseytin(nl, opt).NegLit(f)

				for m := range uint(1) << nv {
					in, model := satoracle.Assignment(nv, m)
					want := f.Eval(model)
					checks := []struct {
						what string
						have bool
						want bool
					}{
						{"Assert(f)", asserted.Sat(in...), want},
						{"Lit(f)", full.Sat(append(in, l)...), want},
						{"¬Lit(f)", full.Sat(append(in, -l)...), !want},
						{"PosLit(f)", pl.Sat(append(in, p)...), want},
						{"¬NegLit(f)", nl.Sat(append(in, -n)...), !want},
						{"PosLit defs alone", pl.Sat(in...), true},
						{"NegLit defs alone", nl.Sat(in...), true},
					}
					for _, c := range checks {
						if c.have != c.want {
							t.Fatalf("formula %d %v, inputs %v: %s satisfiable = %v, want %v",
								i, f, in, c.what, c.have, c.want)
						}
					}
				}
			}
		})
	}
}

// TestTseytinCounts pins the exact encoding of small formulas: sharing,
// folding and the clause counts of each gate in each mode.
func TestTseytinCounts(t *testing.T) {
	a, b, c := logic.Var(1), logic.Var(2), logic.Var(3)
	ab := logic.And(a, b)
	type call struct {
		how string // "lit", "pos", "neg" or "assert"
		f   logic.Formula
	}
	tests := []struct {
		name     string
		polarity bool
		calls    []call
		vars     int
		clauses  int
		same     [][2]int // pairs of call indexes whose literals must be equal
		opposite [][2]int // pairs whose literals must be complementary
	}{
		{"and shared across argument order", false,
			[]call{{"lit", ab}, {"lit", logic.And(b, a)}, {"lit", logic.Or(logic.Not(a), logic.Not(b))}},
			1, 3, [][2]int{{0, 1}}, [][2]int{{0, 2}}},
		{"and folds true and repeats", false,
			[]call{{"lit", ab}, {"lit", logic.And(a, logic.True, b, a)}},
			1, 3, [][2]int{{0, 1}}, nil},
		{"double negation is free", false,
			[]call{{"lit", logic.Not(logic.Not(a))}}, 0, 0, nil, nil},
		{"false constant gets one true variable", false,
			[]call{{"lit", logic.And(a, logic.False)}, {"lit", logic.Or(b, logic.True)}},
			1, 1, nil, [][2]int{{0, 1}}},
		{"complementary and is false", false,
			[]call{{"lit", logic.And(a, b, logic.Not(a))}, {"lit", logic.False}},
			1, 1, [][2]int{{0, 1}}, nil},
		{"assert or of equal ands", false,
			[]call{{"assert", logic.Or(ab, logic.And(b, a), logic.Not(logic.Not(ab)))}}, 1, 4, nil, nil},
		{"assert or of equal ands, polarity", true,
			[]call{{"assert", logic.Or(ab, logic.And(b, a), logic.Not(logic.Not(ab)))}}, 1, 3, nil, nil},
		{"xor3", false, []call{{"lit", logic.Xor(a, b, c)}}, 2, 8, nil, nil},
		{"xor3 positive, polarity", true, []call{{"pos", logic.Xor(a, b, c)}}, 2, 6, nil, nil},
		{"xor order and signs", false,
			[]call{{"lit", logic.Xor(a, b, c)}, {"lit", logic.Xor(c, logic.Not(a), b)}, {"lit", logic.Xor(b, c, c, a, c)}},
			2, 8, [][2]int{{0, 2}}, [][2]int{{0, 1}}},
		{"assert xor3", false, []call{{"assert", logic.Xor(a, b, c)}}, 1, 6, nil, nil},
		{"iff is negated xor", false,
			[]call{{"lit", logic.Iff(a, b)}, {"lit", logic.Xor(b, a)}, {"lit", logic.Xor(a, logic.Not(b))}},
			1, 4, [][2]int{{0, 2}}, [][2]int{{0, 1}}},
		{"ite", false, []call{{"lit", logic.ITE(a, b, c)}}, 1, 6, nil, nil},
		{"ite positive, polarity", true, []call{{"pos", logic.ITE(a, b, c)}}, 1, 3, nil, nil},
		{"ite normalises signs", false,
			[]call{{"lit", logic.ITE(a, b, c)}, {"lit", logic.ITE(logic.Not(a), c, b)}, {"lit", logic.ITE(a, logic.Not(b), logic.Not(c))}},
			1, 6, [][2]int{{0, 1}}, [][2]int{{0, 2}}},
		{"ite with constant branch is an or", false,
			[]call{{"lit", logic.ITE(a, logic.True, b)}, {"lit", logic.Or(b, a)}},
			1, 3, [][2]int{{0, 1}}, nil},
		{"implies is an or", false,
			[]call{{"lit", logic.Implies(a, b)}, {"lit", logic.Or(logic.Not(a), b)}},
			1, 3, [][2]int{{0, 1}}, nil},
		{"polarity halves are added on demand", true,
			[]call{{"pos", ab}, {"neg", logic.And(b, a)}, {"lit", ab}},
			1, 3, [][2]int{{0, 1}, {1, 2}}, nil},
		{"assert tautology", false, []call{{"assert", logic.Or(a, logic.Not(a))}}, 0, 0, nil, nil},
		{"assert contradiction", false, []call{{"assert", logic.And(a, logic.Not(a))}}, 0, 2, nil, nil},
		{"assert false", false, []call{{"assert", logic.False}}, 0, 1, nil, nil},
		{"assert not and", false, []call{{"assert", logic.Not(logic.And(a, logic.Or(b, c)))}}, 1, 4, nil, nil},
		{"assert not and, polarity", true, []call{{"assert", logic.Not(logic.And(a, logic.Or(b, c)))}}, 1, 3, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := satoracle.New(3)
			ts := logic.NewTseytin(out, logic.Options{Polarity: tt.polarity})
			lits := make([]int, len(tt.calls))
			for i, c := range tt.calls {
				switch c.how {
				case "lit":
					lits[i] = ts.Lit(c.f)
				case "pos":
					lits[i] = ts.PosLit(c.f)
				case "neg":
					lits[i] = ts.NegLit(c.f)
				case "assert":
					ts.Assert(c.f)
				}
			}
			if ts.Vars() != tt.vars || ts.Clauses() != tt.clauses {
				t.Errorf("have %d vars, %d clauses %v; want %d vars, %d clauses",
					ts.Vars(), ts.Clauses(), out.Clauses, tt.vars, tt.clauses)
			}
			if got := out.Vars - 3; got != ts.Vars() {
				t.Errorf("adder saw %d new vars, Vars() = %d", got, ts.Vars())
			}
			if len(out.Clauses) != ts.Clauses() {
				t.Errorf("adder saw %d clauses, Clauses() = %d", len(out.Clauses), ts.Clauses())
			}
			for _, p := range tt.same {
				if lits[p[0]] != lits[p[1]] {
					t.Errorf("calls %d and %d: literals %d and %d, want equal", p[0], p[1], lits[p[0]], lits[p[1]])
				}
			}
			for _, p := range tt.opposite {
				if lits[p[0]] != -lits[p[1]] {
					t.Errorf("calls %d and %d: literals %d and %d, want complementary", p[0], p[1], lits[p[0]], lits[p[1]])
				}
			}
		})
	}
}

// TestTseytinDAG checks that a formula with 2^60 paths but few nodes is
// encoded once per node: every level refers to the previous one twice.
func TestTseytinDAG(t *testing.T) {
	const levels = 60
	f := logic.Var(1)
	for i := range levels {
		x := logic.Var(2 + i)
		f = logic.Or(logic.And(f, x), logic.And(x, f), logic.False)
	}
	out := satoracle.New(1 + levels)
	ts := logic.NewTseytin(out, logic.Options{})
	ts.Lit(f)
	// Per level the two ands are one gate (1 var, 3 clauses) and the or
	// of it with itself and False is that gate.
	if ts.Vars() != levels || ts.Clauses() != 3*levels {
		t.Errorf("have %d vars, %d clauses; want %d, %d", ts.Vars(), ts.Clauses(), levels, 3*levels)
	}
}

func TestString(t *testing.T) {
	tests := []struct {
		f    logic.Formula
		want string
	}{
		{logic.And(logic.Var(1), logic.Not(logic.Var(2))), "(x1 & !x2)"},
		{logic.Or(logic.Var(-1), logic.True), "(!x1 | true)"},
		{logic.Implies(logic.Var(1), logic.Iff(logic.Var(2), logic.Var(3))), "(x1 -> (x2 <-> x3))"},
		{logic.ITE(logic.Var(1), logic.Xor(logic.Var(2), logic.Var(3)), logic.False), "ite(x1, (x2 ^ x3), false)"},
		{logic.And(), "and()"},
	}
	for _, tt := range tests {
		if have := tt.f.String(); have != tt.want {
			t.Errorf("have %q, want %q", have, tt.want)
		}
	}
}

func ExampleTseytin() {
	out := satoracle.New(3) // variables 1..3 are the caller's inputs
	ts := logic.NewTseytin(out, logic.Options{Polarity: true})
	a, b, c := logic.Var(1), logic.Var(2), logic.Var(3)
	ts.Assert(logic.Or(logic.And(a, b), logic.And(b, a), logic.Not(c)))
	fmt.Println(ts.Vars(), "gate,", ts.Clauses(), "clauses:", out.Clauses)
	// Output: 1 gate, 3 clauses: [[-4 1] [-4 2] [-3 4]]
}
