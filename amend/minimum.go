package amend

import (
	"context"
	"slices"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

// The budget of the search for a minimum, past which it gives up and
// Repair keeps its minimal answer, unproven: hitBudget nodes of the
// hitting-set searches, all of them together, and maxCores other
// solutions learnt (each a SAT proof).
const (
	hitBudget = 50000
	maxCores  = 64
)

// minimum looks for a smallest set of the added clues (the ids of whole,
// the puzzle with every clue of the solution) that makes base unique, by
// implicit hitting sets: every other solution of a candidate set is a core,
// the added clues it breaks, one of which any repair must hold; the
// smallest set hitting every core found so far is tried next, until one is
// unique (a minimum: no smaller set hits every core) or a search goes past
// its budget (nil: not proven). best is a repair already known, an upper
// bound.
func minimum(ctx context.Context, whole kind.Clued, added []int, best []int, opt Options, proofs *int) ([]int, error) {
	// single[i] is base with added clue i alone: what an other solution
	// is held to, to tell whether it breaks that clue.
	single := make([]kind.Instance, len(added))
	for i, id := range added {
		rest := slices.DeleteFunc(slices.Clone(added), func(x int) bool { return x == id })
		inst, err := whole.Without(rest...)
		if err != nil {
			return nil, err
		}
		single[i] = inst
	}
	var cores [][]int // indexes into added
	nodes := 0
	for len(cores) <= maxCores {
		pick, ok := hittingSet(cores, len(best)-1, &nodes)
		if !ok {
			// No set smaller than best hits every core: best is a minimum.
			return best, nil
		}
		if pick == nil {
			return nil, nil // over the budget
		}
		var drop []int
		for i, id := range added {
			if !slices.Contains(pick, i) {
				drop = append(drop, id)
			}
		}
		inst, err := whole.Without(drop...)
		if err != nil {
			return nil, err
		}
		*proofs++
		r, err := verdict(ctx, inst, opt)
		if err != nil {
			return nil, err
		}
		if r.Status == sat.UniqueSolution {
			out := make([]int, len(pick))
			for i, k := range pick {
				out[i] = added[k]
			}
			return out, nil
		}
		core := broken(inst, r.First, single)
		if len(core) == 0 {
			core = broken(inst, r.Second, single)
		}
		if len(core) == 0 {
			return nil, nil // the solutions found break no added clue: no core to learn
		}
		cores = append(cores, core)
	}
	return nil, nil
}

// broken lists the added clues (indexes into single) that the solution a
// of inst breaks: a held to the puzzle with that clue alone added, cell by
// cell (an added clue may take a cell's unknown away, as a Shinro arrow
// does).
func broken(inst kind.Instance, a puzzle.Assignment, single []kind.Instance) []int {
	if a == nil {
		return nil
	}
	at := map[puzzle.Pos]int{}
	for i, v := range inst.Vars() {
		at[v.Pos] = a[i]
	}
	var out []int
	for i, s := range single {
		vars := s.Vars()
		b := make(puzzle.Assignment, len(vars))
		for j, v := range vars {
			x, ok := at[v.Pos]
			if !ok {
				x = -1
			}
			b[j] = x
		}
		if len(s.Verify(b)) > 0 {
			out = append(out, i)
		}
	}
	return out
}

// hittingSet is a smallest set of indexes with one of every core, of at
// most limit elements: ok false when none is that small; a nil set with ok
// true when the search went past hitBudget nodes (counted in *nodes,
// across calls).
func hittingSet(cores [][]int, limit int, nodes *int) (set []int, ok bool) {
	var found []int
	// search extends chosen to a hitting set of at most size elements,
	// branching on the elements of the smallest core it misses; false
	// when past the budget.
	var search func(chosen []int, size int) bool
	search = func(chosen []int, size int) bool {
		if *nodes++; *nodes > hitBudget {
			return false
		}
		var open []int
		for _, c := range cores {
			hit := slices.ContainsFunc(c, func(i int) bool { return slices.Contains(chosen, i) })
			if !hit && (open == nil || len(c) < len(open)) {
				open = c
			}
		}
		switch {
		case open == nil:
			found = append([]int{}, chosen...)
			return true
		case len(chosen) >= size:
			return true
		}
		for _, i := range open {
			if !search(append(chosen, i), size) {
				return false
			}
			if found != nil {
				return true
			}
		}
		return true
	}
	// Iterative deepening: the first size with a hitting set is the least.
	for size := 0; size <= limit; size++ {
		if !search(nil, size) {
			return nil, true
		}
		if found != nil {
			return found, true
		}
	}
	return nil, false
}
