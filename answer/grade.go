package answer

import (
	"context"
	"time"

	"github.com/puzzlesat/puzzlesat/answer/rating"
	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
)

// grading is crosscheck's options for opt.
func (o Options) grading(hintOnly bool) crosscheck.Options {
	return crosscheck.Options{Solver: o.Solver, Trials: o.trials(), Parallel: o.Parallel,
		CertifySteps: o.CertifySteps, HintOnly: hintOnly}
}

// Grade solves inst like a person, with the kind's human rules, while SAT
// decides its uniqueness beside them (crosscheck.Grade): the record says
// how the rules did (status solved, stuck or contradiction), how hard it
// was, SAT's verdict, and, as Options ask, the steps and the band. When
// the time runs out the record's status is Timeout, beside the context's
// error; the rules and SAT disagreeing, or a step SAT refutes (a
// *crosscheck.UnsoundError), is an error with no record.
func Grade(ctx context.Context, inst kind.Instance, opt Options) (GradeRecord, error) {
	t0 := time.Now()
	r, err := crosscheck.Grade(ctx, inst, opt.grading(false))
	if err != nil {
		if stopped(err) {
			return GradeRecord{Status: Timeout, Ms: Millis(time.Since(t0))}, err
		}
		return GradeRecord{}, err
	}
	rec := gradeRecord(inst, r, opt)
	rec.Ms = Millis(time.Since(t0))
	return rec, nil
}

// gradeRecord is r's human solve as a record (without Ms).
func gradeRecord(inst kind.Instance, r *crosscheck.Result, opt Options) GradeRecord {
	h := r.Human
	rec := GradeRecord{Status: string(h.Status), Report: h.Report, Layers: h.Layers, Certified: r.Certified,
		Metrics: r.Metrics, Solution: Draw(inst, r.Solution), Solver: opt.SolverName}
	if r.SAT != nil {
		rec.SATStatus = r.SAT.Status.String()
	}
	if h.Status != human.StatusSolved {
		rec.Left = inst.Draw(crosscheck.Assignment(h.Cands))
	}
	if opt.Steps != 0 {
		steps := []StepRecord{}
		for i := range h.Steps {
			if i == opt.Steps {
				rec.More = len(h.Steps) - i
				break
			}
			steps = append(steps, Step(inst, h.Steps[i]))
		}
		rec.Steps = &steps
	}
	if opt.Bands != nil {
		rec.Band = Band(opt.Bands, inst, h.Status, h.Report)
		if opt.trials() < 0 {
			rec.Rating = Rating(opt.Bands, inst, h.Status, h.Report, r.Metrics)
		}
	}
	return rec
}

// Rating is the stars (1..rating.Max, answer/rating) of a human solve of
// inst that ended with status and rep under the kind's own rules, the
// kind's metrics beside: 0 when it is unrated (not solved, or a kind
// without a calibration).
func Rating(reg *kinds.Registry, inst kind.Instance, status human.Status, rep human.Report, metrics map[string]any) int {
	k, err := reg.Lookup(inst.Kind())
	if err != nil {
		return 0
	}
	return RatingOf(k, inst, status, rep, metrics)
}

// RatingOf is Rating with inst's kind at hand (a generated puzzle's),
// not looked up in a registry.
func RatingOf(k *kind.Kind, inst kind.Instance, status human.Status, rep human.Report, metrics map[string]any) int {
	tier := tierOf(k, inst, status, rep)
	if tier == "" {
		return 0
	}
	return rating.Default().Stars(inst.Kind(), tier, rep, metrics)
}

// Tier is the band of a solve as the rating orders them: the band it
// lands in (Band), else the first band it does not go past (a solve
// between two bands' layer counts), else rating.Beyond; "" when it is not
// solved or the kind has no bands.
func Tier(reg *kinds.Registry, inst kind.Instance, status human.Status, rep human.Report) string {
	k, err := reg.Lookup(inst.Kind())
	if err != nil {
		return ""
	}
	return tierOf(k, inst, status, rep)
}

func tierOf(k *kind.Kind, inst kind.Instance, status human.Status, rep human.Report) string {
	if status != human.StatusSolved {
		return ""
	}
	if b := BandOf(k, inst, status, rep); b != "" {
		return b
	}
	if k.Generate == nil || len(k.Generate.Bands) == 0 {
		return ""
	}
	for i := range k.Generate.Bands {
		if b := k.Generate.Bands[i].At(inst.Rows(), inst.Cols()); b.Within(rep) {
			return b.Name
		}
	}
	return rating.Beyond
}

// Band is the generation band of inst's kind a human solve that ended
// with status and rep lands in (where a kind's bands overlap, the harder:
// kind.Generation.BandOf, as generate judges), "" when none does or the
// kind has none: only a solved puzzle lands in a band.
func Band(reg *kinds.Registry, inst kind.Instance, status human.Status, rep human.Report) string {
	k, err := reg.Lookup(inst.Kind())
	if err != nil {
		return ""
	}
	return BandOf(k, inst, status, rep)
}

// BandOf is Band with inst's kind at hand (a generated puzzle's).
func BandOf(k *kind.Kind, inst kind.Instance, status human.Status, rep human.Report) string {
	if k.Generate == nil {
		return ""
	}
	return k.Generate.BandOf(inst.Rows(), inst.Cols(), status, rep)
}

// NextStep is the human rules' first step from inst's start (grade
// --hint), SAT's uniqueness beside it: the record's hint is null when the
// rules find none. Errors are Grade's.
func NextStep(ctx context.Context, inst kind.Instance, opt Options) (HintRecord, error) {
	r, err := crosscheck.Grade(ctx, inst, opt.grading(true))
	if err != nil {
		return HintRecord{}, err
	}
	rec := HintRecord{SATStatus: r.SAT.Status.String()}
	if r.SAT.Status == sat.MultipleSolutions {
		rec.SATDifferences = r.SAT.Differences
	}
	if r.Hint != nil {
		h := Step(inst, *r.Hint)
		rec.Hint = &h
	}
	return rec, nil
}

// Examination is a puzzle graded and checked at once, by one run of the
// rules with SAT beside them: the collection report's entry of it.
type Examination struct {
	// Check is SAT's verdict (status Unique, Multiple, Unsolvable or
	// Timeout, the solutions as values with Options.Values); nil when
	// there is none: the time ran out first, or the puzzle cannot be
	// encoded.
	Check *CheckRecord
	// Grade is the human solve (nil when the rules did not run), and
	// Steps its steps as the engine took them (what the report tabulates,
	// without the records' drawing of every elimination).
	Grade *GradeRecord
	Steps []human.Step
}

// Examine grades inst and checks its uniqueness, as Grade does, and gives
// both records, each whenever it was found: a disagreement or an unsound
// step (the error) leaves SAT's verdict standing, and the time running out
// keeps what was found before. For a report of many puzzles, whose each
// puzzle is asked everything: Grade and Check ask one question each.
func Examine(ctx context.Context, inst kind.Instance, opt Options) (Examination, error) {
	t0 := time.Now()
	var ex Examination
	r, err := crosscheck.Grade(ctx, inst, opt.grading(false))
	if r != nil && r.Human != nil {
		g := gradeRecord(inst, r, opt)
		g.Ms = Millis(time.Since(t0))
		ex.Grade, ex.Steps = &g, r.Human.Steps
	}
	if r != nil && r.SAT != nil {
		c := checkRecord(inst, r.SAT, opt)
		c.Ms = Millis(time.Since(t0))
		ex.Check = &c
	}
	return ex, err
}
