package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// movesRange is a moves job's range of optima: the band's, or
// MinScore..MaxScore when set, or Moves alone.
func (j *job) movesRange() (lo, hi int, err error) {
	mv := j.kind.Moves
	r, ok := mv.Band(string(j.opt.Band))
	if !ok {
		return 0, 0, fmt.Errorf("%w: %s: unknown difficulty %q (have %s)", ErrOptions, j.kind.Name, j.opt.Band, strings.Join(mv.BandNames(), ", "))
	}
	lo, hi = r.Lo, r.Hi
	if j.opt.MinScore > 0 || j.opt.MaxScore > 0 {
		lo, hi = int(j.opt.MinScore), mv.MaxMoves
		if j.opt.MaxScore > 0 {
			hi = int(j.opt.MaxScore)
		}
	}
	if j.opt.Moves != 0 {
		lo, hi = j.opt.Moves, j.opt.Moves
	}
	if lo < 1 || hi < lo || hi > mv.MaxMoves {
		return 0, 0, fmt.Errorf("%w: %s: optimum %d..%d moves (want within 1..%d)", ErrOptions, j.kind.Name, lo, hi, mv.MaxMoves)
	}
	return lo, hi, nil
}

// prepare checks a moves kind's job: the puzzle it starts from (its
// first built-in unless Options.Base names one) and the range of optima.
func (g movesGenre) prepare(opt Options) (*job, error) {
	k := g.k
	if opt.Rows != 0 || opt.Cols != 0 {
		return nil, fmt.Errorf("%w: %s puzzles have no grid size to ask for (--size): their base puzzle has its shape", ErrOptions, k.Name)
	}
	j := &job{opt: opt, kind: k, base: opt.Base}
	if j.base == nil {
		if len(k.Moves.Builtins) == 0 {
			return nil, fmt.Errorf("%w: %s: no puzzle to start from (Options.Base) and no built-in", ErrOptions, k.Name)
		}
		var err error
		if j.base, err = k.Moves.Builtin(k.Moves.Builtins[0]); err != nil {
			return nil, internal(err)
		}
	}
	lo, hi, err := j.movesRange()
	if err != nil {
		return nil, err
	}
	newGen := k.Moves.Generator
	if newGen == nil {
		newGen = scrambler
	}
	if j.movesGen, err = newGen(j.base, lo, hi); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrOptions, err)
	}
	j.try = j.movesAttempt
	return j, nil
}

// movesAttempt makes a puzzle whose proven optimum is in the band, as
// the kind makes them (kind.Moves.Generator), and keeps it when it lies
// in the band.
func (j *job) movesAttempt(ctx context.Context, index, a int) (*Puzzle, string, error) {
	rng := RNG(j.opt.Seed, index, a)
	name := j.base.Title()
	if name == "" {
		name = j.kind.Name
	}
	name = fmt.Sprintf("%s scramble seed %d puzzle %d attempt %d", name, j.opt.Seed, index, a)
	m, why, err := j.movesGen.Attempt(ctx, rng, name)
	if m == nil {
		return nil, why, err
	}
	k := len(m.Moves)
	text := m.Puzzle.Text()
	sol := fmt.Sprintf("%s# optimum: %d moves, proven by %s: %s\n", text, k, m.Proof, strings.Join(m.Moves, " "))
	return &Puzzle{
		Kind: j.kind.Name, kind: j.kind, Text: text, SolutionText: sol, Seed: j.opt.Seed, Band: j.opt.Band,
		Status: human.StatusSolved, Index: index, Attempt: a,
		Report:  human.Report{Score: float64(k), Steps: k, Depth: k},
		Metrics: map[string]any{"optimum": k, "moves": m.Moves, "proof": m.Proof, "scramble": m.Walk},
		grade:   fmt.Sprintf("optimum %d moves (proven by %s)", k, m.Proof),
	}, fmt.Sprintf("in band: optimum %d moves", k), nil
}

// scrambler is the generator of a moves kind without one of its own:
// scramble the start (a goal state) by a random number of moves in the
// band (kind.Scramble), prove the optimum breadth-first, keep it when it
// lies in the band.
func scrambler(p kind.MovesPuzzle, lo, hi int) (kind.MovesGenerator, error) {
	return scrambleGen{p: p, lo: lo, hi: hi}, nil
}

type scrambleGen struct {
	p      kind.MovesPuzzle
	lo, hi int
}

func (g scrambleGen) Attempt(ctx context.Context, rng *rand.Rand, name string) (*kind.Made, string, error) {
	n := g.lo + rng.IntN(g.hi-g.lo+1)
	q, walk, err := kind.Scramble(g.p, n, rng)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %v", ErrOptions, err)
	}
	q = q.Named(name)
	r, err := kind.BreadthFirst(ctx, q, n)
	if err != nil {
		return nil, "", err
	}
	if r.Status != kind.Optimal {
		return nil, "", internal(fmt.Errorf("breadth-first search says %s for a state %d moves from a goal", r.Status, n))
	}
	k := len(r.Moves)
	if k < g.lo || k > g.hi {
		return nil, fmt.Sprintf("out of band: optimum %d moves (walked %d)", k, n), nil
	}
	names := q.MoveNames()
	moves := make([]string, k)
	for i, m := range r.Moves {
		moves[i] = names[m]
	}
	return &kind.Made{Puzzle: q, Moves: moves, Proof: "breadth-first search", Walk: walk}, "", nil
}
