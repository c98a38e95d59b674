package rules

import (
	"context"
	"reflect"
	"testing"

	jcorpus "github.com/puzzlesat/puzzlesat/kinds/juosan/corpus"

	"github.com/puzzlesat/puzzlesat/human"
	model "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
)

type janko struct {
	name string
	in   *Input
	sol  []int // value per unknown
}

// loadJanko returns the janko corpus as the rules' inputs (reading Either)
// with their solutions.
func loadJanko(t testing.TB) []janko {
	t.Helper()
	var out []janko
	for _, p := range jcorpus.Janko(t) {
		in, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, janko{name: p.Name(), in: in, sol: p.Solution})
	}
	return out
}

// checkAgainst fails for every elimination of the known solution's value.
func checkAgainst(t *testing.T, name string, sol []int, res *human.Result) {
	t.Helper()
	for _, s := range res.Steps {
		if s.Contradiction {
			t.Errorf("%s: step %d (%s) claims a contradiction: %s", name, s.Index, s.Rule, s.Reason)
		}
		for _, el := range s.Elims {
			if sol[el.Var] == el.Value {
				t.Errorf("%s: step %d (%s) eliminates the solution's %s at unknown %d: %s", name, s.Index, s.Rule, symbol(el.Value), el.Var, s.Reason)
			}
		}
	}
	for i, c := range res.Cands {
		if !c.Has(sol[i]) {
			t.Errorf("%s: final candidates of unknown %d lack the solution's value", name, i)
		}
	}
}

// TestJanko solves the 63 janko puzzles with k = 0, 1, 2, 3, 5: no step may
// eliminate the known solution's value, a solve must end on the known
// solution, and the solve counts are facts of the rule set.
func TestJanko(t *testing.T) {
	ps := loadJanko(t)
	want := map[int]int{0: 58, 1: 58, 2: 58, 3: 62, 5: 63}
	for _, k := range []int{0, 1, 2, 3, 5} {
		solved := 0
		for _, p := range ps {
			res, err := NewEngine(p.in, k).Solve(context.Background(), p.in, p.in.Start())
			if err != nil {
				t.Fatal(err)
			}
			checkAgainst(t, p.name, p.sol, res)
			if res.Status == human.StatusSolved {
				solved++
				if v := p.in.Puzzle.Verify(p.in.Grid(res.Cands).Assignment()); len(v) > 0 {
					t.Errorf("%s: solved grid breaks %v", p.name, v[0])
				}
			}
			if res.Report.TrialDepth > k {
				t.Errorf("%s: trial depth %d with k = %d", p.name, res.Report.TrialDepth, k)
			}
		}
		if k == 0 {
			// No janko territory has 2N < size: the readings agree.
			for _, p := range ps {
				maj, err := New(p.in.Puzzle.WithReading(model.Majority))
				if err != nil {
					t.Fatal(err)
				}
				a, err := NewEngine(p.in, 0).Solve(context.Background(), p.in, p.in.Start())
				if err != nil {
					t.Fatal(err)
				}
				b, err := NewEngine(maj, 0).Solve(context.Background(), maj, maj.Start())
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(a.Steps, b.Steps) {
					t.Errorf("%s: the readings give different steps", p.name)
				}
			}
		}
		if solved != want[k] {
			t.Errorf("k = %d: %d of %d solved, want %d", k, solved, len(ps), want[k])
		}
	}
}

// TestJankoParallel: Parallel 1 and 4 give identical results, and the
// report's trial depth is the k the solve needs.
func TestJankoParallel(t *testing.T) {
	for _, p := range loadJanko(t) {
		e1, e4 := NewEngine(p.in, 5), NewEngine(p.in, 5)
		e1.Parallel, e4.Parallel = 1, 4
		one, err := e1.Solve(context.Background(), p.in, p.in.Start())
		if err != nil {
			t.Fatal(err)
		}
		four, err := e4.Solve(context.Background(), p.in, p.in.Start())
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(one, four) {
			t.Errorf("%s: Parallel 1 and 4 differ (%d vs %d steps)", p.name, len(one.Steps), len(four.Steps))
		}
		if k := one.Report.TrialDepth; k > 0 {
			again, err := NewEngine(p.in, k).Solve(context.Background(), p.in, p.in.Start())
			if err != nil {
				t.Fatal(err)
			}
			if again.Status != one.Status || len(again.Steps) != len(one.Steps) {
				t.Errorf("%s: k = %d (the report's depth) gives %s in %d steps, k = 5 %s in %d", p.name, k, again.Status, len(again.Steps), one.Status, len(one.Steps))
			}
			less, err := NewEngine(p.in, k-1).Solve(context.Background(), p.in, p.in.Start())
			if err != nil {
				t.Fatal(err)
			}
			if less.Status == human.StatusSolved {
				t.Errorf("%s: solved with k = %d, the report said %d", p.name, k-1, k)
			}
		}
	}
}

func TestJankoHint(t *testing.T) {
	ps := loadJanko(t)
	for _, p := range ps[:5] {
		e := NewEngine(p.in, 2)
		res, err := e.Solve(context.Background(), p.in, p.in.Start())
		if err != nil {
			t.Fatal(err)
		}
		// The hint from the state after each of the first layers is the
		// first step of the next layer.
		cs := p.in.Start()
		for _, l := range res.Layers[:min(len(res.Layers), 5)] {
			h, err := e.Hint(context.Background(), p.in, cs)
			if err != nil {
				t.Fatal(err)
			}
			want := res.Steps[l.First]
			want.Index, want.Layer = 0, 0
			if h == nil || !reflect.DeepEqual(*h, want) {
				t.Errorf("%s: hint before layer %d = %+v, want %+v", p.name, l.Index, h, want)
			}
			for _, s := range res.Steps[l.First : l.First+l.Width] {
				for _, el := range s.Elims {
					cs[el.Var] = cs[el.Var].Without(el.Value)
				}
			}
		}
	}
}
