package juosan

import (
	"context"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	"github.com/puzzlesat/puzzlesat/human"
	ej "github.com/puzzlesat/puzzlesat/kinds/juosan/cnf"
	jm "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// juosanDraft is a Juosan puzzle with its planted solution. Its numbers
// are always the larger symbol count of the planted solution in the
// territory, which fits both readings. Its clues are the numbers; the
// territories are its structure, which Help refines.
type juosanDraft struct {
	p    *jm.Puzzle
	sol  jm.Grid
	rd   jm.Reading
	card string
	// seen are other solutions Help broke (the latest juosanSeen): its
	// offers keep them broken, so that cutting territories again never
	// lets one back.
	seen []puzzle.Assignment
}

var (
	_ kind.GuardedDraft = (*juosanDraft)(nil)
)

// startJuosan plants jm.Random's grid on territories cut as janko.at's
// Juosan puzzles are: rectangles of 2 to 6 cells, mostly bars one cell
// wide (rectangles), every territory numbered: the most the numbers can
// say on this map, which minimisation then thins out. Bars are what gives
// the rules their first foothold (three '-' side by side, or three '|'
// stacked, pin themselves once numbered 3).
func startJuosan(_ context.Context, rng *rand.Rand, opt kind.GenOptions) (kind.Draft, error) {
	rd, err := jm.ParseReading(opt.Kind.Flag("rule"))
	if err != nil {
		return nil, err
	}
	p, sol, err := jm.Random(rng, opt.Rows, opt.Cols)
	if err != nil {
		return nil, err
	}
	p.Title = opt.Name
	d := &juosanDraft{p: p, sol: sol, rd: rd, card: opt.Kind.Card}
	return d.with(d.rectangles(rng), func(int) bool { return true })
}

// juosanShapes are the territory shapes planted (rows, cols), with
// repeats as weights.
var juosanShapes = [][2]int{{1, 2}, {2, 1}, {1, 3}, {3, 1}, {1, 3}, {3, 1}, {1, 4}, {4, 1}, {2, 2}, {2, 3}, {3, 2}}

// rectangles cuts the grid into random rectangles of juosanShapes, in
// reading order of their first cell (see tile).
func (d *juosanDraft) rectangles(rng *rand.Rand) [][]int {
	l := make([][]int, d.p.NumRows)
	for r := range l {
		l[r] = make([]int, d.p.NumCols)
		for c := range l[r] {
			l[r][c] = -1
		}
	}
	d.tile(rng, l, 0)
	return l
}

// tile cuts the cells of l marked -1 into random rectangles of
// juosanShapes lying on such cells, labelled first, first+1, ... in
// reading order of their first cell. Half the time a bar that pins itself
// on the planted symbols (three or four '-' side by side, or '|'
// stacked) is taken first when one fits: they are what gives the rules
// their first foothold. A cell no shape fits joins a neighbouring new
// territory (a lone cell stays alone only when it has no such neighbour).
// It returns the next free label.
func (d *juosanDraft) tile(rng *rand.Rand, l [][]int, first int) int {
	rows, cols := len(l), len(l[0])
	free := func(r, c int) bool { return r >= 0 && r < rows && c >= 0 && c < cols && l[r][c] == -1 }
	fits := func(r, c, h, w int) bool {
		for dr := 0; dr < h; dr++ {
			for dc := 0; dc < w; dc++ {
				if !free(r+dr, c+dc) {
					return false
				}
			}
		}
		return true
	}
	n := first
	var lone []puzzle.Pos
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if !free(r, c) {
				continue
			}
			h, w := 0, 0
			if rng.IntN(2) == 0 {
				var pins [][2]int
				for _, sh := range [][2]int{{1, 3}, {1, 4}, {3, 1}, {4, 1}} {
					if fits(r, c, sh[0], sh[1]) && d.pinsBar(r, c, sh[0], sh[1]) {
						pins = append(pins, sh)
					}
				}
				if len(pins) > 0 {
					sh := pins[rng.IntN(len(pins))]
					h, w = sh[0], sh[1]
				}
			}
			for _, k := range rng.Perm(len(juosanShapes)) {
				if h > 0 {
					break
				}
				if sh := juosanShapes[k]; fits(r, c, sh[0], sh[1]) {
					h, w = sh[0], sh[1]
				}
			}
			if h == 0 {
				h, w = 1, 1
				lone = append(lone, puzzle.Pos{Row: r, Col: c})
			}
			for dr := 0; dr < h; dr++ {
				for dc := 0; dc < w; dc++ {
					l[r+dr][c+dc] = n
				}
			}
			n++
		}
	}
	for _, q := range lone {
		for _, nb := range []puzzle.Pos{{Row: q.Row, Col: q.Col - 1}, {Row: q.Row - 1, Col: q.Col}, {Row: q.Row, Col: q.Col + 1}, {Row: q.Row + 1, Col: q.Col}} {
			if nb.Row >= 0 && nb.Row < rows && nb.Col >= 0 && nb.Col < cols && l[nb.Row][nb.Col] >= first && l[nb.Row][nb.Col] != l[q.Row][q.Col] {
				l[q.Row][q.Col] = l[nb.Row][nb.Col]
				break
			}
		}
	}
	return n
}

// pinsBar reports whether the h×w bar at (r, c) (one side 1, the other 3
// or more) pins itself on the planted symbols: all '-' side by side or
// all '|' stacked.
func (d *juosanDraft) pinsBar(r, c, h, w int) bool {
	want := jm.Horiz
	if w == 1 {
		want = jm.Vert
	}
	for dr := 0; dr < h; dr++ {
		for dc := 0; dc < w; dc++ {
			if d.sol[r+dr][c+dc] != want {
				return false
			}
		}
	}
	return true
}

// retile returns the draft with the territories meeting the 3×3 window
// around x cut again into random rectangles, all numbered.
func (d *juosanDraft) retile(rng *rand.Rand, x puzzle.Pos) (*juosanDraft, bool, error) {
	hit := map[int]bool{}
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if q := (puzzle.Pos{Row: x.Row + dr, Col: x.Col + dc}); d.p.In(q) {
				hit[d.p.RegionAt(q)] = true
			}
		}
	}
	l := d.labels()
	for r := range l {
		for c := range l[r] {
			if hit[l[r][c]] {
				l[r][c] = -1
			}
		}
	}
	first := len(d.p.Clue)
	d.tile(rng, l, first)
	e, err := d.with(l, func(lab int) bool { return lab >= first || d.p.Numbered(lab) })
	if err != nil {
		return nil, false, err
	}
	for u := range e.p.Clue {
		if e.p.Size(u) == 1 && d.p.Size(d.p.RegionAt(e.p.Cells(u)[0])) > 1 {
			return nil, false, nil
		}
	}
	return e, true, nil
}

func (d *juosanDraft) Text(withSol bool) string {
	p := *d.p
	if withSol {
		p.Solution = d.sol.Assignment()
	}
	return jm.FormatCanonical(&p)
}

func (d *juosanDraft) Instance() (kind.Instance, error) {
	return models.Instance(d.p, kind.Options{Card: d.card}), nil
}

func (d *juosanDraft) Intended() puzzle.Assignment { return d.sol.Assignment() }

// number is the clue the planted solution gives a territory of cells.
func (d *juosanDraft) number(cells []puzzle.Pos) int { return numberOf(d.sol, cells) }

// numberOf is the clue the filling g gives a territory of cells: the
// larger of its '-' and '|' counts (so that the number holds for one of
// them, the rule's either reading).
func numberOf(g jm.Grid, cells []puzzle.Pos) int {
	h := 0
	for _, q := range cells {
		if g[q.Row][q.Col] == jm.Horiz {
			h++
		}
	}
	return max(h, len(cells)-h)
}

// labels returns a copy of the territory map.
func (d *juosanDraft) labels() [][]int {
	l := make([][]int, d.p.NumRows)
	for r := range l {
		l[r] = append([]int(nil), d.p.Region[r]...)
	}
	return l
}

// with returns a draft for region labels (any ints; every connected group
// of equal labels becomes a territory), numbered where numbered(label).
func (d *juosanDraft) with(labels [][]int, numbered func(label int) bool) (*juosanDraft, error) {
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
			if numbered(lab) {
				cl = d.number(cells)
			}
			clue = append(clue, cl)
		}
	}
	p, err := jm.New(d.p.Title, region, clue)
	if err != nil {
		return nil, kind.InternalError(err)
	}
	return &juosanDraft{p: p.WithReading(d.rd), sol: d.sol, rd: d.rd, card: d.card, seen: d.seen}, nil
}

// Help offers drafts that number an unnumbered territory holding an
// kind.Undetermined cell, or carve a numbered piece out of the territories it
// crosses: first straight triples over an kind.Undetermined cell whose planted
// symbols make them pin themselves (three '-' side by side, or three '|'
// stacked: numbered 3, the other symbol would make a forbidden run), then
// dominoes, other straight triples and random pieces of 3 or 4 cells
// around a few kind.Undetermined cells, the rest of every territory cut keeping
// (new) numbers; and the territories around an kind.Undetermined cell cut
// again into random rectangles. With other, the cells are those where
// other differs instead. Only offers that break other and the other
// solutions broken before are kept. Nothing that would leave a lone cell is offered.
func (d *juosanDraft) Help(rng *rand.Rand, stuck []human.Cands, other puzzle.Assignment) ([]kind.Draft, error) {
	open := kind.Undetermined(stuck, d.Intended(), other)
	rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
	isOpen := make([]bool, len(stuck))
	for _, i := range open {
		isOpen[i] = true
	}
	// The offers as moves, built lazily in order until enough pass.
	type move func() (*juosanDraft, bool, error)
	var numbering, pinning, retiles, pieces []move
	for _, i := range open {
		if t := d.p.RegionAt(d.p.Pos(i)); !d.p.Numbered(t) {
			numbering = append(numbering, func() (*juosanDraft, bool, error) {
				e, err := d.with(d.labels(), func(lab int) bool { return lab == t || d.p.Numbered(lab) })
				return e, err == nil, err
			})
		}
	}
	for r := range d.sol {
		for c := range d.sol[r] {
			for _, dir := range []puzzle.Pos{{Row: 1}, {Col: 1}} {
				piece := []puzzle.Pos{{Row: r, Col: c}, {Row: r + dir.Row, Col: c + dir.Col}, {Row: r + 2*dir.Row, Col: c + 2*dir.Col}}
				if !d.p.In(piece[2]) || !d.pins(piece) {
					continue
				}
				useful := false
				for _, q := range piece {
					useful = useful || isOpen[d.p.Index(q)]
				}
				if useful {
					pinning = append(pinning, func() (*juosanDraft, bool, error) { return d.carve(piece) })
				}
			}
		}
	}
	for _, i := range open[:min(len(open), juosanHelpCells)] {
		x := d.p.Pos(i)
		for range juosanRetiles {
			retiles = append(retiles, func() (*juosanDraft, bool, error) { return d.retile(rng, x) })
		}
		for _, piece := range d.pieces(rng, x) {
			pieces = append(pieces, func() (*juosanDraft, bool, error) { return d.carve(piece) })
		}
	}
	for _, ms := range [][]move{pinning, retiles, pieces} {
		rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	}
	// Up to a third of the offers are pinning triples.
	moves := append(append(append(numbering, pinning[:min(len(pinning), juosanHelps/3)]...), retiles...), pieces...)

	// Keep the offers that break other and every solution seen before.
	seen := d.seen
	if other != nil {
		seen = append([]puzzle.Assignment{other}, d.seen[:min(len(d.seen), juosanSeen-1)]...)
	}
	var out []kind.Draft
	for _, m := range moves {
		if len(out) == juosanHelps {
			break
		}
		e, ok, err := m()
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		for _, a := range seen {
			if len(e.p.Verify(a)) == 0 {
				ok = false
				break
			}
		}
		if ok {
			e.seen = seen
			out = append(out, e)
		}
	}
	return out, nil
}

// Bounds of Juosan's Help: the drafts offered, and the kind.Undetermined cells
// pieces are carved around.
const (
	juosanHelps     = 12
	juosanHelpCells = 4
	juosanRetiles   = 3
	juosanSeen      = 32
)

// pins reports whether piece is a straight triple that pins itself (see
// pinsBar).
func (d *juosanDraft) pins(piece []puzzle.Pos) bool {
	if len(piece) != 3 {
		return false
	}
	h, w := 1, 3
	if piece[0].Col == piece[1].Col {
		h, w = 3, 1
	}
	return d.pinsBar(piece[0].Row, piece[0].Col, h, w)
}

// pieces lists the candidate pieces around cell x, over any territories.
func (d *juosanDraft) pieces(rng *rand.Rand, x puzzle.Pos) [][]puzzle.Pos {
	var out [][]puzzle.Pos
	for _, y := range d.p.Neighbors(x) {
		out = append(out, []puzzle.Pos{x, y})
	}
	for _, dir := range []puzzle.Pos{{Row: 1}, {Col: 1}} {
		for off := -2; off <= 0; off++ {
			var piece []puzzle.Pos
			for k := off; k < off+3; k++ {
				q := puzzle.Pos{Row: x.Row + k*dir.Row, Col: x.Col + k*dir.Col}
				if !d.p.In(q) {
					piece = nil
					break
				}
				piece = append(piece, q)
			}
			if piece != nil {
				out = append(out, piece)
			}
		}
	}
	for k := 3; k <= 4; k++ {
		out = append(out, d.grow(rng, x, k))
	}
	return out
}

// carve returns the draft with piece a numbered territory of its own;
// what is left of a territory cut down to a lone cell joins a neighbour
// other than the piece. ok is false when that changes nothing or a lone
// cell has nowhere to go.
func (d *juosanDraft) carve(piece []puzzle.Pos) (*juosanDraft, bool, error) {
	if len(piece) < 2 {
		return nil, false, nil
	}
	t := d.p.RegionAt(piece[0])
	whole := len(piece) == d.p.Size(t)
	for _, q := range piece {
		whole = whole && d.p.RegionAt(q) == t
	}
	if whole && d.p.Numbered(t) {
		return nil, false, nil
	}
	l := d.labels()
	lab := len(d.p.Clue)
	for _, q := range piece {
		l[q.Row][q.Col] = lab
	}
	numbered := func(x int) bool { return x == lab || d.p.Numbered(x) }
	e, err := d.with(l, numbered)
	if err != nil {
		return nil, false, err
	}
	merged := false
	for u := range e.p.Clue {
		if e.p.Size(u) != 1 {
			continue
		}
		q := e.p.Cells(u)[0]
		to := -1
		for _, nb := range e.p.Neighbors(q) {
			if l[nb.Row][nb.Col] != lab && l[nb.Row][nb.Col] != l[q.Row][q.Col] {
				to = l[nb.Row][nb.Col]
				break
			}
		}
		if to < 0 {
			return nil, false, nil
		}
		l[q.Row][q.Col] = to
		merged = true
	}
	if merged {
		if e, err = d.with(l, numbered); err != nil {
			return nil, false, err
		}
	}
	return e, true, nil
}

// grow returns a random connected piece of k cells holding x.
func (d *juosanDraft) grow(rng *rand.Rand, x puzzle.Pos, k int) []puzzle.Pos {
	piece := []puzzle.Pos{x}
	in := map[puzzle.Pos]bool{x: true}
	for len(piece) < k {
		var frontier []puzzle.Pos
		for _, q := range piece {
			for _, nb := range d.p.Neighbors(q) {
				if !in[nb] {
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

func (d *juosanDraft) Without(id int) (kind.Draft, error) {
	clue := append([]int(nil), d.p.Clue...)
	clue[id] = jm.NoNumber
	p, err := jm.New(d.p.Title, d.p.Region, clue)
	if err != nil {
		return nil, kind.InternalError(err)
	}
	return &juosanDraft{p: p.WithReading(d.rd), sol: d.sol, rd: d.rd, card: d.card}, nil
}

// EncodeGuarded writes the territories with no numbers, then each number
// behind a selector (ej.Number under encode.Guard).
func (d *juosanDraft) EncodeGuarded(b *encode.Builder) (*kind.Guarded, error) {
	bare := append([]int(nil), d.p.Clue...)
	for t := range bare {
		bare[t] = jm.NoNumber
	}
	base, err := jm.New(d.p.Title, d.p.Region, bare)
	if err != nil {
		return nil, kind.InternalError(err)
	}
	lay, err := ej.Encode(b, base.WithReading(d.rd), ej.Options{Card: d.card})
	if err != nil {
		return nil, err
	}
	enc, err := card.Lookup(d.card)
	if err != nil {
		return nil, err
	}
	x := make([][]int, d.p.NumRows)
	for r := range x {
		x[r] = make([]int, d.p.NumCols)
		for c := range x[r] {
			x[r][c] = lay.Lits[r*d.p.NumCols+c][0]
		}
	}
	g := &kind.Guarded{Selectors: map[int]int{}, Intended: kind.IntendedLits(lay, d.Intended())}
	for _, t := range d.Clues() {
		s := b.NewVar()
		ej.Number(encode.Guard(b, s), enc, d.p, x, t)
		g.Selectors[t] = s
	}
	return g, nil
}

// Juosan levels: 1 pair, 2 gap, 3 territory-count, 4 territory-runs,
// 5 territory-pairs.
var generation = &kind.Generation{Rows: 8, Cols: 8, Start: startJuosan, Bands: []kind.Band{
	{Name: "easy", Levels: kind.Levels{Lo: 0, Hi: 4}, MaxRows: 15, MaxCols: 15},
	{Name: "medium", Levels: kind.Levels{Lo: 5, Hi: 5}, MaxRows: 15, MaxCols: 15},
	{Name: "hard", Trials: true, MaxRows: 15, MaxCols: 15},
}}
