package arrows

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	ea "github.com/puzzlesat/puzzlesat/kinds/arrows/cnf"
	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	ha "github.com/puzzlesat/puzzlesat/kinds/arrows/rules"
	"github.com/puzzlesat/puzzlesat/kinds/arrows/rules/fol"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The Arrows start methods.
const (
	// arrowsAuto is arrowsReference up to 6×6 and arrowsFilled beyond,
	// where most random layouts have no solution.
	arrowsAuto = "auto"
	// arrowsReference is the reference generator's method, improved
	// (kinds/arrows/rules.Generate): random arrows, givens where the rules
	// stall, the offending arrow rotated on a contradiction.
	arrowsReference = "reference"
	// arrowsFilled starts from a filled grid: SAT fills a random layout,
	// and Help adds that solution's numbers as givens where the rules
	// stall, so that no attempt ends in a contradiction (the reference's
	// random givens lead to one more and more often beyond 6×6).
	arrowsFilled = "filled"
)

// arrowsDraft is a Japanese Arrows puzzle with its intended solution. Its
// clues are the givens.
type arrowsDraft struct {
	p     *am.Puzzle
	rules string
}

var _ kind.GuardedDraft = (*arrowsDraft)(nil)

// arrowsLayouts bounds the layouts kinds/arrows/rules.Generate tries per attempt.
const arrowsLayouts = 20

// arrowsAutoSide is the largest side arrowsAuto starts by the reference
// method.
const arrowsAutoSide = 6

func startArrows(ctx context.Context, rng *rand.Rand, opt kind.GenOptions) (kind.Draft, error) {
	method := opt.Method
	if method == "" || method == arrowsAuto {
		method = arrowsReference
		if max(opt.Rows, opt.Cols) > arrowsAutoSide {
			method = arrowsFilled
		}
	}
	var (
		p   *am.Puzzle
		err error
	)
	if method == arrowsFilled {
		p, err = filledArrows(ctx, rng, opt)
	} else {
		p, err = referenceArrows(ctx, rng, opt)
	}
	if p == nil || err != nil {
		return nil, err
	}
	p.Title = opt.Name
	return &arrowsDraft{p: p, rules: opt.Kind.Flag("rules")}, nil
}

// referenceArrows runs kinds/arrows/rules.Generate with the kind's rules alone
// (no trials: the attempt's later steps judge the band); nil when no
// layout worked out.
func referenceArrows(ctx context.Context, rng *rand.Rand, opt kind.GenOptions) (*am.Puzzle, error) {
	rs := ha.Default()
	if opt.Kind.Flag("rules") != "" {
		var err error
		if rs, err = ha.LoadRules(opt.Kind.Flag("rules")); err != nil {
			return nil, err
		}
	}
	rules, err := rs.HumanRules(fol.AllOptimizations)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	// The file's Backtrack entries are trial rules: left out here, they
	// would run at every stall of every layout, for every band.
	eng := &human.Engine{Rules: human.Plain(rules), Parallel: opt.Parallel, Terse: true}
	p, err := ha.Generate(ctx, rng, eng, ha.GenOptions{Rows: opt.Rows, Cols: opt.Cols, Attempts: arrowsLayouts})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, nil
	}
	return p, nil
}

// filledArrows plants a filled grid: a random layout (arrows flipped into
// the grid, as the reference makes them), and SAT's solution of it with no
// givens, which the draft then intends. Random layouts up to 12×12 all had
// a solution when measured (in 0.001 to 1 s with gini); on one that has
// none, a random arrow is rotated and SAT asked again, a few times. It
// needs opt.NewSolver.
func filledArrows(ctx context.Context, rng *rand.Rand, opt kind.GenOptions) (*am.Puzzle, error) {
	if opt.NewSolver == nil {
		return nil, errors.New("generate: the filled-grid start needs a SAT solver (kind.GenOptions.NewSolver)")
	}
	gopt := ha.GenOptions{Rows: opt.Rows, Cols: opt.Cols}
	p := ha.RandomLayout(rng, gopt)
	for range arrowsRotations {
		s, err := opt.NewSolver()
		if err != nil {
			return nil, err
		}
		lay, err := ea.Encode(encode.NewBuilder(s), p, ea.Options{})
		if err != nil {
			return nil, err
		}
		ok, err := s.Solve(ctx)
		if err != nil {
			return nil, err
		}
		if ok {
			vals, err := lay.Decode(s.Model())
			if err != nil {
				return nil, kind.InternalError(err)
			}
			if vs := p.Verify(vals); len(vs) > 0 {
				return nil, kind.InternalError(fmt.Errorf("the filled grid breaks %s", vs[0]))
			}
			p.Solution = vals
			return p, nil
		}
		ha.Rotate(rng, p, gopt, rng.IntN(opt.Rows*opt.Cols))
	}
	return nil, nil
}

// arrowsRotations bounds the SAT calls of filledArrows.
const arrowsRotations = 8

func (d *arrowsDraft) Text(withSol bool) string {
	if withSol {
		return d.p.CanonicalText(d.p.Solution)
	}
	return d.p.CanonicalText(nil)
}

func (d *arrowsDraft) Instance() (kind.Instance, error) {
	return models.Instance(d.p, kind.Options{}.With("rules", d.rules)), nil
}

func (d *arrowsDraft) Intended() puzzle.Assignment { return d.p.Solution }

// Help gives an kind.Undetermined cell (one where other differs) its intended
// number.
func (d *arrowsDraft) Help(rng *rand.Rand, stuck []human.Cands, other puzzle.Assignment) ([]kind.Draft, error) {
	open := kind.Undetermined(stuck, d.p.Solution, other)
	if len(open) == 0 {
		return nil, nil
	}
	i := open[rng.IntN(len(open))]
	return []kind.Draft{d.with(i, d.p.Solution[i])}, nil
}

// with returns the draft with cell i's given set to g (-1: none).
func (d *arrowsDraft) with(i, g int) *arrowsDraft {
	q := *d.p
	q.Given = make([][]int, len(d.p.Given))
	for r := range q.Given {
		q.Given[r] = append([]int(nil), d.p.Given[r]...)
	}
	q.Given[i/q.NumCols][i%q.NumCols] = g
	q.Prepare()
	return &arrowsDraft{p: &q, rules: d.rules}
}

func (d *arrowsDraft) Clues() []int {
	var ids []int
	for r, row := range d.p.Given {
		for c, g := range row {
			if g >= 0 {
				ids = append(ids, r*d.p.NumCols+c)
			}
		}
	}
	return ids
}

func (d *arrowsDraft) Without(id int) (kind.Draft, error) { return d.with(id, -1), nil }

// EncodeGuarded writes the layout without givens; a given's selector is
// its value literal itself.
func (d *arrowsDraft) EncodeGuarded(b *encode.Builder) (*kind.Guarded, error) {
	bare := d
	for _, id := range d.Clues() {
		bare = bare.with(id, -1)
	}
	lay, err := ea.Encode(b, bare.p, ea.Options{})
	if err != nil {
		return nil, err
	}
	g := &kind.Guarded{Selectors: map[int]int{}, Intended: kind.IntendedLits(lay, d.p.Solution)}
	for _, id := range d.Clues() {
		g.Selectors[id] = lay.Lits[id][d.p.Given[id/d.p.NumCols][id%d.p.NumCols]]
	}
	return g, nil
}

// Arrows levels are the rules file's; medium is everything above easy
// that the rules alone finish.
// Its trial round is ranked and ends after three removals in a row
// the trials cannot finish: at 9x9 such removals, tried in random
// order until none was left, were most of a hard puzzle's time (stuck
// solves of 3 to 40 s each, up to six a puzzle). Ending after one or
// two made easier puzzles (some stopped at 10 clues where three
// reached 6).
var generation = &kind.Generation{Rows: 6, Cols: 6, Start: startArrows,
	TrialRound: kind.TrialRound{Ranked: true, Rejects: 3},
	Methods:    []string{arrowsAuto, arrowsReference, arrowsFilled}, Bands: []kind.Band{
		{Name: "easy", Levels: kind.Levels{Lo: 0, Hi: 2}, MaxRows: 10, MaxCols: 10},
		{Name: "medium", Levels: kind.Levels{Lo: 3, Hi: kind.MaxLevel}, MaxRows: 10, MaxCols: 10},
		{Name: "hard", Trials: true, MaxRows: 10, MaxCols: 10},
	}}
