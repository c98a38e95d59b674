package kind

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
)

// maxBreadthStates bounds the states BreadthFirst stores: past it, the
// answer is Unknown with the depth it proved.
const maxBreadthStates = 2_000_000

// BreadthFirst proves p's shortest solution, of at most maxSteps moves
// (≤ 0: 30), by breadth-first search from the start: the exact search
// every moves kind has, for one whose puzzles are small (a kind with a
// search of its own sets Moves.Shortest). Each depth finished without a
// goal state is a proven lower bound.
func BreadthFirst(ctx context.Context, p MovesPuzzle, maxSteps int) (*Shortest, error) {
	if maxSteps <= 0 {
		maxSteps = 30
	}
	key := func(s []int) string { return fmt.Sprint(s) }
	start := slices.Clone(p.Start())
	// parent[k] is the state k came from and the move that led to it.
	type step struct {
		from string
		move int
	}
	parent := map[string]step{key(start): {move: -1}}
	out := &Shortest{Status: Unknown, Proof: ProofSearch}
	frontier := [][]int{start}
	for depth := 0; ; depth++ {
		for _, s := range frontier {
			if p.IsGoal(s) {
				out.Status, out.LowerBound = Optimal, depth
				for k := key(s); parent[k].move >= 0; k = parent[k].from {
					out.Moves = append(out.Moves, parent[k].move)
				}
				slices.Reverse(out.Moves)
				return out, nil
			}
		}
		out.LowerBound = depth + 1
		if depth == maxSteps || len(frontier) == 0 {
			out.Status, out.LowerBound = NoSolutionWithin, depth+1
			return out, nil
		}
		var next [][]int
		for _, s := range frontier {
			if err := ctx.Err(); err != nil {
				out.LowerBound = depth + 1
				out.Proof = ""
				return out, err
			}
			for m := range p.MoveNames() {
				t := p.Apply(s, m)
				k := key(t)
				if _, seen := parent[k]; seen {
					continue
				}
				parent[k] = step{from: key(s), move: m}
				next = append(next, t)
			}
		}
		if len(parent) > maxBreadthStates {
			out.Proof = ""
			return out, fmt.Errorf("breadth-first search: over %d states; proven: no solution shorter than %d moves", maxBreadthStates, out.LowerBound)
		}
		frontier = next
	}
}

// Scramble moves p's start by n random moves, none undoing the one
// before (when there is another to take), returning the puzzle that
// starts there and the moves made: the scramble of a moves kind without
// one of its own.
func Scramble(p MovesPuzzle, n int, rng *rand.Rand) (MovesPuzzle, []string, error) {
	names := p.MoveNames()
	if len(names) == 0 {
		return nil, nil, fmt.Errorf("scramble: the puzzle has no moves")
	}
	s := slices.Clone(p.Start())
	var before []int // the state before the last move
	var walk []string
	for range n {
		m := rng.IntN(len(names))
		t := p.Apply(s, m)
		// Every move may undo the last (two moves of a pair of cells):
		// then one does.
		for try := 0; try < 4*len(names) && slices.Equal(t, before); try++ {
			m = rng.IntN(len(names))
			t = p.Apply(s, m)
		}
		before, s = s, t
		walk = append(walk, names[m])
	}
	return p.From(s), walk, nil
}
