package bestfound

import (
	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
)

// guide is what the searches steer by: the token distances, and the
// walking distances of the two layer types when p has them (nil
// otherwise). Both are updated move by move: a move changes the token
// distances of the cells it moves only, and a walking distance only when
// it carries tokens across that distance's lines (a Loopover row move
// changes the columns' distance, never the rows').
type guide struct {
	tok     *tokenDist
	wds     []*search.WalkingDistance
	changes [][]bool // changes[m][i]: move m changes wds[i]
	moved   [][]int  // moved[m]: the cells move m changes
}

func newGuide(p *shift.Puzzle, tok *tokenDist, wds []*search.WalkingDistance) *guide {
	g := &guide{tok: tok, wds: wds}
	for _, mv := range p.Moves {
		var cells []int
		for c, src := range mv.Src {
			if src != c {
				cells = append(cells, c)
			}
		}
		g.moved = append(g.moved, cells)
		ch := make([]bool, len(wds))
		for i, w := range wds {
			ch[i] = len(w.Crossings(mv.Src)) > 0
		}
		g.changes = append(g.changes, ch)
	}
	return g
}

// est is what the guide knows of a state: its walking distances (their
// sum is admissible) and the sum of its tokens' distances (a fifth of it
// is admissible on 5×5 Loopover, whose moves carry five tokens a step).
type est struct {
	wd  [2]int
	tok int
}

// wdSum is the sum of the walking distances: a lower bound on the moves
// left (0 without walking distances).
func (e est) wdSum() int { return e.wd[0] + e.wd[1] }

// of is the estimate of state s from scratch.
func (g *guide) of(s []uint8) est {
	var e est
	for i, w := range g.wds {
		e.wd[i] = w.Distance(s)
	}
	for c, v := range s {
		e.tok += int(g.tok.d[v][c])
	}
	return e
}

// after is the estimate of child, reached from parent (estimated e) by
// move m.
func (g *guide) after(e est, parent, child []uint8, m int) est {
	for i, w := range g.wds {
		if g.changes[m][i] {
			e.wd[i] = w.Distance(child)
		}
	}
	for _, c := range g.moved[m] {
		e.tok += int(g.tok.d[child[c]][c] - g.tok.d[parent[c]][c])
	}
	return e
}
