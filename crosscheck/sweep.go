package crosscheck

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/puzzlesat/puzzlesat/internal/parallel"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// Backend is one SAT back-end a sweep compares, by name.
type Backend struct {
	Name string
	New  sat.Factory
}

// SweepOptions tune Sweep.
type SweepOptions struct {
	// Backends are compared with each other; the first also certifies
	// the human solver's steps. At least one.
	Backends []Backend
	// MaxCount caps the solution counts compared (≤ 0: 20).
	MaxCount int
	// Trials is the human engine's trial depth (< 0: the kind's default).
	Trials int
	// Workers is the number of puzzles checked at once (≤ 0: GOMAXPROCS).
	Workers int
	// Progress, when set, is called after each puzzle (from one goroutine
	// at a time) with the number done.
	Progress func(done int)
}

// Puzzle is one input of a sweep: an instance and the label that names it
// in reports (file, file#name, or random-<kind>-<seed>-<i>).
type Puzzle struct {
	Label string
	Inst  kind.Instance
}

// Disagreement is one way the sides of a sweep differ on a puzzle.
type Disagreement struct {
	// What: "status", "solution", "count", "backbone", "stored solution",
	// "human", "unsound" or "error" (a back-end or the human side failed,
	// for example on a model the kind's Verify rejects).
	What   string `json:"what"`
	Detail string `json:"detail"`
}

// Outcome is what a sweep found on one puzzle.
type Outcome struct {
	Label string `json:"puzzle"`
	Kind  string `json:"kind"`
	Size  string `json:"size"`
	// Status is the back-ends' uniqueness answer ("unique", "multiple",
	// "unsolvable"; the first back-end's when they disagree).
	Status string `json:"status"`
	// Count is the number of solutions up to the cap, Complete whether it
	// is exact.
	Count    int  `json:"count"`
	Complete bool `json:"count_complete"`
	// Determined is the number of unknowns the backbone fixes.
	Determined int `json:"determined"`
	// Human is the human solver's status; Steps its steps; Certified the
	// eliminations SAT certified.
	Human     string `json:"human"`
	Steps     int    `json:"steps"`
	Certified int    `json:"certified"`
	// Backends are the back-ends compared, by name.
	Backends      []string       `json:"backends"`
	Disagreements []Disagreement `json:"disagreements,omitempty"`
	// Unsound are the human rules an audit caught in an unsound step.
	Unsound []Unsound `json:"unsound,omitempty"`
}

// Agrees reports whether every side agreed on the puzzle.
func (o *Outcome) Agrees() bool { return len(o.Disagreements) == 0 }

func (o *Outcome) disagree(what, format string, args ...any) {
	o.Disagreements = append(o.Disagreements, Disagreement{What: what, Detail: fmt.Sprintf(format, args...)})
}

// Sweep checks every puzzle on every back-end and with the human solver,
// opt.Workers puzzles at a time, and returns one outcome per puzzle in
// their order. On each back-end it decides uniqueness, counts the
// solutions up to a cap and computes the backbone; the back-ends must
// agree on all three, agree with each other (a unique solution) and with
// the solution the puzzle carries, if any, and each answer must be
// consistent with the others (a unique puzzle counts one solution, which
// its backbone fixes entirely). The human solver then solves the puzzle
// with every elimination certified by SAT on the first back-end (Grade
// with CertifySteps); an unsound step is audited to name every rule that
// made one (Audit), and any disagreement Grade finds with SAT is recorded.
// The error is the context's, or a bad option: everything a puzzle does
// wrong is a Disagreement. When ctx ends, the puzzles not finished (cut
// short, or not begun) are left out: their outcomes are zero (no Label).
func Sweep(ctx context.Context, puzzles []Puzzle, opt SweepOptions) ([]Outcome, error) {
	if len(opt.Backends) == 0 {
		return nil, errors.New("crosscheck: a sweep needs at least one back-end")
	}
	if opt.MaxCount <= 0 {
		opt.MaxCount = 20
	}
	out := make([]Outcome, len(puzzles))
	var (
		mu   sync.Mutex
		done int
	)
	parallel.Each(len(puzzles), opt.Workers, func(i int) {
		if ctx.Err() != nil {
			return // the puzzles not begun when ctx ends are left out
		}
		o, err := sweepOne(ctx, puzzles[i], opt)
		if err != nil {
			return // cut short by ctx (sweepOne's only error): left out
		}
		mu.Lock()
		defer mu.Unlock()
		out[i] = o
		done++
		if opt.Progress != nil {
			opt.Progress(done)
		}
	})
	return out, ctx.Err()
}

// satAnswer is one back-end's three answers on a puzzle.
type satAnswer struct {
	check    *solve.CheckResult
	count    int
	complete bool
	backbone *solve.BackboneResult
}

// sweepOne checks one puzzle; its error is the context's only.
func sweepOne(ctx context.Context, p Puzzle, opt SweepOptions) (Outcome, error) {
	inst := p.Inst
	o := Outcome{Label: p.Label, Kind: inst.Kind(), Size: fmt.Sprintf("%dx%d", inst.Rows(), inst.Cols())}
	answers := make([]*satAnswer, len(opt.Backends))
	for i, be := range opt.Backends {
		o.Backends = append(o.Backends, be.Name)
		a, err := askBackend(ctx, inst, be.New, opt.MaxCount)
		if err != nil {
			if ctx.Err() != nil {
				return o, ctx.Err()
			}
			o.disagree("error", "%s: %v", be.Name, err)
			continue
		}
		answers[i] = a
	}
	first := -1
	for i, a := range answers {
		if a != nil {
			first = i
			break
		}
	}
	if first < 0 {
		return o, nil // every back-end failed: recorded above
	}
	ref, refName := answers[first], opt.Backends[first].Name
	o.Status = ref.check.Status.String()
	o.Count, o.Complete = ref.count, ref.complete
	o.Determined = ref.backbone.Determined
	for i, a := range answers {
		if a == nil {
			continue
		}
		name := opt.Backends[i].Name
		consistent(&o, inst, name, a)
		if i == first {
			continue
		}
		if a.check.Status != ref.check.Status {
			o.disagree("status", "%s says %s, %s says %s", refName, ref.check.Status, name, a.check.Status)
		} else if a.check.Status == sat.UniqueSolution {
			if d := solve.Diff(inst, ref.check.First, a.check.First); len(d) > 0 {
				o.disagree("solution", "%s and %s find different unique solutions (they differ at %s)", refName, name, PosList(d))
			}
		}
		if a.count != ref.count || a.complete != ref.complete {
			o.disagree("count", "%s counts %s, %s counts %s", refName, countText(ref.count, ref.complete), name, countText(a.count, a.complete))
		}
		if !slices.Equal(a.backbone.Fixed, ref.backbone.Fixed) || a.backbone.Status != ref.backbone.Status {
			o.disagree("backbone", "%s fixes %d unknowns, %s fixes %d; they differ at %s", refName, ref.backbone.Determined, name, a.backbone.Determined,
				PosList(solve.Diff(inst, ref.backbone.Fixed, a.backbone.Fixed)))
		}
	}
	stored(&o, inst, ref)
	if err := humanSide(ctx, &o, inst, opt); err != nil {
		return o, err
	}
	return o, nil
}

// askBackend decides uniqueness, counts and computes the backbone on
// fresh solvers of one back-end.
func askBackend(ctx context.Context, inst kind.Instance, f sat.Factory, maxCount int) (*satAnswer, error) {
	var a satAnswer
	var err error
	if a.check, err = solve.Check(ctx, inst, f, false); err != nil {
		return nil, err
	}
	if a.count, a.complete, err = solve.Count(ctx, inst, f, maxCount); err != nil {
		return nil, err
	}
	if a.backbone, err = solve.Backbone(ctx, inst, f); err != nil {
		return nil, err
	}
	return &a, nil
}

// consistent checks one back-end's answers against each other.
func consistent(o *Outcome, inst kind.Instance, name string, a *satAnswer) {
	var want string
	switch st := a.check.Status; {
	case st == sat.Unsolvable && (a.count != 0 || !a.complete || a.backbone.Status != sat.Unsat):
		want = "no solution to count and no backbone"
	case st == sat.UniqueSolution && (a.count != 1 || !a.complete):
		want = "a count of exactly 1"
	case st == sat.MultipleSolutions && a.count < 2:
		want = "a count of at least 2"
	case st == sat.UniqueSolution && !slices.Equal(a.backbone.Fixed, a.check.First):
		want = "a backbone that fixes the solution"
	}
	if want != "" {
		o.disagree("count", "%s: uniqueness says %s, which wants %s; count %s, backbone %v with %d fixed",
			name, a.check.Status, want, countText(a.count, a.complete), a.backbone.Status, a.backbone.Determined)
	}
}

// stored compares the solution the puzzle carries (a file's, or a random
// puzzle's planted one) with SAT's answers.
func stored(o *Outcome, inst kind.Instance, ref *satAnswer) {
	sol := inst.Solution()
	if sol == nil {
		return
	}
	if vs := inst.Verify(sol); len(vs) > 0 {
		o.disagree("stored solution", "the puzzle's own solution breaks %s", vs[0])
		return
	}
	switch ref.check.Status {
	case sat.Unsolvable:
		o.disagree("stored solution", "SAT finds no solution, but the puzzle's own solution is valid")
	case sat.UniqueSolution:
		if d := solve.Diff(inst, sol, ref.check.First); len(d) > 0 {
			o.disagree("stored solution", "SAT's unique solution differs from the puzzle's own at %s", PosList(d))
		}
	}
	if ref.backbone.Fixed != nil {
		var off []puzzle.Pos
		for i, v := range ref.backbone.Fixed {
			if v >= 0 && i < len(sol) && sol[i] != v {
				off = append(off, inst.Vars()[i].Pos)
			}
		}
		if len(off) > 0 {
			o.disagree("stored solution", "the backbone fixes values the puzzle's own solution does not have, at %s", PosList(off))
		}
	}
}

// humanSide runs the human solver with every step certified; its error is
// the context's only.
func humanSide(ctx context.Context, o *Outcome, inst kind.Instance, opt SweepOptions) error {
	certifier := opt.Backends[0].New
	r, err := Grade(ctx, inst, Options{Solver: certifier, Trials: opt.Trials, Parallel: 1, CertifySteps: true})
	if r != nil {
		o.Certified = r.Certified
		if r.Human != nil {
			o.Human = string(r.Human.Status)
			o.Steps = len(r.Human.Steps)
		}
	}
	var unsound *UnsoundError
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &unsound):
		o.Human = "unsound"
		o.disagree("unsound", "%v", unsound)
		oracle, oerr := NewOracle(ctx, inst, certifier)
		if oerr != nil {
			o.disagree("error", "audit: %v", oerr)
			return nil
		}
		found, _, aerr := Audit(ctx, inst, oracle.Solution, AuditOptions{Trials: opt.Trials})
		o.Unsound = found
		if aerr != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			var ue *UnsoundError
			if !errors.As(aerr, &ue) {
				o.disagree("error", "audit: %v", aerr)
			}
		}
		if len(found) == 0 {
			// The trial that failed named no rule the audit can drop;
			// the step itself is the finding.
			o.Unsound = []Unsound{{Rule: unsound.Step.Rule, Puzzle: o.Label, Step: unsound.Step.Index, Reason: unsound.Step.Reason,
				Elim: &unsound.Elim, Counter: unsound.Counter}}
		}
		return nil
	default:
		o.Human = "error"
		what := "error"
		if r != nil && r.Human != nil {
			what = "human" // Grade's disagreements come after a finished solve
		}
		o.disagree(what, "%v", err)
		return nil
	}
}

func countText(n int, complete bool) string {
	if complete {
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("at least %d", n)
}
