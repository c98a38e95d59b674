package shift

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	sm "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
)

// generator makes scrambles of one shift puzzle whose optimum is lo..hi
// moves (kind.MovesGenerator).
type generator struct {
	p      *sm.Puzzle
	lo, hi int
	ball   ball
}

func newGenerator(q kind.MovesPuzzle, lo, hi int) (kind.MovesGenerator, error) {
	p := Model(q)
	if p == nil {
		return nil, fmt.Errorf("shift: %T is not a shift puzzle", q)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &generator{p: p, lo: lo, hi: hi}, nil
}

// shiftBall bounds the states of the ball around the goal states that a
// shift job enumerates to draw from.
const shiftBall = 2_000_000

// ball is the states within the band's top distance of the goal states
// whose distance is in the band, when there are at most shiftBall states
// within that distance (nil otherwise): Loopover 3x3 has 362,880 states
// in all, Reborn 18^k around its 64 goals.
type ball struct {
	once   sync.Once
	goals  [][]int // the goal states (nil: too many to list)
	states [][]int
	dist   []int
}

func (g *generator) theBall() *ball {
	b := &g.ball
	b.once.Do(func() {
		p := g.p
		goals, ok := p.GoalStates(100000, 20_000_000)
		if !ok {
			return
		}
		b.goals = goals
		// Build the ball only when it is small for sure: all the
		// arrangements of the tokens, or every goal's tree of moves.
		bound := float64(len(goals)) * math.Pow(float64(len(p.Moves)), float64(g.hi))
		if arr := arrangements(p.Start); arr > shiftBall && bound > shiftBall {
			return
		}
		states, dist, ok := p.Ball(goals, g.hi, shiftBall)
		if !ok {
			return
		}
		for i, d := range dist {
			if d >= g.lo {
				b.states = append(b.states, states[i])
				b.dist = append(b.dist, d)
			}
		}
	})
	return b
}

// Attempt makes a scramble whose optimum is in the band. When the
// ball around the goal states fits (see ball), it draws a state of the
// band's distances from it at random: its breadth-first distance is its
// optimum. Otherwise it scrambles a goal state by a random number of
// moves in the range (random moves, none undoing the ones before:
// sm.Scramble) and proves the scramble's optimum with the exact search
// (search.Solve: breadth-first from both sides, IDA* with pattern
// databases beyond a state budget), keeping it when the optimum lies in
// the range; a walk often has a shortcut, so the optimum may be shorter.
func (g *generator) Attempt(ctx context.Context, rng *rand.Rand, name string) (*kind.Made, string, error) {
	lo, hi := g.lo, g.hi
	if b := g.theBall(); b.states != nil {
		if len(b.states) == 0 {
			return nil, fmt.Sprintf("no state lies %d..%d moves from a goal", lo, hi), nil
		}
		k := rng.IntN(len(b.states))
		q := g.p.Clone()
		q.Start = append([]int(nil), b.states[k]...)
		return g.made(ctx, q, name, b.dist[k], nil, "breadth-first search from the goal states")
	}
	n := lo + rng.IntN(hi-lo+1)
	q, walk, err := sm.Scramble(g.p, n, rng)
	if err != nil {
		return nil, "", err
	}
	return g.made(ctx, q, name, n, walk, "")
}

// made proves q's optimum (at most n moves) and keeps q when it lies in
// the band; proof names a proof already made (the optimum is n).
func (g *generator) made(ctx context.Context, q *sm.Puzzle, name string, n int, walk []string, proof string) (*kind.Made, string, error) {
	q.Name = name
	r, err := search.Solve(ctx, q, search.Options{MaxSteps: n, Goals: g.theBall().goals})
	if err != nil {
		return nil, "", err
	}
	if r.Status != search.Optimal {
		// A state n moves from a goal has a solution of at most n moves:
		// the search must find one.
		return nil, "", kind.InternalError(fmt.Errorf("the exact search says %s for a state %d moves from a goal", r.Status, n))
	}
	k := len(r.Moves)
	if proof == "" {
		proof = "exact search (" + r.Method + ")"
	} else if k != n {
		return nil, "", kind.InternalError(fmt.Errorf("breadth-first distance %d, exact search %d", n, k))
	}
	if k < g.lo || k > g.hi {
		return nil, fmt.Sprintf("out of band: optimum %d moves (walked %d)", k, n), nil
	}
	moves := make([]string, k)
	for i, m := range r.Moves {
		moves[i] = q.Moves[m].Name
	}
	return &kind.Made{Puzzle: Wrap(q), Moves: moves, Proof: proof, Walk: walk}, "", nil
}

// arrangements is the number of distinct arrangements of the tokens of
// state s (a multinomial coefficient), as a float (it overflows ints).
func arrangements(s []int) float64 {
	count := map[int]int{}
	for _, v := range s {
		count[v]++
	}
	x, k := 1.0, 0
	for _, c := range count {
		for i := 1; i <= c; i++ {
			k++
			x = x * float64(k) / float64(i)
		}
	}
	return x
}

// scramble is sm.Scramble on a wrapped puzzle.
func scramble(q kind.MovesPuzzle, n int, rng *rand.Rand) (kind.MovesPuzzle, []string, error) {
	p := Model(q)
	if p == nil {
		return nil, nil, fmt.Errorf("shift: %T is not a shift puzzle", q)
	}
	s, moves, err := sm.Scramble(p, n, rng)
	if err != nil {
		return nil, nil, err
	}
	return Wrap(s), moves, nil
}
