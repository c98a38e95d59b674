package answer

import (
	"context"
	"errors"
	"time"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// The questions every front end asks of a loaded puzzle (one of the
// Instances that Load, Open or kinds give), one function each: Solve,
// Check, BackboneOf, Count, Verify and VerifyBoard, Grade, NextStep and
// NextStepFrom, Examine; Prepare asks them for a picture, and Entry
// (entry.go) all a collection's entry says, of a One. Each takes the
// run's context first and the Options, and answers with the record the
// command line and the API both write, its status one of the Status
// values below, mapped from the solver's outcome here and nowhere else.
// The front ends only wrap the record: in a JSON line or text naming the
// puzzle (app), an HTTP answer (serve), a picture (render) or a report row
// (report).
//
// A question whose time ran out (the context ended) or whose solver gave
// up answers a record with status Timeout, beside the error: the context's,
// or ErrUnknown. Any other error is the question's failure, with no record.

// The statuses of the records.
const (
	Solved     = "solved"     // Solve: a solution
	Unsolvable = "unsolvable" // no solution (Solve, Check, BackboneOf)
	Unique     = "unique"     // Check: exactly one solution
	Multiple   = "multiple"   // Check: more than one
	OK         = "ok"         // BackboneOf: the agreed cells
	Complete   = "complete"   // Count: every solution counted
	Capped     = "capped"     // Count: stopped at Options.Max
	Timeout    = "timeout"    // the time ran out, or the solver gave up
)

// Options are how a question is answered. Solver is required; each other
// field is off at its zero value, and only the questions its comment names
// read it.
type Options struct {
	// Solver makes the SAT solvers, and SolverName names it in the
	// records ("solver"; empty leaves the key out).
	Solver     sat.Factory
	SolverName string
	// Values adds the solutions as value indexes (one per unknown, into
	// its domain) to the records, for the page to draw (the API's).
	Values bool
	// Certify attaches a checked RUP certificate to a unique Check
	// (check --certify; the report's --certify).
	Certify bool
	// Route has a unique Check say how the kind's rules reach the answer
	// (kind.RouteReporter; the command line's).
	Route bool
	// Max caps Count (0: no cap).
	Max int
	// Trials replaces the kind's proofs by contradiction by trials of at
	// most 1..k rule layers, k = *Trials ≥ 0 (grade --trials); nil or -1
	// keeps the kind's own trial rules.
	Trials *int
	// Parallel is the rules' goroutines per layer (0: one per CPU).
	Parallel int
	// CertifySteps checks every elimination with SAT as it is made.
	CertifySteps bool
	// Steps is how many of the human solve's steps Grade lists: 0 none
	// (no "steps" key), < 0 all, n > 0 at most n ("more" counts the rest).
	Steps int
	// Bands, when set, adds the first of the kind's generation bands the
	// grade lands in, the kind looked up in that registry (the API's, the
	// report's).
	Bands *kinds.Registry
}

func (o Options) trials() int {
	if o.Trials == nil {
		return -1
	}
	return *o.Trials
}

// stopped says whether err is the time running out (a context error,
// however wrapped): a Timeout answer, not a failure.
func stopped(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// gaveUp is the error of a solver that stopped without an answer and
// without an error: the context's when it ended, else ErrUnknown.
func gaveUp(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return ErrUnknown
}

// Solve finds a solution of inst: status Solved (the solution drawn, and as
// values with Options.Values), Unsolvable, or Timeout.
func Solve(ctx context.Context, inst kind.Instance, opt Options) (SolveRecord, error) {
	t0 := time.Now()
	st, a, err := solve.One(ctx, inst, opt.Solver)
	rec := SolveRecord{Solver: opt.SolverName}
	switch {
	case err != nil:
		if !stopped(err) {
			return SolveRecord{}, err
		}
		rec.Status = Timeout
	case st == sat.Sat:
		rec.Status, rec.Solution = Solved, Draw(inst, a)
		if opt.Values {
			rec.Values = a
		}
	case st == sat.Unsat:
		rec.Status = Unsolvable
	default:
		rec.Status, err = Timeout, gaveUp(ctx)
	}
	rec.Ms = Millis(time.Since(t0))
	return rec, err
}

// Check decides whether inst has exactly one solution: status Unique (its
// solution drawn; a certificate with Options.Certify, the rules' route
// with Options.Route), Multiple (two solutions and the cells where they
// differ), Unsolvable, or Timeout.
func Check(ctx context.Context, inst kind.Instance, opt Options) (CheckRecord, error) {
	t0 := time.Now()
	r, err := solve.Check(ctx, inst, opt.Solver, opt.Certify)
	if err != nil {
		if !stopped(err) {
			return CheckRecord{}, err
		}
		rec := checkRecord(inst, r, opt)
		rec.Status, rec.Ms = Timeout, Millis(time.Since(t0))
		return rec, err
	}
	rec := checkRecord(inst, r, opt)
	if r.Status == sat.UniquenessUnknown {
		err = gaveUp(ctx)
	}
	// Kinds with uniqueness-assuming rules say how the rules reach a
	// unique answer; a cheat-only route is flagged.
	if rr, ok := inst.(kind.RouteReporter); ok && opt.Route && rec.Status == Unique {
		if rec.Route, err = rr.Route(ctx); err != nil {
			return CheckRecord{}, err
		}
	}
	rec.Ms = Millis(time.Since(t0))
	return rec, err
}

// checkRecord is r as a record (without Ms and Route); r may be nil or
// cut short.
func checkRecord(inst kind.Instance, r *solve.CheckResult, opt Options) CheckRecord {
	if r == nil {
		r = &solve.CheckResult{}
	}
	out := CheckRecord{Status: r.Status.String(), Solution: Draw(inst, r.First), SecondSolution: Draw(inst, r.Second),
		Differences: []DiffRecord{}, Solver: opt.SolverName}
	for _, p := range r.Differences {
		out.Differences = append(out.Differences, DiffRecord{Row: p.Row + 1, Col: p.Col + 1,
			First: LabelAt(inst, r.First, p), Second: LabelAt(inst, r.Second, p)})
	}
	if c := r.Certificate; c != nil {
		out.Certificate = &CertificateRecord{Lemmas: c.Size(), Checked: true, Backend: c.Backend,
			SolveMs: Millis(c.SolveTime), CheckMs: Millis(c.CheckTime)}
	}
	if r.Status == sat.UniquenessUnknown {
		out.Status = Timeout
	}
	if opt.Values {
		out.Values, out.SecondValues = r.First, r.Second
	}
	return out
}

// BackboneOf finds the cells every solution of inst agrees on: status OK
// (those cells drawn, how many they are, and as values with
// Options.Values, -1 for the open unknowns), Unsolvable, or Timeout.
func BackboneOf(ctx context.Context, inst kind.Instance, opt Options) (BackboneRecord, error) {
	t0 := time.Now()
	r, err := solve.Backbone(ctx, inst, opt.Solver)
	rec := BackboneRecord{Solver: opt.SolverName, Unknowns: len(inst.Vars())}
	switch {
	case err != nil:
		if !stopped(err) {
			return BackboneRecord{}, err
		}
		rec.Status = Timeout
	case r.Status == sat.Sat:
		determined := r.Determined
		rec.Status, rec.Determined, rec.Backbone = OK, &determined, inst.Draw(r.Fixed)
		if opt.Values {
			rec.Values = r.Fixed
		}
	case r.Status == sat.Unsat:
		rec.Status = Unsolvable
	default:
		rec.Status, err = Timeout, gaveUp(ctx)
	}
	rec.Ms = Millis(time.Since(t0))
	return rec, err
}

// Count counts the solutions of inst up to Options.Max: status Complete,
// Capped, or Timeout (the count so far).
func Count(ctx context.Context, inst kind.Instance, opt Options) (CountRecord, error) {
	t0 := time.Now()
	n, complete, err := solve.Count(ctx, inst, opt.Solver, opt.Max)
	rec := CountRecord{Count: n, Status: Complete, Solver: opt.SolverName}
	switch {
	case err != nil:
		if !stopped(err) {
			return CountRecord{}, err
		}
		rec.Status = Timeout
	case !complete:
		rec.Status = Capped
	}
	rec.Ms = Millis(time.Since(t0))
	return rec, err
}

// Verify holds a full solution of inst to the rules: valid, or every
// broken rule (the command line's verify).
func Verify(inst kind.Instance, a puzzle.Assignment) VerifyRecord {
	vs := inst.Verify(a)
	if vs == nil {
		vs = []puzzle.Violation{}
	}
	return VerifyRecord{Valid: len(vs) == 0, Violations: vs}
}

// VerifyBoard holds a player's board, which may be partial (-1 for an open
// unknown), to the rules and keeps what is wrong already: the kind's
// Verify names each undecided unknown once, alone, as a reminder that it
// is open, and those are no fault. The record adds whether the board is
// complete and solved, and the cells the violations name (the API's).
func VerifyBoard(inst kind.Instance, a puzzle.Assignment) VerifyRecord {
	vars := inst.Vars()
	open := map[puzzle.Pos]bool{}
	for i, v := range a {
		if v < 0 {
			open[vars[i].Pos] = true
		}
	}
	complete := len(open) == 0
	cells := []puzzle.Pos{}
	out := VerifyRecord{Violations: []puzzle.Violation{}, Faults: &cells, Complete: &complete}
	seen := map[puzzle.Pos]bool{}
	for _, v := range inst.Verify(a) {
		if len(v.Cells) == 1 && open[v.Cells[0]] {
			continue
		}
		out.Violations = append(out.Violations, v)
		for _, q := range v.Cells {
			if !seen[q] {
				seen[q] = true
				cells = append(cells, q)
			}
		}
	}
	out.Valid = len(out.Violations) == 0
	solved := complete && out.Valid
	out.Solved = &solved
	return out
}
