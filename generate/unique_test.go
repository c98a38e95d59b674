package generate

import (
	"context"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestIncremental: the one-solver answers (every clue behind a selector)
// agree with fresh encodings, for every kind, on random subsets of the
// clues of drafts the rules finish.
func TestIncremental(t *testing.T) {
	for _, k := range kinds.Default().List() {
		if k.Generate == nil || k.Corpus == nil || len(k.Corpus.Generate) == 0 {
			continue
		}
		t.Run(k.Name, func(t *testing.T) {
			ctx := context.Background()
			// The largest size of the kind's generation tests.
			rows, cols := 0, 0
			for _, c := range k.Corpus.Generate {
				if c.Rows*c.Cols > rows*cols {
					rows, cols = c.Rows, c.Cols
				}
			}
			j, err := prepare(Options{Solver: gini.NewSolver, Kind: k, Rows: rows, Cols: cols, Parallel: 1})
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for a := 0; a < 10 && checked < 3; a++ {
				rng := RNG(4, 0, a)
				d, err := j.gen.Start(ctx, rng, j.gopt)
				if err != nil {
					t.Fatal(err)
				}
				if d == nil {
					continue
				}
				if d, _, err = j.solvable(ctx, rng, d); err != nil {
					t.Fatal(err)
				}
				if d == nil || len(d.Clues()) == 0 {
					continue
				}
				checked++
				inc, err := j.uniqueness(d)
				if _, ok := inc.(*incremental); !ok || err != nil {
					t.Fatalf("have %T, %v; want the incremental answerer", inc, err)
				}
				j.opt.Reencode = true
				re, err := j.uniqueness(d)
				j.opt.Reencode = false
				if err != nil {
					t.Fatal(err)
				}
				ids := d.Clues()
				rng.Shuffle(len(ids), func(a, b int) { ids[a], ids[b] = ids[b], ids[a] })
				for step, id := range ids {
					a, _, err := inc.uniqueWithout(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					b, _, err := re.uniqueWithout(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					if a != b {
						t.Fatalf("%s: step %d, clue %d: incremental says unique %v, a fresh encoding %v", k.Name, step, id, a, b)
					}
					// Drop every other clue, whatever the answer: the
					// subsets then include non-unique ones.
					if step%2 == 0 {
						if err := inc.drop(id); err != nil {
							t.Fatal(err)
						}
						if err := re.drop(id); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			if checked == 0 {
				t.Fatal("no draft to check")
			}
		})
	}
}
