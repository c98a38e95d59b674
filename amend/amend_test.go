package amend_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/amend"
	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/solve"
)

// corpus are unique puzzles of every kind with clues (a puzzle of the
// corpus each, FILE#SEL as the command line takes it).
var corpus = []string{
	"juosan/6x6_1.juosan",
	"juosan/janko/10x10_1.in",
	"shinro/playshinro-1.txt",
	"shinro/playshinro.json#5",
	"linjat/easy-3.txt",
	"linjat/puzzles.json#5",
	"arrows/2026-02-20/puzzle.txt",
	"arrows/2026-01-30/puzzle.txt",
}

// load reads the puzzle of arg (relative to testdata).
func load(t *testing.T, arg string) kind.Instance {
	t.Helper()
	return loadWith(t, arg, kind.Options{})
}

// loadWith reads the puzzle of arg with the kinds' options opt.
func loadWith(t *testing.T, arg string, opt kind.Options) kind.Instance {
	t.Helper()
	file, sel, _ := strings.Cut(arg, "#")
	path := filepath.Join("..", "testdata", file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := answer.Load(kinds.Default(), "", path, data, sel, opt)
	if err != nil {
		t.Fatal(err)
	}
	return l.Puzzles[0]
}

// reparse is inst written in its kind's canonical format and read back:
// what a user gets from the command.
func reparse(t *testing.T, inst kind.Instance) kind.Instance {
	t.Helper()
	text, err := inst.Format("")
	if err != nil {
		t.Fatal(err)
	}
	l, err := answer.Load(kinds.Default(), inst.Kind(), "edited", []byte(text), "", kind.Options{})
	if err != nil {
		t.Fatalf("the edited puzzle does not read back: %v\n%s", err, text)
	}
	return l.Puzzles[0]
}

// status is SAT's uniqueness of inst, proven on a fresh solver.
func status(t *testing.T, inst kind.Instance) sat.Uniqueness {
	t.Helper()
	r, err := solve.Check(context.Background(), inst, gini.NewSolver, false)
	if err != nil {
		t.Fatal(err)
	}
	return r.Status
}

// TestMinimize: on every kind, the smaller puzzle read back is unique, no
// clue it keeps can go alone, and removed and kept clues are the input's.
func TestMinimize(t *testing.T) {
	for _, arg := range corpus {
		t.Run(arg, func(t *testing.T) {
			inst := load(t, arg)
			before := inst.(kind.Clued).Clues()
			m, err := amend.Minimize(context.Background(), inst, amend.Options{Solver: gini.NewSolver})
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Removed)+len(m.Kept) != len(before) || m.Proofs != len(before)+1 {
				t.Fatalf("%d removed + %d kept of %d clues, %d proofs", len(m.Removed), len(m.Kept), len(before), m.Proofs)
			}
			back := reparse(t, m.Puzzle)
			if st := status(t, back); st != sat.UniqueSolution {
				t.Fatalf("the minimized puzzle is %v", st)
			}
			cl := back.(kind.Clued)
			kept := cl.Clues()
			if len(kept) != len(m.Kept) {
				t.Fatalf("read back with %d clues, %d kept", len(kept), len(m.Kept))
			}
			for _, c := range kept {
				if !slices.ContainsFunc(m.Kept, func(k kind.Clue) bool { return k.Cell == c.Cell && k.Label == c.Label }) {
					t.Errorf("clue %+v read back was not kept", c)
				}
				less, err := cl.Without(c.ID)
				if err != nil {
					t.Fatal(err)
				}
				if st := status(t, less); st == sat.UniqueSolution {
					t.Errorf("clue %s at %v can still go: not maximal", c.Label, c.Cell)
				}
			}
		})
	}
}

// TestMinimizeRefuses: a puzzle that is not unique (built here by taking
// every clue of a unique one away) is a StatusError naming its verdict,
// and so is one outside the band asked.
func TestMinimizeRefuses(t *testing.T) {
	for _, arg := range corpus[:6] {
		t.Run(arg, func(t *testing.T) {
			inst := load(t, arg)
			cl := inst.(kind.Clued)
			var all []int
			for _, c := range cl.Clues() {
				all = append(all, c.ID)
			}
			bare, err := cl.Without(all...)
			if err != nil {
				t.Fatal(err)
			}
			want := status(t, bare).String()
			_, err = amend.Minimize(context.Background(), bare, amend.Options{Solver: gini.NewSolver})
			var se *amend.StatusError
			if !errors.As(err, &se) || se.Status != want || want == "unique" {
				t.Fatalf("got %v, want a StatusError %q", err, want)
			}
		})
	}
}

// TestMinimizeBand: with the band the puzzle's grade lands in, the
// smaller puzzle read back is unique and its grade still lands there.
func TestMinimizeBand(t *testing.T) {
	for _, arg := range []string{"juosan/6x6_1.juosan", "shinro/playshinro-1.txt", "linjat/easy-3.txt"} {
		t.Run(arg, func(t *testing.T) {
			inst := load(t, arg)
			g, err := answer.Grade(context.Background(), inst, answer.Options{Solver: gini.NewSolver, Bands: kinds.Default()})
			if err != nil || g.Band == "" {
				t.Fatalf("grade %+v, %v: want a band", g.Band, err)
			}
			k, _ := kinds.Default().Lookup(inst.Kind())
			band, err := k.Generate.Band(g.Band)
			if err != nil {
				t.Fatal(err)
			}
			m, err := amend.Minimize(context.Background(), inst, amend.Options{Solver: gini.NewSolver, Band: band})
			if err != nil {
				t.Fatal(err)
			}
			back := reparse(t, m.Puzzle)
			r, err := crosscheck.Grade(context.Background(), back, crosscheck.Options{Solver: gini.NewSolver, Trials: -1})
			if err != nil {
				t.Fatal(err)
			}
			if r.SAT.Status != sat.UniqueSolution || !band.At(back.Rows(), back.Cols()).In(r.Human.Status, r.Human.Report) {
				t.Fatalf("minimized in band %s: %v, grade %+v", band.Name, r.SAT.Status, r.Human.Report)
			}
		})
	}
}
