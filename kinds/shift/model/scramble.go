package model

import (
	"fmt"
	"math/rand/v2"
)

// MaxScramble is the longest random walk Scramble takes.
const MaxScramble = 1_000_000

// Scramble returns a copy of p whose start is a goal state moved by n
// random moves, and the names of those moves. The goal state is p's target
// when it fixes every cell, else one drawn from GoalStates. The walk never
// takes a move that a shortest solution would avoid right after the
// previous ones (see Canon), so it does not undo itself; the optimum of the
// result is at most n and may be less.
func Scramble(p *Puzzle, n int, rng *rand.Rand) (*Puzzle, []string, error) {
	if err := p.Validate(); err != nil {
		return nil, nil, err
	}
	if n < 0 || n > MaxScramble {
		return nil, nil, fmt.Errorf("shift: scramble: move count %d (want 0..%d)", n, MaxScramble)
	}
	var s []int
	if full := p.Goal.Target != nil && !contains(p.Goal.Target, Any); full && len(p.Goal.Sums) == 0 && len(p.Goal.Distinct) == 0 {
		s = append([]int(nil), p.Goal.Target...)
	} else {
		goals, ok := p.GoalStates(100000, 50_000_000)
		if !ok {
			return nil, nil, fmt.Errorf("shift: scramble: too many goal arrangements to draw one")
		}
		if len(goals) == 0 {
			return nil, nil, fmt.Errorf("shift: scramble: no arrangement of the tokens satisfies the goal")
		}
		s = goals[rng.IntN(len(goals))]
	}
	canon := NewCanon(p, 2)
	var hist []int
	var names []string
	for len(hist) < n {
		var ok []int
		for m := range p.Moves {
			if canon.Allows(hist, m) {
				ok = append(ok, m)
			}
		}
		if len(ok) == 0 {
			return nil, nil, fmt.Errorf("shift: scramble: no usable move")
		}
		m := ok[rng.IntN(len(ok))]
		s = p.Moves[m].Apply(s)
		hist = append(hist, m)
		names = append(names, p.Moves[m].Name)
	}
	q := p.Clone()
	q.Start = s
	return q, names, nil
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
