package rules

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"testing"

	scorpus "github.com/puzzlesat/puzzlesat/kinds/shinro/corpus"

	"github.com/puzzlesat/puzzlesat/human"
	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
)

func TestRulesValid(t *testing.T) {
	if err := human.Validate(Rules()); err != nil {
		t.Fatal(err)
	}
}

func mustParse(t *testing.T, text string) *shinro.Puzzle {
	t.Helper()
	p, err := shinro.ParseText("t", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// elimNames renders eliminations as "r1c3-." (empty ruled out) or "r1c3-*".
func elimNames(p *shinro.Puzzle, ds []human.Deduction) []string {
	var out []string
	for _, d := range ds {
		for _, e := range d.Elims {
			out = append(out, fmt.Sprintf("%v-%s", p.Pos(e.Var), shinro.Domain[e.Value]))
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

func TestRuleExamples(t *testing.T) {
	for _, tc := range []struct {
		name string
		rule *human.Rule
		text string
		want []string
	}{
		{"fill row", Fill, "shinro\nsize 2 3\nstones 2\ncols: 1 0 1\n2  . 2 .\n0  . . .\n", []string{"r1c1-.", "r1c3-."}},
		{"clear column", Clear, "shinro\nsize 2 2\nstones 1\ncols: 1 0\n1  . .\n0  . .\n", []string{"r1c2-*", "r2c1-*", "r2c2-*"}},
		{"arrow single", ArrowSingle, "shinro\nsize 2 2\nstones 1\ncols: 1 0\n1  . .\n0  8 .\n", []string{"r1c1-."}},
		{"arrow line", ArrowLine, "shinro\nsize 2 4\nstones 2\ncols: 1 0 0 1\n1  . . 4 .\n1  . . . .\n", []string{"r1c4-*"}},
		{"pairs", Pairs, "shinro\nsize 2 8\nstones 4\ncols: 1 0 0 1 1 0 0 1\n2  . . 4 . . 6 . .\n2  . . . . . . . .\n", []string{"r1c4-*", "r1c5-*"}},
		{"path count", PathCount, "shinro\nsize 3 3\nstones 2\ncols: 0 1 1\n1  . . .\n0  . . .\n1  9 . .\n", []string{"r1c1-*", "r1c2-*", "r2c1-*", "r2c3-*"}},
		{"impossible", Impossible, "shinro\nsize 3 3\nstones 2\ncols: 1 1 0\n1  . . .\n1  . . .\n0  . . 7\n", []string{"r1c2-*", "r2c1-*"}},
		{"pigeonhole", Pigeonhole, "shinro\nsize 3 3\nstones 3\ncols: 1 1 1\n2  . . .\n0  . . .\n1  . . 4\n", []string{"r1c3-."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.text)
			ds := tc.rule.Apply(&human.Pass{Puzzle: p, Cands: Start(p)})
			if have := elimNames(p, ds); !reflect.DeepEqual(have, tc.want) {
				t.Errorf("have %v, want %v", have, tc.want)
			}
			for _, d := range ds {
				if d.Reason == "" || d.Contradiction {
					t.Errorf("deduction %+v: want a reason and no contradiction", d)
				}
			}
		})
	}
}

func TestContradictions(t *testing.T) {
	p := mustParse(t, "shinro\nsize 2 3\nstones 2\ncols: 1 0 1\n2  . 2 .\n0  . . .\n")
	set := func(vals map[string]int) []human.Cands {
		cs := Start(p)
		for i := range cs {
			if v, ok := vals[p.Pos(i).String()]; ok {
				cs[i] = human.Only(v)
			}
		}
		return cs
	}
	for _, tc := range []struct {
		name  string
		rule  *human.Rule
		cands []human.Cands
	}{
		// Row 1 needs 2 stones; one of its two free cells is empty.
		{"fill", Fill, set(map[string]int{"r1c1": shinro.Empty})},
		// Column 2 wants none; a stone lies there.
		{"clear", Clear, set(map[string]int{"r2c2": shinro.Stone})},
		// The arrow at r1c2 (S) sees only r2c2, which is empty.
		{"arrow", ArrowUnsatisfiable, set(map[string]int{"r2c2": shinro.Empty})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ds := tc.rule.Apply(&human.Pass{Puzzle: p, Cands: tc.cands})
			found := false
			for _, d := range ds {
				found = found || d.Contradiction
			}
			if !found {
				t.Errorf("have %v, want a contradiction", ds)
			}
		})
	}
}

// checkAgainst returns an engine Check that fails any step eliminating the
// solution's value (a cheap soundness check; SAT certifies steps elsewhere).
func checkAgainst(p *shinro.Puzzle) func(human.Step) error {
	sol := p.Solution
	return func(s human.Step) error {
		if s.Contradiction {
			return fmt.Errorf("contradiction on a solvable puzzle: %s", s.Reason)
		}
		for _, e := range s.Elims {
			if sol[e.Var] == e.Value {
				return fmt.Errorf("eliminates the solution's %v = %s: %s", p.Pos(e.Var), shinro.Domain[e.Value], s.Reason)
			}
		}
		return nil
	}
}

// TestCorpusSolves: the rules alone (k = 0) solve every corpus puzzle, each
// step consistent with the stored stones; it logs the paper's metrics.
func TestCorpusSolves(t *testing.T) {
	ps := scorpus.Puzzles(t)
	solved := 0
	used := map[string]int{}
	for _, p := range ps {
		e := NewEngine(p, 0)
		e.Check = checkAgainst(p)
		res, err := e.Solve(context.Background(), p, Start(p))
		if err != nil {
			t.Fatalf("%s: %v", p.Title, err)
		}
		if res.Status == human.StatusSolved {
			solved++
			if have := human.Values(res.Cands); !reflect.DeepEqual(have, p.Solution) {
				t.Errorf("%s: solved to other stones", p.Title)
			}
		}
		for r, n := range res.Report.RuleSteps {
			used[r] += n
		}
		m := MetricsOf(p, res)
		t.Logf("%-15s frac %.3f  %-6s m=%2d a=%3d hard=%2d level=%d score=%.1f", p.Title, p.Difficulty, res.Status, m.M, m.A, m.Hard(), res.Report.MaxLevel, res.Report.Score)
	}
	t.Logf("solved %d/%d at k=0; steps per rule %v", solved, len(ps), used)
	if solved != len(ps) {
		t.Errorf("solved %d of %d at k=0, want all", solved, len(ps))
	}
	for _, r := range []string{"fill", "clear", "arrow-single", "arrow-line", "path-count", "impossible", "pigeonhole"} {
		if used[r] == 0 {
			t.Errorf("rule %s never used on the corpus", r)
		}
	}
}

// TestRulesSoundOnPartialStates applies every rule to random partial states
// of the corpus solutions and of random puzzles' planted ones (some cells
// revealed): no rule may eliminate a
// solution value or claim a contradiction.
func TestRulesSoundOnPartialStates(t *testing.T) {
	rng := rand.New(rand.NewPCG(uint64(1), 0))
	ps := scorpus.Puzzles(t)
	for i := 0; i < 100; i++ {
		rows, cols := 3+rng.IntN(8), 3+rng.IntN(8)
		p, err := shinro.Random(rng, rows, cols, min(2+rng.IntN(12), rows*cols), rng.IntN(20))
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	for _, p := range ps {
		sol := p.Solution
		for trial := 0; trial < 30; trial++ {
			cs := Start(p)
			frac := rng.Float64()
			for i := range cs {
				if rng.Float64() < frac {
					cs[i] = human.Only(sol[i])
				}
			}
			for _, r := range Rules() {
				for _, d := range r.Apply(&human.Pass{Puzzle: p, Cands: cs}) {
					if d.Contradiction {
						t.Fatalf("%s: %s claims a contradiction on a consistent state: %s", p.Title, r.Name, d.Reason)
					}
					for _, e := range d.Elims {
						if sol[e.Var] == e.Value {
							t.Fatalf("%s: %s eliminates the solution's %v: %s", p.Title, r.Name, p.Pos(e.Var), d.Reason)
						}
					}
				}
			}
		}
	}
}

// TestWrongGuessNeverSolves: starting from one wrong cell, the rules never
// reach a valid full solution (it would be a second one); most such states
// end in a contradiction or a full state that breaks a rule.
func TestWrongGuessNeverSolves(t *testing.T) {
	ctx := context.Background()
	contradicted, total := 0, 0
	for _, p := range scorpus.Puzzles(t)[:10] {
		sol := p.Solution
		for i := 0; i < p.NumVars(); i += 5 {
			cs := Start(p)
			cs[i] = human.Only(1 - sol[i])
			res, err := NewEngine(p, 0).Solve(ctx, p, cs)
			if err != nil {
				t.Fatal(err)
			}
			total++
			switch res.Status {
			case human.StatusSolved:
				// Every cell decided: the state must break a rule (the
				// engine stops before the contradiction rules look).
				if vs := p.Verify(human.Values(res.Cands)); vs == nil {
					t.Fatalf("%s: a second solution with %v wrong", p.Title, p.Pos(i))
				}
				contradicted++
			case human.StatusContradiction:
				contradicted++
			}
		}
	}
	t.Logf("%d of %d wrong guesses end in a contradiction", contradicted, total)
	if contradicted == 0 {
		t.Errorf("no wrong guess led to a contradiction")
	}
}

// TestTrialsReplaceHardRules: with only Oranchak's easy moves (levels 1-2)
// the rules stall on the harder half of the corpus; trials (proof by
// contradiction, up to k = 8 layers) solve strictly more, every step
// consistent with the stored stones.
func TestTrialsReplaceHardRules(t *testing.T) {
	easy := []*human.Rule{Fill, Clear, ArrowSingle, ArrowUnsatisfiable, ArrowLine, Pairs}
	plain, withTrials := 0, 0
	byK := map[int]int{}
	for _, p := range scorpus.Puzzles(t) {
		for k := 0; k <= 8; k++ {
			e := &human.Engine{Rules: easy, Trials: k, Describe: Describe(p), Check: checkAgainst(p)}
			res, err := e.Solve(context.Background(), p, Start(p))
			if err != nil {
				t.Fatalf("%s: %v", p.Title, err)
			}
			if res.Status == human.StatusSolved {
				if !reflect.DeepEqual(human.Values(res.Cands), p.Solution) {
					t.Errorf("%s: solved to other stones", p.Title)
				}
				byK[k]++
				withTrials++
				if k == 0 {
					plain++
				}
				break
			}
		}
	}
	t.Logf("easy rules: %d solved at k=0, %d with trials; first solved at k: %v", plain, withTrials, byK)
	if withTrials <= plain {
		t.Errorf("trials solved %d, the rules alone %d: want more with trials", withTrials, plain)
	}
}

// halves splits the corpus by position: the training half (even
// positions, playshinro numbers 1, 7, …, 115), on which DefaultBounds are
// fitted, and the held-out half (odd positions, numbers 4, 10, …, 118).
func halves(ps []*shinro.Puzzle) (train, held []*shinro.Puzzle) {
	for i, p := range ps {
		if i%2 == 0 {
			train = append(train, p)
		} else {
			held = append(held, p)
		}
	}
	return train, held
}

// TestDefaultBounds: DefaultBounds are the bounds fitted on the training
// half, and nothing else.
func TestDefaultBounds(t *testing.T) {
	train, _ := halves(scorpus.Puzzles(t))
	var ms []Metrics
	for _, p := range train {
		res, err := Grade(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, MetricsOf(p, res))
	}
	if have := FitBounds(ms); have != DefaultBounds {
		t.Errorf("bounds fitted on the training half = %+v, DefaultBounds = %+v", have, DefaultBounds)
	}
}

// TestGradingAgreement reports the rank correlation (Spearman ρ) between
// our grades and playshinro's difficulty fraction on the held-out half of
// the corpus (Level under DefaultBounds, fitted on the other half), and the
// same with the halves swapped; the computation is deterministic.
func TestGradingAgreement(t *testing.T) {
	ctx := context.Background()
	train, held := halves(scorpus.Puzzles(t))
	first, err := AgreementOf(ctx, held, DefaultBounds)
	if err != nil {
		t.Fatal(err)
	}
	again, err := AgreementOf(ctx, held, DefaultBounds)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(first, again) {
		t.Errorf("agreement differs between runs: %+v vs %+v", first, again)
	}
	t.Logf("held-out half (%d puzzles), bounds fitted on the other: Spearman ρ level %.3f, class %.3f, score %.3f, m %.3f, −a %.3f",
		first.N, first.Level, first.Class, first.Score, first.M, first.A)
	if first.N != len(held) || !(first.Level >= 0.85) {
		t.Errorf("have %+v, want all %d puzzles graded and ρ(level) ≥ 0.85", first, len(held))
	}
	// The other way round: bounds fitted on the held-out half, ρ on the
	// training half.
	var ms []Metrics
	for _, p := range held {
		res, err := Grade(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, MetricsOf(p, res))
	}
	swapped, err := AgreementOf(ctx, train, FitBounds(ms))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("swapped halves (%d puzzles): Spearman ρ level %.3f, class %.3f", swapped.N, swapped.Level, swapped.Class)
	if !(swapped.Level >= 0.85) {
		t.Errorf("swapped halves: ρ(level) = %.3f, want ≥ 0.85", swapped.Level)
	}
	agree := map[string]int{}
	confusion := map[string]int{}
	for _, p := range append(train, held...) {
		res, err := Grade(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		want, have := PlayshinroClass(p.Number), MetricsOf(p, res).Class()
		confusion[want+"->"+have]++
		if want == have {
			agree[want]++
		}
	}
	t.Logf("class agreement with playshinro's labels: %v; label->ours %v", agree, confusion)
}

// TestRandomPuzzlesSound: on random puzzles of many sizes with a planted
// solution (not necessarily unique), no step of the rules or of the trials
// eliminates a planted value: every sound elimination agrees with every
// solution.
func TestRandomPuzzlesSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 0))
	ctx := context.Background()
	solved := 0
	const n = 400
	for i := 0; i < n; i++ {
		rows, cols := 2+rng.IntN(9), 2+rng.IntN(9)
		cells := rows * cols
		p, err := shinro.Random(rng, rows, cols, 1+rng.IntN(cells/3+1), rng.IntN(cells/2+1))
		if err != nil {
			t.Fatal(err)
		}
		e := NewEngine(p, i%3)
		e.Check = checkAgainst(p)
		res, err := e.Solve(ctx, p, Start(p))
		if err != nil {
			t.Fatalf("%v\n%s", err, shinro.FormatText(p))
		}
		if res.Status == human.StatusSolved {
			solved++
			if vs := p.Verify(human.Values(res.Cands)); vs != nil {
				t.Fatalf("solved to a non-solution %v\n%s", vs, shinro.FormatText(p))
			}
		}
	}
	t.Logf("%d of %d random puzzles solved (most are not unique)", solved, n)
}
