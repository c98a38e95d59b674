package human

import (
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// latin is a toy kind for the engine's tests: an n×n Latin square (every
// value once per row and column) with givens. Unknown r*n+c is cell (r,c)
// with domain 0..n-1.
type latin struct {
	n      int
	givens []int   // -1 = empty
	lines  [][]int // rows and columns as unknown indices
}

// parseLatin reads rows separated by "/", '.' for empty, digits 1..n.
func parseLatin(s string) *latin {
	rows := strings.Split(s, "/")
	l := &latin{n: len(rows)}
	for _, row := range rows {
		for _, ch := range row {
			if ch == '.' {
				l.givens = append(l.givens, -1)
			} else {
				l.givens = append(l.givens, int(ch-'1'))
			}
		}
	}
	for a := 0; a < l.n; a++ {
		var row, col []int
		for b := 0; b < l.n; b++ {
			row = append(row, a*l.n+b)
			col = append(col, b*l.n+a)
		}
		l.lines = append(l.lines, row, col)
	}
	return l
}

func (l *latin) pos(i int) puzzle.Pos { return puzzle.Pos{Row: i / l.n, Col: i % l.n} }

func (l *latin) start() []Cands {
	sizes := make([]int, l.n*l.n)
	for i := range sizes {
		sizes[i] = l.n
	}
	cs, err := Full(sizes)
	if err != nil {
		panic(err)
	}
	for i, g := range l.givens {
		if g >= 0 {
			cs[i] = Only(g)
		}
	}
	return cs
}

// solutions enumerates up to limit solutions by backtracking.
func (l *latin) solutions(limit int) [][]int {
	g := append([]int(nil), l.givens...)
	var out [][]int
	var rec func(i int)
	rec = func(i int) {
		if len(out) >= limit {
			return
		}
		if i == len(g) {
			out = append(out, append([]int(nil), g...))
			return
		}
		r, c := i/l.n, i%l.n
		for v := 0; v < l.n; v++ {
			if g[i] >= 0 && g[i] != v {
				continue
			}
			ok := true
			for k := 0; k < l.n; k++ {
				if (k != c && g[r*l.n+k] == v) || (k != r && g[k*l.n+c] == v) {
					ok = false
				}
			}
			if ok {
				old := g[i]
				g[i] = v
				rec(i + 1)
				g[i] = old
			}
		}
	}
	rec(0)
	return out
}

var nakedSingle = &Rule{
	Name:  "naked-single",
	Doc:   "A cell with one candidate removes it from its row and column.",
	Level: 1,
	Apply: Typed(func(l *latin, p *Pass) []Deduction {
		var ds []Deduction
		for i, c := range p.Cands {
			v, ok := c.Single()
			if !ok {
				continue
			}
			var d Deduction
			r, c := i/l.n, i%l.n
			for k := 0; k < l.n; k++ {
				for _, j := range []int{r*l.n + k, k*l.n + c} {
					if j != i && p.Cands[j].Has(v) {
						d.Elims = append(d.Elims, Elim{Var: j, Value: v})
					}
				}
			}
			if len(d.Elims) > 0 {
				d.Cells, d.Reason = []puzzle.Pos{l.pos(i)}, fmt.Sprintf("%v is %d", l.pos(i), v+1)
				ds = append(ds, d)
			}
		}
		return ds
	}),
}

var hiddenSingle = &Rule{
	Name:  "hidden-single",
	Doc:   "A value with one place left in a line goes there; with none, contradiction.",
	Level: 2,
	Apply: Typed(func(l *latin, p *Pass) []Deduction {
		var ds []Deduction
		for _, ln := range l.lines {
			for v := 0; v < l.n; v++ {
				var at []int
				for _, j := range ln {
					if p.Cands[j].Has(v) {
						at = append(at, j)
					}
				}
				switch len(at) {
				case 0:
					return []Deduction{{Contradiction: true, Reason: fmt.Sprintf("no place for %d", v+1)}}
				case 1:
					d := Deduction{Cells: []puzzle.Pos{l.pos(at[0])}, Reason: fmt.Sprintf("only place for %d", v+1)}
					for _, w := range p.Cands[at[0]].Values() {
						if w != v {
							d.Elims = append(d.Elims, Elim{Var: at[0], Value: w})
						}
					}
					if len(d.Elims) > 0 {
						ds = append(ds, d)
					}
				}
			}
		}
		return ds
	}),
}

// latinPuzzles are uniqueness-minimal 7×7 Latin squares (each has one
// solution, checked by the tests).
var latinPuzzles = []string{
	"7.42.3./.4.72../3..4.../....1.3/.5...../.271.../4....5.",
	".6.2.../....41./2.7...5/.....3./6..3.../.74..5./7416...",
	"..572../32....5/67.1..3/....5.2/..46.../26...../4.....6",
	"..25.3./.2..641/.1...../...4276/63....2/..16.../..7....",
	"..7..1./6.152../72....3/.3.14../2.3..../....3../....5.4",
	"..16.25/2....../65..3../.423.../.....12/.7....3/....64.",
	"...7.6./.5..64./24..3../4..3.../.7...../1..2..5/5.2..14",
	"...2.../..5..4./...37.2/67....3/.....61/3.645../.2..3..",
	"....12./..6.27./...53../..536.2/1..7.5./...4.36/..1....",
	".4....3/4.61.../6..5.../...7.62/.32.1../..4..../.1..54.",
	"4.....7/....1.2/615.7../.76..../...2.5./..2..4./1..63..",
	"...75../.7.1.2./1....35/..546../......4/2.....1/.4...1.",
}
