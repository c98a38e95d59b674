package kindtest_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/solve"
)

// solver adapts gini to kinds.Solver, as package generate does.
type solver struct{ sat.Solver }

func (s solver) Solve(ctx context.Context, assumptions ...int) (bool, error) {
	st, err := s.Solver.Solve(ctx, assumptions...)
	return st == sat.Sat, err
}

// TestDrafts starts drafts of every kind and method and checks what every
// draft promises: it reads back as one puzzle of the size asked for whose
// intended solution verifies; every draft Help offers keeps that
// solution; Without keeps it; and the guarded encoding holds the intended
// solution with all its clues selected.
func TestDrafts(t *testing.T) {
	type draftCase struct {
		kind       *kind.Kind
		method     string
		band       string
		rows, cols int
	}
	// Each kind's methods and bands to draft (kind.Corpus.Drafts).
	var tests []draftCase
	for _, k := range kinds.Default().List() {
		if k.Generate == nil {
			continue
		}
		if k.Corpus == nil || len(k.Corpus.Drafts) == 0 {
			t.Errorf("%s generates and names no drafts to check (kind.Corpus.Drafts)", k.Name)
			continue
		}
		for _, c := range k.Corpus.Drafts {
			tests = append(tests, draftCase{k, c.Method, c.Band, c.Rows, c.Cols})
		}
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s-%s", tt.kind.Name, tt.method), func(t *testing.T) {
			ctx := context.Background()
			band, err := tt.kind.Generate.Band(tt.band)
			if err != nil {
				t.Fatal(err)
			}
			opt := kind.GenOptions{Rows: tt.rows, Cols: tt.cols, Name: "drafted", Method: tt.method, Band: band, Parallel: 1,
				NewSolver: func() (kind.Solver, error) { return solver{gini.New()}, nil }}
			var d kind.Draft
			for a := uint64(0); d == nil && a < 20; a++ {
				if d, err = tt.kind.Generate.Start(ctx, rand.New(rand.NewPCG(1, a)), opt); err != nil {
					t.Fatal(err)
				}
			}
			if d == nil {
				t.Fatal("no draft in 20 attempts")
			}
			check := func(what string, d kind.Draft) {
				t.Helper()
				insts, err := tt.kind.Parse("drafted", []byte(d.Text(false)), opt.Kind)
				if err != nil || len(insts) != 1 {
					t.Fatalf("%s: reads back as %d puzzles, error %v; want 1\n%s", what, len(insts), err, d.Text(false))
				}
				if insts[0].Rows() != tt.rows || insts[0].Cols() != tt.cols {
					t.Errorf("%s: have %dx%d, want %dx%d", what, insts[0].Rows(), insts[0].Cols(), tt.rows, tt.cols)
				}
				if vs := insts[0].Verify(d.Intended()); len(vs) > 0 {
					t.Errorf("%s: the intended solution breaks %s", what, vs[0])
				}
				withSol, err := tt.kind.Parse("drafted", []byte(d.Text(true)), opt.Kind)
				if err != nil || len(withSol) != 1 {
					t.Fatalf("%s: the text with the solution reads back as %d puzzles, error %v", what, len(withSol), err)
				}
			}
			check("start", d)
			inst, err := d.Instance()
			if err != nil {
				t.Fatal(err)
			}
			res, err := kind.SolveRules(ctx, inst, false, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			helps, err := d.Help(rand.New(rand.NewPCG(2, 0)), res.Cands, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != human.StatusSolved && len(helps) == 0 {
				t.Error("the rules stall and Help offers nothing")
			}
			for i, e := range helps {
				check(fmt.Sprintf("help %d", i), e)
			}
			if ids := d.Clues(); len(ids) > 0 {
				e, err := d.Without(ids[0])
				if err != nil {
					t.Fatal(err)
				}
				check("without", e)
				if len(e.Clues()) != len(ids)-1 {
					t.Errorf("without a clue: have %d clues, want %d", len(e.Clues()), len(ids)-1)
				}
			}
			gd, ok := d.(kind.GuardedDraft)
			if !ok {
				t.Fatal("not a GuardedDraft")
			}
			s := gini.New()
			g, err := gd.EncodeGuarded(encode.NewBuilder(s))
			if err != nil {
				t.Fatal(err)
			}
			assume := append([]int(nil), g.Intended...)
			for _, id := range d.Clues() {
				assume = append(assume, g.Selectors[id])
			}
			if st, err := s.Solve(ctx, assume...); err != nil || st != sat.Sat {
				t.Errorf("the guarded encoding refutes the intended solution with every clue: %v %v", st, err)
			}
			// kinds.Unique says what solve.Check says, on the draft and
			// without each of its first clues.
			drafts := []kind.Draft{d}
			for _, id := range d.Clues()[:min(3, len(d.Clues()))] {
				e, err := d.Without(id)
				if err != nil {
					t.Fatal(err)
				}
				drafts = append(drafts, e)
			}
			for i, e := range drafts {
				unique, err := kind.Unique(ctx, e.(kind.GuardedDraft), opt.NewSolver)
				if err != nil {
					t.Fatal(err)
				}
				inst, err := e.Instance()
				if err != nil {
					t.Fatal(err)
				}
				r, err := solve.Check(ctx, inst, factory(t, "gini"), false)
				if err != nil {
					t.Fatal(err)
				}
				if want := r.Status == sat.UniqueSolution; unique != want {
					t.Errorf("draft %d: Unique says %v, solve.Check %v", i, unique, r.Status)
				}
			}
		})
	}
}
