package amend_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/amend"
	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/solve"
)

// broken is inst with its clues taken away in reading order until it has
// several solutions: a puzzle the test builds to repair.
func broken(t *testing.T, inst kind.Instance) kind.Instance {
	t.Helper()
	cl := inst.(kind.Clued)
	var gone []int
	for _, c := range cl.Clues() {
		gone = append(gone, c.ID)
		less, err := cl.Without(gone...)
		if err != nil {
			t.Fatal(err)
		}
		if status(t, less) == sat.MultipleSolutions {
			return less
		}
	}
	t.Fatalf("%s stays unique without all of its clues", inst.Name())
	return nil
}

// TestRepair: on every kind, a puzzle the test broke is repaired; read
// back, it is unique, holds every clue it had and the ones added, and no
// added clue can go alone.
func TestRepair(t *testing.T) {
	minimums := 0
	for _, arg := range corpus {
		t.Run(arg, func(t *testing.T) {
			multi := broken(t, load(t, arg))
			had := len(multi.(kind.Clued).Clues())
			r, err := amend.Repair(context.Background(), multi, amend.Options{Solver: gini.NewSolver})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Added) == 0 || r.From != amend.FromFirst {
				t.Fatalf("added %v from %q; want clues from the first solution", r.Added, r.From)
			}
			back := reparse(t, r.Puzzle)
			if st := status(t, back); st != sat.UniqueSolution {
				t.Fatalf("the repaired puzzle is %v", st)
			}
			cl := back.(kind.Clued)
			if n := len(cl.Clues()); n != had+len(r.Added) {
				t.Fatalf("read back with %d clues, want %d + %d added", n, had, len(r.Added))
			}
			for _, c := range r.Added {
				var id = -1
				for _, k := range cl.Clues() {
					if k.Cell == c.Cell && k.Label == c.Label {
						id = k.ID
					}
				}
				if id < 0 {
					t.Fatalf("added clue %s at %v is not in the puzzle read back", c.Label, c.Cell)
				}
				less, err := cl.Without(id)
				if err != nil {
					t.Fatal(err)
				}
				if st := status(t, less); st == sat.UniqueSolution {
					t.Errorf("added clue %s at %v can go: not minimal", c.Label, c.Cell)
				}
			}
			t.Logf("%d clues added to %d, minimum proven: %v, %d SAT proofs", len(r.Added), had, r.Minimum, r.Proofs)
			if r.Minimum {
				minimums++
				noSmaller(t, multi, back, len(r.Added))
			}
		})
	}
	if minimums == 0 {
		t.Error("no repair was proven minimum")
	}
}

// noSmaller checks a proven minimum by brute force where that is cheap:
// no set of fewer than k of the clues the repaired puzzle's solution
// gives makes multi unique.
func noSmaller(t *testing.T, multi, repaired kind.Instance, k int) {
	t.Helper()
	sol, err := solve.Check(context.Background(), repaired, gini.NewSolver, false)
	if err != nil || len(sol.First) != len(multi.Vars()) {
		return // the kind's unknowns change with its clues (Shinro's arrows)
	}
	whole, err := multi.(kind.Clued).Full(sol.First)
	if err != nil {
		t.Fatal(err)
	}
	had := map[int]bool{}
	for _, c := range multi.(kind.Clued).Clues() {
		had[c.ID] = true
	}
	var cand []int
	for _, c := range whole.(kind.Clued).Clues() {
		if !had[c.ID] {
			cand = append(cand, c.ID)
		}
	}
	if k-1 > 3 || len(cand) > 40 {
		return
	}
	var try func(from int, keep []int)
	try = func(from int, keep []int) {
		drop := slices.DeleteFunc(slices.Clone(cand), func(id int) bool { return slices.Contains(keep, id) })
		less, err := whole.(kind.Clued).Without(drop...)
		if err != nil {
			t.Fatal(err)
		}
		if status(t, less) == sat.UniqueSolution {
			t.Fatalf("%d clues %v repair it: the minimum %d is not one", len(keep), keep, k)
		}
		if len(keep) < k-1 {
			for i := from; i < len(cand); i++ {
				try(i+1, append(slices.Clone(keep), cand[i]))
			}
		}
	}
	try(0, nil)
}

// TestRepairUnique: a unique puzzle comes back as it is, nothing added.
func TestRepairUnique(t *testing.T) {
	inst := load(t, corpus[0])
	r, err := amend.Repair(context.Background(), inst, amend.Options{Solver: gini.NewSolver})
	if err != nil || len(r.Added) != 0 || r.Puzzle != inst {
		t.Fatalf("got %+v, %v; want the puzzle itself", r, err)
	}
}

// TestRepairConflict: an unsolvable puzzle is a ConflictError whose clues
// alone still have no solution, and each of which is needed for that.
func TestRepairConflict(t *testing.T) {
	inst := loadWith(t, "juosan/janko_instances.json#5x5_1", kind.Options{}.With("rule", "majority"))
	_, err := amend.Repair(context.Background(), inst, amend.Options{Solver: gini.NewSolver})
	var ce *amend.ConflictError
	if !errors.As(err, &ce) || len(ce.Clues) == 0 {
		t.Fatalf("got %v, want a conflict", err)
	}
	cl := inst.(kind.Clued)
	keep := map[int]bool{}
	for _, c := range ce.Clues {
		keep[c.ID] = true
	}
	var others []int
	for _, c := range cl.Clues() {
		if !keep[c.ID] {
			others = append(others, c.ID)
		}
	}
	solvable := func(ids ...int) sat.Status {
		less, err := cl.Without(ids...)
		if err != nil {
			t.Fatal(err)
		}
		st, _, err := solve.One(context.Background(), less, gini.NewSolver)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	if st := solvable(others...); st != sat.Unsat {
		t.Fatalf("the conflict alone: %v, want unsatisfiable", st)
	}
	for _, c := range ce.Clues {
		if st := solvable(append(others, c.ID)...); st != sat.Sat {
			t.Errorf("the conflict without %s at %v: %v, want satisfiable", c.Label, c.Cell, st)
		}
	}
}

// TestConflictFrame: a Linjat puzzle whose numbers contradict each other
// (a 2 and a 3 in a row of four: the 3's only line overlaps the 2's),
// whatever its dots and beside a number that plays no part, names the two
// numbers: with either relaxed to a 1 the puzzle (its dots gone) is
// solvable, with neither it is not; a number with no room names itself
// alone.
func TestConflictFrame(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // "label cell"
	}{
		{"two numbers", "linjat\nsize 1 4\n2_3_\n", []string{"2 r1c1", "3 r1c3"}},
		{"with dots", "linjat\nsize 1 4\n2.3.\n", []string{"2 r1c1", "3 r1c3"}},
		{"and one more", "linjat\nsize 1 6\n2_3_2.\n", []string{"2 r1c1", "3 r1c3"}},
		{"no room", "linjat\nsize 1 2\n3_\n", []string{"3 r1c1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := answer.Load(kinds.Default(), "linjat", "input", []byte(tc.text), "", kind.Options{})
			if err != nil {
				t.Fatal(err)
			}
			inst := l.Puzzles[0]
			clues, _, err := amend.Conflict(context.Background(), inst, amend.Options{Solver: gini.NewSolver})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range clues {
				got = append(got, fmt.Sprintf("%s r%dc%d", c.Label, c.Cell.Row+1, c.Cell.Col+1))
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("conflict %v, want %v", got, tc.want)
			}
			fr := inst.(kind.Framed)
			solvable := func(ids ...int) sat.Status {
				less, err := fr.Relaxed(ids...)
				if err != nil {
					t.Fatal(err)
				}
				st, _, err := solve.One(context.Background(), less, gini.NewSolver)
				if err != nil {
					t.Fatal(err)
				}
				return st
			}
			var others []int
			for _, p := range fr.Frame() {
				if !slices.ContainsFunc(clues, func(c kind.Clue) bool { return c.ID == p.ID }) {
					others = append(others, p.ID)
				}
			}
			if st := solvable(others...); st != sat.Unsat {
				t.Errorf("the numbers in conflict alone: %v, want unsatisfiable", st)
			}
			for _, c := range clues {
				if st := solvable(append(others, c.ID)...); st != sat.Sat {
					t.Errorf("with %s at %v relaxed: %v, want satisfiable", c.Label, c.Cell, st)
				}
			}
		})
	}
}
