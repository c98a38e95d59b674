package shinro

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	es "github.com/puzzlesat/puzzlesat/kinds/shinro/cnf"
	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The Shinro start methods.
const (
	// shinroAuto is shinroPlant for bands of rule levels up to 3 (and
	// "any"), shinroGA for the harder ones, which planted arrows rarely
	// reach (1 attempt in 40 for level 4, against the genetic algorithm's
	// 1 in 4).
	shinroAuto = "auto"
	// shinroPlant plants stones and a few arrows; Help adds arrows where
	// the rules stall.
	shinroPlant = "plant"
	// shinroGA is the paper's genetic algorithm (generate_shinro_ga.go).
	shinroGA = "ga"
)

// shinroDraft is a Shinro puzzle (counts from the planted stones, arrows
// that each see a planted stone) with its planted solution. Its clues are
// the arrows.
type shinroDraft struct {
	p    *sm.Puzzle
	card string
}

var _ kind.GuardedDraft = (*shinroDraft)(nil)

// stonesFlag is Shinro's generation flag: how many stones to plant.
var stonesFlag = kind.Flag{Name: "stones", Usage: "Shinro stone count (default: 3/16 of the cells)"}

// stones is the Shinro stone count of opt (checkShinro has refused a
// malformed one).
func stones(opt kind.GenOptions) int {
	if n, err := strconv.Atoi(opt.Kind.Flag(stonesFlag.Name)); err == nil && n > 0 {
		return n
	}
	return max(1, opt.Rows*opt.Cols*3/16)
}

func startShinro(ctx context.Context, rng *rand.Rand, opt kind.GenOptions) (kind.Draft, error) {
	method := opt.Method
	if method == "" || method == shinroAuto {
		method = shinroPlant
		if b := opt.Band; b != nil && (b.Trials || b.Levels.Lo >= 4) {
			method = shinroGA
		}
	}
	if method == shinroGA {
		return startShinroGA(ctx, rng, opt)
	}
	// A few arrows to start with; Help adds the ones the rules need.
	p, err := sm.Random(rng, opt.Rows, opt.Cols, stones(opt), opt.Rows*opt.Cols/16)
	if err != nil {
		return nil, err
	}
	p.Title = opt.Name
	return &shinroDraft{p: p, card: opt.Kind.Card}, nil
}

func (d *shinroDraft) Text(withSol bool) string {
	q := *d.p
	if !withSol {
		q.Solution = nil
	}
	return sm.FormatText(&q)
}

func (d *shinroDraft) Instance() (kind.Instance, error) {
	return models.Instance(d.p, kind.Options{Card: d.card}), nil
}

func (d *shinroDraft) Intended() puzzle.Assignment { return d.p.Solution }

// planted is the planted stone grid.
func (d *shinroDraft) planted() sm.Stones { return d.p.StonesOf(d.p.Solution) }

// withArrows returns a kind.Draft with the arrow grid a.
func (d *shinroDraft) withArrows(a [][]sm.Dir) (*shinroDraft, error) {
	return shinroWith(d.p.Title, a, d.planted(), d.card)
}

// shinroWith builds the draft of arrows a over planted stones s (counts
// from s; no stone may lie on an arrow).
func shinroWith(title string, a [][]sm.Dir, s sm.Stones, card string) (*shinroDraft, error) {
	rows, cols := make([]int, len(s)), make([]int, len(s[0]))
	total := 0
	for r := range s {
		for c, st := range s[r] {
			if st {
				rows[r]++
				cols[c]++
				total++
			}
		}
	}
	p, err := sm.New(title, a, rows, cols, total)
	if err != nil {
		return nil, kind.InternalError(err)
	}
	p.Solution = p.AssignmentOf(s)
	return &shinroDraft{p: p, card: card}, nil
}

func (d *shinroDraft) arrows() [][]sm.Dir {
	a := make([][]sm.Dir, len(d.p.Arrows))
	for r := range a {
		a[r] = append([]sm.Dir(nil), d.p.Arrows[r]...)
	}
	return a
}

// shinroDirs are the eight directions.
var shinroDirs = []sm.Dir{sm.SW, sm.S, sm.SE, sm.W, sm.E, sm.NW, sm.N, sm.NE}

// ray lists the cells from q in direction dir to the edge.
func ray(rows, cols int, q puzzle.Pos, dir sm.Dir) []puzzle.Pos {
	dr, dc := dir.Delta()
	var out []puzzle.Pos
	for r, c := q.Row+dr, q.Col+dc; r >= 0 && r < rows && c >= 0 && c < cols; r, c = r+dr, c+dc {
		out = append(out, puzzle.Pos{Row: r, Col: c})
	}
	return out
}

// seesStone reports whether the arrow at q pointing dir sees a stone of s.
func seesStone(s sm.Stones, q puzzle.Pos, dir sm.Dir) bool {
	for _, x := range ray(len(s), len(s[0]), q, dir) {
		if s[x.Row][x.Col] {
			return true
		}
	}
	return false
}

// Help offers arrows around kind.Undetermined cells (where other differs, if
// set): on such a cell that is empty in the planted solution (its cell is
// then known), pointing at a planted stone; or, on such a cell holding a
// planted stone, an arrow on an empty non-arrow cell that points at it.
// With other, only offers other breaks are kept.
func (d *shinroDraft) Help(rng *rand.Rand, stuck []human.Cands, other puzzle.Assignment) ([]kind.Draft, error) {
	sol := d.planted()
	rows, cols := d.p.Rows(), d.p.Cols()
	open := kind.Undetermined(stuck, d.p.Solution, other)
	rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
	var otherStones sm.Stones
	if other != nil {
		otherStones = d.p.StonesOf(other)
	}
	var out []kind.Draft
	for _, i := range open {
		if len(out) == shinroHelps {
			break
		}
		q := d.p.Pos(i)
		at, dir := q, sm.None
		if !sol[q.Row][q.Col] {
			var ok []sm.Dir
			for _, dd := range shinroDirs {
				if seesStone(sol, q, dd) {
					ok = append(ok, dd)
				}
			}
			if len(ok) > 0 {
				dir = ok[rng.IntN(len(ok))]
			}
		} else {
			type spot struct {
				q   puzzle.Pos
				dir sm.Dir
			}
			var spots []spot
			for _, dd := range shinroDirs {
				// Cells from which dd points at q: q's ray the other way.
				back := 10 - dd // numpad: 1↔9, 2↔8, 3↔7, 4↔6
				for _, x := range ray(rows, cols, q, back) {
					if !sol[x.Row][x.Col] && d.p.Arrows[x.Row][x.Col] == sm.None {
						spots = append(spots, spot{x, dd})
					}
				}
			}
			if len(spots) > 0 {
				sp := spots[rng.IntN(len(spots))]
				at, dir = sp.q, sp.dir
			}
		}
		if dir == sm.None {
			continue
		}
		a := d.arrows()
		a[at.Row][at.Col] = dir
		e, err := d.withArrows(a)
		if err != nil {
			return nil, err
		}
		// A stone of other on the new arrow is dropped by AssignmentOf,
		// which breaks its row count: Verify sees it.
		if other != nil && len(e.p.Verify(e.p.AssignmentOf(otherStones))) == 0 {
			continue
		}
		out = append(out, e)
	}
	return out, nil
}

// shinroHelps bounds the drafts Help offers.
const shinroHelps = 4

func (d *shinroDraft) Clues() []int {
	var ids []int
	for _, q := range d.p.ArrowCells() {
		ids = append(ids, q.Row*d.p.Cols()+q.Col)
	}
	return ids
}

func (d *shinroDraft) Without(id int) (kind.Draft, error) {
	a := d.arrows()
	a[id/d.p.Cols()][id%d.p.Cols()] = sm.None
	return d.withArrows(a)
}

// EncodeGuarded writes the counts on a grid without arrows (every cell an
// unknown), then each arrow behind a selector: no stone on its cell, a
// stone on its ray.
func (d *shinroDraft) EncodeGuarded(b *encode.Builder) (*kind.Guarded, error) {
	rows, cols := d.p.Rows(), d.p.Cols()
	none := make([][]sm.Dir, rows)
	for r := range none {
		none[r] = make([]sm.Dir, cols)
	}
	base, err := shinroWith(d.p.Title, none, d.planted(), d.card)
	if err != nil {
		return nil, err
	}
	lay, err := es.Encode(b, base.p, es.Options{Card: d.card})
	if err != nil {
		return nil, err
	}
	stone := func(q puzzle.Pos) int { return lay.Lits[q.Row*cols+q.Col][sm.Stone] }
	g := &kind.Guarded{Selectors: map[int]int{}, Intended: kind.IntendedLits(lay, base.p.Solution)}
	for _, q := range d.p.ArrowCells() {
		s := b.NewVar()
		b.AddClause(-s, -stone(q))
		c := []int{-s}
		for _, x := range ray(rows, cols, q, d.p.Arrows[q.Row][q.Col]) {
			c = append(c, stone(x))
		}
		b.AddClause(c...)
		g.Selectors[q.Row*cols+q.Col] = s
	}
	return g, nil
}

// Shinro levels: 1 fill/clear/arrow-single, 2 arrow-line/pairs,
// 3 path-count/impossible, 4 pigeonhole. The playshinro set's Easy
// puzzles need levels 1 and 2, its Medium and Hard ones 3 and 4.
var generation = &kind.Generation{Rows: 8, Cols: 8, Check: checkShinro, Start: startShinro,
	Methods: []string{shinroAuto, shinroPlant, shinroGA}, Flags: []kind.Flag{stonesFlag}, Bands: []kind.Band{
		{Name: "easy", Levels: kind.Levels{Lo: 0, Hi: 2}, MaxRows: 10, MaxCols: 10},
		{Name: "medium", Levels: kind.Levels{Lo: 3, Hi: 3}, MaxRows: 10, MaxCols: 10},
		{Name: "hard", Levels: kind.Levels{Lo: 4, Hi: 4}, MaxRows: 10, MaxCols: 10},
		{Name: "expert", Trials: true, MaxRows: 10, MaxCols: 10},
	}}

// checkShinro rejects a stone count that is not a count, or more stones
// than cells.
func checkShinro(opt kind.GenOptions) error {
	v := opt.Kind.Flag(stonesFlag.Name)
	if v == "" {
		return nil
	}
	n, err := strconv.Atoi(v)
	switch {
	case err != nil || n < 0:
		return fmt.Errorf("--%s %q: want a whole number of stones (0: the default)", stonesFlag.Name, v)
	case n > opt.Rows*opt.Cols:
		return fmt.Errorf("%d stones do not fit %dx%d", n, opt.Rows, opt.Cols)
	}
	return nil
}
