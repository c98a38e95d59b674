package generate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/shift"
	"github.com/puzzlesat/puzzlesat/shift/search"
)

// shiftJob resolves a shift job: the move range from the band, or from
// MinScore..MaxScore when set.
func (j *job) shiftRange() (lo, hi int, err error) {
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
	if lo < 1 || hi < lo || hi > mv.MaxMoves {
		return 0, 0, fmt.Errorf("%w: %s: optimum %d..%d moves (want within 1..%d)", ErrOptions, j.kind.Name, lo, hi, mv.MaxMoves)
	}
	return lo, hi, nil
}

// prepareShift checks a shift job.
func prepareShift(opt Options, k *kind.Kind) (*job, error) {
	if opt.Shift == nil {
		return nil, fmt.Errorf("%w: shift: no puzzle to scramble (Options.Shift)", ErrOptions)
	}
	if err := opt.Shift.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrOptions, err)
	}
	if opt.Attempts <= 0 {
		opt.Attempts = 100
	}
	j := &job{opt: opt, kind: k, shiftBall: &ball{}}
	lo, hi, err := j.shiftRange()
	if err != nil {
		return nil, err
	}
	j.moves = [2]int{lo, hi}
	return j, nil
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

func (j *job) ball() *ball {
	b := j.shiftBall
	b.once.Do(func() {
		p := j.opt.Shift
		goals, ok := p.GoalStates(100000, 20_000_000)
		if !ok {
			return
		}
		b.goals = goals
		// Build the ball only when it is small for sure: all the
		// arrangements of the tokens, or every goal's tree of moves.
		bound := float64(len(goals)) * math.Pow(float64(len(p.Moves)), float64(j.moves[1]))
		if arr := arrangements(p.Start); arr > shiftBall && bound > shiftBall {
			return
		}
		states, dist, ok := p.Ball(goals, j.moves[1], shiftBall)
		if !ok {
			return
		}
		for i, d := range dist {
			if d >= j.moves[0] {
				b.states = append(b.states, states[i])
				b.dist = append(b.dist, d)
			}
		}
	})
	return b
}

// shiftAttempt makes a scramble whose optimum is in the band. When the
// ball around the goal states fits (see ball), it draws a state of the
// band's distances from it at random: its breadth-first distance is its
// optimum. Otherwise it scrambles a goal state by a random number of
// moves in the range (random moves, none undoing the ones before:
// shift.Scramble) and proves the scramble's optimum with the exact search
// (shift/search.Solve: breadth-first from both sides, IDA* with pattern
// databases beyond a state budget), keeping it when the optimum lies in
// the range; a walk often has a shortcut, so the optimum may be shorter.
func (j *job) shiftAttempt(ctx context.Context, index, a int) (*Puzzle, string, error) {
	rng := RNG(j.opt.Seed, index, a)
	lo, hi := j.moves[0], j.moves[1]
	if b := j.ball(); b.states != nil {
		if len(b.states) == 0 {
			return nil, fmt.Sprintf("no state lies %d..%d moves from a goal", lo, hi), nil
		}
		k := rng.IntN(len(b.states))
		q := j.opt.Shift.Clone()
		q.Start = append([]int(nil), b.states[k]...)
		return j.shiftPuzzle(ctx, q, index, a, b.dist[k], nil, "breadth-first search from the goal states")
	}
	n := lo + rng.IntN(hi-lo+1)
	q, walk, err := shift.Scramble(j.opt.Shift, n, rng)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %v", ErrOptions, err)
	}
	return j.shiftPuzzle(ctx, q, index, a, n, walk, "")
}

// shiftPuzzle proves q's optimum (at most n moves) and keeps q when it
// lies in the band; proof names a proof already made (the optimum is n).
func (j *job) shiftPuzzle(ctx context.Context, q *shift.Puzzle, index, a, n int, walk []string, proof string) (*Puzzle, string, error) {
	lo, hi := j.moves[0], j.moves[1]
	name := j.opt.Shift.Name
	if name == "" {
		name = j.kind.Name
	}
	q.Name = fmt.Sprintf("%s scramble seed %d puzzle %d attempt %d", name, j.opt.Seed, index, a)
	r, err := search.Solve(ctx, q, search.Options{MaxSteps: n, Goals: j.ball().goals})
	if err != nil {
		return nil, "", err
	}
	if r.Status != search.Optimal {
		// A state n moves from a goal has a solution of at most n moves:
		// the search must find one.
		return nil, "", internal(fmt.Errorf("the exact search says %s for a state %d moves from a goal", r.Status, n))
	}
	k := len(r.Moves)
	if proof == "" {
		proof = "exact search (" + r.Method + ")"
	} else if k != n {
		return nil, "", internal(fmt.Errorf("breadth-first distance %d, exact search %d", n, k))
	}
	if k < lo || k > hi {
		return nil, fmt.Sprintf("out of band: optimum %d moves (walked %d)", k, n), nil
	}
	moves := make([]string, k)
	for i, m := range r.Moves {
		moves[i] = q.Moves[m].Name
	}
	text := shift.Format(q)
	sol := fmt.Sprintf("%s# optimum: %d moves, proven by %s: %s\n", text, k, proof, strings.Join(moves, " "))
	return &Puzzle{
		Kind: j.kind.Name, Text: text, SolutionText: sol, Seed: j.opt.Seed, Band: j.opt.Band,
		Status: human.StatusSolved, Index: index, Attempt: a,
		Report:  human.Report{Score: float64(k), Steps: k, Depth: k},
		Metrics: map[string]any{"optimum": k, "moves": moves, "proof": proof, "scramble": walk},
	}, fmt.Sprintf("in band: optimum %d moves", k), nil
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

// errNoShift is the error for shift options on another kind.
var errNoShift = errors.New("Options.Shift is for kind shift only")
