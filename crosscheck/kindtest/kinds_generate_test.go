package kindtest_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/solve"
)

// TestBands pins each kind's generation metadata: size and bands.
func TestBands(t *testing.T) {
	tests := []struct {
		kind       *kind.Kind
		rows, cols int
		bands      []string // name: doc
	}{
		{kinds.Default().MustFind("juosan"), 8, 8, []string{"easy: no trials, level ≤ 4", "medium: no trials, level 5", "hard: trials needed"}},
		{kinds.Default().MustFind("shinro"), 8, 8, []string{"easy: no trials, level ≤ 2", "medium: no trials, level 3", "hard: no trials, level 4", "expert: trials needed"}},
		{kinds.Default().MustFind("arrows"), 6, 6, []string{"easy: no trials, level ≤ 2", "medium: no trials, level ≥ 3", "hard: trials needed"}},
		{kinds.Default().MustFind("linjat"), 9, 6, []string{"easy: no trials, level ≤ 2, ≤ 17 layers at 9x6", "medium: no trials, level ≤ 2, ≥ 18 layers at 10x7",
			"hard: no trials, level 3", "expert: no trials, level 4..5"}},
	}
	for _, tt := range tests {
		g := tt.kind.Generate
		if g == nil {
			t.Errorf("%s: not generated", tt.kind.Name)
			continue
		}
		var have []string
		for _, b := range g.Bands {
			have = append(have, b.Name+": "+b.Doc())
		}
		if g.Rows != tt.rows || g.Cols != tt.cols || strings.Join(have, "; ") != strings.Join(tt.bands, "; ") {
			t.Errorf("%s: have %dx%d bands %q, want %dx%d %q", tt.kind.Name, g.Rows, g.Cols, have, tt.rows, tt.cols, tt.bands)
		}
	}
}

func TestBandIn(t *testing.T) {
	easy, _ := kinds.Default().MustFind("juosan").Generate.Band("easy")
	hard, _ := kinds.Default().MustFind("juosan").Generate.Band("hard")
	medium, _ := kinds.Default().MustFind("linjat").Generate.Band("medium")
	tests := []struct {
		name         string
		band         *kind.Band
		status       human.Status
		rep          human.Report
		in, within   bool
		rows, colums int
	}{
		{"easy level 4", easy, human.StatusSolved, human.Report{MaxLevel: 4}, true, true, 8, 8},
		{"easy level 5", easy, human.StatusSolved, human.Report{MaxLevel: 5}, false, false, 8, 8},
		{"easy stuck", easy, human.StatusStuck, human.Report{MaxLevel: 1}, false, true, 8, 8},
		{"easy trials", easy, human.StatusSolved, human.Report{MaxLevel: 2, TrialDepth: 1}, false, false, 8, 8},
		{"hard trials", hard, human.StatusSolved, human.Report{MaxLevel: 2, TrialDepth: 1}, true, true, 8, 8},
		{"hard none", hard, human.StatusSolved, human.Report{MaxLevel: 5}, false, true, 8, 8},
		{"any", nil, human.StatusSolved, human.Report{MaxLevel: 9, TrialDepth: 3}, true, true, 8, 8},
		{"medium deep", medium, human.StatusSolved, human.Report{MaxLevel: 2, Depth: 18}, true, true, 10, 7},
		{"medium shallow", medium, human.StatusSolved, human.Report{MaxLevel: 2, Depth: 17}, false, true, 10, 7},
		// At 5x7 (half the area) the least layers halve too.
		{"medium small", medium, human.StatusSolved, human.Report{MaxLevel: 2, Depth: 9}, true, true, 5, 7},
		{"medium small shallow", medium, human.StatusSolved, human.Report{MaxLevel: 2, Depth: 8}, false, true, 5, 7},
	}
	for _, tc := range tests {
		b := tc.band.At(tc.rows, tc.colums)
		if have := b.In(tc.status, tc.rep); have != tc.in {
			t.Errorf("%s: In = %v, want %v", tc.name, have, tc.in)
		}
		if have := b.Within(tc.rep); have != tc.within {
			t.Errorf("%s: Within = %v, want %v", tc.name, have, tc.within)
		}
	}
}

func TestBandLookup(t *testing.T) {
	g := kinds.Default().MustFind("shinro").Generate
	for _, name := range []string{"", "any"} {
		if b, err := g.Band(name); b != nil || err != nil {
			t.Errorf("Band(%q) = %v, %v; want nil (any)", name, b, err)
		}
	}
	if _, err := g.Band("brutal"); err == nil || !strings.Contains(err.Error(), "easy, medium, hard, expert, any") {
		t.Errorf("Band(brutal): have %v, want an error listing the bands", err)
	}
	if err := g.CheckMethod("ga"); err != nil {
		t.Errorf("CheckMethod(ga): %v", err)
	}
	if err := g.CheckMethod("annealing"); err == nil {
		t.Error("CheckMethod(annealing): no error")
	}
}

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
	tests := []struct {
		kind       *kind.Kind
		method     string
		band       string
		rows, cols int
	}{
		{kinds.Default().MustFind("juosan"), "", "easy", 5, 5},
		{kinds.Default().MustFind("shinro"), "plant", "easy", 5, 5},
		{kinds.Default().MustFind("shinro"), "ga", "medium", 5, 5},
		{kinds.Default().MustFind("arrows"), "reference", "easy", 5, 5},
		{kinds.Default().MustFind("arrows"), "filled", "easy", 5, 5},
		{kinds.Default().MustFind("linjat"), "", "hard", 6, 5},
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

// TestGenerationChecks: Shinro's own generation flag, --stones, declared
// by the kind: a count that fits, 0 or none for the default; more stones
// than cells or not a count is refused.
func TestGenerationChecks(t *testing.T) {
	check := kinds.Default().MustFind("shinro").Generate.Check
	tests := []struct {
		stones string
		ok     bool
	}{
		{"", true}, {"0", true}, {"9", true}, {"10", false}, {"-1", false}, {"many", false},
	}
	for _, tt := range tests {
		err := check(kind.GenOptions{Rows: 3, Cols: 3, Kind: kind.Options{}.With("stones", tt.stones)})
		if (err == nil) != tt.ok {
			t.Errorf("%q stones in 3x3: have error %v, want ok %v", tt.stones, err, tt.ok)
		}
	}
	if names := kinds.Default().GenFlags(); len(names) != 1 || names[0].Name != "stones" {
		t.Errorf("the kinds' generation flags %+v, want Shinro's stones", names)
	}
}
