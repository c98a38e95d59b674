package rules

import (
	"context"
	"slices"
	"sort"
	"strings"
	"testing"

	acorpus "github.com/puzzlesat/puzzlesat/kinds/arrows/corpus"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds/arrows/rules/fol"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// referenceRules is the vanHavel reference's own rules file.
var referenceRules = testcorpus.Path("arrows", "rules.yaml")

func TestReferenceRulesLoad(t *testing.T) {
	data := testcorpus.Read(t, "arrows", "rules.yaml")
	rs, err := ParseRules(referenceRules, data)
	if err != nil {
		t.Fatal(err)
	}
	wantFO := strings.Count(string(data), "kind: FO")
	wantBT := strings.Count(string(data), "kind: Backtrack")
	if len(rs.Rules) != wantFO || len(rs.Trials) != wantBT {
		t.Errorf("have %d rules and %d trials, want %d and %d", len(rs.Rules), len(rs.Trials), wantFO, wantBT)
	}
	if rs.TrialDepth() != 3 || rs.MaxLevel() != 4 {
		t.Errorf("trial depth %d, max level %d, want 3 and 4", rs.TrialDepth(), rs.MaxLevel())
	}
	for _, r := range rs.Rules {
		if r.Name == "FREE_AHEAD_DISTINCT" && len(r.Checked.Witness) != 2 {
			t.Errorf("FREE_AHEAD_DISTINCT witness %v, want p and i", r.Checked.Witness)
		}
	}
}

func TestDefaultRules(t *testing.T) {
	rs := Default()
	levels := map[int]bool{}
	for _, r := range rs.Rules {
		levels[r.Level] = true
	}
	for l := 1; l <= 4; l++ {
		if !levels[l] {
			t.Errorf("no default rule of level %d", l)
		}
	}
	var depths []int
	for _, tr := range rs.Trials {
		depths = append(depths, tr.Depth)
	}
	if !slices.Equal(depths, []int{1, 2, 3}) {
		t.Errorf("trial depths %v, want [1 2 3]", depths)
	}
}

func TestRulesErrors(t *testing.T) {
	tests := []struct {
		name, src string
		line, col int
		msg       string
	}{
		{"bad condition", "- name: A\n  condition: exists p (ahead(p) = )\n  conclusions:\n    - set(p, 0)\n", 2, 35, "expected a term"},
		{"block condition", "- name: A\n  condition: |\n    exists p (\n      val(p) = nil ^ foo(p) = 1\n    )\n  conclusions:\n    - set(p, 0)\n", 4, 22, "unknown function foo"},
		{"bad conclusion", "- name: A\n  condition: exists p (ahead(p) = 0)\n  conclusions:\n    - sett(p, 0)\n", 4, 7, "unknown conclusion"},
		{"unbound in conclusion", "- name: A\n  condition: exists p (ahead(p) = 0)\n  conclusions:\n    - set(q, 0)\n", 4, 11, "conclusion uses q"},
		{"unknown key", "- name: A\n  condtion: x\n", 2, 3, "unknown key"},
		{"bad indent", "- name: A\n    condition: x\n", 2, 5, "indentation"},
		{"no conclusions", "- name: A\n  condition: exists p (ahead(p) = 0)\n", 1, 1, "no conclusions"},
		{"bad complexity", "- name: A\n  complexity: high\n  condition: exists p (ahead(p) = 0)\n  conclusions: [set(p, 0)]\n", 2, 15, "non-negative integer"},
		{"duplicate", "- name: A\n  condition: exists p (ahead(p) = 0)\n  conclusions: [set(p, 0)]\n- name: A\n  condition: exists p (ahead(p) = 0)\n  conclusions: [set(p, 0)]\n", 4, 9, "duplicate rule"},
		{"not a list", "name: A\n", 1, 1, "expected a list"},
		{"byte order mark", "\uFEFF- name: A\n  condtion: x\n", 2, 3, "unknown key"},
	}
	for _, tt := range tests {
		_, err := ParseRules("r.yaml", []byte(tt.src))
		var list puzzle.ErrorList
		switch e := err.(type) {
		case puzzle.ErrorList:
			list = e
		case *puzzle.Error:
			list = puzzle.ErrorList{e}
		default:
			t.Errorf("%s: have %v, want a positioned error", tt.name, err)
			continue
		}
		ok := false
		for _, pe := range list {
			ok = ok || pe.Line == tt.line && pe.Col == tt.col && strings.Contains(pe.Msg, tt.msg) && pe.File == "r.yaml"
		}
		if !ok {
			t.Errorf("%s: have %v, want r.yaml:%d:%d %q", tt.name, list, tt.line, tt.col, tt.msg)
		}
	}
}

// TestOptimizerPreservesDeductions runs every rule of both files, compiled
// with each combination of optimizer passes, on states along a solve: the
// deductions must not depend on the passes.
func TestOptimizerPreservesDeductions(t *testing.T) {
	ref, err := LoadRules(referenceRules)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ps := acorpus.Puzzles(t)
	for _, p := range []int{0, 4, 12} {
		pz := ps[p]
		eng, _ := NewEngine(Default())
		res, err := eng.Solve(ctx, Input(pz), Start(pz))
		if err != nil {
			t.Fatal(err)
		}
		// States: the start and after every 20th step.
		var states [][]human.Cands
		cur := Start(pz)
		states = append(states, slices.Clone(cur))
		for i, s := range res.Steps {
			for _, el := range s.Elims {
				cur[el.Var] = cur[el.Var].Without(el.Value)
			}
			if i%20 == 19 {
				states = append(states, slices.Clone(cur))
			}
		}
		for _, rs := range []*RuleSet{ref, Default()} {
			var want []string
			for m := 0; m < 8; m++ {
				opt := fol.Options{Miniscope: m&1 != 0, Eliminate: m&2 != 0, Generators: m&4 != 0}
				rules, err := rs.HumanRules(opt)
				if err != nil {
					t.Fatal(err)
				}
				rules = human.Plain(rules)
				var have []string
				for _, st := range states {
					for _, r := range rules {
						var elims []string
						for _, d := range r.Apply(&human.Pass{Puzzle: Input(pz), Cands: st}) {
							for _, el := range d.Elims {
								elims = append(elims, pz.Pos(el.Var).String()+"≠"+string(rune('0'+el.Value)))
							}
						}
						sort.Strings(elims)
						have = append(have, r.Name+":"+strings.Join(elims, ","))
					}
				}
				if m == 0 {
					want = have
				} else if !slices.Equal(have, want) {
					t.Errorf("%s %s: passes %+v change the deductions", pz.Name(), rs.File, opt)
				}
			}
		}
	}
}
