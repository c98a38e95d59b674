package kind

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Generation is what package generate needs of a kind to make new puzzles
// of it (the pipeline is in generate's package doc): the default size, the
// difficulty bands, the ways to start an attempt, and the kind's part of an
// attempt, a Draft. Kinds without it (Kind.Generate nil) are not generated.
type Generation struct {
	// Rows and Cols are the size made when neither the caller nor the
	// band names one.
	Rows, Cols int
	// Bands are the kind's difficulty bands, easiest first.
	Bands []Band
	// Methods name the ways Start can begin an attempt, the default
	// first; nil means the kind has one.
	Methods []string
	// Flags are the kind's own generation options (Shinro's stone count),
	// which generate offers as --NAME and the kind reads from
	// GenOptions.Kind by name ("" is the flag's default).
	Flags []Flag
	// Check, when set, rejects options this kind cannot generate.
	Check func(GenOptions) error
	// Start begins an attempt: a random solution and clues it satisfies
	// (some kinds go further, towards opt.Band). It returns nil (and no
	// error) when this attempt found none.
	Start func(ctx context.Context, rng *rand.Rand, opt GenOptions) (Draft, error)
	// TrialRound shapes the minimisation's round with trials (package
	// generate, step 3); the zero value tries the removals in random
	// order until none is left.
	TrialRound TrialRound
}

// TrialRound shapes the round of clue removals judged with trials, where
// one solve costs seconds and a removal the trials cannot finish (while
// SAT says the puzzle stays unique) costs as much as one they finish.
type TrialRound struct {
	// Ranked tries the removals the rules alone take furthest first
	// (fewest unknowns left open; ties in random order): those are the
	// likeliest to be finished by the trials, and the cheapest to solve.
	Ranked bool
	// Rejects > 0 ends the round after that many removals in a row that
	// the trials cannot finish (0: every removal is tried).
	Rejects int
}

// Band is one difficulty band of a kind, judged on the human engine's
// report of a solve that finished. A band is either a range of rule levels
// the rules alone reach (and, for Linjat's easy and medium, a range of
// layers), or, with Trials, the puzzles the rules alone cannot finish and
// the kind's proofs by contradiction can.
type Band struct {
	Name string
	// Rows and Cols are the size made for this band when the caller names
	// none (0: the kind's Generation.Rows and Cols).
	Rows, Cols int
	// Trials: the band needs proofs by contradiction.
	Trials bool
	// Levels bounds the highest rule level of a solve without trials.
	Levels Levels
	// Layers bounds the solve's layers (Hi 0: no upper bound) at the
	// band's size, Rows×Cols; At scales them to other sizes.
	Layers Levels
	// MaxRows and MaxCols are the largest size the band is generated at
	// (0: up to package generate's largest side): a size of more cells is
	// refused at once rather than searched for minutes. It is the largest
	// size measured to land in the band in reasonable time (issue 26).
	MaxRows, MaxCols int

	// harder are the kind's bands after this one (Generation.Band sets
	// them, At scales them with it): bands whose layers scale from
	// different sizes overlap at the sizes between, and a solve both hold
	// is the harder band's, as grade says (Generation.BandOf), so that a
	// puzzle generated for a band is graded in it. (The harder band, since
	// a solve in the overlap takes more layers than the easier band's own
	// size would: Linjat's 10x7 medium puzzles of 18-22 layers, where the
	// reference's own medium levels lie, are medium.)
	harder []Band
}

// Fits reports whether the band is generated at rows×cols: no more cells
// than MaxRows×MaxCols.
func (b *Band) Fits(rows, cols int) bool {
	return b == nil || b.MaxRows == 0 || rows*cols <= b.MaxRows*b.MaxCols
}

// At returns the band for puzzles of rows×cols: its layer bounds scaled
// by the ratio of the areas (Lo rounded up, Hi down), since a larger grid
// takes more layers. A band without layer bounds or size is itself.
func (b *Band) At(rows, cols int) *Band {
	if b == nil {
		return nil
	}
	if len(b.harder) > 0 {
		c := *b.own().At(rows, cols)
		c.harder = make([]Band, len(b.harder))
		for i := range b.harder {
			c.harder[i] = *b.harder[i].At(rows, cols)
		}
		return &c
	}
	if b.Rows == 0 || (b.Layers == Levels{}) || rows*cols == b.Rows*b.Cols {
		return b
	}
	c := *b
	ratio := float64(rows*cols) / float64(b.Rows*b.Cols)
	c.Layers.Lo = int(math.Ceil(float64(b.Layers.Lo) * ratio))
	if b.Layers.Hi > 0 {
		c.Layers.Hi = max(1, int(math.Floor(float64(b.Layers.Hi)*ratio)))
	}
	c.Rows, c.Cols = rows, cols
	return &c
}

// Levels is a range of rule levels (or layer counts), both ends included.
type Levels struct{ Lo, Hi int }

// MaxLevel stands for "no upper bound" in Levels.Hi of a level range.
const MaxLevel = 1 << 30

// In reports whether a solve ending in status with report rep lands in the
// band; a nil band is "any": every finished solve.
func (b *Band) In(status human.Status, rep human.Report) bool {
	if !b.holds(status, rep) {
		return false
	}
	if b != nil {
		for i := range b.harder {
			if b.harder[i].holds(status, rep) {
				return false
			}
		}
	}
	return true
}

// own is the band without its harder ones.
func (b *Band) own() *Band {
	c := *b
	c.harder = nil
	return &c
}

// holds reports whether the band's own ranges hold the solve (In without
// the harder bands).
func (b *Band) holds(status human.Status, rep human.Report) bool {
	if status != human.StatusSolved {
		return false
	}
	if b == nil {
		return true
	}
	if b.Trials {
		return rep.TrialDepth > 0
	}
	return rep.TrialDepth == 0 && rep.MaxLevel >= b.Levels.Lo && rep.MaxLevel <= b.Levels.Hi &&
		rep.Depth >= b.Layers.Lo && (b.Layers.Hi == 0 || rep.Depth <= b.Layers.Hi)
}

// Within reports whether a finished solve does not go past the band's
// upper end: while clues are removed, a removal is kept only then (a band
// with trials, and "any", have none).
func (b *Band) Within(rep human.Report) bool {
	if b == nil || b.Trials {
		return true
	}
	return rep.TrialDepth == 0 && rep.MaxLevel <= b.Levels.Hi && (b.Layers.Hi == 0 || rep.Depth <= b.Layers.Hi)
}

// UsesTrials reports whether the band is judged with proofs by
// contradiction allowed ("any" is).
func (b *Band) UsesTrials() bool { return b == nil || b.Trials }

// Doc says what the band asks of a solve, e.g. "no trials, level 2..4".
func (b *Band) Doc() string {
	if b == nil {
		return "any puzzle the rules (with trials) finish"
	}
	if b.Trials {
		return "trials needed"
	}
	var lv string
	switch {
	case b.Levels.Hi >= MaxLevel:
		lv = fmt.Sprintf("level ≥ %d", b.Levels.Lo)
	case b.Levels.Lo <= 0 || b.Levels.Lo == 1:
		lv = fmt.Sprintf("level ≤ %d", b.Levels.Hi)
	case b.Levels.Lo == b.Levels.Hi:
		lv = fmt.Sprintf("level %d", b.Levels.Lo)
	default:
		lv = fmt.Sprintf("level %d..%d", b.Levels.Lo, b.Levels.Hi)
	}
	s := "no trials, " + lv
	switch {
	case b.Layers.Hi > 0:
		s += fmt.Sprintf(", ≤ %d layers at %dx%d", b.Layers.Hi, b.Rows, b.Cols)
	case b.Layers.Lo > 0:
		s += fmt.Sprintf(", ≥ %d layers at %dx%d", b.Layers.Lo, b.Rows, b.Cols)
	}
	return s
}

// Band returns the band called name, or nil for "any"; an unknown name is
// an error listing the kind's bands.
func (g *Generation) Band(name string) (*Band, error) {
	if name == "" || name == "any" {
		return nil, nil
	}
	for i := range g.Bands {
		if g.Bands[i].Name == name {
			b := g.Bands[i]
			for j := i + 1; j < len(g.Bands); j++ {
				b.harder = append(b.harder, *g.Bands[j].own())
			}
			return &b, nil
		}
	}
	return nil, fmt.Errorf("unknown difficulty %q (have %s, any)", name, strings.Join(g.BandNames(), ", "))
}

// BandOf names the band a solve of a rows×cols puzzle lands in, "" for
// none: the hardest of the bands, scaled to the size, that holds it (see
// Band.harder).
func (g *Generation) BandOf(rows, cols int, status human.Status, rep human.Report) string {
	for i := len(g.Bands) - 1; i >= 0; i-- {
		if g.Bands[i].At(rows, cols).holds(status, rep) {
			return g.Bands[i].Name
		}
	}
	return ""
}

// BandNames lists the bands' names, easiest first.
func (g *Generation) BandNames() []string {
	var out []string
	for _, b := range g.Bands {
		out = append(out, b.Name)
	}
	return out
}

// Size is the size made for band b (nil: any) when the caller names none.
func (g *Generation) Size(b *Band) (rows, cols int) {
	if b != nil && b.Rows > 0 {
		return b.Rows, b.Cols
	}
	return g.Rows, g.Cols
}

// GenOptions are the choices a Generation sees.
type GenOptions struct {
	// Rows and Cols are the size (the defaults already applied).
	Rows, Cols int
	// Name is the new puzzle's name.
	Name string
	// Kind are the kind's options: those the puzzle is parsed back with
	// (Juosan reading, Arrows rules file) and its generation flags
	// (Generation.Flags).
	Kind Options
	// Band is the band asked for (nil: any). Starts that search (Linjat's
	// hill climbers, Shinro's genetic algorithm) aim at it.
	Band *Band
	// MinScore and MaxScore are the engine score asked for (MaxScore 0:
	// no upper bound); searching starts aim at them too.
	MinScore, MaxScore float64
	// Method is one of Generation.Methods ("": the default).
	Method string
	// Parallel bounds the human engine's goroutines (≤ 0: GOMAXPROCS);
	// package generate sets 1 when it runs attempts side by side.
	Parallel int
	// NewSolver makes a fresh SAT solver, for starts that solve clauses
	// (Arrows' filled grid). Package generate adapts its sat.Factory:
	// kinds drives no solver of its own.
	NewSolver func() (Solver, error)
}

// Solver is what a start needs of a SAT solver: clauses in, and
// satisfiable or not under assumptions, with the model or the failed
// assumptions.
type Solver interface {
	encode.Adder
	// Solve reports whether the clauses have a model under the
	// assumptions; it fails when the solver gives no answer.
	Solve(ctx context.Context, assumptions ...int) (bool, error)
	// Model is the last model, indexed by variable.
	Model() []bool
	// Failed is a subset of the assumptions that is unsatisfiable with
	// the clauses after Solve said false, or nil when the back-end cannot
	// tell.
	Failed() []int
}

// Draft is a puzzle under construction with its intended solution.
type Draft interface {
	// Text is the canonical text, with the solution block when withSol.
	Text(withSol bool) string
	// Instance is the draft's puzzle as an instance (built directly, not
	// through Text).
	Instance() (Instance, error)
	// Intended is the planted solution as an assignment of Instance's
	// unknowns.
	Intended() puzzle.Assignment
	// Help returns drafts with one more clue (or a finer structure) that
	// the intended solution satisfies, meant to let the rules go further
	// from stuck, the candidates a solve of Instance stalled on; none when
	// the kind finds none. When other is set (another solution of the
	// draft, which differs from the intended one only where stuck has
	// several candidates), the drafts should break it. Package generate
	// solves each and keeps the one the rules get furthest with.
	Help(rng *rand.Rand, stuck []human.Cands, other puzzle.Assignment) ([]Draft, error)
	// Clues lists the removable clues by stable ids.
	Clues() []int
	// Without returns the draft with clue id removed.
	Without(id int) (Draft, error)
}

// GuardedDraft is a Draft whose removable clues can each be written
// behind a selector literal, so that one solver answers "is the puzzle
// with this subset of the clues unique?" for every subset, under
// assumptions, instead of an encoding per subset.
type GuardedDraft interface {
	Draft
	// EncodeGuarded writes the puzzle without its removable clues through
	// b, then every clue of Clues behind a selector: the clue holds when
	// its selector is true. Intended are the literals of primary variables
	// true in the intended solution: the puzzle with some clues has no
	// other solution exactly when base, clues, their selectors and the
	// clause ¬(∧ Intended) are unsatisfiable.
	EncodeGuarded(b *encode.Builder) (*Guarded, error)
}

// Guarded is what EncodeGuarded wrote.
type Guarded struct {
	// Selectors are the clue ids' selector literals.
	Selectors map[int]int
	// Intended is the intended solution as literals.
	Intended []int
}

// Validate checks a kind's generation metadata (for kinds.New).
func (g *Generation) Validate() error {
	switch {
	case g.Start == nil:
		return fmt.Errorf("generation has no Start")
	case g.Rows < 2 || g.Cols < 2:
		return fmt.Errorf("generation's default size %dx%d is below 2x2", g.Rows, g.Cols)
	case len(g.Bands) == 0:
		return fmt.Errorf("generation has no bands")
	}
	seen := map[string]bool{"any": true, "": true}
	for _, b := range g.Bands {
		switch {
		case seen[b.Name]:
			return fmt.Errorf("generation's band name %q is empty, reserved or repeated", b.Name)
		case !b.Trials && b.Levels.Lo > b.Levels.Hi:
			return fmt.Errorf("band %s: empty level range %v", b.Name, b.Levels)
		case b.Layers.Hi > 0 && b.Layers.Lo > b.Layers.Hi:
			return fmt.Errorf("band %s: empty layer range %v", b.Name, b.Layers)
		case (b.Rows > 0) != (b.Cols > 0):
			return fmt.Errorf("band %s: size %dx%d has one side only", b.Name, b.Rows, b.Cols)
		case (b.MaxRows > 0) != (b.MaxCols > 0):
			return fmt.Errorf("band %s: largest size %dx%d has one side only", b.Name, b.MaxRows, b.MaxCols)
		case b.MaxRows > 0 && !b.Fits(g.Size(&b)):
			return fmt.Errorf("band %s: default size is larger than its largest size %dx%d", b.Name, b.MaxRows, b.MaxCols)
		}
		seen[b.Name] = true
	}
	return nil
}

// CheckMethod rejects a method the kind does not have.
func (g *Generation) CheckMethod(m string) error {
	if m == "" || slices.Contains(g.Methods, m) {
		return nil
	}
	if len(g.Methods) == 0 {
		return fmt.Errorf("unknown method %q (this kind has one method)", m)
	}
	return fmt.Errorf("unknown method %q (have %s)", m, strings.Join(g.Methods, ", "))
}

// InternalError marks an error that means a bug in a kind's generation.
func InternalError(err error) error { return fmt.Errorf("generate: internal error: %w", err) }

// SolveRules runs inst's human rules from its start (narrowed to within,
// when set: candidates for the same unknowns): the rules alone, or with
// the kind's trial rules (proofs by contradiction) when trials. Generation judges drafts with it; crosscheck.Grade gives the
// final grade.
func SolveRules(ctx context.Context, inst Instance, trials bool, parallel int, within []human.Cands) (*human.Result, error) {
	setup, err := inst.Human()
	if err != nil {
		return nil, err
	}
	rules := setup.Rules
	if !trials {
		rules = human.Plain(rules)
	}
	eng := &human.Engine{Rules: rules, Weights: setup.Weights, Parallel: parallel, Terse: true}
	start := setup.StartCands(inst)
	if len(within) == len(start) {
		for i := range start {
			start[i] &= within[i]
		}
	}
	return eng.Solve(ctx, setup.Input, start)
}

// EncodeOthers writes d's guarded encoding to s with the clause that
// excludes its intended solution: a model under the selectors of some
// clues is another solution of the puzzle with those clues.
func EncodeOthers(s encode.Adder, d GuardedDraft) (*Guarded, error) {
	g, err := d.EncodeGuarded(encode.NewBuilder(s))
	if err != nil {
		return nil, err
	}
	block := make([]int, len(g.Intended))
	for i, l := range g.Intended {
		block[i] = -l
	}
	s.AddClause(block...)
	return g, nil
}

// Unique reports whether d's puzzle has its intended solution alone, by
// SAT on a fresh solver of newSolver: its clauses, every clue, and the
// intended solution excluded.
func Unique(ctx context.Context, d GuardedDraft, newSolver func() (Solver, error)) (bool, error) {
	s, err := newSolver()
	if err != nil {
		return false, err
	}
	g, err := EncodeOthers(s, d)
	if err != nil {
		return false, err
	}
	var on []int
	for _, sel := range g.Selectors {
		on = append(on, sel)
	}
	other, err := s.Solve(ctx, on...)
	return !other, err
}

// Undetermined lists the unknowns with more than one candidate, or, when
// other is set, those where other differs from intended.
func Undetermined(cands []human.Cands, intended, other puzzle.Assignment) []int {
	var out []int
	for i, c := range cands {
		if other != nil {
			if other[i] != intended[i] {
				out = append(out, i)
			}
			continue
		}
		if c.Count() > 1 {
			out = append(out, i)
		}
	}
	return out
}

// IntendedLits are the layout literals an assignment makes true.
func IntendedLits(lay encode.Layout, a puzzle.Assignment) []int {
	out := make([]int, len(a))
	for i, v := range a {
		out[i] = lay.Lits[i][v]
	}
	return out
}

// ScoreDistance is how far x lies outside [lo, hi] (hi 0: no upper end).
func ScoreDistance(x, lo, hi float64) float64 {
	switch {
	case x < lo:
		return lo - x
	case hi > 0 && x > hi:
		return x - hi
	}
	return 0
}
