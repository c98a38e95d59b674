package linjat

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	el "github.com/puzzlesat/puzzlesat/kinds/linjat/cnf"
	lm "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	hl "github.com/puzzlesat/puzzlesat/kinds/linjat/rules"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Linjat generation follows the reference (jsnell/linjat's generator):
//
//  1. Random numbers: as many as the reference's levels of the band have
//     for their size (linjatDensity; 17 to 23% of the cells for "any"),
//     values 2 to 5, on random cells.
//  2. Dots where the layered solver stalls: solve with the sound rules
//     up to the band's highest level; when they get stuck, put a dot on the cell, not a number nor a dot,
//     that the most numbers could cover at the start and still can
//     (orig_possible_count + possible_count), ties at random, and go on
//     from the stuck state (a dot only adds constraints, so what was
//     deduced stays true). A contradiction drops the candidate. When the
//     rules finish, their solution is the intended one, and it is unique.
//  3. Hill climbers: a pool of up to 10 solved candidates; each round
//     mutates a random member's numbers (a value one up or down, or a
//     number moved to a random free cell; another mutation with
//     probability 1/3), clears its dots and adds them again as in step 2,
//     and keeps the result in the pool when the rules solve it, scored as
//     the reference scores (each layer its rule's weight, the widest layer
//     −1 per step) with the weights of the band aimed at, and a penalty
//     for a solve past the band's upper end or short of its layers. The
//     first candidate that lands in the band ends the search.
//
// The draft's clues are the dots: minimisation (package generate) then
// removes the dots the band does not need.

// linjatDraft is a Linjat puzzle with its intended solution.
type linjatDraft struct {
	p    *lm.Puzzle
	sol  puzzle.Assignment
	card string
}

var _ kind.GuardedDraft = (*linjatDraft)(nil)

// Linjat search bounds per attempt.
const (
	// linjatCandidates bounds the random games tried for a first solved
	// candidate.
	linjatCandidates = 200
	// linjatRounds bounds the hill climbers' rounds, linjatDeepRounds for
	// a band with a least number of layers.
	linjatRounds     = 400
	linjatDeepRounds = 3000
	// linjatPool is the reference's pool of hill climbers.
	linjatPool = 10
	// linjatMaxDots bounds the dots step 2 adds (the reference's 100
	// rounds).
	linjatMaxDots = 100
	// linjatMaxValue is the largest number a mutation makes.
	linjatMaxValue = 8
)

// linjatGame is a candidate of the search: numbers on an empty grid plus
// dots, and, once solved, its solve.
type linjatGame struct {
	p     *lm.Puzzle
	res   *human.Result
	score float64
}

func startLinjat(ctx context.Context, rng *rand.Rand, opt kind.GenOptions) (kind.Draft, error) {
	s := &linjatSearch{ctx: ctx, rng: rng, opt: opt, rows: opt.Rows, cols: opt.Cols}
	var pool []*linjatGame
	for range linjatCandidates {
		g, err := s.solved(s.random())
		if err != nil {
			return nil, err
		}
		if g != nil {
			pool = append(pool, g)
			break
		}
	}
	if len(pool) == 0 {
		return nil, nil
	}
	for round := 0; ; round++ {
		best := pool[0]
		if s.in(best) {
			return s.draft(best)
		}
		if round == s.rounds() {
			// None landed: the best one within the band's upper end goes
			// on, as minimisation may take it into the band (removing
			// dots makes solves longer).
			if s.opt.Band.Within(best.res.Report) {
				return s.draft(best)
			}
			return nil, nil
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		g, err := s.solved(s.mutate(pool[rng.IntN(len(pool))].p.Grid()))
		if err != nil {
			return nil, err
		}
		if g == nil {
			continue
		}
		if s.in(g) {
			return s.draft(g)
		}
		pool = append(pool, g)
		slices.SortStableFunc(pool, func(a, b *linjatGame) int { return cmp.Compare(b.score, a.score) })
		if len(pool) > linjatPool {
			pool = pool[:linjatPool]
		}
	}
}

// linjatSearch is one attempt's search.
type linjatSearch struct {
	ctx        context.Context
	rng        *rand.Rand
	opt        kind.GenOptions
	rows, cols int
}

// linjatDensity is the share of cells that hold a number, per band: the
// reference's levels (easy 7–10 numbers on 9×6, medium 15–20 on 10×7,
// hard 19–22 on 11×8, expert 23–26 on 13×9).
var linjatDensity = map[string][2]float64{
	"easy": {0.13, 0.18}, "medium": {0.21, 0.29}, "hard": {0.22, 0.25}, "expert": {0.20, 0.22},
}

// random places the numbers of step 1 on an empty grid.
func (s *linjatSearch) random() [][]int8 {
	cells := s.rows * s.cols
	d := [2]float64{0.17, 0.23}
	if s.opt.Band != nil {
		if x, ok := linjatDensity[s.opt.Band.Name]; ok {
			d = x
		}
	}
	n := max(1, int(float64(cells)*(d[0]+(d[1]-d[0])*s.rng.Float64())+0.5))
	g := make([][]int8, s.rows)
	for r := range g {
		g[r] = make([]int8, s.cols)
	}
	for _, k := range s.rng.Perm(cells)[:min(n, cells)] {
		g[k/s.cols][k%s.cols] = int8(2 + s.rng.IntN(4))
	}
	return g
}

// mutate returns a copy of grid's numbers (no dots) with the reference's
// mutations.
func (s *linjatSearch) mutate(grid [][]int8) [][]int8 {
	g := make([][]int8, len(grid))
	var nums []puzzle.Pos
	for r := range grid {
		g[r] = make([]int8, len(grid[r]))
		for c, v := range grid[r] {
			if v > 0 {
				g[r][c] = v
				nums = append(nums, puzzle.Pos{Row: r, Col: c})
			}
		}
	}
	if len(nums) == 0 {
		return g
	}
	for {
		k := s.rng.IntN(len(nums))
		q := nums[k]
		switch s.rng.IntN(3) {
		case 0:
			if g[q.Row][q.Col] > 1 {
				g[q.Row][q.Col]--
			}
		case 1:
			if g[q.Row][q.Col] < linjatMaxValue {
				g[q.Row][q.Col]++
			}
		default:
			var free []puzzle.Pos
			for r := range g {
				for c := range g[r] {
					if g[r][c] == 0 {
						free = append(free, puzzle.Pos{Row: r, Col: c})
					}
				}
			}
			if len(free) > 0 {
				to := free[s.rng.IntN(len(free))]
				g[to.Row][to.Col], g[q.Row][q.Col] = g[q.Row][q.Col], 0
				nums[k] = to
			}
		}
		if s.rng.IntN(3) != 0 {
			return g
		}
	}
}

// solved adds dots to numbers (a grid of its own, which the puzzles it
// makes keep) as step 2 does and returns the solved game, or nil when the
// rules reach a contradiction or no dot helps.
func (s *linjatSearch) solved(numbers [][]int8) (*linjatGame, error) {
	ctx := s.ctx
	p, err := lm.New(s.opt.Name, numbers)
	if err != nil {
		return nil, kind.InternalError(err)
	}
	start := hl.Start(p)
	for _, c := range start {
		if c == 0 {
			return nil, nil // a number with no room
		}
	}
	orig := possible(p, start)
	eng := &human.Engine{Rules: s.rules(), Parallel: s.opt.Parallel, Terse: true}
	cands := start
	// The numbers stay: each dot reuses the placements and their cells.
	in := hl.NewInput(p)
	for dots := 0; ; dots++ {
		res, err := eng.Solve(ctx, in, cands)
		if err != nil {
			return nil, err
		}
		switch res.Status {
		case human.StatusContradiction:
			return nil, nil
		case human.StatusSolved:
			return s.classify(p)
		}
		if dots == linjatMaxDots {
			return nil, nil
		}
		cands = res.Cands
		k := bestDotCell(s.rng, p, orig, possible(p, cands), nil)
		if k < 0 {
			return nil, nil
		}
		if p, err = p.With(puzzle.Pos{Row: k / s.cols, Col: k % s.cols}, lm.Dot); err != nil {
			return nil, kind.InternalError(err)
		}
		in = in.With(p)
	}
}

// classify solves the finished puzzle from scratch and scores it.
func (s *linjatSearch) classify(p *lm.Puzzle) (*linjatGame, error) {
	eng := &human.Engine{Rules: s.rules(), Parallel: s.opt.Parallel, Weights: hl.DefaultWeights().HumanWeights(), Terse: true}
	res, err := eng.Solve(s.ctx, hl.NewInput(p), hl.Start(p))
	if err != nil {
		return nil, err
	}
	if res.Status != human.StatusSolved {
		return nil, kind.InternalError(fmt.Errorf("a Linjat grid the rules solved step by step is %s from scratch", res.Status))
	}
	return &linjatGame{p: p, res: res, score: s.score(res)}, nil
}

// rounds is the hill climbers' budget: longer for a band with a least
// number of layers, which takes many rounds to grow (about one layer per
// 200 rounds on 10×7).
func (s *linjatSearch) rounds() int {
	if b := s.opt.Band; b != nil && b.Layers.Lo > 0 {
		return linjatDeepRounds
	}
	return linjatRounds
}

// rules are the sound rules up to the band's highest level: dots go where
// those stall, so that a band of easy rules gets puzzles they finish
// (and the costlier rules above are never run for it).
func (s *linjatSearch) rules() []*human.Rule {
	b := s.opt.Band
	if b == nil || b.Trials {
		return hl.Rules()
	}
	var out []*human.Rule
	for _, r := range hl.Rules() {
		if r.Level <= b.Levels.Hi {
			out = append(out, r)
		}
	}
	return out
}

// in reports whether g lands in the band asked for.
func (s *linjatSearch) in(g *linjatGame) bool {
	rep := g.res.Report
	if !s.opt.Band.In(g.res.Status, rep) {
		return false
	}
	return rep.Score >= s.opt.MinScore && (s.opt.MaxScore <= 0 || rep.Score <= s.opt.MaxScore)
}

// score is the hill climbers' objective: the reference's score with the
// weights of the band's hardest rule (those the reference used for its
// levels), penalised past the band's upper end and short of its layers.
func (s *linjatSearch) score(res *human.Result) float64 {
	w := hl.Weights{Cover: 1, CantFit: 3, Square: 50, Dependency: 100, OneOf: 60, MaxWidth: -1}
	b := s.opt.Band
	top := 5
	if b != nil && !b.Trials {
		top = b.Levels.Hi
	}
	// Rules above the band count against it.
	for lv, x := range []*float64{&w.Cover, &w.CantFit, &w.Square, &w.Dependency, &w.OneOf} {
		if lv+1 > top {
			*x = -100
		}
	}
	score := hl.Score(res, w)
	if b != nil && !b.Within(res.Report) {
		score -= 1000
	}
	if b != nil && res.Report.Depth < b.Layers.Lo {
		score -= 10 * float64(b.Layers.Lo-res.Report.Depth)
	}
	return score - kind.ScoreDistance(res.Report.Score, s.opt.MinScore, s.opt.MaxScore)
}

// draft turns a solved game into the attempt's draft.
func (s *linjatSearch) draft(g *linjatGame) (kind.Draft, error) {
	return &linjatDraft{p: g.p, sol: human.Values(g.res.Cands), card: s.opt.Kind.Card}, nil
}

// possible counts, per cell (r*cols+c), the numbers that have a placement
// over it among cands.
func possible(p *lm.Puzzle, cands []human.Cands) []int {
	cols := p.Cols()
	out := make([]int, p.Rows()*cols)
	last := make([]int, len(out))
	for k := range last {
		last[k] = -1
	}
	for i, c := range cands {
		for x := uint64(c); x != 0; x &= x - 1 {
			pl := p.Placements(i)[bits.TrailingZeros64(x)]
			for t := range pl.Len {
				q := pl.At(t)
				k := q.Row*cols + q.Col
				if last[k] != i {
					last[k] = i
					out[k]++
				}
			}
		}
	}
	return out
}

// bestDotCell is the reference's choice of a new dot: among cells neither
// a number nor a dot that some number can still cover (and, when allowed
// is set, allowed), the highest orig+now, ties at random; -1 if none.
func bestDotCell(rng *rand.Rand, p *lm.Puzzle, orig, now []int, allowed func(k int) bool) int {
	cols := p.Cols()
	best, bestScore, ties := -1, -1, 0
	for k := range now {
		q := puzzle.Pos{Row: k / cols, Col: k % cols}
		if p.Cell(q) != lm.Empty || now[k] == 0 || (allowed != nil && !allowed(k)) {
			continue
		}
		switch sc := orig[k] + now[k]; {
		case sc > bestScore:
			best, bestScore, ties = k, sc, 1
		case sc == bestScore:
			ties++
			if rng.IntN(ties) == 0 {
				best = k
			}
		}
	}
	return best
}

func (d *linjatDraft) Text(withSol bool) string {
	q := *d.p
	q.Solution = nil
	if withSol {
		q.Solution = d.sol
	}
	return lm.FormatText(&q)
}

func (d *linjatDraft) Instance() (kind.Instance, error) {
	return models.Instance(d.p, kind.Options{Card: d.card}), nil
}

func (d *linjatDraft) Intended() puzzle.Assignment { return d.sol }

// covered reports, per cell, whether the intended solution covers it.
func (d *linjatDraft) covered() []bool {
	cols := d.p.Cols()
	out := make([]bool, d.p.Rows()*cols)
	for i, j := range d.sol {
		for _, q := range d.p.Placements(i)[j].Cells() {
			out[q.Row*cols+q.Col] = true
		}
	}
	return out
}

// Help puts a dot where the reference would (bestDotCell), among the
// cells the intended solution covers, so that it never contradicts (and,
// with other, that other's lines leave uncovered).
func (d *linjatDraft) Help(rng *rand.Rand, stuck []human.Cands, other puzzle.Assignment) ([]kind.Draft, error) {
	cov := d.covered()
	allowed := func(k int) bool { return cov[k] }
	if other != nil {
		// A dot the intended lines cover and other's do not breaks it.
		cols := d.p.Cols()
		otherCov := make([]bool, len(cov))
		for i, j := range other {
			for _, q := range d.p.Placements(i)[j].Cells() {
				otherCov[q.Row*cols+q.Col] = true
			}
		}
		allowed = func(k int) bool { return cov[k] && !otherCov[k] }
	}
	k := bestDotCell(rng, d.p, possible(d.p, hl.Start(d.p)), possible(d.p, stuck), allowed)
	if k < 0 {
		return nil, nil
	}
	e, err := d.with(k, lm.Dot)
	if err != nil {
		return nil, err
	}
	return []kind.Draft{e}, nil
}

// with returns the draft with cell k set to v (a dot or empty).
func (d *linjatDraft) with(k int, v int8) (*linjatDraft, error) {
	p, err := d.p.With(puzzle.Pos{Row: k / d.p.Cols(), Col: k % d.p.Cols()}, v)
	if err != nil {
		return nil, kind.InternalError(err)
	}
	return &linjatDraft{p: p, sol: d.sol, card: d.card}, nil
}

func (d *linjatDraft) Clues() []int {
	var ids []int
	for _, q := range d.p.Dots() {
		ids = append(ids, q.Row*d.p.Cols()+q.Col)
	}
	return ids
}

func (d *linjatDraft) Without(id int) (kind.Draft, error) { return d.with(id, lm.Empty) }

// EncodeGuarded writes the numbers without dots, then each dot behind a
// selector: some placement over it.
func (d *linjatDraft) EncodeGuarded(b *encode.Builder) (*kind.Guarded, error) {
	bare := d
	for _, id := range d.Clues() {
		var err error
		if bare, err = bare.with(id, lm.Empty); err != nil {
			return nil, err
		}
	}
	lay, err := el.Encode(b, bare.p, el.Options{Card: d.card})
	if err != nil {
		return nil, err
	}
	cols := d.p.Cols()
	over := make([][]int, d.p.Rows()*cols)
	for i := range d.p.Numbers() {
		for j, pl := range d.p.Placements(i) {
			for _, q := range pl.Cells() {
				over[q.Row*cols+q.Col] = append(over[q.Row*cols+q.Col], lay.Lits[i][j])
			}
		}
	}
	g := &kind.Guarded{Selectors: map[int]int{}, Intended: kind.IntendedLits(lay, d.sol)}
	for _, id := range d.Clues() {
		s := b.NewVar()
		b.AddClause(append([]int{-s}, over[id]...)...)
		g.Selectors[id] = s
	}
	return g, nil
}

// Linjat levels: 1 COVER, 2 CANT_FIT, 3 SQUARE, 4 DEPENDENCY, 5
// ONE_OF. The reference's easy and medium levels both need COVER and
// CANT_FIT only; its medium ones are larger and take more layers (9
// to 17 layers for all 25 of its easy levels, 18 to 27 for 23 of its
// 25 medium ones). Sizes are the reference's, rows × columns; at other
// sizes the layer bounds scale with the area (kind.Band.At), so that the
// two bands overlap between their sizes.
var generation = &kind.Generation{Rows: 9, Cols: 6, Start: startLinjat, Bands: []kind.Band{
	{Name: "easy", Rows: 9, Cols: 6, Levels: kind.Levels{Lo: 0, Hi: 2}, Layers: kind.Levels{Lo: 0, Hi: 17}, MaxRows: 15, MaxCols: 10},
	{Name: "medium", Rows: 10, Cols: 7, Levels: kind.Levels{Lo: 0, Hi: 2}, Layers: kind.Levels{Lo: 18, Hi: 0}, MaxRows: 10, MaxCols: 7},
	{Name: "hard", Rows: 11, Cols: 8, Levels: kind.Levels{Lo: 3, Hi: 3}, MaxRows: 15, MaxCols: 10},
	{Name: "expert", Rows: 13, Cols: 9, Levels: kind.Levels{Lo: 4, Hi: 5}, MaxRows: 15, MaxCols: 10},
}}
