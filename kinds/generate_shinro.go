package kinds

import (
	"context"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/puzzle"
	sm "github.com/puzzlesat/puzzlesat/puzzle/shinro"
)

// shinroDraft is a Shinro puzzle (counts from the planted stones, arrows
// that each see a planted stone) with its planted solution.
type shinroDraft struct {
	p *sm.Puzzle
}

var _ Draft = (*shinroDraft)(nil)

func startShinro(_ context.Context, rng *rand.Rand, opt GenOptions) (Draft, error) {
	stones := opt.Stones
	if stones <= 0 {
		stones = max(1, opt.Rows*opt.Cols*3/16)
	}
	// A few arrows to start with; step 2 adds the ones uniqueness needs.
	p, err := sm.Random(rng, opt.Rows, opt.Cols, stones, opt.Rows*opt.Cols/16)
	if err != nil {
		return nil, err
	}
	p.Title = opt.Name
	return &shinroDraft{p: p}, nil
}

func (d *shinroDraft) Text(withSol bool) string {
	q := *d.p
	if !withSol {
		q.Solution = nil
	}
	return sm.FormatText(&q)
}

func (d *shinroDraft) Intended() puzzle.Assignment { return d.p.Solution }

// withArrows returns a Draft with the arrow grid a.
func (d *shinroDraft) withArrows(a [][]sm.Dir) (*shinroDraft, error) {
	p, err := sm.New(d.p.Title, a, d.p.RowCounts, d.p.ColCounts, d.p.Total)
	if err != nil {
		return nil, genInternal(err)
	}
	// The unknowns follow the arrows, so the planted stones are carried
	// over as stones (no stone lies where an arrow is added).
	p.Solution = p.AssignmentOf(d.p.StonesOf(d.p.Solution))
	return &shinroDraft{p: p}, nil
}

func (d *shinroDraft) arrows() [][]sm.Dir {
	a := make([][]sm.Dir, len(d.p.Arrows))
	for r := range a {
		a[r] = append([]sm.Dir(nil), d.p.Arrows[r]...)
	}
	return a
}

// exclude adds an arrow on a cell empty in the planted solution, pointing
// at a planted stone, that second breaks (it leaves the arrow unseen, or
// has a stone on the arrow's cell).
func (d *shinroDraft) Exclude(rng *rand.Rand, others []puzzle.Assignment) (Draft, error) {
	s2 := d.p.StonesOf(others[0])
	rest := make([]sm.Stones, len(others)-1)
	for i, a := range others[1:] {
		rest[i] = d.p.StonesOf(a)
	}
	sol := d.p.StonesOf(d.p.Solution)
	var found []*shinroDraft
	for r, row := range d.p.Arrows {
		for c, dir := range row {
			if dir != sm.None || sol[r][c] {
				continue
			}
			for _, nd := range []sm.Dir{sm.SW, sm.S, sm.SE, sm.W, sm.E, sm.NW, sm.N, sm.NE} {
				dr, dc := nd.Delta()
				if rr, cc := r+dr, c+dc; rr < 0 || rr >= len(sol) || cc < 0 || cc >= len(row) {
					continue // points off the grid
				}
				a := d.arrows()
				a[r][c] = nd
				e, err := d.withArrows(a)
				if err != nil {
					return nil, err
				}
				if len(e.breaks(sol)) == 0 && len(e.breaks(s2)) > 0 {
					found = append(found, e)
				}
			}
		}
	}
	if len(found) == 0 {
		return nil, nil
	}
	return best(rng, found, func(e *shinroDraft) int {
		n := 0
		for _, s := range rest {
			if len(e.breaks(s)) > 0 {
				n++
			}
		}
		return n
	}), nil
}

// breaks names the rules stones break in d's puzzle. A stone on one of
// its arrows cannot be an unknown's value and is dropped, which breaks
// that stone's row count (the stones come from a draft with the same
// counts), so a grid with a stone on an arrow is still caught.
func (d *shinroDraft) breaks(s sm.Stones) []puzzle.Violation {
	return d.p.Verify(d.p.AssignmentOf(s))
}

func (d *shinroDraft) Clues() []int {
	var ids []int
	for _, q := range d.p.ArrowCells() {
		ids = append(ids, q.Row*d.p.Cols()+q.Col)
	}
	return ids
}

func (d *shinroDraft) Without(id int) (Draft, error) {
	a := d.arrows()
	a[id/d.p.Cols()][id%d.p.Cols()] = sm.None
	return d.withArrows(a)
}
