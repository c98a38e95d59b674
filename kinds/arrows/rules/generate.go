package rules

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/human"
	model "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
)

// GenOptions shape generated puzzles.
type GenOptions struct {
	Rows, Cols int
	Diagonal   bool
	// MaxGivens caps the givens (default: 15% of the cells, at least 3).
	MaxGivens int
	// Attempts bounds the random layouts tried (default 200).
	Attempts int
	// MaxRotations bounds the arrows rotated on contradictions per layout
	// (0: 4; < 0: none).
	MaxRotations int
}

// Generate makes a puzzle the way the reference generator does, with its
// improvements: random arrows (those pointing off the grid flipped
// inward), then repeatedly solve with engine; when stuck, fix a random
// undetermined cell to a random candidate (it becomes a given); on a
// contradiction, rotate the offending arrow (a cell the contradiction
// names, or one left without candidates) to another direction into the
// grid and solve again, at most MaxRotations times per layout, before
// starting over; never more givens than MaxGivens. The result is solved by
// engine; with sound rules it has exactly one solution (with unsound
// rules it may have several, which is what a rules audit must catch).
func Generate(ctx context.Context, rng *rand.Rand, engine *human.Engine, opt GenOptions) (*model.Puzzle, error) {
	if opt.Rows < 1 || opt.Cols < 1 || max(opt.Rows, opt.Cols) > model.MaxValue+1 {
		return nil, fmt.Errorf("arrows: cannot generate a %dx%d puzzle", opt.Rows, opt.Cols)
	}
	maxGivens := opt.MaxGivens
	if maxGivens <= 0 {
		maxGivens = max(3, opt.Rows*opt.Cols*15/100)
	}
	attempts := opt.Attempts
	if attempts <= 0 {
		attempts = 200
	}
	rotations := opt.MaxRotations
	if rotations == 0 {
		rotations = 4
	}
	for a := 0; a < attempts; a++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := randomLayout(rng, opt)
		rotated := 0
		for {
			res, err := engine.Solve(ctx, Input(p), Start(p))
			if err != nil {
				return nil, err
			}
			if res.Status == human.StatusContradiction {
				i := offending(p, res)
				if rotated >= rotations || i < 0 || !rotate(rng, p, opt, i) {
					break
				}
				rotated++
				continue
			}
			if res.Status == human.StatusSolved {
				sol := human.Values(res.Cands)
				if p.Verify(sol) != nil {
					break
				}
				p.Solution = sol
				p.Title = fmt.Sprintf("generated-%dx%d-%d", opt.Rows, opt.Cols, a)
				return p, nil
			}
			var open []int
			for i, c := range res.Cands {
				if c.Count() > 1 {
					open = append(open, i)
				}
			}
			if givens(p) >= maxGivens || len(open) == 0 {
				break
			}
			i := open[rng.IntN(len(open))]
			vs := res.Cands[i].Values()
			pos := p.Pos(i)
			p.Given[pos.Row][pos.Col] = vs[rng.IntN(len(vs))]
		}
	}
	return nil, fmt.Errorf("arrows: no %dx%d puzzle after %d layouts", opt.Rows, opt.Cols, attempts)
}

// offending names the cell whose arrow a contradiction is blamed on: one
// left without candidates, else a cell of the contradicting step that is
// not a given; -1 when there is none.
func offending(p *model.Puzzle, res *human.Result) int {
	for i, c := range res.Cands {
		if c == 0 && p.Given[i/p.NumCols][i%p.NumCols] < 0 {
			return i
		}
	}
	if n := len(res.Steps); n > 0 {
		for _, q := range res.Steps[n-1].Cells {
			if i := p.Index(q); i >= 0 && p.Given[q.Row][q.Col] < 0 {
				return i
			}
		}
	}
	return -1
}

// Rotate turns the arrow of cell i of p (a layout of opt's kind) to a
// random other direction that points into the grid; false when there is
// none.
func Rotate(rng *rand.Rand, p *model.Puzzle, opt GenOptions, i int) bool {
	return rotate(rng, p, opt, i)
}

// rotate is Rotate.
func rotate(rng *rand.Rand, p *model.Puzzle, opt GenOptions, i int) bool {
	r, c := i/p.NumCols, i%p.NumCols
	step := 2
	if opt.Diagonal {
		step = 1
	}
	var ok []model.Dir
	for d := model.Dir(0); d < 8; d += model.Dir(step) {
		if d != p.Dirs[r][c] && len(rayOf(opt, r, c, d)) > 0 {
			ok = append(ok, d)
		}
	}
	if len(ok) == 0 {
		return false
	}
	p.Dirs[r][c] = ok[rng.IntN(len(ok))]
	p.Prepare()
	return true
}

func givens(p *model.Puzzle) int {
	n := 0
	for _, row := range p.Given {
		for _, g := range row {
			if g >= 0 {
				n++
			}
		}
	}
	return n
}

// RandomLayout is the generator's starting point: random arrows (flipped
// inward where they would point off the grid) and no givens. Such layouts
// usually have many solutions, which makes them good audit material: an
// unsound rule is refuted by any solution it excludes.
func RandomLayout(rng *rand.Rand, opt GenOptions) *model.Puzzle { return randomLayout(rng, opt) }

func randomLayout(rng *rand.Rand, opt GenOptions) *model.Puzzle {
	p := &model.Puzzle{NumRows: opt.Rows, NumCols: opt.Cols}
	step := 2
	if opt.Diagonal {
		step = 1
	}
	for r := 0; r < opt.Rows; r++ {
		dirs := make([]model.Dir, opt.Cols)
		given := make([]int, opt.Cols)
		for c := range dirs {
			d := model.Dir(rng.IntN(8/step) * step)
			if len(rayOf(opt, r, c, d)) == 0 && len(rayOf(opt, r, c, (d+4)%8)) > 0 {
				d = (d + 4) % 8 // flip an arrow pointing off the grid inward
			}
			dirs[c], given[c] = d, -1
		}
		p.Dirs, p.Given = append(p.Dirs, dirs), append(p.Given, given)
	}
	p.Meta = model.Metadata{Size: fmt.Sprintf("%dx%d", opt.Rows, opt.Cols), Arrows: "Straight"}
	if opt.Diagonal {
		p.Meta.Arrows = "Diagonal"
	}
	p.Prepare()
	return p
}

func rayOf(opt GenOptions, r, c int, d model.Dir) []int {
	dr, dc := d.Delta()
	var out []int
	for rr, cc := r+dr, c+dc; rr >= 0 && rr < opt.Rows && cc >= 0 && cc < opt.Cols; rr, cc = rr+dr, cc+dc {
		out = append(out, rr*opt.Cols+cc)
	}
	return out
}
