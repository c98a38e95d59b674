package cnf

import (
	"fmt"

	model "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// steps is the one-state-per-move encoding ("onehot" and "source").
type steps struct {
	*base
	source bool
	canon  *model.Canon
	x      [][][]int // x[t][c][v], t = 0..k
	y      [][]int   // y[t][m], t ≥ 1; 0 for unusable moves
	goalAt map[int]int

	// srcs[c] lists the distinct cells a token on c can come from in one
	// move, movesFrom[c][i] the moves taking it from srcs[c][i], and
	// dests[s] the cells the token on s can go to.
	srcs      [][]int
	movesFrom [][][]int
	dests     [][]int
}

var _ Deepener = (*steps)(nil)

func newSteps(b *base, source bool) *steps {
	p := b.p
	e := &steps{base: b, source: source, goalAt: map[int]int{}}
	e.canon = model.NewCanon(p, b.opt.Window)
	n := p.NumCells()
	e.srcs = make([][]int, n)
	e.movesFrom = make([][][]int, n)
	e.dests = make([][]int, n)
	for c := 0; c < n; c++ {
		idx := map[int]int{}
		for m, mv := range p.Moves {
			if !e.canon.Usable(m) {
				continue
			}
			s := mv.Src[c]
			i, ok := idx[s]
			if !ok {
				i = len(e.srcs[c])
				idx[s] = i
				e.srcs[c] = append(e.srcs[c], s)
				e.movesFrom[c] = append(e.movesFrom[c], nil)
				e.dests[s] = append(e.dests[s], c)
			}
			e.movesFrom[c][i] = append(e.movesFrom[c][i], m)
		}
	}
	e.x = [][][]int{b.startState()}
	e.y = [][]int{nil}
	return e
}

// Extend adds step k.
func (e *steps) Extend(k int) {
	if k == 0 {
		return
	}
	if k != len(e.x) {
		panic(fmt.Sprintf("encode/shift: Extend(%d) after %d steps", k, len(e.x)-1))
	}
	prev := e.x[k-1]
	n := e.p.NumCells()
	cur := make([][]int, n)
	for c := range cur {
		cur[c] = e.newCell()
	}
	e.x = append(e.x, cur)
	y := make([]int, len(e.p.Moves))
	var ys []int
	for m := range e.p.Moves {
		if e.canon.Usable(m) {
			y[m] = e.a.NewVar()
			ys = append(ys, y[m])
		}
	}
	e.y = append(e.y, y)
	e.exactlyOne(ys)
	e.canonical(k)
	if !e.source {
		for m, mv := range e.p.Moves {
			if y[m] == 0 {
				continue
			}
			for c, s := range mv.Src {
				e.link(y[m], prev, cur, s, c)
			}
		}
		return
	}
	for c := 0; c < n; c++ {
		for i, s := range e.srcs[c] {
			ms := e.movesFrom[c][i]
			z := y[ms[0]]
			if len(ms) > 1 {
				// z ⇔ ∨ y[m]
				z = e.a.NewVar()
				cl := []int{-z}
				for _, m := range ms {
					cl = append(cl, y[m])
					e.a.AddClause(z, -y[m])
				}
				e.a.AddClause(cl...)
			}
			e.link(z, prev, cur, s, c)
		}
		e.support(cur, prev, c, e.srcs[c])
	}
	for s := 0; s < n; s++ {
		e.support(prev, cur, s, e.dests[s])
	}
}

// canonical excludes the forbidden windows that end at step t.
func (e *steps) canonical(t int) {
	for _, w := range e.canon.Forbidden {
		if len(w) == 1 || len(w) > t {
			continue // length 1: the move has no variable at all
		}
		cl := make([]int, len(w))
		for i, m := range w {
			cl[i] = -e.y[t-len(w)+1+i][m]
		}
		e.a.AddClause(cl...)
	}
}

// Assume: the goal holds after step k.
func (e *steps) Assume(k int) []int {
	g, ok := e.goalAt[k]
	if !ok {
		g = e.goal(e.x[k])
		e.goalAt[k] = g
	}
	return []int{g}
}

// Parts: one state per move leaves nothing to split on.
func (e *steps) Parts(k int) []Part {
	return []Part{{Name: "all", Assume: e.Assume(k)}}
}

// Decode reads the moves of steps 1..k.
func (e *steps) Decode(model []bool, k int) ([]int, error) {
	if k >= len(e.x) {
		return nil, fmt.Errorf("encode/shift: decode %d steps of %d", k, len(e.x)-1)
	}
	out := make([]int, k)
	for t := 1; t <= k; t++ {
		out[t-1] = -1
		for m, lit := range e.y[t] {
			if lit != 0 && litTrue(model, lit) {
				if out[t-1] >= 0 {
					return nil, fmt.Errorf("encode/shift: step %d has two moves", t)
				}
				out[t-1] = m
			}
		}
		if out[t-1] < 0 {
			return nil, fmt.Errorf("encode/shift: step %d has no move", t)
		}
	}
	return out, nil
}
