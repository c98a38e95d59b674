package crosscheck_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/crosscheck/kindtest"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/solve"
)

// referenceRules is vanHavel's rules file, with its two unsound rules.
var referenceRules = testcorpus.Path("arrows", "rules.yaml")

// arrowsCorpus parses the reference puzzle folders (puzzle.txt with
// solution.txt beside it) through package kinds with the rules file rules
// ("" for the default rules).
func arrowsCorpus(t *testing.T, rules string) []kind.Instance {
	t.Helper()
	files := testcorpus.Glob(t, filepath.Join("arrows", "20*", "puzzle.txt"))
	if len(files) != 23 {
		t.Fatalf("have %d corpus puzzles, want 23", len(files))
	}
	var out []kind.Instance
	for _, f := range files {
		out = append(out, kindtest.Parse(t, "arrows", f, kind.Options{}.With("rules", rules))...)
	}
	return out
}

// oracle is an Oracle on gini for inst.
func oracle(t *testing.T, inst kind.Instance) *crosscheck.Oracle {
	t.Helper()
	o, err := crosscheck.NewOracle(t.Context(), inst, gini.NewSolver)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// full is the state with every value of every unknown still possible.
func full(inst kind.Instance) []human.Cands {
	return (&kind.HumanSetup{}).StartCands(inst)
}

// examples are the bundled example of every grid kind of the registry
// that names one for the tests (kind.Corpus.Example: small and unique).
func examples(t *testing.T) []kind.Instance {
	t.Helper()
	var out []kind.Instance
	for _, k := range kinds.Default().List() {
		name, data, err := k.ExampleFile()
		if err != nil {
			t.Fatal(err)
		}
		if name == "" {
			continue
		}
		insts, err := k.Parse(name, data, kind.Options{})
		if err != nil || len(insts) != 1 {
			t.Fatalf("%s %s: %d puzzles, error %v; want 1", k.Name, name, len(insts), err)
		}
		out = append(out, insts[0])
	}
	if len(out) == 0 {
		t.Fatal("no grid kind of the registry names an example")
	}
	return out
}

// TestOracle asks an oracle of each grid kind's example (unique) the
// three questions an audit asks: a solution inside a state, none when a
// forced value is wrong, and none when the state lacks a true value.
func TestOracle(t *testing.T) {
	ctx := context.Background()
	for _, inst := range examples(t) {
		name := inst.Kind() + " " + inst.Name()
		o := oracle(t, inst)
		sol, err := o.Solution(ctx, full(inst), nil)
		if err != nil || sol == nil {
			t.Fatalf("%s: have %v %v, want a solution", name, sol, err)
		}
		if vs := inst.Verify(sol); len(vs) > 0 {
			t.Errorf("%s: the oracle's solution breaks %s", name, vs[0])
		}
		if want := inst.Solution(); want != nil && !slices.Equal(sol, want) {
			t.Errorf("%s: the oracle's solution %v, the puzzle's own %v", name, sol, want)
		}
		// The first unknown with more than one value: its solution value
		// is right, any other wrong (the puzzle is unique).
		v := slices.IndexFunc(inst.Vars(), func(x puzzle.Var) bool { return len(x.Domain) > 1 })
		if v < 0 {
			t.Fatalf("%s: no unknown with two values", name)
		}
		right := human.Elim{Var: v, Value: sol[v]}
		wrong := human.Elim{Var: v, Value: (sol[v] + 1) % len(inst.Vars()[v].Domain)}
		if sol, err := o.Solution(ctx, full(inst), &wrong); sol != nil || err != nil {
			t.Errorf("%s: forcing %+v: have %v %v, want none", name, wrong, sol, err)
		}
		st := full(inst)
		st[right.Var] = st[right.Var].Without(right.Value)
		if sol, err := o.Solution(ctx, st, nil); sol != nil || err != nil {
			t.Errorf("%s: state without %+v: have %v %v, want none", name, right, sol, err)
		}
		if _, err := o.Solution(ctx, st[1:], nil); err == nil {
			t.Errorf("%s: a state of the wrong length: have no error, want one", name)
		}
	}
}

// arrowsRules returns audit options that drop rules from rs as a rules
// file would (the built-in consistency checks stay): what `rules audit`
// runs, through the kind's RuleFiles.
func arrowsRules(rs kind.RuleSet) crosscheck.AuditOptions {
	return crosscheck.AuditOptions{Trials: -1, Droppable: rs.Has,
		Rules: func(without []string) ([]*human.Rule, error) { return rs.Rules(without...) }}
}

// arrowsRuleFiles is the Arrows kind's rules files, and the reference's
// rules file read with them.
func arrowsRuleFiles(t *testing.T) (*kind.RuleFiles, kind.RuleSet) {
	t.Helper()
	rf := kinds.Default().MustFind("arrows").RuleFiles
	ref, err := rf.Parse(referenceRules, testcorpus.Read(t, "arrows", "rules.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return rf, ref
}

// TestAuditDefaultArrowsRules solves every Arrows corpus puzzle with our
// rules, each step certified by SAT, and checks the solution.
func TestAuditDefaultArrowsRules(t *testing.T) {
	ctx := context.Background()
	for _, inst := range arrowsCorpus(t, "") {
		us, res, err := crosscheck.Audit(ctx, inst, oracle(t, inst).Solution, arrowsRules(kinds.Default().MustFind("arrows").RuleFiles.Default()))
		if err != nil {
			t.Fatalf("%s: %v", inst.Name(), err)
		}
		for _, u := range us {
			t.Errorf("%s", u.Format(inst, nil))
		}
		if res.Status != human.StatusSolved {
			t.Errorf("%s: %s, want solved", inst.Name(), res.Status)
			continue
		}
		if have, want := crosscheck.Assignment(res.Cands), inst.Solution(); !slices.Equal(have, want) {
			t.Errorf("%s: solved to %v, want %v", inst.Name(), have, want)
		}
	}
}

// TestAuditReferenceRules audits the reference rules on the corpus and on
// generated puzzles: exactly the three unsound rules must be named.
// FREE_AHEAD_DISTINCT takes two free cells on p's ray for distinct when
// neither can repeat a number p sees and, of the pairs that point at each
// other, none shares a candidate; two free cells that do not point at each
// other may hold the same number. Its mistakes show inside the Backtrack
// rules' chains.
func TestAuditReferenceRules(t *testing.T) {
	if testing.Short() {
		t.Skip("audits the reference rules on generated puzzles, tens of seconds: skipped by -short")
	}
	rf, ref := arrowsRuleFiles(t)
	ctx := context.Background()
	named := map[string]bool{}
	audit := func(inst kind.Instance) {
		us, _, err := crosscheck.Audit(ctx, inst, oracle(t, inst).Solution, arrowsRules(ref))
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range us {
			named[u.Rule] = true
			if u.Counter == nil || len(u.State) == 0 {
				t.Errorf("%s: finding without state or counter-solution", u.Rule)
			}
		}
	}
	for _, inst := range arrowsCorpus(t, referenceRules) {
		audit(inst)
	}
	// Generated puzzles: random layouts (the generator's starting point,
	// before givens), which have many solutions, as well as puzzles the
	// reference-style generator completes with the reference rules.
	rules, err := ref.Rules()
	if err != nil {
		t.Fatal(err)
	}
	opt := kind.Options{}.With(rf.Flag, referenceRules)
	rng := rand.New(rand.NewPCG(1, 0))
	want := []string{"FREE_AHEAD_DISTINCT", "MAX_VAL_AT_EDGES_CONFIRM", "MAX_VAL_AT_EDGES_DENY"}
	for i := 0; i < 400 && len(named) < len(want); i++ {
		side, diagonal := 4+i%3, i%2 == 0
		inst, err := rf.Layout(rng, side, side, diagonal, opt)
		if err != nil {
			t.Fatal(err)
		}
		audit(inst)
		if i%10 == 0 {
			if inst, err := rf.Generate(ctx, rng, rules, side, side, diagonal, opt); err == nil {
				audit(inst)
			}
		}
	}
	var have []string
	for n := range named {
		have = append(have, n)
	}
	sort.Strings(have)
	if !slices.Equal(have, want) {
		t.Errorf("audit named %v, want %v", have, want)
	}
}

// TestArrowsGeneratorUnique: the puzzles the Arrows generator of rules
// audits makes with our rules (one trial layer) are unique, and their
// solution verifies.
func TestArrowsGeneratorUnique(t *testing.T) {
	rf := kinds.Default().MustFind("arrows").RuleFiles
	rules, err := rf.Default().Rules()
	if err != nil {
		t.Fatal(err)
	}
	rules = human.WithTrials(rules, 1)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 0))
	for i := 0; i < 4; i++ {
		inst, err := rf.Generate(ctx, rng, rules, 5, 5, i%2 == 1, kind.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := solve.Check(ctx, inst, gini.NewSolver, false)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != sat.UniqueSolution || len(inst.Verify(r.First)) > 0 {
			t.Errorf("%s: have %s (differences %v), want unique with a solution that verifies", inst.Name(), r.Status, r.Differences)
		}
	}
}

// TestAuditAnyKind: the audit needs nothing of Arrows. On Juosan, a rule
// that eliminates the true value of r1c1 is named, with a counter-solution
// that holds it, and dropped; the kind's own rules are sound.
func TestAuditAnyKind(t *testing.T) {
	ctx := context.Background()
	inst := juosan(t, testcorpus.Path("juosan", "janko", "6x6_1.in"))
	r, err := solve.Check(ctx, inst, gini.NewSolver, false)
	if err != nil {
		t.Fatal(err)
	}
	sol := r.First
	liar := &human.Rule{Name: "liar", Doc: "eliminates the true value of r1c1", Level: 1,
		Apply: func(p *human.Pass) []human.Deduction {
			if !p.Cands[0].Has(sol[0]) || p.Cands[0].Count() == 1 {
				return nil
			}
			return []human.Deduction{{Elims: []human.Elim{{Var: 0, Value: sol[0]}}, Reason: "because"}}
		}}
	tests := []struct {
		name string
		inst kind.Instance
		want []string // the rules named unsound
	}{
		{"own rules", inst, nil},
		{"with a liar", withRules{inst, []*human.Rule{liar}}, []string{"liar"}},
	}
	for _, tt := range tests {
		us, res, err := crosscheck.Audit(ctx, tt.inst, oracle(t, tt.inst).Solution, crosscheck.AuditOptions{Trials: -1})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var have []string
		for _, u := range us {
			have = append(have, u.Rule)
			if u.Elim == nil || u.Counter[u.Elim.Var] != u.Elim.Value || len(tt.inst.Verify(u.Counter)) > 0 {
				t.Errorf("%s: finding %+v lacks a valid counter-solution holding the eliminated value", tt.name, u)
			}
			if text := u.Format(tt.inst, nil); !strings.Contains(text, "UNSOUND liar") || !strings.Contains(text, "r1c1 {-,|}") {
				t.Errorf("%s: the finding reads\n%s\nwant it to name the rule and draw r1c1's candidates", tt.name, text)
			}
		}
		if !slices.Equal(have, tt.want) {
			t.Errorf("%s: have unsound %v, want %v", tt.name, have, tt.want)
		}
		// Once the liar is dropped, the kind's rules finish the puzzle.
		if res == nil || res.Status != human.StatusSolved {
			t.Errorf("%s: the last solve is %v, want solved", tt.name, res)
		}
	}
}
