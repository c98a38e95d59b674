package bench

import (
	"context"
	"strconv"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	enclinjat "github.com/puzzlesat/puzzlesat/kinds/linjat/cnf"
	linjat "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	humlinjat "github.com/puzzlesat/puzzlesat/kinds/linjat/rules"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

func linjatCorpus(tb testing.TB) []*linjat.Puzzle {
	return corpus(tb, linjat.ParseLevels, "linjat", "puzzles.json")
}

// linjatCheck encodes p into s and decides uniqueness over the placement
// selectors (the work of a `check`).
func linjatCheck(ctx context.Context, s sat.Solver, p *linjat.Puzzle) (sat.Uniqueness, error) {
	lay, err := enclinjat.Encode(encode.NewBuilder(s), p, enclinjat.Options{})
	if err != nil {
		return sat.UniquenessUnknown, err
	}
	r, err := sat.Unique(ctx, s, lay.Primary())
	return r.Status, err
}

// TestLinjatCorpusEveryBackend: every graded level is unique on every
// in-process back-end; tutorial 3 has several solutions.
func TestLinjatCorpusEveryBackend(t *testing.T) {
	ctx := context.Background()
	for _, be := range inProcess {
		for _, p := range linjatCorpus(t) {
			u, err := linjatCheck(ctx, be.solver(t), p)
			if err != nil {
				t.Fatalf("%s/%s: %v", be.name, p.Title, err)
			}
			want := sat.UniqueSolution
			if p.Title == "tutorial/3" {
				want = sat.MultipleSolutions
			}
			if u != want {
				t.Errorf("%s/%s: %v, want %v", be.name, p.Title, u, want)
			}
		}
	}
}

// BenchmarkLinjatCheck: encode, solve and prove uniqueness, per level.
func BenchmarkLinjatCheck(b *testing.B) {
	ctx := context.Background()
	for _, p := range linjatCorpus(b) {
		if p.Group == "tutorial" {
			continue
		}
		b.Run(p.Group+"-"+strconv.Itoa(p.Level), func(b *testing.B) {
			for b.Loop() {
				u, err := linjatCheck(ctx, gini.New(), p)
				if err != nil || u != sat.UniqueSolution {
					b.Fatalf("%v, %v", err, u)
				}
			}
		})
	}
}

// BenchmarkLinjatGrade: the human engine's solve and grade, per level
// (sequential, as the reference solver runs).
func BenchmarkLinjatGrade(b *testing.B) {
	ctx := context.Background()
	for _, p := range linjatCorpus(b) {
		if p.Group == "tutorial" {
			continue
		}
		in, start := humlinjat.NewInput(p), humlinjat.Start(p)
		e := humlinjat.NewEngine(p, 0, false)
		e.Parallel = 1
		b.Run(p.Group+"-"+strconv.Itoa(p.Level), func(b *testing.B) {
			for b.Loop() {
				res, err := e.Solve(ctx, in, start)
				if err != nil || res.Status != human.StatusSolved {
					b.Fatalf("%v, %v", err, res.Status)
				}
			}
		})
	}
}
