// Package generate makes new puzzles of a chosen difficulty, each proven to
// have exactly one solution by SAT and graded by the human rules, one at a
// time (Generate) or in batches spread over goroutines and machines (Run).
//
// What is particular to a kind is its generation metadata in package kinds
// (kinds.Kind.Generate: default size, bands, start methods, and the Draft
// behind steps 1 to 3, in kinds/generate*.go); this package runs the
// attempts, SAT and the grading for any kind that has it. Shift puzzles,
// which have no clues but a move count, are made by Shift.
//
// # Pipeline
//
// One attempt:
//
//  1. Start (kinds.Generation.Start): a random solution and clues it
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
// (kinds.Generation.Bands); Options.MinScore and MaxScore narrow a band by
// the engine's score. Sizes are rows×columns.
//
//	kind    band    report                                 default size
//	juosan  easy    no trials, level ≤ 4                   8x8
//	juosan  medium  no trials, level 5                     8x8
//	juosan  hard    trials needed                          8x8
//	shinro  easy    no trials, level ≤ 2                   8x8
//	shinro  medium  no trials, level 3                     8x8
//	shinro  hard    no trials, level 4                     8x8
//	shinro  expert  trials needed                          8x8
//	arrows  easy    no trials, level ≤ 2                   6x6
//	arrows  medium  no trials, level ≥ 3                   6x6
//	arrows  hard    trials needed                          6x6
//	linjat  easy    no trials, level ≤ 2, ≤ 17 layers      9x6
//	linjat  medium  no trials, level ≤ 2, ≥ 18 layers      10x7
//	linjat  hard    no trials, level 3                     11x8
//	linjat  expert  no trials, level 4..5                  13x9
//
// Levels — Juosan: 1 pair, 2 gap, 3 territory-count, 4 territory-runs,
// 5 territory-pairs. Shinro: 1 fill/clear/arrow-single, 2
// arrow-line/pairs, 3 path-count/impossible, 4 pigeonhole (playshinro's
// Easy puzzles need levels 1–2, its Medium and Hard ones 3–4). Arrows: the
// levels of the rules file. Linjat: 1 COVER, 2 CANT_FIT, 3 SQUARE, 4
// DEPENDENCY, 5 ONE_OF (the reference's easy and medium levels need
// COVER and CANT_FIT, its hard ones SQUARE, its expert ones DEPENDENCY or
// ONE_OF; its easy levels take 10–17 layers, its medium ones 18–27).
//
// Shift puzzles (Shift) are banded by their proven optimum: easy 1–4
// moves, medium 5–7, hard 8–10, any 1–10 (Options.MinScore..MaxScore
// for another range, up to 14 moves; MinScore = MaxScore for an exact
// count).
//
// # Largest sizes
//
// A band has a largest size (kinds.Band.MaxRows×MaxCols, by cells): the
// largest measured to land in the band in reasonable time. A larger size is
// refused at once (ErrOptions, naming it) instead of searched for minutes:
//
//	juosan  every band  15x15
//	shinro  every band  10x10
//	arrows  every band  10x10
//	linjat  easy, hard, expert 15x10, medium 10x7 (its ≥ 18 layers scale
//	        with the area: 39 at 15x10, not reached in 150 s)
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
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/shift"
	"github.com/puzzlesat/puzzlesat/solve"
)

// Band is a difficulty band's name: one of the kind's
// (kinds.Generation.Bands), or Any.
type Band string

// Band names most kinds have (see the package doc for each kind's).
const (
	Any    Band = "any"
	Easy   Band = "easy"
	Medium Band = "medium"
	Hard   Band = "hard"
	Expert Band = "expert"
)

// InBand reports whether a solve of a kind's rows×cols puzzle lands in
// band b.
func InBand(kind string, b Band, rows, cols int, status human.Status, rep human.Report) bool {
	k, err := kinds.Lookup(kind)
	if err != nil || k.Generate == nil {
		return false
	}
	band, err := k.Generate.Band(string(b))
	if err != nil {
		return false
	}
	return band.At(rows, cols).In(status, rep)
}

// ParseBand reads a band name of kind ("" is Any); an unknown name is an
// error listing the kind's bands.
func ParseBand(kind, s string) (Band, error) {
	if mk := MovesKind(kind); mk != nil {
		if s == "" {
			return Any, nil
		}
		if _, ok := mk.Moves.Band(s); !ok {
			return "", fmt.Errorf("unknown difficulty %q (have %s)", s, strings.Join(mk.Moves.BandNames(), ", "))
		}
		return Band(s), nil
	}
	k, err := kinds.Lookup(kind)
	if err != nil {
		return "", err
	}
	if k.Generate == nil {
		return "", fmt.Errorf("%s puzzles are not generated", kind)
	}
	if _, err := k.Generate.Band(s); err != nil {
		return "", err
	}
	if s == "" {
		return Any, nil
	}
	return Band(s), nil
}

// Options choose what to generate.
type Options struct {
	// Kind names a kind with generation metadata (kinds.Kind.Generate):
	// Kinds lists them.
	Kind string
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
	// Method chooses the kind's start (kinds.Generation.Methods; "" the
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
	KindOptions kinds.Options
	// Shift is the puzzle a moves kind (MovesKind) scrambles (its start is ignored:
	// scrambles start from a goal state).
	Shift *shift.Puzzle
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
	Instance kinds.Instance
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

	draft kinds.Draft // what the puzzle was made from (nil for shift)
}

// ClueRemovals returns the puzzle with each of its removable clues taken
// away in turn, each parsed from its canonical text with opt, so that a
// check of irreducibility goes through none of this package's encodings.
func ClueRemovals(p *Puzzle, opt kinds.Options) ([]kinds.Instance, error) {
	if p.draft == nil {
		return nil, nil
	}
	k, err := kinds.Lookup(p.Kind)
	if err != nil {
		return nil, err
	}
	var out []kinds.Instance
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

// Kinds lists the kinds Generate supports: those with generation metadata
// (kinds.Kind.Generate), sorted, then the kinds played by moves.
func Kinds() []string {
	var out []string
	for _, k := range kinds.List() {
		if k.Generate != nil {
			out = append(out, k.Name)
		}
	}
	for _, k := range kinds.Moves() {
		out = append(out, k.Name)
	}
	return out
}

// maxSide is the largest side generated (Arrows values stop at 35 anyway).
const maxSide = 30

// job is Options checked and resolved once for every attempt.
type job struct {
	opt  Options
	kind *kinds.Kind
	gen  *kinds.Generation
	band *kinds.Band
	gopt kinds.GenOptions
	// moves is the optimum range of a shift job, shiftBall its states
	// in the band when few enough.
	moves     [2]int
	shiftBall *ball
}

// prepare checks opt and resolves the kind, band and size.
func prepare(opt Options) (*job, error) {
	if opt.Band == "" {
		opt.Band = Any
	}
	if mk := MovesKind(opt.Kind); mk != nil {
		return prepareShift(opt, mk)
	}
	if opt.Shift != nil {
		return nil, fmt.Errorf("%w: %v", ErrOptions, errNoShift)
	}
	if opt.MaxScore > 0 && opt.MaxScore < opt.MinScore {
		return nil, fmt.Errorf("%w: max score %g is below min score %g", ErrOptions, opt.MaxScore, opt.MinScore)
	}
	if opt.Solver == nil {
		return nil, fmt.Errorf("%w: no SAT back-end (Options.Solver is nil)", ErrOptions)
	}
	if opt.Attempts <= 0 {
		opt.Attempts = 100
	}
	k, err := kinds.Lookup(opt.Kind)
	if err != nil || k.Generate == nil {
		return nil, fmt.Errorf("%w: cannot generate kind %q (have %s)", ErrOptions, opt.Kind, strings.Join(Kinds(), ", "))
	}
	g := k.Generate
	band, err := g.Band(string(opt.Band))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrOptions, opt.Kind, err)
	}
	if err := g.CheckMethod(opt.Method); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrOptions, opt.Kind, err)
	}
	if opt.Rows == 0 && opt.Cols == 0 {
		opt.Rows, opt.Cols = g.Size(band)
	}
	if opt.Rows < 2 || opt.Cols < 2 || opt.Rows > maxSide || opt.Cols > maxSide {
		return nil, fmt.Errorf("%w: size %dx%d outside 2..%d", ErrOptions, opt.Rows, opt.Cols, maxSide)
	}
	if !band.Fits(opt.Rows, opt.Cols) {
		return nil, fmt.Errorf("%w: %s %s is generated up to %dx%d (%d cells) in reasonable time, and %dx%d has %d: ask for a smaller --size or an easier band",
			ErrOptions, opt.Kind, band.Name, band.MaxRows, band.MaxCols, band.MaxRows*band.MaxCols, opt.Rows, opt.Cols, opt.Rows*opt.Cols)
	}
	band = band.At(opt.Rows, opt.Cols)
	newSolver := opt.Solver
	gopt := kinds.GenOptions{Rows: opt.Rows, Cols: opt.Cols, Kind: opt.KindOptions,
		Band: band, MinScore: opt.MinScore, MaxScore: opt.MaxScore, Method: opt.Method, Parallel: opt.Parallel,
		NewSolver: func() (kinds.Solver, error) {
			s, err := newSolver()
			if err != nil {
				return nil, err
			}
			return kindsSolver{s}, nil
		}}
	if g.Check != nil {
		if err := g.Check(gopt); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrOptions, err)
		}
	}
	return &job{opt: opt, kind: k, gen: g, band: band, gopt: gopt}, nil
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
	return fmt.Errorf("generate: %s %dx%d puzzle %d: %w %q after %d attempts (seed %d)", o.Kind, o.Rows, o.Cols, index, ErrExhausted, o.Band, o.Attempts, o.Seed)
}

// RNG is the random source of attempt a of puzzle index of seed.
func RNG(seed uint64, index, a int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(index)<<32|uint64(uint32(a))))
}

// attempt runs one attempt. It returns nil and an outcome when the attempt
// does not give a puzzle in the band.
func (j *job) attempt(ctx context.Context, index, a int) (*Puzzle, string, error) {
	if j.shiftBall != nil {
		return j.shiftAttempt(ctx, index, a)
	}
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

// inBand judges a solve against the band and the score range.
func (j *job) inBand(res *human.Result) (bool, string) {
	rep := res.Report
	grade := fmt.Sprintf("%s, level %d, trial depth %d, %d steps in %d layers, score %.1f", res.Status, rep.MaxLevel, rep.TrialDepth, rep.Steps, rep.Depth, rep.Score)
	switch {
	case !j.band.In(res.Status, rep):
		return false, "out of band: " + grade
	case !j.scored(rep):
		return false, "score out of range: " + grade
	}
	return true, "in band: " + grade
}

// lands reports what inBand does without writing the outcome, for the
// minimisation's many removals.
func (j *job) lands(res *human.Result) bool {
	return j.band.In(res.Status, res.Report) && j.scored(res.Report)
}

// scored reports whether a solve's score is in the range asked for.
func (j *job) scored(rep human.Report) bool {
	return rep.Score >= j.opt.MinScore && (j.opt.MaxScore <= 0 || rep.Score <= j.opt.MaxScore)
}

// maxHelp bounds the clues step 2 adds, per cell; otherRounds the
// rounds of offers against one other solution.
const (
	maxHelp     = 2
	otherRounds = 4
)

// offer is a draft Help offered, with its solve by the rules alone and
// the unknowns that solve left open.
type offer struct {
	d    kinds.Draft
	res  *human.Result
	open int
}

// solvable runs step 2: it returns the draft the rules alone finish, with
// that solve, or nil when Help finds nothing. When no offer of Help takes
// the rules further, SAT finds another solution and Help offers clues
// that break it, which moves towards uniqueness even where the rules see
// no progress yet. A band with trials takes a unique draft the rules
// alone cannot finish when the trials do.
// The offer taken keeps the solve that ranked it (it used to be solved
// again).
func (j *job) solvable(ctx context.Context, rng *rand.Rand, d kinds.Draft) (kinds.Draft, *human.Result, error) {
	res, err := j.rulesAlone(ctx, d, nil)
	if err != nil {
		return nil, nil, err
	}
	for i := 0; res.Status != human.StatusSolved; i++ {
		if i == maxHelp*j.opt.Rows*j.opt.Cols {
			return nil, nil, nil
		}
		helps, err := d.Help(rng, res.Cands, nil)
		if err != nil {
			return nil, nil, err
		}
		offers, err := j.ranked(ctx, helps)
		if err != nil {
			return nil, nil, err
		}
		var next *offer
		if len(offers) > 0 && offers[0].open < openCount(res) {
			next = &offers[0]
		} else {
			other, err := j.otherSolution(ctx, d)
			if err != nil {
				return nil, nil, err
			}
			if other == nil && j.band.UsesTrials() {
				if r, ok, err := j.accepts(ctx, d, true); err != nil || ok {
					return d, r, err
				}
			}
			// Offers are random: a few rounds before giving up.
			for k := 0; other != nil && k < otherRounds; k++ {
				if helps, err = d.Help(rng, res.Cands, other); err != nil {
					return nil, nil, err
				}
				if offers, err = j.ranked(ctx, helps); err != nil {
					return nil, nil, err
				}
				if len(offers) > 0 {
					next = &offers[0]
					break
				}
			}
			if next == nil {
				return nil, nil, nil
			}
		}
		d, res = next.d, next.res
	}
	return d, res, nil
}

// ranked solves each offer with the rules alone and returns them ordered
// by the unknowns they leave open, fewest first (equals in the order
// offered), stopping at the first the rules finish. Each is solved from its
// start: solving from where the rules stalled on the draft it came from is
// cheaper, but an offer may replace clues (Juosan's territories cut
// again), and ranked that way the offers led into dead ends three times as
// often.
func (j *job) ranked(ctx context.Context, offers []kinds.Draft) ([]offer, error) {
	var out []offer
	for _, e := range offers {
		r, err := j.rulesAlone(ctx, e, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, offer{e, r, openCount(r)})
		if r.Status == human.StatusSolved {
			break
		}
	}
	slices.SortStableFunc(out, func(a, b offer) int { return cmp.Compare(a.open, b.open) })
	return out, nil
}

// openCount is the number of unknowns a solve left undetermined.
func openCount(r *human.Result) int {
	n := 0
	for _, c := range r.Cands {
		if c.Count() > 1 {
			n++
		}
	}
	return n
}

// rulesAlone solves d with the rules alone, from its start, or from
// within from when d has as many unknowns; a contradiction is a bug, as
// the intended solution solves d, lies within from, and the rules are
// sound.
func (j *job) rulesAlone(ctx context.Context, d kinds.Draft, from []human.Cands) (*human.Result, error) {
	inst, err := d.Instance()
	if err != nil {
		return nil, err
	}
	want := d.Intended()
	if len(from) != len(want) {
		from = nil
	}
	res, err := kinds.SolveRules(ctx, inst, false, j.opt.Parallel, from)
	if err != nil {
		return nil, err
	}
	if res.Status == human.StatusContradiction {
		// Which of the two is wrong: the draft or the rules. (Verifying
		// every offer up front cost 8% of a Juosan hard attempt; step 5
		// verifies the puzzle kept.)
		if vs := inst.Verify(want); len(vs) > 0 {
			return nil, internal(fmt.Errorf("the intended solution breaks %s", vs[0]))
		}
		return nil, internal(errors.New("the rules found a contradiction in a puzzle its intended solution solves"))
	}
	return res, nil
}

// otherSolution returns a solution of d other than the intended one, or
// nil when d is unique.
func (j *job) otherSolution(ctx context.Context, d kinds.Draft) (puzzle.Assignment, error) {
	inst, err := d.Instance()
	if err != nil {
		return nil, err
	}
	e, err := solve.Encode(ctx, inst, j.opt.Solver)
	if err != nil {
		return nil, err
	}
	want := d.Intended()
	block := make([]int, len(want))
	for i, v := range want {
		block[i] = -e.Lit(i, v)
	}
	e.Solver.AddClause(block...)
	st, err := e.Solver.Solve(ctx)
	switch {
	case err != nil:
		return nil, err
	case st == sat.Unsat:
		return nil, nil
	case st != sat.Sat:
		return nil, errors.New("generate: the SAT back-end gave no answer")
	}
	return e.Decode(e.Solver.Model())
}

// accepts solves a draft with the rules alone, or with the kind's trials,
// and reports whether the solve finishes within the band's upper end (and
// under MaxScore).
func (j *job) accepts(ctx context.Context, d kinds.Draft, trials bool) (*human.Result, bool, error) {
	inst, err := d.Instance()
	if err != nil {
		return nil, false, err
	}
	res, err := kinds.SolveRules(ctx, inst, trials, j.opt.Parallel, nil)
	if err != nil {
		return nil, false, err
	}
	ok := res.Status == human.StatusSolved && j.band.Within(res.Report) &&
		(j.opt.MaxScore <= 0 || res.Report.Score <= j.opt.MaxScore)
	return res, ok, nil
}

// acceptsWithout is accepts on d without clue id, which it returns. When
// d's solve (res) lands in the band and the score range already, the
// removal must keep it there: a removal can shorten a solve as well as
// lengthen it (a Linjat dot taken away lets the rules in earlier), and
// minimising a draft out of the band below its lower end threw away five
// of ten Linjat medium drafts the hill climbers had brought into it
// (issue 26).
func (j *job) acceptsWithout(ctx context.Context, d kinds.Draft, res *human.Result, id int, trials bool) (kinds.Draft, *human.Result, bool, error) {
	e, err := d.Without(id)
	if err != nil {
		return nil, nil, false, err
	}
	r, ok, err := j.accepts(ctx, e, trials)
	if ok && res != nil {
		if j.lands(res) {
			ok = j.lands(r)
		}
	}
	return e, r, ok, err
}

// minimise runs step 3 on d, which the rules alone finish (res). With the
// rules alone, it removes clues greedily: of the next greedySample
// removals (in random order) that the band accepts, it makes the one
// whose solve is hardest (highest trial depth, then rule level, then
// layers, then score), and goes on. A removal the band rejects once is
// not tried again: removing more clues only adds solutions and takes
// information from the rules. For a band with trials, a second round
// then goes on with the trials (trialRound).
func (j *job) minimise(ctx context.Context, rng *rand.Rand, d kinds.Draft, res *human.Result) (kinds.Draft, *human.Result, error) {
	j.sure(ctx, res)
	d, res, err := j.remove(ctx, rng, d, res)
	if err != nil || !j.band.UsesTrials() {
		return d, res, err
	}
	return j.trialRound(ctx, rng, d, res)
}

// trialRound removes clues of d (unique, res its solve) judged with the
// trials: SAT screens each removal (trials cost far more than a SAT call,
// and a puzzle that lost uniqueness no solver finishes), and the first
// removal the trials still finish is made, in random order or, with the
// kind's TrialRound.Ranked, the removals the rules alone take furthest
// first; the kind's TrialRound.Rejects ends the round early. A removal
// rejected once is not tried again.
func (j *job) trialRound(ctx context.Context, rng *rand.Rand, d kinds.Draft, res *human.Result) (kinds.Draft, *human.Result, error) {
	shape := j.gen.TrialRound
	pending := d.Clues()
	rng.Shuffle(len(pending), func(a, b int) { pending[a], pending[b] = pending[b], pending[a] })
	u, err := j.uniqueness(d)
	if err != nil {
		return nil, nil, err
	}
	// unique reports whether d stays unique without clue id.
	unique := func(id int) (bool, error) {
		ok, _, err := u.uniqueWithout(ctx, id)
		return ok, err
	}
	type cand struct {
		id   int
		open int // unknowns the rules alone leave open (ranked)
	}
	rejects := 0
	for {
		var order []cand
		for _, id := range pending {
			if !shape.Ranked {
				order = append(order, cand{id: id})
				continue
			}
			if ok, err := unique(id); err != nil || !ok {
				if err != nil {
					return nil, nil, err
				}
				continue
			}
			e, err := d.Without(id)
			if err != nil {
				return nil, nil, err
			}
			r, err := j.rulesAlone(ctx, e, nil)
			if err != nil {
				return nil, nil, err
			}
			order = append(order, cand{id, openCount(r)})
		}
		slices.SortStableFunc(order, func(a, b cand) int { return cmp.Compare(a.open, b.open) })
		pending = pending[:0]
		made := false
		for i, c := range order {
			if !shape.Ranked {
				if ok, err := unique(c.id); err != nil || !ok {
					if err != nil {
						return nil, nil, err
					}
					continue
				}
			}
			e, r, ok, err := j.acceptsWithout(ctx, d, res, c.id, true)
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				if rejects++; shape.Rejects > 0 && rejects >= shape.Rejects {
					return d, res, nil
				}
				continue
			}
			if err := u.drop(c.id); err != nil {
				return nil, nil, err
			}
			d, res, made, rejects = e, r, true, 0
			j.sure(ctx, res)
			for _, x := range order[i+1:] {
				pending = append(pending, x.id)
			}
			break
		}
		if !made {
			return d, res, nil
		}
	}
}

// remove drops clues of d as minimise says, judging removals with the
// rules alone, comparing greedySample accepted ones at a time.
func (j *job) remove(ctx context.Context, rng *rand.Rand, d kinds.Draft, res *human.Result) (kinds.Draft, *human.Result, error) {
	pending := d.Clues()
	rng.Shuffle(len(pending), func(a, b int) { pending[a], pending[b] = pending[b], pending[a] })
	type cand struct {
		at  int // index in pending
		e   kinds.Draft
		res *human.Result
	}
	for len(pending) > 0 {
		var (
			best   *cand
			reject = map[int]bool{}
			seen   = 0
		)
		for at, id := range pending {
			if seen == greedySample {
				break
			}
			e, r, ok, err := j.acceptsWithout(ctx, d, res, id, false)
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				reject[at] = true
				continue
			}
			seen++
			if best == nil || harder(r.Report, best.res.Report) {
				best = &cand{at, e, r}
			}
		}
		var rest []int
		for at, id := range pending {
			if !reject[at] && (best == nil || at != best.at) {
				rest = append(rest, id)
			}
		}
		if best == nil {
			if len(rest) == len(pending) {
				break
			}
			pending = rest
			continue
		}
		d, res, pending = best.e, best.res, rest
		j.sure(ctx, res)
	}
	return d, res, nil
}

// landingKey carries, in an attempt's context, the function by which the
// attempt tells its batch that it will land (sure).
type landingKey struct{}

// withLanding returns ctx carrying landing, which sure calls.
func withLanding(ctx context.Context, landing func()) context.Context {
	return context.WithValue(ctx, landingKey{}, landing)
}

// sure tells the batch, when the draft's solve res lands in the band and
// the score range, that the attempt will land: every later removal keeps
// its solve landing (acceptsWithout) and step 5 judges that same solve, so
// the puzzle's higher attempts are not needed, and the batch gives their
// CPUs to this one (an Arrows hard 9x9 attempt that was sure spent most of
// its time in its trial round on one CPU while the other ran higher
// attempts that could only be thrown away). Not with Minimal: step 4
// changes the clues, and the grade decides again.
func (j *job) sure(ctx context.Context, res *human.Result) {
	if j.opt.Minimal || res == nil || !j.lands(res) {
		return
	}
	if landing, ok := ctx.Value(landingKey{}).(func()); ok {
		landing()
	}
}

// greedySample is how many accepted removals minimise compares.
const greedySample = 4

// harder orders solves: deeper trials, then a higher rule level, then
// more layers, then a higher score.
func harder(a, b human.Report) bool {
	switch {
	case a.TrialDepth != b.TrialDepth:
		return a.TrialDepth > b.TrialDepth
	case a.MaxLevel != b.MaxLevel:
		return a.MaxLevel > b.MaxLevel
	case a.Depth != b.Depth:
		return a.Depth > b.Depth
	}
	return a.Score > b.Score
}

// irreducible runs step 4: it drops every clue whose removal keeps d
// unique. A clue kept was tested with at least the clues of the result,
// and removing clues only adds solutions, so none of the result's clues
// can go.
func (j *job) irreducible(ctx context.Context, rng *rand.Rand, d kinds.Draft) (kinds.Draft, error) {
	u, err := j.uniqueness(d)
	if err != nil {
		return nil, err
	}
	ids := d.Clues()
	rng.Shuffle(len(ids), func(a, b int) { ids[a], ids[b] = ids[b], ids[a] })
	for _, id := range ids {
		if !u.has(id) {
			continue // dropped with a core already
		}
		ok, core, err := u.uniqueWithout(ctx, id)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if err := u.drop(id); err != nil {
			return nil, err
		}
		// The clues outside the failed assumptions are not needed for
		// uniqueness either: the core alone excludes every other
		// solution.
		if core != nil {
			in := map[int]bool{}
			for _, c := range core {
				in[c] = true
			}
			for _, c := range u.kept() {
				if !in[c] {
					if err := u.drop(c); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	for _, id := range ids {
		if !u.has(id) {
			if d, err = d.Without(id); err != nil {
				return nil, err
			}
		}
	}
	return d, nil
}

// finish runs step 5. res, when set, is the solve of d by the band's
// solver, which is the grade's own (the engine with the kind's trials
// applies them only where the rules stall): it is kept, and SAT proves
// uniqueness beside it, as crosscheck.Grade does, without solving again.
func (j *job) finish(ctx context.Context, d kinds.Draft, res *human.Result) (*Puzzle, string, error) {
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
	return &Puzzle{
		Kind: j.opt.Kind, Text: text, SolutionText: d.Text(true), Instance: inst,
		Solution: want, Clues: len(d.Clues()), Seed: j.opt.Seed, Band: j.opt.Band,
		Status: res.Status, Report: res.Report, Metrics: metrics, Minimal: j.opt.Minimal, draft: d,
	}, outcome, nil
}

// internal marks an error that means a bug in this package or a kind's
// generation.
func internal(err error) error { return fmt.Errorf("generate: internal error: %w", err) }
