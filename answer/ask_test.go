package answer_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// load is the one puzzle of a testdata file (sel selects it), read with opt.
func load(t *testing.T, opt kind.Options, sel string, parts ...string) kind.Instance {
	t.Helper()
	l, err := answer.Load(kinds.Default(), "", parts[len(parts)-1], testcorpus.Read(t, parts...), sel, opt)
	if err != nil {
		t.Fatal(err)
	}
	return l.Puzzles[0]
}

// TestQuestions: each question's status on a unique, a multiple and an
// unsolvable puzzle, and the facts its record states hold of the puzzle.
func TestQuestions(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name                          string
		inst                          kind.Instance
		solve, check, backbone, count string
		solutions                     int
	}{
		{name: "unique", inst: load(t, kind.Options{}, "", "juosan", "janko", "6x6_1.in"),
			solve: answer.Solved, check: answer.Unique, backbone: answer.OK, count: answer.Complete, solutions: 1},
		{name: "multiple", inst: load(t, kind.Options{}, "", "hostile", "one-broken.juosan"),
			solve: answer.Solved, check: answer.Multiple, backbone: answer.OK, count: answer.Complete, solutions: 2},
		{name: "unsolvable", inst: load(t, kind.Options{}.With("rule", "majority"), "5x5_1", "juosan", "janko_instances.json"),
			solve: answer.Unsolvable, check: answer.Unsolvable, backbone: answer.Unsolvable, count: answer.Complete, solutions: 0},
	}
	opt := answer.Options{Solver: gini.NewSolver, SolverName: "gini", Values: true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inst := tt.inst
			s, err := answer.Solve(ctx, inst, opt)
			if err != nil || s.Status != tt.solve || s.Solver != "gini" {
				t.Fatalf("solve: have %s by %q (%v), want %s by gini", s.Status, s.Solver, err, tt.solve)
			}
			if s.Status == answer.Solved && !answer.Verify(inst, s.Values).Valid {
				t.Errorf("solve: the values break %v", answer.Verify(inst, s.Values).Violations)
			}
			c, err := answer.Check(ctx, inst, opt)
			if err != nil || c.Status != tt.check {
				t.Fatalf("check: have %s (%v), want %s", c.Status, err, tt.check)
			}
			if c.Status == answer.Multiple {
				if slices.Equal(c.Values, c.SecondValues) || len(c.Differences) == 0 {
					t.Errorf("check: two solutions %v and %v differing at %v, want two different", c.Values, c.SecondValues, c.Differences)
				}
				for _, d := range c.Differences {
					if d.First == d.Second {
						t.Errorf("check: difference %+v names one value twice", d)
					}
				}
			}
			b, err := answer.BackboneOf(ctx, inst, opt)
			if err != nil || b.Status != tt.backbone {
				t.Fatalf("backbone: have %s (%v), want %s", b.Status, err, tt.backbone)
			}
			if b.Status == answer.OK {
				if n := countFixed(b.Values); *b.Determined != n || (tt.solutions == 1) != (n == b.Unknowns) {
					t.Errorf("backbone: determined %d, %d values fixed of %d unknowns", *b.Determined, n, b.Unknowns)
				}
			}
			n, err := answer.Count(ctx, inst, answer.Options{Solver: gini.NewSolver, Max: 5})
			if err != nil || n.Status != tt.count || n.Count != tt.solutions {
				t.Errorf("count: have %d, %s (%v), want %d, %s", n.Count, n.Status, err, tt.solutions, tt.count)
			}
			if tt.solutions > 1 {
				capped, err := answer.Count(ctx, inst, answer.Options{Solver: gini.NewSolver, Max: 1})
				if err != nil || capped.Status != answer.Capped || capped.Count != 1 {
					t.Errorf("count --max 1: have %d, %s (%v), want 1, capped", capped.Count, capped.Status, err)
				}
			}
		})
	}
}

func countFixed(a puzzle.Assignment) int {
	n := 0
	for _, v := range a {
		if v >= 0 {
			n++
		}
	}
	return n
}

// TestTimeout: a question whose time is up answers status timeout with the
// context's error.
func TestTimeout(t *testing.T) {
	inst := load(t, kind.Options{}, "", "juosan", "janko", "6x6_1.in")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opt := answer.Options{Solver: gini.NewSolver}
	statuses := map[string]func() (string, error){
		"solve":    func() (string, error) { r, err := answer.Solve(ctx, inst, opt); return r.Status, err },
		"check":    func() (string, error) { r, err := answer.Check(ctx, inst, opt); return r.Status, err },
		"backbone": func() (string, error) { r, err := answer.BackboneOf(ctx, inst, opt); return r.Status, err },
		"count":    func() (string, error) { r, err := answer.Count(ctx, inst, opt); return r.Status, err },
		"grade":    func() (string, error) { r, err := answer.Grade(ctx, inst, opt); return r.Status, err },
	}
	for name, ask := range statuses {
		if status, err := ask(); status != answer.Timeout || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: have %q, %v; want timeout and the context's error", name, status, err)
		}
	}
}

// TestGrade: the record's steps are bounded as asked, and its band is the
// first of the kind's the solve lands in.
func TestGrade(t *testing.T) {
	inst := load(t, kind.Options{}, "", "juosan", "janko", "6x6_1.in")
	ctx := context.Background()
	all, err := answer.Grade(ctx, inst, answer.Options{Solver: gini.NewSolver, Steps: -1, Bands: kinds.Default()})
	if err != nil || all.Status != string(human.StatusSolved) || all.SATStatus != answer.Unique || all.Steps == nil {
		t.Fatalf("have %s, SAT %s, steps %v (%v); want solved, unique, every step", all.Status, all.SATStatus, all.Steps, err)
	}
	if len(*all.Steps) != all.Report.Steps || all.More != 0 || len(*all.Steps) < 3 {
		t.Errorf("have %d steps (more %d), the report counts %d", len(*all.Steps), all.More, all.Report.Steps)
	}
	k, _ := kinds.Default().Lookup(inst.Kind())
	first := ""
	for i := range k.Generate.Bands {
		if b := k.Generate.Bands[i].At(inst.Rows(), inst.Cols()); first == "" && b.In(human.StatusSolved, all.Report) {
			first = b.Name
		}
	}
	if all.Band != first || first == "" {
		t.Errorf("band %q, want the first the solve lands in, %q", all.Band, first)
	}
	two, err := answer.Grade(ctx, inst, answer.Options{Solver: gini.NewSolver, Steps: 2})
	if err != nil || two.Steps == nil || len(*two.Steps) != 2 || two.More != all.Report.Steps-2 || two.Band != "" {
		t.Errorf("at most 2 steps: have %v, more %d, band %q (%v); want 2, %d more, no band", two.Steps, two.More, two.Band, err, all.Report.Steps-2)
	}
	none, err := answer.Grade(ctx, inst, answer.Options{Solver: gini.NewSolver})
	if err != nil || none.Steps != nil {
		t.Errorf("no steps asked: have %v (%v)", none.Steps, err)
	}
}

// TestBoard: a player's board held to the rules, and the next step from
// it; a wrong value is a mistake that names its cell.
func TestBoard(t *testing.T) {
	inst := load(t, kind.Options{}, "", "juosan", "janko", "6x6_1.in")
	ctx := context.Background()
	opt := answer.Options{Solver: gini.NewSolver, Values: true}
	sol, err := answer.Solve(ctx, inst, opt)
	if err != nil {
		t.Fatal(err)
	}
	open := make(puzzle.Assignment, len(sol.Values))
	for i := range open {
		open[i] = -1
	}
	if v := answer.VerifyBoard(inst, open); !v.Valid || *v.Complete || *v.Solved {
		t.Errorf("empty board: have %+v, want valid, not complete", v)
	}
	if v := answer.VerifyBoard(inst, sol.Values); !v.Valid || !*v.Complete || !*v.Solved {
		t.Errorf("the solution: have %+v, want solved", v)
	}
	h, err := answer.NextStepFrom(ctx, inst, open, nil, opt)
	if err != nil || h.Hint == nil || h.Mistake || len(h.Hint.Elims) == 0 {
		t.Errorf("empty board: have %+v (%v), want a step", h, err)
	}
	wrong := slices.Clone(open)
	vars := inst.Vars()
	wrong[0] = (sol.Values[0] + 1) % len(vars[0].Domain)
	h, err = answer.NextStepFrom(ctx, inst, wrong, nil, opt)
	if err != nil || !h.Mistake || !slices.Contains(h.Wrong, vars[0].Pos) || h.Hint != nil {
		t.Errorf("a wrong value: have %+v (%v), want a mistake at %v", h, err, vars[0].Pos)
	}
	if _, err := answer.NextStepFrom(ctx, inst, open, [][2]int{{len(vars), 0}}, opt); err == nil {
		t.Error("a struck candidate of no unknown: no error")
	}
}
