// Package generate makes new puzzles of a chosen difficulty, each proven to
// have exactly one solution by SAT and graded by the human rules, one at a
// time (Generate) or in batches spread over goroutines and machines (Run).
//
// What is particular to a kind is its generation metadata in package kinds
// (kind.Kind.Generate: default size, bands, start methods, and the Draft
// behind steps 1 to 3, in kinds/generate*.go); this package runs the
// attempts, SAT and the grading for any kind that has it. Puzzles played
// by moves (kind.Kind.Moves: shift puzzles), which have no clues but a
// move count, are made by the kind's generator, banded by their proven
// optimum; genreOf is the one place that tells the two sorts apart.
//
// # Pipeline
//
// One attempt:
//
//  1. Start (kind.Generation.Start): a random solution and clues it
//     satisfies. Juosan: jm.Random's grid and territories (1 to 6 cells,
//     lone cells merged into a neighbour), every territory numbered.
//     Shinro, method "plant" (default): stones on random cells and an
//     arrow per 16 cells, each seeing a stone; method "ga": the paper's
//     genetic algorithm (population 10, no crossover, mutations change a
//     cell, swap two, add or remove an arrow or a stone; fitness from
//     violations, steps and available moves), which runs until a puzzle
//     lands in the band. Arrows, method "reference" (up to 6×6 by
//     default): the reference's generator improved
//     (kinds/arrows/rules.Generate: random arrows flipped into the grid, givens
//     where the rules stall, the offending arrow rotated on a
//     contradiction); method "filled" (beyond 6×6): SAT chooses the
//     arrows' directions, near random ones, so that the layout has a
//     filled grid, which is the intended solution. Linjat: the
//     reference's method (random numbers, dots where the layered solver
//     stalls, then hill climbers mutating numbers, scored by layers,
//     width and rule weights) until a candidate lands in the band.
//  2. Make the rules finish it: solve with the rules alone; while they
//     stall, Draft.Help adds a clue the intended solution satisfies where
//     they stalled (Juosan: numbers an unnumbered territory, or carves a
//     numbered domino, straight triple or small piece out of a territory;
//     Shinro: an arrow on an undetermined cell, or pointing at an
//     undetermined stone; Arrows: the intended number of an undetermined
//     cell; Linjat: a dot on a covered cell, chosen as the reference
//     chooses). Sound rules that finish a puzzle prove it has one
//     solution, so no SAT call is needed here.
//  3. Minimise: drop clues (Juosan numbers, Shinro arrows, Arrows givens,
//     Linjat dots) one at a time in random order, keeping a removal when
//     the band's solver still finishes the puzzle without going past the
//     band's upper end (or the score asked for): the rules alone for a
//     band of rule levels; for a band that needs trials, the rules with
//     the kind's trials, after SAT has said the puzzle is still unique
//     (kinds.TrialRound: Arrows tries the removals the rules alone take
//     furthest first, and stops after three in a row the trials cannot
//     finish). Fewer clues make harder puzzles; the upper end keeps an
//     easy puzzle easy.
//  4. With Options.Minimal, make the clue set irreducible: drop every clue
//     whose removal leaves the puzzle unique (by SAT, regardless of the
//     band), so that no clue of the result can be removed.
//  5. Check and grade: write the canonical text, parse it back through
//     package kinds, check the intended solution with Verify, and grade
//     with crosscheck.Grade (the kind's trial rules, SAT uniqueness
//     alongside, which must say unique with the intended solution); keep
//     the puzzle when it lands in the band and within the score range.
//
// The SAT questions of steps 3 and 4 ("is the puzzle with these clues
// still unique?") go to one solver per attempt: the puzzle without its
// clues, every clue behind a selector literal (kinds.GuardedDraft), and a
// clause excluding the intended solution; each question is a solve under
// the kept clues' selectors, and an unsatisfiable answer's failed
// assumptions let step 4 drop every clue outside them at once.
// Options.Reencode encodes each question afresh instead (to measure).
//
// # Difficulty bands
//
// A band is judged on the engine's report of a solve with the kind's
// trial rules (MaxLevel: highest rule level used without trials;
// TrialDepth: the deepest proof by contradiction; Depth: layers). A puzzle
// the rules cannot finish is in no band. Band "any" accepts every puzzle
// the rules finish. The bands are each kind's metadata
// (kind.Generation.Bands, in kinds/<kind>/generate.go, each with its
// default size; Band.String says what it asks of the report), so that a
// new kind brings its own; docs/generate.md tabulates those of puzzlesat's
// kinds. Options.MinScore and MaxScore narrow a band by the engine's
// score. Puzzles played by moves (shift puzzles) are banded by their
// proven optimum (kind.Moves.Bands).
//
// # Largest sizes
//
// A band has a largest size (kind.Band.MaxRows×MaxCols, by cells): the
// largest measured to land in the band in reasonable time. A larger size is
// refused at once (ErrOptions, naming it) instead of searched for minutes
// (docs/generate.md lists them).
//
// # Determinism
//
// Attempt a of puzzle i of seed s draws from rand.NewPCG(s, i<<32|a), and
// puzzle i is the first attempt that lands in the band. So a puzzle
// depends on (seed, index) only: not on how many workers ran the batch,
// nor on which machine ran its shard. The SAT back-end's models steer
// some choices (Arrows' filled grid), so different back-ends may give
// different (equally unique) puzzles.
package generate

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// Options choose what to generate.
type Options struct {
	// Kind is a kind with generation metadata (kind.Kind.Generate) or
	// one played by moves: Kinds lists a registry's.
	Kind *kind.Kind
	// Rows, Cols: the grid size (0: the band's, else the kind's default;
	// see the package doc).
	Rows, Cols int
	// Band is the difficulty band ("" means Any).
	Band Band
	// MinScore and MaxScore bound the engine's difficulty score (MaxScore
	// 0: no upper bound).
	MinScore, MaxScore float64
	// Seed makes the run reproducible (see the package doc).
	Seed uint64
	// Attempts bounds the attempts per puzzle (0: 100).
	Attempts int
	// Solver makes the SAT solvers (required; the command line resolves
	// --solver with sat/solvers.Factory).
	Solver sat.Factory
	// Method chooses the kind's start (kind.Generation.Methods; "" the
	// default).
	Method string
	// Minimal asks for irreducible clue sets: no clue of the puzzle can be
	// removed with the puzzle staying unique (step 4).
	Minimal bool
	// Reencode answers the SAT questions of steps 3 and 4 with a fresh
	// encoding each instead of one solver per attempt.
	Reencode bool
	// Parallel bounds the human engine's goroutines (≤ 0: GOMAXPROCS).
	Parallel int
	// KindOptions are passed to the parser (Juosan reading,
	// cardinality encoding, Arrows rules file).
	KindOptions kind.Options
	// Base is the puzzle a kind played by moves (Kind.Moves) makes its
	// puzzles from (its start is ignored: scrambles start from a goal
	// state); nil: the kind's first built-in. Only for such a kind.
	Base kind.MovesPuzzle
	// Moves asks a kind played by moves for puzzles whose proven optimum
	// is exactly this many moves (0: the band's, or MinScore..MaxScore).
	// Only for such a kind.
	Moves int
	// Progress, when set, is told about every finished attempt of
	// Generate.
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
	Instance kind.Instance
	// Solution is the unique solution.
	Solution puzzle.Assignment
	// Clues counts the removable clues left (Juosan numbers, Shinro
	// arrows, Arrows givens, Linjat dots).
	Clues int
	// Seed, Index and Attempt locate the puzzle: attempt Attempt of
	// puzzle Index of seed Seed.
	Seed    uint64
	Index   int
	Attempt int
	// Band is the band asked for; Status, Report and Metrics the grade.
	Band    Band
	Status  human.Status
	Report  human.Report
	Metrics map[string]any
	// Minimal: no clue can be removed (Options.Minimal was set).
	Minimal bool

	kind  *kind.Kind // the kind of it (Kind is its name)
	draft kind.Draft // what the puzzle was made from (nil for moves kinds)
	// grade says the grade in a line (Summary), as the kind's genre
	// judges it.
	grade string
}

// KindOf is the kind the puzzle is of (Kind is its name).
func (p *Puzzle) KindOf() *kind.Kind { return p.kind }

// Summary says the puzzle's grade in a line, as its kind judges puzzles:
// a grid kind's uniqueness and the rules' report, a moves kind's proven
// optimum.
func (p *Puzzle) Summary() string { return p.grade }

// ClueRemovals returns the puzzle with each of its removable clues taken
// away in turn, each parsed from its canonical text with opt, so that a
// check of irreducibility goes through none of this package's encodings.
func ClueRemovals(p *Puzzle, opt kind.Options) ([]kind.Instance, error) {
	if p.draft == nil {
		return nil, nil
	}
	k := p.kind
	var out []kind.Instance
	for _, id := range p.draft.Clues() {
		e, err := p.draft.Without(id)
		if err != nil {
			return nil, err
		}
		insts, err := k.Parse("removal", []byte(e.Text(false)), opt)
		if err != nil || len(insts) != 1 {
			return nil, internal(fmt.Errorf("a puzzle without a clue reads back as %d puzzles, error %v", len(insts), err))
		}
		out = append(out, insts[0])
	}
	return out, nil
}

// ErrOptions is wrapped by the errors for options Generate cannot use.
var ErrOptions = errors.New("bad generate options")

// ErrExhausted is returned (wrapped) when no attempt landed in the band.
var ErrExhausted = errors.New("no puzzle in the band")

// Kinds lists the names of the kinds of reg Generate supports: those with
// generation metadata (kind.Kind.Generate), sorted, then the kinds played
// by moves.
func Kinds(reg *kinds.Registry) []string {
	var out []string
	for _, k := range reg.List() {
		if k.Generate != nil {
			out = append(out, k.Name)
		}
	}
	for _, k := range reg.Moves() {
		out = append(out, k.Name)
	}
	return out
}

// maxSide is the largest side generated (Arrows values stop at 35 anyway).
const maxSide = 30

// job is Options checked and resolved once for every attempt.
type job struct {
	opt  Options
	kind *kind.Kind
	gen  *kind.Generation
	band *kind.Band
	gopt kind.GenOptions
	// try makes one attempt's puzzle, as the kind's genre does
	// (gridAttempt, movesAttempt).
	try func(ctx context.Context, index, a int) (*Puzzle, string, error)
	// movesGen makes a moves kind's puzzles, base the puzzle it starts from.
	movesGen kind.MovesGenerator
	base     kind.MovesPuzzle
}

// prepare checks opt and resolves the kind, band and size: what is common
// to every kind here, the rest by the kind's genre.
func prepare(opt Options) (*job, error) {
	if opt.Band == "" {
		opt.Band = Any
	}
	if opt.Kind == nil {
		return nil, fmt.Errorf("%w: no kind (Options.Kind is nil)", ErrOptions)
	}
	if opt.Attempts <= 0 {
		opt.Attempts = 100
	}
	g, err := genreOf(opt.Kind)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrOptions, err)
	}
	return g.prepare(opt)
}

// prepare checks a grid kind's job: the band, the size, the method and
// the kind's own check of the options.
func (g gridGenre) prepare(opt Options) (*job, error) {
	k := g.k
	switch {
	case opt.Base != nil:
		return nil, fmt.Errorf("%w: %s: Options.Base is for kinds played by moves", ErrOptions, k.Name)
	case opt.Moves != 0:
		return nil, fmt.Errorf("%w: %s puzzles are not played by moves: no optimum to ask for (--moves)", ErrOptions, k.Name)
	}
	if opt.MaxScore > 0 && opt.MaxScore < opt.MinScore {
		return nil, fmt.Errorf("%w: max score %g is below min score %g", ErrOptions, opt.MaxScore, opt.MinScore)
	}
	if opt.Solver == nil {
		return nil, fmt.Errorf("%w: no SAT back-end (Options.Solver is nil)", ErrOptions)
	}
	gen := k.Generate
	band, err := gen.Band(string(opt.Band))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrOptions, k.Name, err)
	}
	if err := gen.CheckMethod(opt.Method); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrOptions, k.Name, err)
	}
	if opt.Rows == 0 && opt.Cols == 0 {
		opt.Rows, opt.Cols = gen.Size(band)
	}
	if opt.Rows < 2 || opt.Cols < 2 || opt.Rows > maxSide || opt.Cols > maxSide {
		return nil, fmt.Errorf("%w: size %dx%d outside 2..%d", ErrOptions, opt.Rows, opt.Cols, maxSide)
	}
	if !band.Fits(opt.Rows, opt.Cols) {
		return nil, fmt.Errorf("%w: %s %s is generated up to %dx%d (%d cells) in reasonable time, and %dx%d has %d: ask for a smaller --size or an easier band",
			ErrOptions, k.Name, band.Name, band.MaxRows, band.MaxCols, band.MaxRows*band.MaxCols, opt.Rows, opt.Cols, opt.Rows*opt.Cols)
	}
	band = band.At(opt.Rows, opt.Cols)
	newSolver := opt.Solver
	gopt := kind.GenOptions{Rows: opt.Rows, Cols: opt.Cols, Kind: opt.KindOptions,
		Band: band, MinScore: opt.MinScore, MaxScore: opt.MaxScore, Method: opt.Method, Parallel: opt.Parallel,
		NewSolver: func() (kind.Solver, error) {
			s, err := newSolver()
			if err != nil {
				return nil, err
			}
			return kindsSolver{s}, nil
		}}
	if gen.Check != nil {
		if err := gen.Check(gopt); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrOptions, err)
		}
	}
	j := &job{opt: opt, kind: k, gen: gen, band: band, gopt: gopt}
	j.try = j.gridAttempt
	return j, nil
}

// kindsSolver adapts a sat.Solver to kinds.Solver.
type kindsSolver struct{ sat.Solver }

func (s kindsSolver) Solve(ctx context.Context, assumptions ...int) (bool, error) {
	st, err := s.Solver.Solve(ctx, assumptions...)
	switch {
	case err != nil:
		return false, err
	case st == sat.Sat:
		return true, nil
	case st == sat.Unsat:
		return false, nil
	}
	return false, fmt.Errorf("generate: %s gave no answer", s.Name())
}

// Generate makes one puzzle, puzzle 0 of opt.Seed: its attempts 0, 1, ...
// until one lands in the band. It fails with ErrExhausted after
// opt.Attempts, and with the context's error when ctx ends first.
func Generate(ctx context.Context, opt Options) (*Puzzle, error) {
	j, err := prepare(opt)
	if err != nil {
		return nil, err
	}
	for a := 0; a < j.opt.Attempts; a++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p, outcome, err := j.attempt(ctx, 0, a)
		if err != nil {
			return nil, err
		}
		if opt.Progress != nil {
			opt.Progress(a, outcome)
		}
		if p != nil {
			return p, nil
		}
	}
	return nil, j.exhausted(0)
}

// exhausted is the error for a puzzle none of whose attempts landed.
func (j *job) exhausted(index int) error {
	o := j.opt
	return fmt.Errorf("generate: %s %dx%d puzzle %d: %w %q after %d attempts (seed %d)", o.Kind.Name, o.Rows, o.Cols, index, ErrExhausted, o.Band, o.Attempts, o.Seed)
}

// RNG is the random source of attempt a of puzzle index of seed.
func RNG(seed uint64, index, a int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(index)<<32|uint64(uint32(a))))
}

// attempt runs one attempt, as the kind's genre makes one (job.try). It
// returns nil and an outcome when the attempt does not give a puzzle in
// the band.
func (j *job) attempt(ctx context.Context, index, a int) (*Puzzle, string, error) {
	return j.try(ctx, index, a)
}

// gridAttempt is one attempt of a grid kind: steps 1 to 5.
func (j *job) gridAttempt(ctx context.Context, index, a int) (*Puzzle, string, error) {
	rng := RNG(j.opt.Seed, index, a)
	gopt := j.gopt
	gopt.Name = fmt.Sprintf("generated %s %dx%d seed %d puzzle %d attempt %d", j.opt.Band, j.opt.Rows, j.opt.Cols, j.opt.Seed, index, a)
	d, err := j.gen.Start(ctx, rng, gopt)
	if err != nil || d == nil {
		return nil, "no start", err
	}
	d, res, err := j.solvable(ctx, rng, d)
	if err != nil || d == nil {
		return nil, "no clue helps the rules", err
	}
	d, res, err = j.minimise(ctx, rng, d, res)
	if err != nil {
		return nil, "", err
	}
	if j.opt.Minimal {
		if d, err = j.irreducible(ctx, rng, d); err != nil {
			return nil, "", err
		}
		res = nil // the clues changed: the grade below decides
	}
	if res != nil {
		// The solve of the band's solver is the grade's (the engine tries
		// trials only where the rules stall): out of band now is out of
		// band there too, without the grade's SAT call.
		if ok, outcome := j.inBand(res); !ok {
			return nil, outcome, nil
		}
	}
	p, outcome, err := j.finish(ctx, d, res)
	if p != nil {
		p.Index, p.Attempt = index, a
	}
	return p, outcome, err
}

// finish runs step 5. res, when set, is the solve of d by the band's
// solver, which is the grade's own (the engine with the kind's trials
// applies them only where the rules stall): it is kept, and SAT proves
// uniqueness beside it, as crosscheck.Grade does, without solving again.
func (j *job) finish(ctx context.Context, d kind.Draft, res *human.Result) (*Puzzle, string, error) {
	text := d.Text(false)
	insts, err := j.kind.Parse("generated", []byte(text), j.opt.KindOptions)
	if err != nil {
		return nil, "", internal(fmt.Errorf("the generated puzzle does not read back: %w", err))
	}
	if len(insts) != 1 {
		return nil, "", internal(fmt.Errorf("the generated text holds %d puzzles", len(insts)))
	}
	inst := insts[0]
	want := d.Intended()
	if vs := inst.Verify(want); len(vs) > 0 {
		return nil, "", internal(fmt.Errorf("the intended solution breaks %s", vs[0]))
	}
	var (
		check   *solve.CheckResult
		metrics map[string]any
	)
	if res == nil {
		g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: j.opt.Solver, Trials: -1, Parallel: j.opt.Parallel})
		if err != nil {
			return nil, "", err
		}
		res, check, metrics = g.Human, g.SAT, g.Metrics
	} else {
		if check, err = solve.Check(ctx, inst, j.opt.Solver, false); err != nil {
			return nil, "", err
		}
		setup, err := inst.Human()
		if err != nil {
			return nil, "", err
		}
		if setup.Metrics != nil {
			metrics = setup.Metrics(res)
		}
		if got := crosscheck.Assignment(res.Cands); res.Status == human.StatusSolved && len(solve.Diff(inst, want, got)) > 0 {
			return nil, "", internal(errors.New("the rules' solution is not the intended one"))
		}
	}
	if check == nil || check.Status != sat.UniqueSolution {
		return nil, "", internal(errors.New("the finished puzzle is not unique"))
	}
	if diff := solve.Diff(inst, want, check.First); len(diff) > 0 {
		return nil, "", internal(fmt.Errorf("the unique solution is not the intended one (differs at %v)", diff[0]))
	}
	ok, outcome := j.inBand(res)
	if !ok {
		return nil, outcome, nil
	}
	hardest := cmp.Or(res.Report.MaxRule, "-")
	rep := res.Report
	grade := fmt.Sprintf("unique (SAT), %s by rules: hardest rule %s (level %d), trial depth %d, score %.1f, %s",
		res.Status, hardest, rep.MaxLevel, rep.TrialDepth, rep.Score, plural.N(len(d.Clues()), "clue"))
	return &Puzzle{
		Kind: j.kind.Name, kind: j.kind, Text: text, SolutionText: d.Text(true), Instance: inst,
		Solution: want, Clues: len(d.Clues()), Seed: j.opt.Seed, Band: j.opt.Band,
		Status: res.Status, Report: res.Report, Metrics: metrics, Minimal: j.opt.Minimal, draft: d, grade: grade,
	}, outcome, nil
}

// internal marks an error that means a bug in this package or a kind's
// generation.
func internal(err error) error { return fmt.Errorf("generate: internal error: %w", err) }
