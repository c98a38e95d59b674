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
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
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
	// Why, when set, says why the rule went wrong.
	Why string
}

// Error names the step as --steps numbers it (from 1) and its rule.
func (e *UnsoundError) Error() string {
	msg := fmt.Sprintf("step %d (rule %s) is unsound: it eliminates %s, but a solution has it", e.Step.Index+1, e.Step.Rule, e.Desc)
	if e.Why != "" {
		msg += " (" + e.Why + ")"
	}
	return msg
}

// Certifier checks eliminations against one instance's SAT encoding: an
// elimination is sound when no solution has the eliminated value (an
// Oracle question). It owns its solver, so it is used from one goroutine
// at a time (it locks).
type Certifier struct {
	mu     sync.Mutex
	inst   kind.Instance
	oracle *Oracle
	n      int
}

// NewCertifier encodes inst into a fresh solver from newSolver.
func NewCertifier(ctx context.Context, inst kind.Instance, newSolver sat.Factory) (*Certifier, error) {
	o, err := NewOracle(ctx, inst, newSolver)
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

// StepLine is a step as grade --steps prints it: "[RULE, level L] reason ⇒
// eliminations", each elimination "r1c2 ≠ |" with neq for " ≠ " (a
// picture's caption keeps it on one line with no-break spaces).
func StepLine(p puzzle.Problem, s *human.Step, neq string) string {
	line := fmt.Sprintf("[%s, level %d] %s", s.Rule, s.Level, s.Reason)
	if len(s.Elims) > 0 {
		elims := make([]string, len(s.Elims))
		for i, e := range s.Elims {
			elims[i] = strings.Replace(Describe(p, e), " = ", neq, 1)
		}
		line += " ⇒ " + strings.Join(elims, ", ")
	}
	return line
}

// Grade solves inst with its human rules while SAT checks uniqueness
// concurrently (for a hint too). It fails when a step is unsound: at once
// with CertifySteps, and in any case at the end, when a step eliminated a
// value of one of SAT's solutions (an UnsoundError naming the step and its
// rule); or when the two sides disagree otherwise: the human solver
// finishes a puzzle SAT finds not unique, reaches a different solution, or
// meets a contradiction in a puzzle SAT solves.
func Grade(ctx context.Context, inst kind.Instance, opt Options) (*Result, error) {
	// The encoding comes first: a puzzle too large to encode is refused
	// before the rules take their own memory beside it.
	enc, err := solve.Encode(ctx, inst, opt.Solver)
	if err != nil {
		return nil, err
	}
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
		if cert, err = NewCertifier(ctx, inst, opt.Solver); err != nil {
			return nil, err
		}
		eng.Check = func(s human.Step) error { return cert.Step(ctx, s) }
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// SAT decides uniqueness beside the rules, for a hint too: its
	// solutions are what every step is held to at the end.
	var (
		wg     sync.WaitGroup
		satRes *solve.CheckResult
		satErr error
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		satRes, satErr = enc.Check(ctx, false)
		if satErr != nil {
			// Without SAT's answer the rules' work cannot be held to
			// anything: stop it.
			cancel()
		}
	}()
	res := &Result{}
	start := setup.StartCands(inst)
	var steps []human.Step
	if opt.HintOnly {
		res.Hint, err = eng.Hint(ctx, setup.Input, start)
		if err == nil && res.Hint != nil {
			steps = []human.Step{*res.Hint}
			if cert != nil {
				err = cert.Step(ctx, *res.Hint)
			}
		}
	} else {
		res.Human, err = eng.Solve(ctx, setup.Input, start)
		if res.Human != nil {
			steps = res.Human.Steps
		}
	}
	if err != nil {
		cancel()
	}
	wg.Wait()
	if cert != nil {
		res.Certified = cert.Count()
	}
	if satErr != nil && !errors.Is(satErr, context.Canceled) && !errors.Is(satErr, context.DeadlineExceeded) {
		return res, satErr
	}
	if err != nil {
		return res, err
	}
	res.SAT = satRes
	if satErr != nil {
		if !opt.HintOnly && setup.Metrics != nil {
			res.Metrics = setup.Metrics(res.Human)
		}
		return res, satErr
	}
	// Cheap, since SAT's solutions are known: a step that eliminated a
	// value one of them has is unsound, certified steps or not.
	if err := blame(inst, setup.Rules, start, steps, satRes); err != nil {
		return res, err
	}
	if opt.HintOnly {
		return res, nil
	}
	if setup.Metrics != nil {
		res.Metrics = setup.Metrics(res.Human)
	}
	if res.Human.Status == human.StatusSolved {
		res.Solution = Assignment(res.Human.Cands)
		if vs := inst.Verify(res.Solution); len(vs) > 0 {
			return res, fmt.Errorf("disagreement: the human solution breaks %s", vs[0])
		}
		switch satRes.Status {
		case sat.UniqueSolution:
			if d := solve.Diff(inst, res.Solution, satRes.First); len(d) > 0 {
				return res, fmt.Errorf("disagreement: human and SAT solutions differ at %s", PosList(d))
			}
		case sat.MultipleSolutions:
			return res, fmt.Errorf("disagreement: the human solver finished a puzzle SAT shows has several solutions (they differ at %s)", PosList(satRes.Differences))
		case sat.Unsolvable:
			return res, fmt.Errorf("disagreement: the human solver finished a puzzle SAT shows has no solution")
		}
	}
	if res.Human.Status == human.StatusContradiction && satRes.Status != sat.Unsolvable {
		for _, s := range res.Human.Steps {
			if s.Contradiction {
				return res, fmt.Errorf("disagreement: step %d (%s) finds a contradiction, but SAT solves the puzzle", s.Index+1, s.Rule)
			}
		}
		return res, fmt.Errorf("disagreement: the human solver found a contradiction in a puzzle SAT solves")
	}
	return res, nil
}

// blame holds the steps to SAT's solutions (the unique one, or the two
// that differ): the first step that eliminated a value one of them has is
// unsound, and the error names it, its rule and the solution as the
// counter-example. A rule that assumes a unique solution is named as such
// when SAT shows several. Without a solution there is nothing to hold the
// steps to.
func blame(inst kind.Instance, rules []*human.Rule, start []human.Cands, steps []human.Step, r *solve.CheckResult) error {
	var sols []puzzle.Assignment
	for _, a := range []puzzle.Assignment{r.First, r.Second} {
		if a != nil {
			sols = append(sols, a)
		}
	}
	for _, sol := range sols {
		for i, v := range sol {
			if i < len(start) && !start[i].Has(v) {
				return fmt.Errorf("internal error: the rules start without %s, which a solution has", Describe(inst, human.Elim{Var: i, Value: v}))
			}
		}
	}
	cheats := map[string]bool{}
	for _, rule := range rules {
		if rule != nil && rule.AssumesUnique {
			cheats[rule.Name] = true
		}
	}
	for _, s := range steps {
		for _, el := range s.Elims {
			for _, sol := range sols {
				if el.Var >= len(sol) || sol[el.Var] != el.Value {
					continue
				}
				u := &UnsoundError{Step: s, Elim: el, Counter: sol, Desc: Describe(inst, el)}
				if cheats[s.Rule] && r.Status == sat.MultipleSolutions {
					u.Why = "the rule assumes a unique solution, and SAT shows several"
				}
				return u
			}
		}
	}
	return nil
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

// PosList names up to eight positions, r1c1 style, for messages.
func PosList(ps []puzzle.Pos) string {
	s := make([]string, 0, len(ps))
	for i, p := range ps {
		if i == 8 {
			s = append(s, fmt.Sprintf("… (%s)", plural.N(len(ps), "cell")))
			break
		}
		s = append(s, p.String())
	}
	return strings.Join(s, " ")
}
