package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	scorpus "github.com/puzzlesat/puzzlesat/kinds/shinro/corpus"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	encshinro "github.com/puzzlesat/puzzlesat/kinds/shinro/cnf"
	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	humshinro "github.com/puzzlesat/puzzlesat/kinds/shinro/rules"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// shinroCheck encodes p into s and returns its solutions, up to two (the
// work of a `check`: solve, then prove there is no other).
func shinroCheck(ctx context.Context, s sat.Solver, p *shinro.Puzzle) ([]puzzle.Assignment, error) {
	lay, err := encshinro.Encode(encode.NewBuilder(s), p, encshinro.Options{})
	if err != nil {
		return nil, err
	}
	var sols []puzzle.Assignment
	var derr error
	_, _, err = sat.Enumerate(ctx, s, lay.Primary(), 2, func(model []bool) bool {
		var vals puzzle.Assignment
		vals, derr = lay.Decode(model)
		sols = append(sols, vals)
		return derr == nil
	})
	if err == nil {
		err = derr
	}
	return sols, err
}

// shinroCertify returns an engine Check that proves every elimination of
// a step with SAT (p with the eliminated value assumed is unsatisfiable),
// counting them in certified.
func shinroCertify(ctx context.Context, t *testing.T, p *shinro.Puzzle, certified *int) func(human.Step) error {
	s := gini.New()
	lay, err := encshinro.Encode(encode.NewBuilder(s), p, encshinro.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return func(st human.Step) error {
		for _, el := range st.Elims {
			status, err := s.Solve(ctx, lay.Lits[el.Var][el.Value])
			if err != nil {
				return err
			}
			if status != sat.Unsat {
				return fmt.Errorf("%v = %s is still possible (%v): %s", p.Pos(el.Var), shinro.Domain[el.Value], status, st.Reason)
			}
			*certified++
		}
		return nil
	}
}

// TestShinroCorpusEveryBackend: every corpus puzzle has exactly one
// solution, the stored stones, on every in-process back-end.
func TestShinroCorpusEveryBackend(t *testing.T) {
	ctx := context.Background()
	for _, be := range inProcess {
		for _, p := range scorpus.Puzzles(t) {
			sols, err := shinroCheck(ctx, be.solver(t), p)
			if err != nil {
				t.Fatalf("%s/%s: %v", be.name, p.Title, err)
			}
			if len(sols) != 1 || !reflect.DeepEqual(sols[0], p.Solution) {
				t.Errorf("%s/%s: %d solutions, want one equal to the stored stones", be.name, p.Title, len(sols))
			}
		}
	}
}

// TestShinroStepsCertified: the rules solve every corpus puzzle with no
// trials, and SAT proves every elimination of every step (the puzzle with
// the eliminated value assumed is unsatisfiable).
func TestShinroStepsCertified(t *testing.T) {
	ctx := context.Background()
	certified := 0
	for _, p := range scorpus.Puzzles(t) {
		e := humshinro.NewEngine(p, 0)
		e.Check = shinroCertify(ctx, t, p, &certified)
		res, err := e.Solve(ctx, p, humshinro.Start(p))
		if err != nil {
			t.Fatalf("%s: %v", p.Title, err)
		}
		if res.Status != human.StatusSolved {
			t.Errorf("%s: %s, want solved", p.Title, res.Status)
		}
	}
	t.Logf("%d eliminations certified", certified)
}

// BenchmarkShinroCheck: encode, solve and prove uniqueness, per puzzle.
func BenchmarkShinroCheck(b *testing.B) {
	ctx := context.Background()
	for _, p := range scorpus.Puzzles(b) {
		b.Run(fmt.Sprint(p.Number), func(b *testing.B) {
			for b.Loop() {
				sols, err := shinroCheck(ctx, gini.New(), p)
				if err != nil || len(sols) != 1 {
					b.Fatalf("%v, %d solutions", err, len(sols))
				}
			}
		})
	}
}

// BenchmarkShinroGrade: the human engine's solve and grade, per puzzle.
func BenchmarkShinroGrade(b *testing.B) {
	ctx := context.Background()
	for _, p := range scorpus.Puzzles(b) {
		b.Run(fmt.Sprint(p.Number), func(b *testing.B) {
			for b.Loop() {
				res, err := humshinro.Grade(ctx, p)
				if err != nil || res.Status != human.StatusSolved {
					b.Fatalf("%v, %v", err, res.Status)
				}
			}
		})
	}
}

// TestShinroRandomStepsCertified: on random puzzles of many sizes (unique
// or not), SAT proves every elimination the rules and trials make.
func TestShinroRandomStepsCertified(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 0))
	certified := 0
	for i := 0; i < 120; i++ {
		rows, cols := 2+rng.IntN(9), 2+rng.IntN(9)
		cells := rows * cols
		p, err := shinro.Random(rng, rows, cols, 1+rng.IntN(cells/3+1), rng.IntN(cells/2+1))
		if err != nil {
			t.Fatal(err)
		}
		e := humshinro.NewEngine(p, i%3)
		e.Check = shinroCertify(ctx, t, p, &certified)
		if _, err := e.Solve(ctx, p, humshinro.Start(p)); err != nil {
			t.Fatalf("%v\n%s", err, shinro.FormatText(p))
		}
	}
	t.Logf("%d eliminations certified", certified)
}
