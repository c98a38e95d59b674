package fol

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	arrows "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
)

// solvedState is the corpus puzzle 2026-01-24 with its solution filled in.
func solvedState(t testing.TB) *State {
	t.Helper()
	p, err := arrows.ReadDir("../../../../testdata/arrows/2026-01-24")
	if err != nil {
		t.Fatal(err)
	}
	cands := make([]uint64, p.NumRows*p.NumCols)
	for i := range cands {
		cands[i] = 1 << uint(p.Solution[i])
	}
	return NewState(NewWorld(p), cands)
}

func compileCond(t testing.TB, src string, opt Options) *Program {
	t.Helper()
	f, err := ParseCondition(src, Position{1, 1})
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	ch, err := Check(f, nil)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	p, err := Compile(ch, opt)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func allOptions() []Options {
	var out []Options
	for m := 0; m < 8; m++ {
		out = append(out, Options{Miniscope: m&1 != 0, Eliminate: m&2 != 0, Generators: m&4 != 0})
	}
	return out
}

func TestTruthOnSolvedGrid(t *testing.T) {
	s := solvedState(t)
	tests := []struct {
		cond string
		want bool
	}{
		{"forall p (val(p) = sees_distinct(p))", true},
		{"forall p (val(p) != nil)", true},
		{"exists p (ahead(p) = 0)", true}, // r2c1 ← is on the edge
		{"forall p (ahead(p) >= val(p))", true},
		{"exists p,q (next(p) = q ^ dir(p) = dir(q) ^ val(p) != val(q) ^ val(p) != val(q) + 1)", false},
		{"exists p (val(p) = 3 ^ dir(p) = SE)", true}, // r1c1 ↘3
		{"exists p (val(p) = 3 ^ dir(p) = N)", false}, // no ↑3
		{"forall p,q (points_at(p, q) -> dir(p) = dir(p))", true},
		{"exists i (forall p (val(p) <= i))", true},   // max value 3 < 5
		{"exists p (val(p) + 1 = nil)", false},        // nil arithmetic
		{"exists p (between_free(p, p) = nil)", true}, // p is not on its own ray
		{"forall p (sees_distinct_candidates(p) = sees_distinct(p))", true},
		{"(exists p (val(p) = 0)) -> (exists q (ahead(q) > 0 ^ val(q) = 0))", false},
		{"exists p (!(val(p) < 1) ^ !(val(p) >= 1))", false},
		{"forall p (val(p) = 0 <-> ahead(p) = 0)", true},
		{"", true},
	}
	for _, tt := range tests {
		for _, opt := range allOptions() {
			if have := compileCond(t, tt.cond, opt).Holds(s); have != tt.want {
				t.Errorf("%q with %+v: have %v, want %v", tt.cond, opt, have, tt.want)
			}
		}
	}
}

func TestWitnesses(t *testing.T) {
	s := solvedState(t)
	// Arrows whose first cell points the same way: count witnesses with
	// every optimizer setting; they must agree.
	want := -1
	for _, opt := range allOptions() {
		p := compileCond(t, "exists q,p (val(q) != nil ^ next(p) = q ^ dir(p) = dir(q))", opt)
		n := 0
		p.Witnesses(s, func([]int) bool { n++; return true })
		if want < 0 {
			want = n
		}
		if n != want || n == 0 {
			t.Errorf("%+v: %d witnesses, want %d (> 0)", opt, n, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		src       string
		line, col int
		msg       string
	}{
		{"exists p (ahead(p) = 0", 1, 23, "expected ')'"},
		{"exists p (ahead(p) 0)", 1, 20, "expected a comparison"},
		{"exists (ahead(p) = 0)", 1, 8, "expected a variable"},
		{"exists p (ahead(p) = 0) junk", 1, 25, "unexpected"},
		{"exists p (\n  val(p) = nil ^\n  $)", 3, 3, "unexpected character"},
		{"exists p (val(p) = nil ^ )", 1, 26, "expected a term"},
		{"exists p:foo (val(p) = 1)", 1, 10, "unknown type"},
		{"exists p (1 = points_at(p, p))", 1, 15, "relation"},
	}
	for _, tt := range tests {
		_, err := ParseCondition(tt.src, Position{1, 1})
		wantError(t, fmt.Sprintf("%q", tt.src), err, tt.line, tt.col, tt.msg)
	}
}

// wantError checks that err, from the input what names, is an *Error at
// line:col whose message holds msg.
func wantError(t *testing.T, what string, err error, line, col int, msg string) {
	t.Helper()
	e, ok := err.(*Error)
	if !ok {
		t.Errorf("%s: have %v, want *Error", what, err)
		return
	}
	if e.Line != line || e.Col != col || !strings.Contains(e.Msg, msg) {
		t.Errorf("%s: have %v, want %d:%d %q", what, e, line, col, msg)
	}
}

func TestTypeErrors(t *testing.T) {
	tests := []struct {
		cond, concl string
		line, col   int
		msg         string
	}{
		{"exists p (val(p) = q)", "set(p, 1)", 1, 20, "undefined variable q"},
		{"exists p (vall(p) = 1)", "set(p, 1)", 1, 11, "unknown function vall"},
		{"exists p (val(p) = dir(p))", "set(p, 1)", 1, 18, "cannot compare"},
		{"exists p,i (next(p) < i)", "set(p, i)", 1, 21, "compares numbers"},
		{"exists p (ahead(p, p) = 1)", "set(p, 1)", 1, 11, "takes 1 argument"},
		{"exists p (ahead(p) = 1)", "set(q, 1)", 2, 5, "conclusion uses q"},
		{"exists p (forall q (points_at(p, q)))", "set(q, 1)", 2, 5, "conclusion uses q"},
		{"exists p,i (val(p) = i)", "set(i, p)", 2, 5, "must be a position"},
		{"exists p,p (val(p) = 1)", "set(p, 1)", 1, 10, "quantified twice"},
	}
	for _, tt := range tests {
		f, err := ParseCondition(tt.cond, Position{1, 1})
		if err != nil {
			t.Fatalf("%q: %v", tt.cond, err)
		}
		c, err := ParseConclusion(tt.concl, Position{2, 1})
		if err != nil {
			t.Fatalf("%q: %v", tt.concl, err)
		}
		_, err = Check(f, []*Conclusion{c})
		wantError(t, fmt.Sprintf("%q / %q", tt.cond, tt.concl), err, tt.line, tt.col, tt.msg)
	}
}

func TestConclusions(t *testing.T) {
	s := solvedState(t)
	// On the solved grid, r1c1 holds 3 (cell 0).
	tests := []struct {
		concl   string
		removed uint64
		empty   bool
	}{
		{"set(p, 3)", 0, false},
		{"set(p, 2)", 1 << 3, true},
		{"exclude(p, < 3)", 0, false},
		{"exclude(p, >= 3)", 1 << 3, true},
		{"exclude(p, val(p) - 1)", 0, false},
		{"only(p, [nil, 3])", 0, false},
		{"only(p, [nil])", 0, false}, // nothing defined: no conclusion
		{"exclude(p, nil)", 0, false},
	}
	for _, tt := range tests {
		f, _ := ParseCondition("exists p (next(p) = next(p) ^ val(p) = 3 ^ behind(p) = 0 ^ ahead(p) = 4)", Position{1, 1})
		c, err := ParseConclusion(tt.concl, Position{1, 1})
		if err != nil {
			t.Fatalf("%s: %v", tt.concl, err)
		}
		ch, err := Check(f, []*Conclusion{c})
		if err != nil {
			t.Fatalf("%s: %v", tt.concl, err)
		}
		p, _ := Compile(ch, AllOptimizations)
		got := false
		p.Witnesses(s, func(env []int) bool {
			if env[Slot(ch.Witness["p"])] != 0 {
				return true
			}
			got = true
			rm, empty := p.Conclude(s, env)
			if rm[0] != tt.removed || empty != tt.empty {
				t.Errorf("%s: have removed %b empty %v, want %b %v", tt.concl, rm[0], empty, tt.removed, tt.empty)
			}
			return false
		})
		if !got {
			t.Fatalf("%s: r1c1 is no witness", tt.concl)
		}
	}
}

func TestPrintParseRoundTrip(t *testing.T) {
	for _, src := range []string{
		"exists p,q,i (points_at(p, q) ^ forall j (candidate(q, j) -> !sees_value(p, j)))",
		"forall s (points_at(p, s) ^ s != q -> !candidate(s, i))",
		"exists p ((val(p) + 1) = 2 v val(p) = nil)",
	} {
		f, err := ParseCondition(src, Position{1, 1})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		g, err := ParseCondition(f.String(), Position{1, 1})
		if err != nil {
			t.Fatalf("reparse %s: %v", f, err)
		}
		if f.String() != g.String() {
			t.Errorf("have %s, want %s", g, f)
		}
	}
}

func FuzzParseCondition(f *testing.F) {
	for _, s := range []string{
		"exists p (ahead(p) = 0)",
		"exists p,q (val(q) != nil ^ next(p) = q ^ dir(p) = dir(q))",
		"forall s (points_at(p, s) ^ s != q -> !candidate(s, i))",
		"exists p,i (i = sees_distinct(p) + ahead_free(p) - 1 v (val(p) + 1) = i)",
		"exists p:pos, i:num (candidate(p, i) <-> !may_see(p, i))",
	} {
		f.Add(s)
	}
	s := solvedState(f)
	f.Fuzz(func(t *testing.T, src string) {
		cond, _, ok := parsePrinted(t, ParseCondition, src)
		if !ok {
			return
		}
		ch, err := Check(cond, nil)
		if err != nil || ch.Slots > 3 {
			return // keep evaluation cheap
		}
		want := -1
		for _, opt := range allOptions() {
			p, err := Compile(ch, opt)
			if err != nil {
				return
			}
			have := 0
			if p.Holds(s) {
				have = 1
			}
			if want >= 0 && have != want {
				t.Fatalf("%q: optimizer %+v changes the truth value", src, opt)
			}
			want = have
		}
	})
}

func TestNestingLimit(t *testing.T) {
	src := "exists a,b,c,d (exists e,f,g,h (exists x (points_at(a, x))))"
	f, err := ParseCondition(src, Position{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Check(f, nil)
	if e, ok := err.(*Error); !ok || !strings.Contains(e.Msg, "nested") || e.Col != 33 {
		t.Errorf("have %v, want a nesting error at 1:33", err)
	}
}

// A condition whose search space is huge stops at its work bound or when
// its context ends, under every optimisation setting, and yields nothing
// from the part it ran.
func TestEvaluationBounds(t *testing.T) {
	const src = "exists a,b,c,d,e,f (ahead(a)+ahead(b)+ahead(c)+ahead(d)+ahead(e)+ahead(f) = 1000)"
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name   string
		ctx    context.Context
		budget int
		want   error
	}{
		{"budget", context.Background(), 1 << 16, ErrBudget},
		{"cancelled", cancelled, 0, context.Canceled},
	}
	for _, opt := range allOptions() {
		p := compileCond(t, src, opt)
		for _, tt := range tests {
			s := solvedState(t)
			s.Limit(tt.ctx, tt.budget)
			witnesses := 0
			p.Witnesses(s, func([]int) bool { witnesses++; return true })
			if have := s.Err(); !errors.Is(have, tt.want) || witnesses != 0 {
				t.Errorf("%+v %s: have Err %v and %d witnesses, want %v and none", opt, tt.name, have, witnesses, tt.want)
			}
		}
	}
}

// TestArity: every function and relation fits the fixed-size argument
// array its implementation takes, and has one.
func TestArity(t *testing.T) {
	for _, m := range []map[string]*sig{sigFunctions, sigRelations} {
		for name, s := range m {
			if len(s.args) > len(args{}) {
				t.Errorf("%s takes %d arguments, at most %d fit", name, len(s.args), len(args{}))
			}
			_, f := funcImpl[name]
			_, r := relImpl[name]
			if !f && !r {
				t.Errorf("%s has no implementation", name)
			}
		}
	}
}

// FuzzParseConclusion: a conclusion parses, prints and parses back to the
// same text, or gives a positioned error; never a panic.
func FuzzParseConclusion(f *testing.F) {
	for _, s := range []string{"set(p, 0)", "exclude(p, 1)", "exclude(p, < i + 1)", "only(p, [0, i, 2])", "set(p, 0 - 5)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		c, again, ok := parsePrinted(t, ParseConclusion, src)
		if ok && again.String() != c.String() {
			t.Fatalf("printed form %q reads back as %q", c, again)
		}
	})
}

// parsePrinted is what the fuzzers ask of any source: parse reads it or
// gives a positioned error (ok false), and reads again what it prints.
func parsePrinted[T fmt.Stringer](t *testing.T, parse func(string, Position) (T, error), src string) (parsed, again T, ok bool) {
	t.Helper()
	parsed, err := parse(src, Position{1, 1})
	if err != nil {
		if _, isPos := err.(*Error); !isPos {
			t.Fatalf("error %v is not positioned", err)
		}
		return parsed, again, false
	}
	if again, err = parse(parsed.String(), Position{1, 1}); err != nil {
		t.Fatalf("printed form %q does not parse: %v", parsed, err)
	}
	return parsed, again, true
}
