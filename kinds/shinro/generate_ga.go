package shinro

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The genetic algorithm of the Shinro paper (Oranchak, "Evolutionary
// algorithm for generation of entertaining Shinro logic puzzles", 2010),
// as the "ga" method of Shinro's start:
//
//   - A genome is a grid of empty cells, stones and arrows. The population
//     is 10 genomes, with no crossover: every generation each genome makes
//     one child by one or more mutations (change a cell to a random
//     content, swap two cells, add or remove an arrow, add or remove a
//     stone), and the best 10 of parents and children live on.
//   - Fitness first counts violations: stones other than the count asked
//     for, arrows that see no stone (each costs 100). A genome without
//     violations is a puzzle (counts from its stones) and is solved by the
//     human rules: one the rules finish is worth more than any they do
//     not (those score by the share of cells they decide); among finished
//     ones, more steps and fewer moves available per step (the paper's m
//     and a) are harder, as is a higher rule level up to the band's top;
//     going past the band, or outside the score asked for, costs.
//   - The search ends when a genome lands in the band (judged as package
//     generate judges it, on the rules alone or with trials), or after
//     shinroGenerations generations (the paper stopped after 5,000 without
//     improvement; an attempt here is shorter and the attempts restart).
//
// A puzzle the sound rules finish has one solution, which is the genome's
// stones.

// GA bounds.
const (
	shinroPopulation  = 10
	shinroGenerations = 300
)

// genome is one individual: stones and arrows on one grid.
type genome struct {
	stones sm.Stones
	arrows [][]sm.Dir
	fit    float64
	done   bool // lands in the band
}

// gaSearch is one attempt of the genetic algorithm.
type gaSearch struct {
	ctx        context.Context
	rng        *rand.Rand
	opt        kind.GenOptions
	rows, cols int
	want       int // stones
}

func startShinroGA(ctx context.Context, rng *rand.Rand, opt kind.GenOptions) (kind.Draft, error) {
	s := &gaSearch{ctx: ctx, rng: rng, opt: opt, rows: opt.Rows, cols: opt.Cols, want: stones(opt)}
	pop := make([]*genome, 0, 2*shinroPopulation)
	for range shinroPopulation {
		g := s.random()
		if err := s.evaluate(g); err != nil {
			return nil, err
		}
		if g.done {
			return s.draft(g)
		}
		pop = append(pop, g)
	}
	for range shinroGenerations {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, parent := range pop[:shinroPopulation] {
			child := s.mutate(parent)
			if err := s.evaluate(child); err != nil {
				return nil, err
			}
			if child.done {
				return s.draft(child)
			}
			pop = append(pop, child)
		}
		slices.SortStableFunc(pop, func(a, b *genome) int { return cmp.Compare(b.fit, a.fit) })
		pop = pop[:shinroPopulation]
	}
	return nil, nil
}

// random is a starting genome: the stones asked for, and an arrow on
// every eighth cell, each pointing at a stone.
func (s *gaSearch) random() *genome {
	g := s.empty()
	cells := s.rows * s.cols
	for _, k := range s.rng.Perm(cells)[:min(s.want, cells)] {
		g.stones[k/s.cols][k%s.cols] = true
	}
	for _, k := range s.rng.Perm(cells)[:cells/8] {
		q := puzzle.Pos{Row: k / s.cols, Col: k % s.cols}
		if !g.stones[q.Row][q.Col] {
			g.arrows[q.Row][q.Col] = s.aimed(g, q)
		}
	}
	return g
}

func (s *gaSearch) empty() *genome {
	g := &genome{stones: make(sm.Stones, s.rows), arrows: make([][]sm.Dir, s.rows)}
	for r := range g.stones {
		g.stones[r] = make([]bool, s.cols)
		g.arrows[r] = make([]sm.Dir, s.cols)
	}
	return g
}

// aimed is a random direction from q that sees a stone of g, else a
// random direction into the grid.
func (s *gaSearch) aimed(g *genome, q puzzle.Pos) sm.Dir {
	var ok, in []sm.Dir
	for _, d := range shinroDirs {
		if len(ray(s.rows, s.cols, q, d)) == 0 {
			continue
		}
		in = append(in, d)
		if seesStone(g.stones, q, d) {
			ok = append(ok, d)
		}
	}
	if len(ok) > 0 {
		return ok[s.rng.IntN(len(ok))]
	}
	if len(in) > 0 {
		return in[s.rng.IntN(len(in))]
	}
	return sm.None
}

// mutate returns a child of g: one mutation, and another with
// probability 1/2 each time.
func (s *gaSearch) mutate(g *genome) *genome {
	c := s.empty()
	for r := range g.stones {
		copy(c.stones[r], g.stones[r])
		copy(c.arrows[r], g.arrows[r])
	}
	at := func() puzzle.Pos { return puzzle.Pos{Row: s.rng.IntN(s.rows), Col: s.rng.IntN(s.cols)} }
	for {
		q := at()
		switch s.rng.IntN(6) {
		case 0: // change a cell
			c.stones[q.Row][q.Col], c.arrows[q.Row][q.Col] = false, sm.None
			switch s.rng.IntN(3) {
			case 1:
				c.stones[q.Row][q.Col] = true
			case 2:
				c.arrows[q.Row][q.Col] = s.aimed(c, q)
			}
		case 1: // swap two cells
			u := at()
			c.stones[q.Row][q.Col], c.stones[u.Row][u.Col] = c.stones[u.Row][u.Col], c.stones[q.Row][q.Col]
			c.arrows[q.Row][q.Col], c.arrows[u.Row][u.Col] = c.arrows[u.Row][u.Col], c.arrows[q.Row][q.Col]
		case 2: // add an arrow
			if !c.stones[q.Row][q.Col] {
				c.arrows[q.Row][q.Col] = s.aimed(c, q)
			}
		case 3: // remove an arrow
			c.arrows[q.Row][q.Col] = sm.None
		case 4: // add a stone
			if c.arrows[q.Row][q.Col] == sm.None {
				c.stones[q.Row][q.Col] = true
			}
		default: // remove a stone
			c.stones[q.Row][q.Col] = false
		}
		if s.rng.IntN(2) == 0 {
			return c
		}
	}
}

// violations counts what keeps g from being a puzzle: stones other than
// the count asked for, arrows that see no stone.
func (s *gaSearch) violations(g *genome) int {
	n, blind := 0, 0
	for r := range g.stones {
		for c, st := range g.stones[r] {
			if st {
				n++
			}
			if d := g.arrows[r][c]; d != sm.None && !seesStone(g.stones, puzzle.Pos{Row: r, Col: c}, d) {
				blind++
			}
		}
	}
	return max(n-s.want, s.want-n) + blind
}

// evaluate sets g's fitness, and done when it lands in the band.
func (s *gaSearch) evaluate(g *genome) error {
	if v := s.violations(g); v > 0 {
		g.fit = -100 * float64(v)
		return nil
	}
	d, err := shinroWith(s.opt.Name, g.arrows, g.stones, s.opt.Kind.Card)
	if err != nil {
		return err
	}
	inst, err := d.Instance()
	if err != nil {
		return err
	}
	res, err := kind.SolveRules(s.ctx, inst, false, s.opt.Parallel, nil)
	if err != nil {
		return err
	}
	b := s.opt.Band
	if res.Status != human.StatusSolved && b.UsesTrials() {
		// Trials finish no puzzle with another solution, and trying them
		// all on one costs most of all: SAT says first (most genomes the
		// rules leave stuck are not unique; their trial solves were 95% of
		// an expert attempt's time).
		unique := true
		if s.opt.NewSolver != nil {
			if unique, err = kind.Unique(s.ctx, d, s.opt.NewSolver); err != nil {
				return err
			}
		}
		if unique {
			if res, err = kind.SolveRules(s.ctx, inst, true, s.opt.Parallel, nil); err != nil {
				return err
			}
		}
	}
	rep := res.Report
	if res.Status != human.StatusSolved {
		g.fit = 500 * float64(len(res.Cands)-len(kind.Undetermined(res.Cands, nil, nil))) / float64(max(1, len(res.Cands)))
		return nil
	}
	inRange := rep.Score >= s.opt.MinScore && (s.opt.MaxScore <= 0 || rep.Score <= s.opt.MaxScore)
	if b.In(res.Status, rep) && inRange {
		g.done = true
		return nil
	}
	top := 4
	if b != nil && !b.Trials {
		top = b.Levels.Hi
	}
	m := float64(max(1, rep.Steps))
	g.fit = 1000 + 50*float64(min(rep.MaxLevel, top)) + 100*float64(rep.TrialDepth) + m - 5*float64(rep.Available)/m
	if !b.Within(rep) {
		g.fit -= 500
	}
	if !inRange {
		g.fit -= min(200, kind.ScoreDistance(rep.Score, s.opt.MinScore, s.opt.MaxScore))
	}
	return nil
}

// draft is the genome as the attempt's draft.
func (s *gaSearch) draft(g *genome) (kind.Draft, error) {
	return shinroWith(s.opt.Name, g.arrows, g.stones, s.opt.Kind.Card)
}
