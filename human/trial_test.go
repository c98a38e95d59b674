package human

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// clash is a consistency check for the latin toy: two cells of a line
// holding the same single value.
var clash = &Rule{
	Name: "clash", Doc: "Two cells of a line hold the same value: contradiction.", Level: 1,
	Apply: Typed(func(l *latin, p *Pass) []Deduction {
		for _, ln := range l.lines {
			seen := map[int]int{}
			for _, j := range ln {
				if v, ok := p.Cands[j].Single(); ok {
					if i, dup := seen[v]; dup {
						return []Deduction{{Contradiction: true, Cells: []puzzle.Pos{l.pos(i), l.pos(j)},
							Reason: fmt.Sprintf("%v and %v both hold %d", l.pos(i), l.pos(j), v+1)}}
					}
					seen[v] = j
				}
			}
		}
		return nil
	}),
}

// chainTrial is the reference Arrows solver's kind of trial on the toy:
// chains of at most 3 single deductions of naked-single, one elimination
// per application, clash as the free consistency check.
var chainTrial = &Rule{Name: "chain", Doc: "assume a value, search chains of 3 deductions", Level: 2,
	Trial: &Trial{MaxLevel: 1, Chain: 3, First: true, Checks: []string{"clash"}}}

// walkProof checks a trial step's proof tree: its inner steps hold under
// the assumption, it ends in a contradiction, its depth counts the steps
// that are not checks, and its nesting is one more than its deepest inner
// trial's. It returns the deepest nesting found.
func walkProof(t *testing.T, where string, s Step, state []Cands) int {
	t.Helper()
	if s.Assume == nil || len(s.Proof) == 0 {
		t.Fatalf("%s: trial step %+v has no assumption or proof", where, s)
	}
	cur := slices.Clone(state)
	cur[s.Assume.Var] = Only(s.Assume.Value)
	apps, nest := 0, 0
	for i, in := range s.Proof {
		if in.Index != i {
			t.Errorf("%s: proof step %d has index %d", where, i, in.Index)
		}
		if in.Check {
			if i != len(s.Proof)-1 {
				t.Errorf("%s: check step %d is not the last", where, i)
			}
			continue
		}
		apps = max(apps, in.Layer+1)
		if in.Assume != nil {
			nest = max(nest, walkProof(t, where+"/"+in.Rule, in, cur))
		}
		for _, el := range in.Elims {
			cur[el.Var] = cur[el.Var].Without(el.Value)
		}
	}
	last := s.Proof[len(s.Proof)-1]
	if !last.Contradiction && len(last.Emptied) == 0 {
		t.Errorf("%s: proof ends in %+v, not a contradiction", where, last)
	}
	for _, v := range last.Emptied {
		if cur[v] != 0 && !last.Check {
			t.Errorf("%s: unknown %d said emptied, has %v", where, v, cur[v].Values())
		}
	}
	if s.TrialDepth != max(apps, 1) {
		t.Errorf("%s: trial depth %d, proof applies %d", where, s.TrialDepth, apps)
	}
	if s.Nesting != nest+1 {
		t.Errorf("%s: nesting %d, proof tree has %d", where, s.Nesting, nest+1)
	}
	return s.Nesting
}

// walkTrials runs walkProof on every trial step of a solve and returns
// the deepest nesting.
func walkTrials(t *testing.T, name string, l *latin, res *Result) int {
	t.Helper()
	cur := l.start()
	deepest := 0
	for _, s := range res.Steps {
		if s.Assume != nil {
			deepest = max(deepest, walkProof(t, fmt.Sprintf("%s step %d", name, s.Index), s, cur))
		}
		for _, el := range s.Elims {
			cur[el.Var] = cur[el.Var].Without(el.Value)
		}
	}
	return deepest
}

func TestChainTrial(t *testing.T) {
	rules := []*Rule{nakedSingle, clash, chainTrial}
	solved, checks := 0, 0
	for _, s := range latinPuzzles {
		l := parseLatin(s)
		sol := l.solutions(1)[0]
		res := solveLatin(t, &Engine{Rules: rules}, l)
		checkResult(t, s, res, sol)
		walkTrials(t, s, l, res)
		for _, ly := range res.Layers {
			if ly.Rule == "chain" && ly.Width != 1 {
				t.Errorf("%s: a First trial's layer %+v takes %d steps", s, ly, ly.Width)
			}
		}
		for _, st := range res.Steps {
			if st.Rule == "chain" {
				if st.TrialDepth > 3 || st.Level != 2 || st.Nesting != 1 {
					t.Errorf("%s: chain step %+v: want depth ≤ 3, level 2, nesting 1", s, st)
				}
				if p := st.Proof; p[len(p)-1].Check {
					checks++
				}
			}
		}
		if res.Status == StatusSolved {
			solved++
		}
	}
	if solved == 0 || checks == 0 {
		t.Errorf("chain trials solved %d puzzles and ended %d proofs by a check; want some of each", solved, checks)
	}
}

// TestFirstTakesFirstRefuted: a First trial eliminates the first
// assumption, in the documented order, that the same trial refutes.
func TestFirstTakesFirstRefuted(t *testing.T) {
	all := &Rule{Name: "all", Doc: "chain trial, every refuted assumption", Level: 2,
		Trial: &Trial{MaxLevel: 1, Chain: 3, Checks: []string{"clash"}}}
	for _, s := range latinPuzzles[:6] {
		l := parseLatin(s)
		stuck := solveLatin(t, &Engine{Rules: []*Rule{nakedSingle}}, l)
		if stuck.Status != StatusStuck {
			continue
		}
		first, err := (&Engine{Rules: []*Rule{nakedSingle, clash, chainTrial}}).Hint(context.Background(), l, stuck.Cands)
		if err != nil || first == nil {
			t.Fatalf("%s: hint %v, %v", s, first, err)
		}
		p, err := (&Engine{Rules: []*Rule{nakedSingle, clash, all}}).prepare()
		if err != nil {
			t.Fatal(err)
		}
		f, err := p.next(context.Background(), l, stuck.Cands)
		if err != nil || f == nil {
			t.Fatalf("%s: all refuted: %v, %v", s, f, err)
		}
		refuted := map[Elim]bool{}
		for _, tr := range f.trials {
			refuted[Elim{tr.v, tr.val}] = true
		}
		var want *Elim
		for _, a := range assumptions(stuck.Cands) {
			if refuted[Elim{a.v, a.val}] {
				want = &Elim{a.v, a.val}
				break
			}
		}
		if !reflect.DeepEqual(first.Assume, want) || f.available != len(f.deds) {
			t.Errorf("%s: First assumed %v, want %v (first of %d refuted)", s, first.Assume, want, len(f.deds))
		}
	}
}

func TestAssumptionOrder(t *testing.T) {
	have := assumptions([]Cands{0b111, 0b1, 0b101, 0b1010, 0b111})
	var got []Elim
	for _, a := range have {
		got = append(got, Elim{a.v, a.val})
	}
	want := []Elim{{2, 0}, {2, 2}, {3, 1}, {3, 3}, {0, 0}, {0, 1}, {0, 2}, {4, 0}, {4, 1}, {4, 2}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("assumptions = %v, want %v", got, want)
	}
}

// TestNestedTrial: a puzzle the trials of up to two layers leave stuck
// moves on with a trial nested inside a trial, and its proof is a tree.
func TestNestedTrial(t *testing.T) {
	l := parseLatin(latinPuzzles[9])
	sol := l.solutions(1)[0]
	flatRules := append([]*Rule{nakedSingle}, LayerTrials(1, 2, 0)...)
	// Two layers inside: too few for naked singles alone, enough with a
	// trial layer inside.
	nestedRule := &Rule{Name: "nested-trial", Level: 4, Doc: "a trial inside a trial",
		Trial: &Trial{MaxLevel: 3, Layers: 2, First: true}}
	flat := solveLatin(t, &Engine{Rules: flatRules}, l)
	nested := solveLatin(t, &Engine{Rules: append(flatRules, nestedRule)}, l)
	checkResult(t, "nested", nested, sol)
	if flat.Report.Nesting != 1 || nested.Report.Nesting != 2 || len(nested.Steps) <= len(flat.Steps) {
		t.Errorf("nesting flat %d (%d steps), nested %d (%d steps); want 1 and 2, nested going further",
			flat.Report.Nesting, len(flat.Steps), nested.Report.Nesting, len(nested.Steps))
	}
	if deepest := walkTrials(t, "nested", l, nested); deepest != 2 {
		t.Errorf("deepest proof tree %d, want 2", deepest)
	}
	if nested.Report.RuleSteps["nested-trial"] == 0 || nested.Report.Complexity != 4 {
		t.Errorf("report %+v: want nested-trial steps and complexity 4", nested.Report)
	}
	// Self-nesting: a trial inside itself, down to Nest 0.
	self := &Rule{Name: "self", Doc: "nests in itself", Level: 2, Trial: &Trial{MaxLevel: 1, Layers: 2, Nest: 1}}
	res := solveLatin(t, &Engine{Rules: []*Rule{nakedSingle, self}}, l)
	checkResult(t, "self", res, sol)
	if deepest := walkTrials(t, "self", l, res); deepest != 2 {
		t.Errorf("self-nesting: deepest proof tree %d, want 2", deepest)
	}
}

// TestTrialsParallelSameResult: nested and chain trials give the same
// result on one goroutine and on four.
func TestTrialsParallelSameResult(t *testing.T) {
	sets := [][]*Rule{
		{nakedSingle, clash, chainTrial},
		append([]*Rule{nakedSingle}, LayerTrials(1, 2, 1)...),
		append(append([]*Rule{nakedSingle}, LayerTrials(1, 2, 0)...),
			&Rule{Name: "nested-trial", Level: 4, Doc: "a trial inside a trial", Trial: &Trial{MaxLevel: 3, Layers: 2}}),
	}
	for _, s := range []string{latinPuzzles[0], latinPuzzles[9], latinPuzzles[10]} {
		l := parseLatin(s)
		for i, rules := range sets {
			one := solveLatin(t, &Engine{Rules: rules, Parallel: 1}, l)
			four := solveLatin(t, &Engine{Rules: rules, Parallel: 4}, l)
			if !reflect.DeepEqual(one, four) {
				t.Errorf("%s, rule set %d: Parallel 1 and 4 differ: %d vs %d steps", s, i, len(one.Steps), len(four.Steps))
			}
		}
	}
}

// TestTrialBudget: a budget too small for any nested proof stops the
// nested trial, and results with a budget do not depend on parallelism.
func TestTrialBudget(t *testing.T) {
	l := parseLatin(latinPuzzles[9])
	withBudget := func(b int) []*Rule {
		rs := append([]*Rule{nakedSingle}, LayerTrials(1, 2, 1)...)
		n := *rs[len(rs)-1]
		tr := *n.Trial
		tr.Budget = b
		n.Trial = &tr
		rs[len(rs)-1] = &n
		return rs
	}
	tiny := solveLatin(t, &Engine{Rules: withBudget(1)}, l)
	if tiny.Report.RuleSteps["nested-trial"] != 0 {
		t.Errorf("budget 1: %d nested-trial steps, want none", tiny.Report.RuleSteps["nested-trial"])
	}
	for _, b := range []int{300, 3000} {
		one := solveLatin(t, &Engine{Rules: withBudget(b), Parallel: 1}, l)
		four := solveLatin(t, &Engine{Rules: withBudget(b), Parallel: 4}, l)
		if !reflect.DeepEqual(one, four) {
			t.Errorf("budget %d: Parallel 1 and 4 differ: %d vs %d steps", b, len(one.Steps), len(four.Steps))
		}
		t.Logf("budget %d: %s, %d nested-trial steps", b, one.Status, one.Report.RuleSteps["nested-trial"])
	}
	if large := solveLatin(t, &Engine{Rules: withBudget(1 << 30)}, l); large.Report.RuleSteps["nested-trial"] == 0 {
		t.Error("an unbounded budget takes no nested-trial step")
	}
}

// TestSingle: a Single rule gives one deduction per layer.
func TestSingle(t *testing.T) {
	one := *nakedSingle
	one.Single = true
	l := parseLatin(latinPuzzles[2])
	all := solveLatin(t, &Engine{Rules: []*Rule{nakedSingle}}, l)
	single := solveLatin(t, &Engine{Rules: []*Rule{&one}}, l)
	if single.Status != all.Status || single.Report.Width != 1 || all.Report.Width == 1 {
		t.Errorf("single: %s, widest layer %d; all: %s, widest %d; want the same status, single layers of one step",
			single.Status, single.Report.Width, all.Status, all.Report.Width)
	}
}
