// Package crosscheck joins the two sides of the pipeline for any puzzle
// kind: it runs the human engine on an instance while SAT decides
// uniqueness concurrently, certifies every elimination the engine makes
// (puzzle ∧ "unknown = eliminated value" must be UNSAT), and checks that
// both sides reach the same solution. Its Oracle answers "is there a
// solution inside this candidate state?", and Audit uses it to name every
// unsound rule of a rule set with a counter-solution.
//
// It drives solvers but never picks one: every entry point takes a
// sat.Factory (the command line resolves --solver once with sat/solvers).
package crosscheck

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// Options configure a graded solve.
type Options struct {
	// Solver makes the solvers for uniqueness and step certification.
	Solver sat.Factory
	// Trials < 0 solves with the kind's own trial rules (HumanSetup.Rules);
	// k ≥ 0 replaces them by trials of at most 1..k rule layers
	// (human.WithTrials), so 0 solves without proofs by contradiction.
	Trials int
	// Parallel bounds the engine's goroutines (≤ 0: GOMAXPROCS).
	Parallel int
	// CertifySteps checks every elimination with SAT as it is made.
	CertifySteps bool
	// HintOnly stops after the first step.
	HintOnly bool
}

// Result is a graded solve with its cross-check.
type Result struct {
	Human *human.Result
	// Hint is the next step when Options.HintOnly was set.
	Hint *human.Step
	// SAT is the concurrent uniqueness check.
	SAT *solve.CheckResult
	// Solution is the human solver's assignment when it solved the puzzle.
	Solution puzzle.Assignment
	// Certified counts eliminations confirmed by SAT.
	Certified int
	// Metrics are the kind's own difficulty metrics (HumanSetup.Metrics).
	Metrics map[string]any
}

// UnsoundError reports a human step that SAT refutes: a solution exists in
// which the eliminated value holds.
type UnsoundError struct {
	Step    human.Step
	Elim    human.Elim
	Counter puzzle.Assignment
	Desc    string
}

func (e *UnsoundError) Error() string {
	return fmt.Sprintf("step %d (%s) is unsound: it eliminates %s, but a solution has it", e.Step.Index, e.Step.Rule, e.Desc)
}

// Certifier checks eliminations against one instance's SAT encoding: an
// elimination is sound when no solution has the eliminated value (an
// Oracle question). It owns its solver, so it is used from one goroutine
// at a time (it locks).
type Certifier struct {
	mu     sync.Mutex
	inst   kinds.Instance
	oracle *Oracle
	n      int
}

// NewCertifier encodes inst into a fresh solver from newSolver.
func NewCertifier(inst kinds.Instance, newSolver sat.Factory) (*Certifier, error) {
	o, err := NewOracle(inst, newSolver)
	if err != nil {
		return nil, err
	}
	return &Certifier{inst: inst, oracle: o}, nil
}

// Count is the number of eliminations certified so far.
func (c *Certifier) Count() int { c.mu.Lock(); defer c.mu.Unlock(); return c.n }

// Step certifies every elimination of s (a trial step's too: its assumed
// value is eliminated at top level).
func (c *Certifier) Step(ctx context.Context, s human.Step) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, el := range s.Elims {
		st, counter, err := c.oracle.ask(ctx, c.oracle.enc.Lit(el.Var, el.Value))
		if err != nil {
			return err
		}
		switch st {
		case sat.Unsat:
			c.n++
		case sat.Sat:
			return &UnsoundError{Step: s, Elim: el, Counter: counter, Desc: Describe(c.inst, el)}
		default:
			return fmt.Errorf("step %d: %s gave no answer", s.Index, c.oracle.enc.Solver.Name())
		}
	}
	return nil
}

// Describe names "unknown = value" for messages, e.g. "r3c4 = |".
func Describe(p puzzle.Problem, el human.Elim) string {
	vars := p.Vars()
	if el.Var < 0 || el.Var >= len(vars) {
		return fmt.Sprintf("unknown %d = %d", el.Var, el.Value)
	}
	v := vars[el.Var]
	val := fmt.Sprint(el.Value)
	if el.Value >= 0 && el.Value < len(v.Domain) {
		val = v.Domain[el.Value]
	}
	return v.Name + " = " + val
}

// Grade solves inst with its human rules while SAT checks uniqueness
// concurrently. It fails when a step is unsound (with CertifySteps), or when
// the two sides disagree: the human solver finishes a puzzle SAT finds not
// unique, or reaches a different solution.
func Grade(ctx context.Context, inst kinds.Instance, opt Options) (*Result, error) {
	setup, err := inst.Human()
	if err != nil {
		return nil, err
	}
	eng := &human.Engine{
		Rules:    human.WithTrials(setup.Rules, opt.Trials),
		Parallel: opt.Parallel,
		Weights:  setup.Weights,
		Describe: func(el human.Elim) string { return Describe(inst, el) },
	}
	var cert *Certifier
	if opt.CertifySteps {
		if cert, err = NewCertifier(inst, opt.Solver); err != nil {
			return nil, err
		}
		eng.Check = func(s human.Step) error { return cert.Step(ctx, s) }
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg     sync.WaitGroup
		satRes *solve.CheckResult
		satErr error
	)
	if !opt.HintOnly {
		wg.Add(1)
		go func() {
			defer wg.Done()
			satRes, satErr = solve.Check(ctx, inst, opt.Solver, false)
		}()
	}
	res := &Result{}
	start := setup.StartCands(inst)
	if opt.HintOnly {
		res.Hint, err = eng.Hint(ctx, setup.Input, start)
		if err == nil && res.Hint != nil && cert != nil {
			err = cert.Step(ctx, *res.Hint)
		}
	} else {
		res.Human, err = eng.Solve(ctx, setup.Input, start)
	}
	if err != nil {
		cancel()
	}
	wg.Wait()
	if cert != nil {
		res.Certified = cert.Count()
	}
	if err != nil {
		return res, err
	}
	if opt.HintOnly {
		return res, nil
	}
	res.SAT = satRes
	if setup.Metrics != nil {
		res.Metrics = setup.Metrics(res.Human)
	}
	if satErr != nil {
		return res, satErr
	}
	if res.Human.Status == human.StatusSolved {
		res.Solution = Assignment(res.Human.Cands)
		if vs := inst.Verify(res.Solution); len(vs) > 0 {
			return res, fmt.Errorf("disagreement: the human solution breaks %s", vs[0])
		}
		switch satRes.Status {
		case sat.UniqueSolution:
			if d := solve.Diff(inst, res.Solution, satRes.First); len(d) > 0 {
				return res, fmt.Errorf("disagreement: human and SAT solutions differ at %s", posList(d))
			}
		case sat.MultipleSolutions:
			return res, fmt.Errorf("disagreement: the human solver finished a puzzle SAT shows has several solutions (they differ at %s)", posList(satRes.Differences))
		case sat.Unsolvable:
			return res, fmt.Errorf("disagreement: the human solver finished a puzzle SAT shows has no solution")
		}
	}
	if res.Human.Status == human.StatusContradiction && satRes.Status != sat.Unsolvable {
		return res, fmt.Errorf("disagreement: the human solver found a contradiction in a puzzle SAT solves")
	}
	return res, nil
}

// Assignment reads the single candidate of every unknown (-1 where several
// remain).
func Assignment(cands []human.Cands) puzzle.Assignment {
	a := make(puzzle.Assignment, len(cands))
	for i, c := range cands {
		a[i] = -1
		if c != 0 && c&(c-1) == 0 {
			for j := 0; j < 64; j++ {
				if c.Has(j) {
					a[i] = j
				}
			}
		}
	}
	return a
}

func posList(ps []puzzle.Pos) string {
	s := make([]string, 0, len(ps))
	for i, p := range ps {
		if i == 8 {
			s = append(s, fmt.Sprintf("… (%d cells)", len(ps)))
			break
		}
		s = append(s, p.String())
	}
	return strings.Join(s, " ")
}
