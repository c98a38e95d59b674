// Package generate makes new puzzles of a chosen difficulty, each proven to
// have exactly one solution by SAT and graded by the human rules.
//
// What is particular to a kind is its generation metadata in package kinds
// (kinds.Kind.Generate: default size, bands, and the Draft behind steps 1
// to 3); this package runs the attempts, SAT and the grading for any kind
// that has it.
//
// # Pipeline
//
// One attempt:
//
//  1. Plant a random solution and derive clues it satisfies. Juosan: the
//     grid and territories of juosan.Random, single cells merged into a
//     neighbour, no numbers yet. Shinro: shinro.Random's stones, counts
//     and a few arrows that each see a stone (3/16 of the cells are
//     stones unless Options.Stones says otherwise). Arrows: the puzzle
//     human/arrows.Generate builds (random arrows, givens added where its
//     rules get stuck), with the solution its rules found.
//  2. Make it unique: enumerate up to 16 solutions other than the intended
//     one (sat.Enumerate); while there are any, add a clue the intended
//     solution satisfies and the first other one breaks (both checked with
//     the model's Verify), choosing among such clues one that breaks the
//     most of the others. Juosan: number an unnumbered territory of at
//     most 3 cells, or carve a numbered piece out of unnumbered territories
//     around a cell where the solutions differ (a domino, a straight
//     triple, or a random piece of 3 or 4 cells); that only adds
//     constraints. When no such clue exists, pieces may be carved out of
//     numbered territories too (the remains keep a number); that trades
//     the territory's number for the pieces' and can let an excluded
//     solution back, so the choice also counts the (up to 64) solutions
//     excluded before, and an attempt gives up after 2 clues per cell.
//     Shinro: an arrow on a cell empty in the intended solution, pointing
//     at one of its stones, that the other solution leaves unseen (or
//     whose cell holds one of its stones). Arrows: nothing is added (its
//     generator's puzzles are unique when its rules are sound; a second
//     solution drops the attempt). Then solve.Check proves uniqueness.
//  3. Minimise: drop removable clues (Juosan numbers, Shinro arrows,
//     Arrows givens) one at a time in random order, keeping a removal only
//     when solve.Check still says unique and, for the easy and medium
//     bands, the rules alone (no trials) still solve it within the band's
//     highest level. Fewer clues make harder puzzles; the level ceiling
//     stops an easy puzzle from drifting out of its band.
//  4. Grade with crosscheck.Grade (the kind's default trial depth, SAT
//     uniqueness alongside) and keep the puzzle when the grade lands in the
//     band (and within Options.MinScore/MaxScore). Otherwise start a new
//     attempt, until Options.Attempts or the context runs out.
//
// Every puzzle returned has been written in the kind's canonical format,
// parsed back through package kinds, proven unique by SAT, and its
// intended solution passes the instance's Verify and equals SAT's.
//
// # Difficulty bands
//
// A band is judged on the crosscheck report of a solve with the kind's
// default trial depth (MaxLevel: highest rule level used; TrialDepth: the
// deepest proof by contradiction). A puzzle the rules cannot finish is in
// no band.
//
//	kind     easy                      medium                     hard
//	juosan   no trials, level ≤ 4      no trials, level 5         trials needed
//	shinro   no trials, level 1        no trials, level 2..4      trials needed
//	arrows   no trials, level ≤ 2      no trials, level ≥ 3       trials needed
//
// (Juosan levels: 1 pair, 2 gap, 3 territory-count, 4 territory-runs,
// 5 territory-pairs. Shinro: 1 fill/clear/arrow-single, 2 arrow-line/pairs,
// 3 path-count/impossible, 4 pigeonhole. Arrows: the levels of the rules
// file.) Band "any" accepts every puzzle the rules finish.
//
// # Determinism
//
// Attempt a of seed s draws from rand.NewPCG(s, a). The other solutions a
// SAT back-end enumerates steer step 2, so the same seed gives the same
// puzzle on the same back-end; different back-ends may give different
// (equally unique) puzzles.
package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// Band is a difficulty band.
type Band string

// The bands (see the package doc for their definitions per kind).
const (
	Any    Band = "any"
	Easy   Band = "easy"
	Medium Band = "medium"
	Hard   Band = "hard"
)

// ParseBand reads a band name.
func ParseBand(s string) (Band, error) {
	switch b := Band(s); b {
	case Any, Easy, Medium, Hard:
		return b, nil
	case "":
		return Any, nil
	}
	return "", fmt.Errorf("unknown difficulty %q (want easy, medium, hard or any)", s)
}

// levels is the range of rule levels band b allows a solve without trials
// of a kind's puzzle (kinds.Generation's Easy and Medium); false for the
// other bands, and for kinds that are not generated.
func levels(kind string, b Band) (kinds.Levels, bool) {
	k, err := kinds.Lookup(kind)
	if err != nil || k.Generate == nil {
		return kinds.Levels{}, false
	}
	switch b {
	case Easy:
		return k.Generate.Easy, true
	case Medium:
		return k.Generate.Medium, true
	}
	return kinds.Levels{}, false
}

// InBand reports whether a solve of a kind's puzzle lands in band b.
func InBand(kind string, b Band, status human.Status, rep human.Report) bool {
	if status != human.StatusSolved {
		return false
	}
	switch b {
	case Any:
		return true
	case Hard:
		return rep.TrialDepth > 0
	}
	lv, ok := levels(kind, b)
	return ok && rep.TrialDepth == 0 && rep.MaxLevel >= lv.Lo && rep.MaxLevel <= lv.Hi
}

// ceiling is the highest level the rules alone may need while minimising
// for band b, or -1 when minimisation is bounded by uniqueness only.
func ceiling(kind string, b Band) int {
	if lv, ok := levels(kind, b); ok {
		return lv.Hi
	}
	return -1
}

// Options choose what to generate.
type Options struct {
	// Kind names a kind with generation metadata (kinds.Kind.Generate):
	// "arrows", "juosan" or "shinro" (Kinds lists them).
	Kind string
	// Rows, Cols: the grid size (0: the kind's default,
	// kinds.Generation.Rows and Cols: 8x8 for Juosan and Shinro, 6x6 for
	// Arrows).
	Rows, Cols int
	// Band is the difficulty band ("" means Any).
	Band Band
	// MinScore and MaxScore bound the engine's difficulty score (MaxScore
	// 0: no upper bound).
	MinScore, MaxScore float64
	// Seed makes the run reproducible (see the package doc).
	Seed uint64
	// Attempts bounds the random starts (0: 100).
	Attempts int
	// Solver makes the SAT solvers (required; the command line resolves
	// --solver with sat/solvers.Factory).
	Solver sat.Factory
	// Stones is the Shinro stone count (0: 3/16 of the cells, 12 on 8x8).
	Stones int
	// KindOptions are passed to the parser (Juosan reading,
	// cardinality encoding, Arrows rules file).
	KindOptions kinds.Options
	// Progress, when set, is told about every finished attempt.
	Progress func(attempt int, outcome string)
}

// Puzzle is one generated puzzle.
type Puzzle struct {
	Kind string
	// Text is the puzzle in the kind's canonical format, without its
	// solution; SolutionText the same with the solution block (Arrows:
	// the filled grid).
	Text, SolutionText string
	// Instance is Text parsed back through package kinds.
	Instance kinds.Instance
	// Solution is the unique solution.
	Solution puzzle.Assignment
	// Clues counts the removable clues left (Juosan numbers, Shinro
	// arrows, Arrows givens).
	Clues int
	// Seed and Attempt locate the puzzle: attempt Attempt of seed Seed.
	Seed    uint64
	Attempt int
	// Band is the band asked for; Status, Report and Metrics the grade.
	Band    Band
	Status  human.Status
	Report  human.Report
	Metrics map[string]any
}

// ErrOptions is wrapped by the errors for options Generate cannot use.
var ErrOptions = errors.New("bad generate options")

// ErrExhausted is returned (wrapped) when no attempt landed in the band.
var ErrExhausted = errors.New("no puzzle in the band")

// draft is a puzzle under construction: each kind's own (kinds.Draft).
type draft = kinds.Draft

// Kinds lists the kinds Generate supports: those with generation metadata
// (kinds.Kind.Generate), sorted.
func Kinds() []string {
	var out []string
	for _, k := range kinds.List() {
		if k.Generate != nil {
			out = append(out, k.Name)
		}
	}
	return out
}

// Generate makes one puzzle: attempts 0, 1, ... of opt.Seed until one lands
// in the band. It fails with ErrExhausted after opt.Attempts, and with the
// context's error when ctx ends first.
func Generate(ctx context.Context, opt Options) (*Puzzle, error) {
	if opt.Band == "" {
		opt.Band = Any
	}
	if _, err := ParseBand(string(opt.Band)); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrOptions, err)
	}
	if opt.MaxScore > 0 && opt.MaxScore < opt.MinScore {
		return nil, fmt.Errorf("%w: max score %g is below min score %g", ErrOptions, opt.MaxScore, opt.MinScore)
	}
	if opt.Solver == nil {
		return nil, fmt.Errorf("%w: no SAT back-end (Options.Solver is nil)", ErrOptions)
	}
	attempts := opt.Attempts
	if attempts <= 0 {
		attempts = 100
	}
	k, err := kinds.Lookup(opt.Kind)
	if err != nil || k.Generate == nil {
		return nil, fmt.Errorf("%w: cannot generate kind %q (have %s)", ErrOptions, opt.Kind, strings.Join(Kinds(), ", "))
	}
	g := k.Generate
	if opt.Rows == 0 && opt.Cols == 0 {
		opt.Rows, opt.Cols = g.Rows, g.Cols
	}
	if opt.Rows < 2 || opt.Cols < 2 || opt.Rows > maxSide || opt.Cols > maxSide {
		return nil, fmt.Errorf("%w: size %dx%d outside 2..%d", ErrOptions, opt.Rows, opt.Cols, maxSide)
	}
	gopt := kinds.GenOptions{Rows: opt.Rows, Cols: opt.Cols, Stones: opt.Stones, Kind: opt.KindOptions}
	if g.Check != nil {
		if err := g.Check(gopt); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrOptions, err)
		}
	}
	for a := 0; a < attempts; a++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rng := rand.New(rand.NewPCG(opt.Seed, uint64(a)))
		gopt.Name = fmt.Sprintf("generated %s %dx%d seed %d attempt %d", opt.Band, opt.Rows, opt.Cols, opt.Seed, a)
		d, err := g.Start(ctx, rng, gopt)
		if err != nil {
			return nil, err
		}
		var (
			p       *Puzzle
			outcome = "no starting puzzle"
		)
		if d != nil {
			if p, outcome, err = attempt(ctx, rng, &opt, d); err != nil {
				return nil, err
			}
		}
		if opt.Progress != nil {
			opt.Progress(a, outcome)
		}
		if p != nil {
			p.Seed, p.Attempt = opt.Seed, a
			return p, nil
		}
	}
	return nil, fmt.Errorf("generate: %s %dx%d: %w %q after %d attempts (seed %d)", opt.Kind, opt.Rows, opt.Cols, ErrExhausted, opt.Band, attempts, opt.Seed)
}

// instance parses a draft's text back through package kinds.
func instance(opt *Options, d draft) (kinds.Instance, error) {
	k, err := kinds.Lookup(opt.Kind)
	if err != nil {
		return nil, err
	}
	insts, err := k.Parse("generated", []byte(d.Text(false)), opt.KindOptions)
	if err != nil {
		return nil, internal(fmt.Errorf("the generated puzzle does not read back: %w", err))
	}
	if len(insts) != 1 {
		return nil, internal(fmt.Errorf("the generated text holds %d puzzles", len(insts)))
	}
	return insts[0], nil
}

// unique reports whether d has exactly one solution by solve.Check, which
// must be the intended one (and pass Verify).
func unique(ctx context.Context, opt *Options, d draft) (bool, error) {
	inst, err := instance(opt, d)
	if err != nil {
		return false, err
	}
	if vs := inst.Verify(d.Intended()); len(vs) > 0 {
		return false, internal(fmt.Errorf("the intended solution breaks %s", vs[0]))
	}
	r, err := solve.Check(ctx, inst, opt.Solver, false)
	if err != nil {
		return false, err
	}
	switch r.Status {
	case sat.UniqueSolution:
		if diff := solve.Diff(inst, d.Intended(), r.First); len(diff) > 0 {
			return false, internal(fmt.Errorf("the unique solution is not the intended one (differs at %v)", diff[0]))
		}
		return true, nil
	case sat.MultipleSolutions:
		return false, nil
	case sat.Unsolvable:
		return false, internal(fmt.Errorf("SAT finds no solution though the intended one passes Verify"))
	}
	return false, errors.New("generate: the SAT back-end gave no answer")
}

// maxSide is the largest side generated (Arrows values stop at 35 anyway).
const maxSide = 30

// internal marks an error that means a bug in this package.
func internal(err error) error { return fmt.Errorf("generate: internal error: %w", err) }

// maxRefine bounds the clues step 2 may add before the attempt restarts,
// per cell (successful Juosan attempts need about a third of that).
const maxRefine = 2

// attempt runs steps 2 to 4 on one draft. It returns nil and an outcome
// when the draft does not give a puzzle in the band.
func attempt(ctx context.Context, rng *rand.Rand, opt *Options, d draft) (*Puzzle, string, error) {
	for i := 0; ; i++ {
		others, err := otherSolutions(ctx, opt, d, sampleSolutions)
		if err != nil {
			return nil, "", err
		}
		if len(others) == 0 {
			break
		}
		if i == maxRefine*opt.Rows*opt.Cols {
			return nil, "no unique puzzle", nil
		}
		if d, err = d.Exclude(rng, others); err != nil {
			return nil, "", err
		}
		if d == nil {
			return nil, "no clue excludes the second solution", nil
		}
	}
	// Step 2 ended on "no other solution"; solve.Check is the proof.
	ok, err := unique(ctx, opt, d)
	if err != nil {
		return nil, "", err
	}
	if !ok {
		return nil, "", internal(errors.New("enumeration and solve.Check disagree on uniqueness"))
	}
	d, err = minimise(ctx, rng, opt, d)
	if err != nil {
		return nil, "", err
	}
	ok, outcome, err := plausible(ctx, opt, d)
	if err != nil || !ok {
		return nil, outcome, err
	}
	return finish(ctx, opt, d)
}

// plausible screens a minimised draft with a rules-only solve: one the
// rules finish has its grade already (the engine tries trials only when
// no rule applies), so it must be in the band; one they cannot finish can
// only be hard.
func plausible(ctx context.Context, opt *Options, d draft) (bool, string, error) {
	inst, err := instance(opt, d)
	if err != nil {
		return false, "", err
	}
	res, err := rulesOnly(ctx, inst)
	if err != nil {
		return false, "", err
	}
	rep := res.Report
	if res.Status != human.StatusSolved {
		return opt.Band == Hard || opt.Band == Any, "rules alone: " + string(res.Status), nil
	}
	grade := fmt.Sprintf("solved, level %d, trial depth 0, score %.1f", rep.MaxLevel, rep.Score)
	if !InBand(opt.Kind, opt.Band, res.Status, rep) {
		return false, "out of band: " + grade, nil
	}
	if rep.Score < opt.MinScore || opt.MaxScore > 0 && rep.Score > opt.MaxScore {
		return false, "score out of range: " + grade, nil
	}
	return true, "", nil
}

// sampleSolutions is how many other solutions step 2 looks at to pick a
// clue: the one excluding most of them.
const sampleSolutions = 16

// otherSolutions returns up to k solutions of d other than the intended
// one (which must pass Verify).
func otherSolutions(ctx context.Context, opt *Options, d draft, k int) ([]puzzle.Assignment, error) {
	inst, err := instance(opt, d)
	if err != nil {
		return nil, err
	}
	want := d.Intended()
	if vs := inst.Verify(want); len(vs) > 0 {
		return nil, internal(fmt.Errorf("the intended solution breaks %s", vs[0]))
	}
	e, err := solve.Encode(ctx, inst, opt.Solver)
	if err != nil {
		return nil, err
	}
	var (
		out    []puzzle.Assignment
		decErr error
	)
	_, _, err = sat.Enumerate(ctx, e.Solver, e.Primary(), k+1, func(m []bool) bool {
		a, err := e.Decode(m)
		if err != nil {
			decErr = err
			return false
		}
		if len(solve.Diff(inst, want, a)) > 0 {
			out = append(out, a)
		}
		return true
	})
	if decErr != nil {
		return nil, decErr
	}
	if err != nil {
		return nil, err
	}
	if len(out) > k {
		out = out[:k]
	}
	return out, nil
}

// minimise drops clues in random order while the puzzle stays unique and,
// with a level ceiling, the rules alone still solve it within it.
func minimise(ctx context.Context, rng *rand.Rand, opt *Options, d draft) (draft, error) {
	ceil := ceiling(opt.Kind, opt.Band)
	ids := d.Clues()
	rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	for _, id := range ids {
		e, err := d.Without(id)
		if err != nil {
			return nil, err
		}
		ok, err := unique(ctx, opt, e)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if ceil >= 0 {
			inst, err := instance(opt, e)
			if err != nil {
				return nil, err
			}
			res, err := rulesOnly(ctx, inst)
			if err != nil {
				return nil, err
			}
			if res.Status != human.StatusSolved || res.Report.MaxLevel > ceil {
				continue
			}
		}
		d = e
	}
	return d, nil
}

// rulesOnly solves inst with its rules and no trials.
func rulesOnly(ctx context.Context, inst kinds.Instance) (*human.Result, error) {
	setup, err := inst.Human()
	if err != nil {
		return nil, err
	}
	eng := &human.Engine{Rules: human.Plain(setup.Rules), Weights: setup.Weights}
	return eng.Solve(ctx, setup.Input, setup.StartCands(inst))
}

// finish grades a unique draft and keeps it when it lands in the band.
func finish(ctx context.Context, opt *Options, d draft) (*Puzzle, string, error) {
	inst, err := instance(opt, d)
	if err != nil {
		return nil, "", err
	}
	g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: opt.Solver, Trials: -1})
	if err != nil {
		return nil, "", err
	}
	if g.SAT == nil || g.SAT.Status != sat.UniqueSolution {
		return nil, "", internal(errors.New("the finished puzzle is not unique on re-check"))
	}
	rep := g.Human.Report
	outcome := fmt.Sprintf("%s, level %d, trial depth %d, score %.1f", g.Human.Status, rep.MaxLevel, rep.TrialDepth, rep.Score)
	if !InBand(opt.Kind, opt.Band, g.Human.Status, rep) {
		return nil, "out of band: " + outcome, nil
	}
	if rep.Score < opt.MinScore || opt.MaxScore > 0 && rep.Score > opt.MaxScore {
		return nil, "score out of range: " + outcome, nil
	}
	return &Puzzle{
		Kind: opt.Kind, Text: d.Text(false), SolutionText: d.Text(true), Instance: inst,
		Solution: d.Intended(), Clues: len(d.Clues()), Band: opt.Band,
		Status: g.Human.Status, Report: rep, Metrics: g.Metrics,
	}, "in band: " + outcome, nil
}
