package bestfound

import (
	"cmp"
	"context"
	"slices"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// node is a beam state and how it was reached.
type node struct {
	state  []uint8
	parent int32 // index into the previous depth's nodes; -1 at the start
	move   int32
	e      est
	score  int
}

// beamScore orders a depth's states, smallest first: the token distances,
// and with walking distances half a walking distance for every fifth of a
// token distance (5·wd + 2·tok). On 5×5 Loopover, seeds 301–310 at 20
// moves, width 1024: 18–32 moves (median 26) in 0.7–2.1 s, against 18–30
// (median 27.5) for wd + tok/5 and 18–37 (median 30) for the token
// distances alone.
func beamScore(g *guide, e est) int {
	if g.wds == nil {
		return e.tok
	}
	return 5*e.wdSum() + 2*e.tok
}

// beam keeps the width best states (least beamScore) of each depth, never
// revisiting a state, up to limit moves; it returns the first solution it
// reaches, or nil.
func beam(ctx context.Context, p *shift.Puzzle, g *guide, start []uint8, width, limit int) []int {
	if isTarget(p, start) {
		return []int{}
	}
	seen := map[string]bool{string(start): true}
	e := g.of(start)
	levels := [][]node{{{state: start, parent: -1, move: -1, e: e, score: beamScore(g, e)}}}
	for depth := 1; depth <= limit; depth++ {
		if ctx.Err() != nil {
			return nil
		}
		prev := levels[len(levels)-1]
		var next []node
		for i, nd := range prev {
			// A wide level takes a good part of a second: look for an
			// interrupt within it too.
			if i&0x3ff == 0 && ctx.Err() != nil {
				return nil
			}
			for m, mv := range p.Moves {
				s := make([]uint8, len(start))
				for c, src := range mv.Src {
					s[c] = nd.state[src]
				}
				if seen[string(s)] {
					continue
				}
				seen[string(s)] = true
				ce := g.after(nd.e, nd.state, s, m)
				child := node{state: s, parent: int32(i), move: int32(m), e: ce, score: beamScore(g, ce)}
				if isTarget(p, s) {
					return path(append(levels, []node{child}))
				}
				next = append(next, child)
			}
		}
		if len(next) == 0 {
			return nil
		}
		slices.SortStableFunc(next, func(a, b node) int { return cmp.Compare(a.score, b.score) })
		if len(next) > width {
			next = next[:width]
		}
		levels = append(levels, next)
	}
	return nil
}

// path is the moves from the start to the last level's only node.
func path(levels [][]node) []int {
	moves := make([]int, len(levels)-1)
	at := 0
	for d := len(levels) - 1; d > 0; d-- {
		nd := levels[d][at]
		moves[d-1] = int(nd.move)
		at = int(nd.parent)
	}
	return moves
}

// isTarget reports whether state s is a goal of p: its target met (Any
// matching every value), and its sums and distinct sets when it has any.
func isTarget(p *shift.Puzzle, s []uint8) bool {
	for c, want := range p.Goal.Target {
		if want != shift.Any && int(s[c]) != want {
			return false
		}
	}
	if len(p.Goal.Sums) == 0 && len(p.Goal.Distinct) == 0 {
		return true
	}
	full := make([]int, len(s))
	for c, v := range s {
		full[c] = int(v)
	}
	return p.IsGoal(full)
}
