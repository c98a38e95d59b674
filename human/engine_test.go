package human

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

var (
	nakedOnly = []*Rule{nakedSingle}
	bothRules = []*Rule{hiddenSingle, nakedSingle} // unsorted on purpose
)

func solveLatin(t *testing.T, e *Engine, l *latin) *Result {
	t.Helper()
	res, err := e.Solve(context.Background(), l, l.start())
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	return res
}

// checkResult asserts the invariants every result must keep, and that no
// step eliminates the value of the unique solution sol.
func checkResult(t *testing.T, name string, res *Result, sol []int) {
	t.Helper()
	for _, s := range res.Steps {
		for _, el := range s.Elims {
			if sol[el.Var] == el.Value {
				t.Errorf("%s: step %d (%s) eliminates the solution's value %d of unknown %d", name, s.Index, s.Rule, el.Value, el.Var)
			}
		}
		if len(s.Elims) == 0 && !s.Contradiction {
			t.Errorf("%s: step %d eliminates nothing", name, s.Index)
		}
	}
	if res.Status == StatusSolved {
		if have := Values(res.Cands); !reflect.DeepEqual([]int(have), sol) {
			t.Errorf("%s: solved to %v, want %v", name, have, sol)
		}
	}
	r := res.Report
	if r.Steps != len(res.Steps) || r.Depth != len(res.Layers) {
		t.Errorf("%s: report steps/depth %d/%d, want %d/%d", name, r.Steps, r.Depth, len(res.Steps), len(res.Layers))
	}
	next, width, avail, trials, depth := 0, 0, 0, 0, 0
	for i, l := range res.Layers {
		if l.Index != i || l.First != next || l.Width < 1 {
			t.Errorf("%s: layer %d = %+v, want index %d, first %d, width ≥ 1", name, i, l, i, next)
		}
		if l.Available < l.Width {
			t.Errorf("%s: layer %d offers %d moves but takes %d", name, i, l.Available, l.Width)
		}
		for _, s := range res.Steps[l.First : l.First+l.Width] {
			if s.Layer != i || s.Rule != l.Rule || s.Available != l.Available || s.TrialDepth != l.TrialDepth {
				t.Errorf("%s: step %+v does not match its layer %+v", name, s, l)
			}
			avail += s.Available
			if s.TrialDepth > 0 {
				trials++
				depth = max(depth, s.TrialDepth)
			}
		}
		next += l.Width
		width = max(width, l.Width)
	}
	if next != len(res.Steps) {
		t.Errorf("%s: layers cover %d steps, want %d", name, next, len(res.Steps))
	}
	if r.Width != width || r.Available != avail || r.Trials != trials || r.TrialDepth != depth {
		t.Errorf("%s: report %+v, want width %d, available %d, trials %d, trial depth %d", name, r, width, avail, trials, depth)
	}
}

func TestSolveLatinSound(t *testing.T) {
	for i, s := range latinPuzzles {
		l := parseLatin(s)
		sols := l.solutions(2)
		if len(sols) != 1 {
			t.Fatalf("puzzle %d has %d solutions, want 1", i, len(sols))
		}
		for _, rules := range [][]*Rule{nakedOnly, bothRules} {
			for k := 0; k <= 3; k++ {
				res := solveLatin(t, &Engine{Rules: rules, Trials: k}, l)
				checkResult(t, s, res, sols[0])
				if res.Status == StatusContradiction {
					t.Errorf("%s: status %s on a solvable puzzle", s, res.Status)
				}
			}
		}
	}
}

// TestTrialDepthNeeded: the report's TrialDepth is the k the solve needs:
// solving with it gives the same result, with one less it does not solve.
func TestTrialDepthNeeded(t *testing.T) {
	deep := 0
	for _, s := range latinPuzzles {
		l := parseLatin(s)
		full := solveLatin(t, &Engine{Rules: nakedOnly, Trials: 3}, l)
		if full.Status != StatusSolved {
			continue
		}
		k := full.Report.TrialDepth
		deep = max(deep, k)
		again := solveLatin(t, &Engine{Rules: nakedOnly, Trials: k}, l)
		if again.Status != full.Status || !reflect.DeepEqual(moves(again), moves(full)) {
			t.Errorf("%s: Trials=%d takes other steps than Trials=3", s, k)
		}
		if k > 0 {
			if less := solveLatin(t, &Engine{Rules: nakedOnly, Trials: k - 1}, l); less.Status == StatusSolved {
				t.Errorf("%s: solved with Trials=%d, report said %d needed", s, k-1, k)
			}
		}
	}
	if deep != 3 {
		t.Errorf("deepest trial needed over the puzzles = %d, want 3", deep)
	}
}

// moves strips steps to what they do (the available counts depend on k).
func moves(res *Result) []Step {
	var ms []Step
	for _, s := range res.Steps {
		ms = append(ms, Step{Rule: s.Rule, Assume: s.Assume, Elims: s.Elims, TrialDepth: s.TrialDepth})
	}
	return ms
}

func TestParallelSameResult(t *testing.T) {
	for _, s := range latinPuzzles {
		l := parseLatin(s)
		for _, rules := range [][]*Rule{nakedOnly, bothRules} {
			one := solveLatin(t, &Engine{Rules: rules, Trials: 3, Parallel: 1}, l)
			four := solveLatin(t, &Engine{Rules: rules, Trials: 3, Parallel: 4}, l)
			if !reflect.DeepEqual(one, four) {
				t.Errorf("%s: Parallel 1 and 4 differ: %d vs %d steps", s, len(one.Steps), len(four.Steps))
			}
		}
	}
}

func TestHintIsFirstStep(t *testing.T) {
	for _, s := range latinPuzzles {
		l := parseLatin(s)
		for _, rules := range [][]*Rule{nakedOnly, bothRules} {
			e := &Engine{Rules: rules, Trials: 2}
			res := solveLatin(t, e, l)
			start := l.start()
			h, err := e.Hint(context.Background(), l, start)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(start, l.start()) {
				t.Errorf("%s: Hint modified its candidates", s)
			}
			if len(res.Steps) == 0 {
				if h != nil {
					t.Errorf("%s: hint %+v, want none", s, h)
				}
				continue
			}
			if h == nil || !reflect.DeepEqual(*h, res.Steps[0]) {
				t.Errorf("%s: hint %+v, want %+v", s, h, res.Steps[0])
			}
		}
	}
	// No hint on a solved state.
	l := parseLatin("12/21")
	if h, err := (&Engine{Rules: nakedOnly}).Hint(context.Background(), l, l.start()); h != nil || err != nil {
		t.Errorf("hint on a solved grid = %v, %v; want nil, nil", h, err)
	}
}

func TestCheckCallback(t *testing.T) {
	l := parseLatin(latinPuzzles[0])
	var seen []Step
	e := &Engine{Rules: nakedOnly, Trials: 2, Check: func(s Step) error {
		seen = append(seen, s)
		return nil
	}}
	res := solveLatin(t, e, l)
	if !reflect.DeepEqual(seen, res.Steps) {
		t.Errorf("Check saw %d steps, Solve took %d", len(seen), len(res.Steps))
	}

	stop := errors.New("refuted")
	calls := 0
	e.Check = func(s Step) error {
		calls++
		if calls == 3 {
			return stop
		}
		return nil
	}
	res, err := e.Solve(context.Background(), l, l.start())
	if !errors.Is(err, stop) {
		t.Fatalf("Solve error = %v, want %v", err, stop)
	}
	if res == nil || len(res.Steps) != 3 || calls != 3 {
		t.Fatalf("after refusal: %d calls, result %v; want 3 calls and 3 steps", calls, res)
	}
	last := res.Layers[len(res.Layers)-1]
	if res.Report.Steps != 3 || last.First+last.Width != 3 {
		t.Errorf("after refusal: report %+v, last layer %+v; want them to cover the 3 steps", res.Report, last)
	}
}

func TestCancel(t *testing.T) {
	l := parseLatin(latinPuzzles[0])
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, par := range []int{1, 4} {
		e := &Engine{Rules: nakedOnly, Trials: 3, Parallel: par}
		if _, err := e.Solve(ctx, l, l.start()); !errors.Is(err, context.Canceled) {
			t.Errorf("Parallel %d: Solve on a cancelled context: %v, want context.Canceled", par, err)
		}
		// Cancelled by a rule in the middle of the solve, while the rules of
		// one level run par at once: each of the 2·par stoppers waits until
		// par of them are running, so that a case running fewer at once
		// than it says hangs (until the deadline, which says so), and the
		// par-th cancels the solve (as does the deadline). The most running
		// at once is then par: never fewer, since they wait for each other;
		// more would break the bound, which shows when the extra one
		// overlaps them.
		ctx2, cancel2 := context.WithCancel(context.Background())
		var (
			mu            sync.Mutex
			running, most int // stoppers running now, and the most at once
		)
		together := make(chan struct{})
		var meet sync.Once
		rules := []*Rule{nakedSingle}
		for i := range 2 * par {
			rules = append(rules, &Rule{Name: fmt.Sprintf("stopper-%d", i), Doc: "cancels", Level: 1, Apply: func(p *Pass) []Deduction {
				mu.Lock()
				running++
				n := running
				most = max(most, n)
				mu.Unlock()
				defer func() { mu.Lock(); running--; mu.Unlock() }()
				if n == par {
					meet.Do(func() { close(together); cancel2() })
				}
				select {
				case <-together:
				case <-time.After(time.Minute):
					t.Errorf("Parallel %d: a stopper waited a minute for %d rules of its level to run at once", par, par)
					meet.Do(func() { close(together); cancel2() }) // the others wait no more
				}
				return nil
			}})
		}
		e = &Engine{Rules: rules, Trials: 3, Parallel: par}
		res, err := e.Solve(ctx2, l, l.start())
		if !errors.Is(err, context.Canceled) || res == nil {
			t.Errorf("Parallel %d: Solve cancelled midway: %v, %v; want a partial result and context.Canceled", par, res, err)
		}
		mu.Lock()
		if most != par {
			t.Errorf("Parallel %d: at most %d rules of one level ran at once, want %d", par, most, par)
		}
		mu.Unlock()
		cancel2()
	}
}

// TestStopped: a long rule that polls Pass.Stopped gives up at the
// deadline with its deductions dropped, and the solve ends with the
// context's error.
func TestStopped(t *testing.T) {
	l := parseLatin(latinPuzzles[0])
	ctx, cancel := context.WithCancel(context.Background())
	long := &Rule{Name: "long", Doc: "works until its deadline", Level: 1, Apply: func(p *Pass) []Deduction {
		cancel() // the deadline passes during the work
		if p.Stopped() {
			return nil
		}
		return []Deduction{{Elims: []Elim{{Var: 0, Value: 0}}, Reason: "never reached"}}
	}}
	e := &Engine{Rules: []*Rule{long}, Parallel: 1}
	res, err := e.Solve(ctx, l, l.start())
	if !errors.Is(err, context.Canceled) || res == nil || len(res.Steps) != 0 {
		t.Errorf("have %v steps, error %v; want none and context.Canceled", res, err)
	}
	if (&Pass{}).Stopped() {
		t.Errorf("a pass without a context (a rule applied by hand) is never stopped")
	}
}

func TestContradiction(t *testing.T) {
	l := parseLatin("1.1/.../...")
	if res := solveLatin(t, &Engine{Rules: nakedOnly}, l); res.Status != StatusContradiction {
		t.Errorf("two 1s in a row: status %s, want %s", res.Status, StatusContradiction)
	}
	// A full grid is offered to the rules too.
	l = parseLatin("12/12")
	if res := solveLatin(t, &Engine{Rules: nakedOnly}, l); res.Status != StatusContradiction {
		t.Errorf("full grid with two equal rows: status %s, want %s", res.Status, StatusContradiction)
	}
	if h, err := (&Engine{Rules: nakedOnly}).Hint(context.Background(), l, l.start()); err != nil || h == nil || len(h.Elims) == 0 {
		t.Errorf("hint on a full grid with two equal rows = %v, %v; want the step that empties a cell", h, err)
	}
	// Value 1 has no place in the first row, yet no cell is empty: only
	// hidden-single's Contradiction sees it.
	l = parseLatin("../..")
	res, err := (&Engine{Rules: []*Rule{hiddenSingle}}).Solve(context.Background(), l, []Cands{2, 2, 3, 3})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(res.Steps); res.Status != StatusContradiction || n != 1 || !res.Steps[0].Contradiction {
		t.Errorf("status %s after %d steps, want %s from one contradiction step", res.Status, n, StatusContradiction)
	}
}

// latinRows is not the latin rules' input: a rule typed on it must not run.
type latinRows struct{}

func TestMisbehavingRules(t *testing.T) {
	l := parseLatin(latinPuzzles[0])
	for _, tc := range []struct {
		name  string
		apply func(*Pass) []Deduction
		want  string
	}{
		{"panic", func(*Pass) []Deduction { panic("boom") }, "panicked: boom"},
		{"outside", func(p *Pass) []Deduction { return []Deduction{{Elims: []Elim{{Var: len(p.Cands), Value: 0}}}} }, "outside the state"},
		{"wrong input", Typed(func(*latinRows, *Pass) []Deduction { return nil }), "rule input is *human.latin, want *human.latinRows"},
		{"fails", func(p *Pass) []Deduction {
			p.Fail(errors.New("went over its bound"))
			return []Deduction{{Elims: []Elim{{Var: 0, Value: 0}}}}
		}, "rule bad: went over its bound"},
	} {
		for _, par := range []int{1, 4} {
			e := &Engine{Parallel: par, Rules: []*Rule{nakedSingle, {Name: "bad", Doc: "misbehaves", Level: 1, Apply: tc.apply}}}
			_, err := e.Solve(context.Background(), l, l.start())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s, Parallel %d: error %v, want it to mention %q", tc.name, par, err, tc.want)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	ok := func(*Pass) []Deduction { return nil }
	for _, tc := range []struct {
		name  string
		rules []*Rule
		want  string // "" = valid
	}{
		{"good", []*Rule{{Name: "a", Doc: "d", Level: 2, Apply: ok}, {Name: "b", Doc: "d", Level: 1, Apply: ok}}, ""},
		{"empty list", nil, ""},
		{"nil rule", []*Rule{nil}, "rule 0 is nil"},
		{"no name", []*Rule{{Doc: "d", Level: 1, Apply: ok}}, "no name"},
		{"trial", []*Rule{{Name: "a", Doc: "d", Level: 1, Apply: ok}, {Name: "t", Doc: "d", Level: 2, Trial: &Trial{Chain: 2, Checks: []string{"a"}}}}, ""},
		{"trial and apply", []*Rule{{Name: "t", Doc: "d", Level: 2, Apply: ok, Trial: &Trial{Chain: 1}}}, "both Apply and Trial"},
		{"trial no bound", []*Rule{{Name: "t", Doc: "d", Level: 2, Trial: &Trial{}}}, "exactly one of them positive"},
		{"trial two bounds", []*Rule{{Name: "t", Doc: "d", Level: 2, Trial: &Trial{Chain: 1, Layers: 1}}}, "exactly one of them positive"},
		{"trial nest", []*Rule{{Name: "t", Doc: "d", Level: 2, Trial: &Trial{Chain: 1, Nest: -1}}}, "Nest -1, Budget 0"},
		{"trial max level", []*Rule{{Name: "t", Doc: "d", Level: 2, Trial: &Trial{Chain: 1, MaxLevel: 2}}}, "MaxLevel 2"},
		{"trial check", []*Rule{{Name: "t", Doc: "d", Level: 2, Trial: &Trial{Chain: 1, Checks: []string{"t"}}}}, `check "t"`},
		{"duplicate", []*Rule{{Name: "a", Doc: "d", Level: 1, Apply: ok}, {Name: "a", Doc: "d", Level: 1, Apply: ok}}, "already used"},
		{"no doc", []*Rule{{Name: "a", Level: 1, Apply: ok}}, "no doc"},
		{"no apply", []*Rule{{Name: "a", Doc: "d", Level: 1}}, "no Apply"},
		{"level 0", []*Rule{{Name: "a", Doc: "d", Apply: ok}}, "level 0"},
	} {
		err := Validate(tc.rules)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: Validate = %v, want nil", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: Validate = %v, want an error mentioning %q", tc.name, err, tc.want)
		}
	}
	if _, err := (&Engine{Rules: []*Rule{{Name: "x"}}}).Solve(context.Background(), nil, nil); err == nil {
		t.Error("Solve with an invalid rule list succeeded")
	}
	if _, err := (&Engine{Trials: -1}).Solve(context.Background(), nil, nil); err == nil {
		t.Error("Solve with Trials = -1 succeeded")
	}
}

func TestSortByLevel(t *testing.T) {
	got := SortByLevel([]*Rule{{Name: "c", Level: 3}, {Name: "a1", Level: 1}, {Name: "b", Level: 2}, {Name: "a2", Level: 1}})
	var names []string
	for _, r := range got {
		names = append(names, r.Name)
	}
	if have, want := strings.Join(names, " "), "a1 a2 b c"; have != want {
		t.Errorf("SortByLevel = %s, want %s", have, want)
	}
}

// TestReportScore checks the documented formula on a hand-computed case:
// one level-1 step alone, then a layer of two level-3 steps.
func TestReportScore(t *testing.T) {
	drop := func(v, val int) func(*Pass) []Deduction {
		return func(p *Pass) []Deduction {
			if p.Cands[v].Has(val) {
				return []Deduction{{Elims: []Elim{{Var: v, Value: val}}, Reason: "drop"}}
			}
			return nil
		}
	}
	pair := func(p *Pass) []Deduction {
		return append(drop(1, 0)(p), drop(1, 2)(p)...)
	}
	rules := []*Rule{
		{Name: "three", Doc: "drops two values of unknown 1", Level: 3, Apply: pair},
		{Name: "one", Doc: "drops value 1 of unknown 0", Level: 1, Apply: drop(0, 1)},
	}
	start, err := Full([]int{2, 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		weights *Weights
		want    float64
	}{
		// 1·(1+1/1) + 2 · 4·(1+1/2) = 2 + 12
		{nil, 14},
		// Width −1 once for the layer of two; Scarcity 0; level weights 3^(l-1).
		{&Weights{LevelBase: 3, Width: -1}, 1 + 2*9 - 1},
		// Rule override.
		{&Weights{LevelBase: 2, Scarcity: 1, Rule: map[string]float64{"three": 10}}, 2 + 2*15},
	} {
		res, err := (&Engine{Rules: rules, Weights: tc.weights}).Solve(context.Background(), nil, start)
		if err != nil {
			t.Fatal(err)
		}
		r := res.Report
		if res.Status != StatusSolved || r.Steps != 3 || r.Depth != 2 || r.Width != 2 || r.Available != 5 || r.MaxLevel != 3 || r.MaxRule != "three" {
			t.Errorf("status %s report %+v, want solved, 3 steps, depth 2, width 2, available 5, max level 3 (three)", res.Status, r)
		}
		if r.Score != tc.want {
			t.Errorf("weights %+v: score %v, want %v", tc.weights, r.Score, tc.want)
		}
	}
}

func TestResultJSON(t *testing.T) {
	l := parseLatin(latinPuzzles[9])
	res := solveLatin(t, &Engine{Rules: nakedOnly, Trials: 3}, l)
	if res.Report.Trials == 0 {
		t.Fatal("want a solve with trial steps")
	}
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, res) {
		t.Error("Result does not survive a JSON round trip")
	}
	for _, key := range []string{`"status":"solved"`, `"trial_depth":3`, `"assume":{"var":`, `"proof":[`, `"available":`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("JSON lacks %s", key)
		}
	}
}

func TestFull(t *testing.T) {
	cs, err := Full([]int{1, 2, 64})
	if err != nil {
		t.Fatal(err)
	}
	if want := []Cands{1, 3, ^Cands(0)}; !reflect.DeepEqual(cs, want) {
		t.Errorf("Full = %v, want %v", cs, want)
	}
	for _, bad := range [][]int{{0}, {65}, {2, -1}} {
		if _, err := Full(bad); err == nil {
			t.Errorf("Full(%v) succeeded", bad)
		}
	}
	if v, ok := Cands(4).Single(); v != 2 || !ok {
		t.Errorf("Single(0b100) = %d, %v; want 2, true", v, ok)
	}
	if have := Cands(0b1011).Values(); !reflect.DeepEqual(have, []int{0, 1, 3}) {
		t.Errorf("Values = %v", have)
	}
	if have := Values([]Cands{1, 6, 4}); !reflect.DeepEqual(have, puzzle.Assignment{0, -1, 2}) {
		t.Errorf("Values = %v", have)
	}
}
