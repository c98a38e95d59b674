// Package toykind is a kind written for tests only, in one file, to prove
// that a genre is one folder plus one line: Tally, a toy genre (shade
// cells so that every row and every column holds as many shaded cells as
// its count says). Its model and canonical format, its Verify, its CNF
// encoding, its one human rule and its board as a display list are all
// here; a test adds it to a registry with one line
// (kinds.Default().With(toykind.Kind)) and hands that to the commands,
// and check, grade, render and the playground then answer for it with no
// edit anywhere else.
package toykind

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/display"
	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Name is the kind's name.
const Name = "tally"

// The values of a cell.
const (
	Empty  = 0 // "."
	Shaded = 1 // "#"
)

var domain = []string{".", "#"}

// Puzzle is one Tally puzzle: the counts of shaded cells of every row
// and column.
type Puzzle struct {
	puzzle.Header
	RowCounts, ColCounts []int
}

func (p *Puzzle) Kind() string { return Name }
func (p *Puzzle) Rows() int    { return len(p.RowCounts) }
func (p *Puzzle) Cols() int    { return len(p.ColCounts) }

// Vars are the cells, row by row, each "." or "#".
func (p *Puzzle) Vars() []puzzle.Var {
	out := make([]puzzle.Var, 0, p.Rows()*p.Cols())
	for r := range p.Rows() {
		for c := range p.Cols() {
			q := puzzle.Pos{Row: r, Col: c}
			out = append(out, puzzle.Var{Name: q.String(), Pos: q, Domain: domain})
		}
	}
	return out
}

func (p *Puzzle) Pos(i int) puzzle.Pos { return puzzle.Pos{Row: i / p.Cols(), Col: i % p.Cols()} }

func (p *Puzzle) Index(q puzzle.Pos) int {
	if q.Row < 0 || q.Col < 0 || q.Row >= p.Rows() || q.Col >= p.Cols() {
		return -1
	}
	return q.Row*p.Cols() + q.Col
}

// lines are the rows then the columns: their cells, count and name.
func (p *Puzzle) lines() (cells [][]puzzle.Pos, counts []int, names []string) {
	for r, n := range p.RowCounts {
		var l []puzzle.Pos
		for c := range p.Cols() {
			l = append(l, puzzle.Pos{Row: r, Col: c})
		}
		cells, counts, names = append(cells, l), append(counts, n), append(names, "row "+strconv.Itoa(r+1))
	}
	for c, n := range p.ColCounts {
		var l []puzzle.Pos
		for r := range p.Rows() {
			l = append(l, puzzle.Pos{Row: r, Col: c})
		}
		cells, counts, names = append(cells, l), append(counts, n), append(names, "column "+strconv.Itoa(c+1))
	}
	return cells, counts, names
}

// Verify names every undecided cell, and every line whose count no
// filling of its undecided cells can meet.
func (p *Puzzle) Verify(a puzzle.Assignment) []puzzle.Violation {
	var out []puzzle.Violation
	for i, v := range a {
		if v < 0 {
			out = append(out, puzzle.Violation{Rule: "filled", Cells: []puzzle.Pos{p.Pos(i)}, Msg: "cell " + p.Pos(i).String() + " is not decided"})
		}
	}
	cells, counts, names := p.lines()
	for k, line := range cells {
		shaded, open := 0, 0
		for _, q := range line {
			switch a[p.Index(q)] {
			case Shaded:
				shaded++
			case -1:
				open++
			}
		}
		if shaded > counts[k] || shaded+open < counts[k] {
			out = append(out, puzzle.Violation{Rule: "count", Cells: line,
				Msg: fmt.Sprintf("%s has %d shaded cells, wants %d", names[k], shaded, counts[k])})
		}
	}
	return out
}

// Draw writes the grid, "#" shaded, "." empty, "?" undecided.
func (p *Puzzle) Draw(a puzzle.Assignment) []string {
	var out []string
	for r := range p.Rows() {
		var b strings.Builder
		for c := range p.Cols() {
			switch {
			case a == nil || a[r*p.Cols()+c] < 0:
				b.WriteByte('?')
			default:
				b.WriteString(domain[a[r*p.Cols()+c]])
			}
		}
		out = append(out, b.String())
	}
	return out
}

// The canonical format:
//
//	tally
//	name NAME        (optional)
//	rows 3 0 1
//	cols 2 1 1
//	solution         (optional, then one line of # and . per row)
//	###
//	...
//	#..

var canonical = &puzzle.Format[*Puzzle]{
	Name:   "canonical",
	Doc:    "tally text: rows and cols counts, an optional solution",
	Detect: func(_ string, data []byte) bool { return strings.HasPrefix(strings.TrimSpace(string(data)), Name) },
	Parse: func(name string, data []byte) ([]*Puzzle, error) {
		p, err := parse(name, string(data))
		if err != nil {
			return nil, err
		}
		return []*Puzzle{p}, nil
	},
	Write: puzzle.Joined(format, "\n"),
}

// Formats are the kind's formats.
var Formats = puzzle.Formats[*Puzzle]{canonical}

func parse(name, text string) (*Puzzle, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	fail := func(line int, format string, args ...any) error {
		return &srcpos.Error{File: name, Line: line + 1, Col: 1, Msg: fmt.Sprintf(format, args...)}
	}
	p := &Puzzle{Header: puzzle.Header{Entry: 1}}
	var sol []string
	for i := 0; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case Name:
		case "name":
			p.Title = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[i]), "name"))
		case "rows", "cols":
			var counts []int
			for _, s := range f[1:] {
				n, err := strconv.Atoi(s)
				if err != nil || n < 0 {
					return nil, fail(i, "%s: %q is not a count", f[0], s)
				}
				counts = append(counts, n)
			}
			if f[0] == "rows" {
				p.RowCounts = counts
			} else {
				p.ColCounts = counts
			}
		case "solution":
			sol = lines[i+1:]
			i = len(lines)
		default:
			return nil, fail(i, "unknown line %q (want rows, cols, name or solution)", f[0])
		}
	}
	switch {
	case len(p.RowCounts) == 0 || len(p.ColCounts) == 0:
		return nil, fail(0, "a tally puzzle needs rows and cols counts")
	case len(p.RowCounts) > 30 || len(p.ColCounts) > 30:
		return nil, fail(0, "at most 30 rows and columns")
	}
	for r, n := range p.RowCounts {
		if n > p.Cols() {
			return nil, fail(0, "row %d wants %d of %d cells", r+1, n, p.Cols())
		}
	}
	for c, n := range p.ColCounts {
		if n > p.Rows() {
			return nil, fail(0, "column %d wants %d of %d cells", c+1, n, p.Rows())
		}
	}
	if sol != nil {
		a, err := p.ParseSolution(name, []byte(strings.Join(sol, "\n")))
		if err != nil {
			return nil, err
		}
		p.Solution = a
	}
	return p, nil
}

// ParseSolution reads a grid of # and . lines.
func (p *Puzzle) ParseSolution(name string, data []byte) (puzzle.Assignment, error) {
	var a puzzle.Assignment
	r := 0
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if len(line) != p.Cols() || r >= p.Rows() {
			return nil, &srcpos.Error{File: name, Line: r + 1, Col: 1, Msg: fmt.Sprintf("want %d rows of %d cells", p.Rows(), p.Cols())}
		}
		for _, ch := range line {
			v := slices.Index(domain, string(ch))
			if v < 0 {
				return nil, &srcpos.Error{File: name, Line: r + 1, Col: 1, Msg: fmt.Sprintf("%q is neither # nor .", ch)}
			}
			a = append(a, v)
		}
		r++
	}
	if r != p.Rows() {
		return nil, &srcpos.Error{File: name, Line: r + 1, Col: 1, Msg: fmt.Sprintf("want %d rows, have %d", p.Rows(), r)}
	}
	return a, nil
}

func format(p *Puzzle) string {
	var b strings.Builder
	b.WriteString(Name + "\n")
	if p.Title != "" {
		b.WriteString("name " + p.Title + "\n")
	}
	join := func(ns []int) string {
		s := make([]string, len(ns))
		for i, n := range ns {
			s[i] = strconv.Itoa(n)
		}
		return strings.Join(s, " ")
	}
	b.WriteString("rows " + join(p.RowCounts) + "\ncols " + join(p.ColCounts) + "\n")
	if p.Solution != nil {
		b.WriteString("solution\n" + strings.Join(p.Draw(p.Solution), "\n") + "\n")
	}
	return b.String()
}

// encodeCNF: one variable per cell, true when shaded; each line holds
// exactly its count.
func encodeCNF(b *encode.Builder, p *Puzzle, opt kind.Options) (encode.Layout, error) {
	enc, err := card.Lookup(opt.Card)
	if err != nil {
		return encode.Layout{}, err
	}
	if enc.Exactly == nil {
		return encode.Layout{}, fmt.Errorf("cardinality encoding %q has no Exactly", enc.Name)
	}
	var lay encode.Layout
	x := map[puzzle.Pos]int{}
	for _, v := range p.Vars() {
		x[v.Pos] = b.Var(v.Name)
		lay.Lits = append(lay.Lits, []int{-x[v.Pos], x[v.Pos]})
	}
	cells, counts, _ := p.lines()
	for k, line := range cells {
		lits := make([]int, len(line))
		for i, q := range line {
			lits[i] = x[q]
		}
		enc.Exactly(b, lits, counts[k])
	}
	return lay, nil
}

// lineRule: a line whose count its shaded cells reach has its other cells
// empty; one whose count needs every open cell has them shaded.
var lineRule = &human.Rule{
	Name: "line", Doc: "a line holding its count leaves the rest empty; one needing every open cell shades them", Level: 1,
	Apply: func(ps *human.Pass) []human.Deduction {
		p := ps.Puzzle.(*Puzzle)
		var out []human.Deduction
		cells, counts, names := p.lines()
		for k, line := range cells {
			shaded := 0
			var open []int
			for _, q := range line {
				i := p.Index(q)
				if v, ok := ps.Cands[i].Single(); ok {
					if v == Shaded {
						shaded++
					}
				} else {
					open = append(open, i)
				}
			}
			var elim, reason = -1, ""
			switch {
			case len(open) == 0:
			case shaded == counts[k]:
				elim, reason = Shaded, fmt.Sprintf("%s holds its %d shaded cells: the rest are empty", names[k], counts[k])
			case shaded+len(open) == counts[k]:
				elim, reason = Empty, fmt.Sprintf("%s needs every open cell to reach %d: they are shaded", names[k], counts[k])
			}
			if elim < 0 {
				continue
			}
			d := human.Deduction{Cells: line, Reason: reason}
			for _, i := range open {
				d.Elims = append(d.Elims, human.Elim{Var: i, Value: elim})
			}
			out = append(out, d)
		}
		return out
	},
}

// board: the counts above and to the left, shaded cells filled.
func board(p *Puzzle) *display.Board {
	b := &display.Board{Rows: p.Rows(), Cols: p.Cols(), Top: 1, Left: 1, Clues: display.GridLines(p.Rows(), p.Cols(), 0.03, display.Ink)}
	b.Clues = append(b.Clues, display.Frame(p.Rows(), p.Cols(), 0.09))
	for r, n := range p.RowCounts {
		b.Clues = append(b.Clues, display.Label(-0.5, float64(r)+0.5, strconv.Itoa(n), 0.36, true, display.Muted, display.Clue))
	}
	for c, n := range p.ColCounts {
		b.Clues = append(b.Clues, display.Label(float64(c)+0.5, -0.5, strconv.Itoa(n), 0.36, true, display.Muted, display.Clue))
	}
	for _, v := range p.Vars() {
		x, y := float64(v.Pos.Col), float64(v.Pos.Row)
		u := display.Unknown{Cell: v.Pos}
		for k := range domain {
			mx, my := display.Slot(v.Pos, k, len(domain))
			if k == Shaded {
				u.Values = append(u.Values, []display.Item{{Op: display.Rect, X: x + 0.08, Y: y + 0.08, X2: x + 0.92, Y2: y + 0.92, Color: display.Value, Layer: display.Values}})
				u.Marks = append(u.Marks, []display.Item{{Op: display.Rect, X: mx - 0.1, Y: my - 0.1, X2: mx + 0.1, Y2: my + 0.1, Color: display.Value, Layer: display.Marks}})
			} else {
				u.Values = append(u.Values, []display.Item{display.Disc(x+0.5, y+0.5, 0.08, display.Value, display.Values)})
				u.Marks = append(u.Marks, []display.Item{display.Disc(mx, my, 0.06, display.Value, display.Marks)})
			}
		}
		b.Unknowns = append(b.Unknowns, u)
	}
	return b
}

var models = &kind.Models[*Puzzle]{
	Formats:  Formats,
	Read:     func(name string, data []byte) ([]*Puzzle, error) { return Formats.Parse(Name, name, data) },
	Encode:   encodeCNF,
	Solution: (*Puzzle).ParseSolution,
	Human: func(p *Puzzle, _ kind.Options) (*kind.HumanSetup, error) {
		return &kind.HumanSetup{Rules: []*human.Rule{lineRule}, Input: p}, nil
	},
	Display: board,
}

// Kind is Tally, for a test to register.
var Kind = models.Kind(kind.Kind{
	Name: Name,
	Doc:  "Tally (a test-only toy): shade cells so that every row and column holds its count",
	Play: &kind.Play{Mode: kind.PlayCells, Click: "cycle", Cycle: []int{Shaded, Empty}, Keys: map[string]int{".": Empty, "#": Shaded},
		HowTo: "Click a cell: shaded, then empty, then undecided. Every row and column holds as many shaded cells as its count."},
	// Its puzzles are in its own folder, named from the corpus root: the
	// tests that run every kind of a registry run it with them.
	Corpus: &kind.Corpus{
		Suite:  []string{"../kinds/toykind/testdata/toy.tally"},
		Sample: []string{"../kinds/toykind/testdata/toy.tally", "../kinds/toykind/testdata/two.tally"},
		Rules:  &kind.RulesCorpus{Finish: []string{"../kinds/toykind/testdata/toy.tally"}, Count: 1},
	},
})
