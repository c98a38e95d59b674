package kinds

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/puzzle"
	jm "github.com/puzzlesat/puzzlesat/puzzle/juosan"
)

// juosanDraft is a Juosan puzzle with its planted solution. Its numbers
// are always the larger symbol count of the planted solution in the
// territory, which fits both readings.
type juosanDraft struct {
	p   *jm.Puzzle
	sol jm.Grid
	rd  jm.Reading
	// seen are solutions step 2 has excluded (the most recent maxSeen).
	seen []jm.Grid
}

var _ Draft = (*juosanDraft)(nil)

func startJuosan(_ context.Context, rng *rand.Rand, opt GenOptions) (Draft, error) {
	rd, err := jm.ParseReading(opt.Kind.Rule)
	if err != nil {
		return nil, err
	}
	p, sol, err := jm.Random(rng, opt.Rows, opt.Cols)
	if err != nil {
		return nil, err
	}
	p.Title = opt.Name
	// Step 2 works on unnumbered territories, so the start has no numbers;
	// a single cell never carries information, so singletons join a
	// random neighbour.
	d := &juosanDraft{p: p, sol: sol, rd: rd}
	l, _ := d.labels()
	for r := range l {
		for c := range l[r] {
			q := puzzle.Pos{Row: r, Col: c}
			if p.Size(p.RegionAt(q)) == 1 {
				nbs := p.Neighbors(q)
				nb := nbs[rng.IntN(len(nbs))]
				l[r][c] = l[nb.Row][nb.Col]
			}
		}
	}
	return d.with(l, map[int]bool{})
}

func (d *juosanDraft) Text(withSol bool) string {
	p := *d.p
	if withSol {
		p.Solution = d.sol.Assignment()
	}
	return jm.FormatCanonical(&p)
}

func (d *juosanDraft) Intended() puzzle.Assignment { return d.sol.Assignment() }

// number is the clue the planted solution gives territory t.
func (d *juosanDraft) number(cells []puzzle.Pos) int {
	h := 0
	for _, q := range cells {
		if d.sol[q.Row][q.Col] == jm.Horiz {
			h++
		}
	}
	return max(h, len(cells)-h)
}

// with returns a Draft for region labels (any ints; every connected group
// of equal labels becomes a territory) numbered where numbered[label].
func (d *juosanDraft) with(labels [][]int, numbered map[int]bool) (*juosanDraft, error) {
	region, clue := d.partition(labels, numbered)
	return d.build(region, clue, d.seen)
}

// build validates a territory map and clues into a Draft.
func (d *juosanDraft) build(region [][]int, clue []int, seen []jm.Grid) (*juosanDraft, error) {
	p, err := jm.New(d.p.Title, region, clue)
	if err != nil {
		return nil, genInternal(err)
	}
	return &juosanDraft{p: p.WithReading(d.rd), sol: d.sol, rd: d.rd, seen: seen}, nil
}

// partition turns labels into a territory map (connected groups of equal
// labels) and clues: the planted count where numbered[label].
func (d *juosanDraft) partition(labels [][]int, numbered map[int]bool) ([][]int, []int) {
	rows, cols := d.p.NumRows, d.p.NumCols
	region := make([][]int, rows)
	for r := range region {
		region[r] = make([]int, cols)
		for c := range region[r] {
			region[r][c] = -1
		}
	}
	var clue []int
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if region[r][c] >= 0 {
				continue
			}
			t, lab := len(clue), labels[r][c]
			region[r][c] = t
			cells := []puzzle.Pos{{Row: r, Col: c}}
			for i := 0; i < len(cells); i++ {
				for _, q := range d.p.Neighbors(cells[i]) {
					if region[q.Row][q.Col] < 0 && labels[q.Row][q.Col] == lab {
						region[q.Row][q.Col] = t
						cells = append(cells, q)
					}
				}
			}
			cl := jm.NoNumber
			if numbered[lab] {
				cl = d.number(cells)
			}
			clue = append(clue, cl)
		}
	}
	return region, clue
}

// countsBreak reports whether grid g, which keeps the no-three rules,
// breaks a number of the territory map region with clues clue. It is
// Verify without the messages, for the many candidates of step 2.
func countsBreak(region [][]int, clue []int, g jm.Grid, rd jm.Reading, h, n []int) bool {
	clear(h)
	clear(n)
	for r, row := range region {
		for c, t := range row {
			n[t]++
			if g[r][c] == jm.Horiz {
				h[t]++
			}
		}
	}
	for t, cl := range clue {
		if cl >= 0 && !jm.CountPossible(h[t], n[t]-h[t], 0, cl, rd) {
			return true
		}
	}
	return false
}

// maxSeen bounds juosanDraft.seen.
const maxSeen = 64

// exclude returns the Draft with a number added, or a numbered piece
// carved out, that others[0] breaks (see step 2 in the package doc).
func (d *juosanDraft) Exclude(rng *rand.Rand, others []puzzle.Assignment) (Draft, error) {
	grids := make([]jm.Grid, len(others))
	for i, a := range others {
		g, err := d.p.GridOf(a)
		if err != nil {
			return nil, genInternal(err)
		}
		grids[i] = g
	}
	// A clue must break others[0]; among those, the one breaking most of
	// the other solutions found now and excluded before wins, and those it
	// breaks are remembered. Preferring clues that keep earlier solutions
	// excluded stops step 2 from cycling when it trades a territory's
	// number for its pieces'.
	g2 := grids[0]
	pool := append(append([]jm.Grid(nil), grids[1:]...), d.seen...)
	type candidate struct {
		region [][]int
		clue   []int
		seen   []jm.Grid
	}
	var (
		found []candidate
		h, n  []int
	)
	try := func(piece []puzzle.Pos, t int) error {
		l, num := d.labels()
		if piece != nil {
			t = len(d.p.Clue)
			for _, q := range piece {
				l[q.Row][q.Col] = t
			}
		}
		num[t] = true
		region, clue := d.partition(l, num)
		if len(h) < len(clue) {
			h, n = make([]int, 2*len(clue)), make([]int, 2*len(clue))
		}
		hh, nn := h[:len(clue)], n[:len(clue)]
		if countsBreak(region, clue, d.sol, d.rd, hh, nn) {
			return genInternal(errors.New("a planted number does not fit the planted solution"))
		}
		if !countsBreak(region, clue, g2, d.rd, hh, nn) {
			return nil
		}
		seen := []jm.Grid{g2}
		for _, g := range pool {
			if len(seen) < maxSeen && countsBreak(region, clue, g, d.rd, hh, nn) {
				seen = append(seen, g)
			}
		}
		found = append(found, candidate{region, clue, seen})
		return nil
	}
	pick := func() (Draft, error) {
		c := best(rng, found, func(c candidate) int { return len(c.seen) })
		e, err := d.build(c.region, c.clue, c.seen)
		if err != nil {
			return nil, err
		}
		// The fast check above is Verify's count part; Verify has the
		// last word.
		if len(e.p.Verify(e.sol.Assignment())) > 0 || len(e.p.Verify(g2.Assignment())) == 0 {
			return nil, genInternal(errors.New("the new clue does not separate the solutions"))
		}
		return e, nil
	}
	for t := range d.p.Clue {
		if !d.p.Numbered(t) && d.p.Size(t) <= 3 {
			if err := try(nil, t); err != nil {
				return nil, err
			}
		}
	}
	// First pass: pieces out of unnumbered territories only, which only
	// adds constraints. Second pass, when that finds nothing: out of
	// numbered ones too, the rest of the territory keeping a number; this
	// trades the territory's number for its pieces', so it may undo earlier
	// progress (the preference for clues that break seen solutions and
	// maxRefine bound that).
	for _, anyTerritory := range []bool{false, true} {
		if len(found) > 0 {
			break
		}
		free := func(q puzzle.Pos) bool { return d.p.In(q) && (anyTerritory || !d.p.Numbered(d.p.RegionAt(q))) }
		for r := range d.sol {
			for c := range d.sol[r] {
				x := puzzle.Pos{Row: r, Col: c}
				if d.sol[r][c] == g2[r][c] || !free(x) {
					continue
				}
				for _, y := range d.p.Neighbors(x) {
					if free(y) {
						if err := try([]puzzle.Pos{x, y}, 0); err != nil {
							return nil, err
						}
					}
				}
				// Straight triples: numbered 3 they pin their symbol, as a
				// run of three of the other one is forbidden.
				for _, dir := range []puzzle.Pos{{Row: 1}, {Col: 1}} {
					for off := -2; off <= 0; off++ {
						var piece []puzzle.Pos
						for i := off; i < off+3; i++ {
							q := puzzle.Pos{Row: r + i*dir.Row, Col: c + i*dir.Col}
							if !free(q) {
								piece = nil
								break
							}
							piece = append(piece, q)
						}
						if piece != nil {
							if err := try(piece, 0); err != nil {
								return nil, err
							}
						}
					}
				}
				t := d.p.RegionAt(x)
				for k := 3; k <= min(4, d.p.Size(t)-1); k++ {
					if err := try(d.grow(rng, x, t, k), 0); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	if len(found) == 0 {
		return nil, nil
	}
	return pick()
}

// labels returns a copy of the territory map and which territories are
// numbered.
func (d *juosanDraft) labels() ([][]int, map[int]bool) {
	l := make([][]int, d.p.NumRows)
	for r := range l {
		l[r] = append([]int(nil), d.p.Region[r]...)
	}
	num := map[int]bool{}
	for t := range d.p.Clue {
		num[t] = d.p.Numbered(t)
	}
	return l, num
}

// grow returns a random connected piece of k cells of territory t holding
// x (fewer when t runs out).
func (d *juosanDraft) grow(rng *rand.Rand, x puzzle.Pos, t, k int) []puzzle.Pos {
	piece := []puzzle.Pos{x}
	in := map[puzzle.Pos]bool{x: true}
	for len(piece) < k {
		var frontier []puzzle.Pos
		for _, q := range piece {
			for _, nb := range d.p.Neighbors(q) {
				if !in[nb] && d.p.RegionAt(nb) == t {
					frontier = append(frontier, nb)
				}
			}
		}
		if len(frontier) == 0 {
			break
		}
		q := frontier[rng.IntN(len(frontier))]
		in[q] = true
		piece = append(piece, q)
	}
	return piece
}

func (d *juosanDraft) Clues() []int {
	var ids []int
	for t := range d.p.Clue {
		if d.p.Numbered(t) {
			ids = append(ids, t)
		}
	}
	return ids
}

func (d *juosanDraft) Without(id int) (Draft, error) {
	clue := append([]int(nil), d.p.Clue...)
	clue[id] = jm.NoNumber
	p, err := jm.New(d.p.Title, d.p.Region, clue)
	if err != nil {
		return nil, genInternal(err)
	}
	return &juosanDraft{p: p.WithReading(d.rd), sol: d.sol, rd: d.rd}, nil
}
