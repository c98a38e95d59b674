package shift

import (
	"github.com/puzzlesat/puzzlesat/display"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	sm "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// game is a shift puzzle as the front ends see a moves kind's puzzles
// (kind.MovesPuzzle).
type game struct{ p *sm.Puzzle }

// Wrap is p as a kind.MovesPuzzle; Model is the shift puzzle under one.
func Wrap(p *sm.Puzzle) kind.MovesPuzzle { return game{p} }

// Model returns the shift puzzle q wraps, or nil when q is another
// kind's.
func Model(q kind.MovesPuzzle) *sm.Puzzle {
	if x, ok := q.(game); ok {
		return x.p
	}
	return nil
}

func (q game) Title() string { return q.p.Name }

func (q game) Named(name string) kind.MovesPuzzle {
	c := q.p.Clone()
	c.Name = name
	return game{c}
}

func (q game) Cells() int            { return q.p.NumCells() }
func (q game) CellName(c int) string { return q.p.CellName(c) }
func (q game) Values() []string      { return q.p.Values }

func (q game) MoveNames() []string {
	names := make([]string, len(q.p.Moves))
	for i, m := range q.p.Moves {
		names[i] = m.Name
	}
	return names
}

func (q game) Apply(s []int, m int) []int { return q.p.Moves[m].Apply(s) }
func (q game) Start() []int               { return q.p.Start }

func (q game) From(s []int) kind.MovesPuzzle {
	c := q.p.Clone()
	c.Start = append([]int(nil), s...)
	return game{c}
}

func (q game) Target() []int                          { return q.p.Goal.Target }
func (q game) IsGoal(s []int) bool                    { return q.p.IsGoal(s) }
func (q game) Replay(names []string) ([][]int, error) { return q.p.Replay(names) }
func (q game) Text() string                           { return sm.Format(q.p) }
func (q game) FormatState(s []int) string             { return q.p.FormatState(s) }
func (q game) Layout() [][]int                        { return q.p.Picture.Lines }

// goalJSON is the goal as the playground reads it: the target, the sums
// and the cells whose values differ.
type goalJSON struct {
	Target   []int     `json:"target,omitempty"` // value per cell, -1 any
	Sums     []sumJSON `json:"sums,omitempty"`
	Distinct [][]int   `json:"distinct,omitempty"`
}

type sumJSON struct {
	Cells []int `json:"cells"`
	Total int   `json:"total"`
}

func (q game) Goal() any {
	g := goalJSON{Target: q.p.Goal.Target, Distinct: q.p.Goal.Distinct}
	for _, s := range q.p.Goal.Sums {
		g.Sums = append(g.Sums, sumJSON{Cells: s.Cells, Total: s.Total})
	}
	return g
}

// Board draws one state: a tile per cell with its token, in the token's
// tone, gaps left empty, the changed cells framed.
func (q game) Board(state []int, changed map[int]bool) *display.Board {
	p := q.p
	b := &display.Board{Rows: len(p.Picture.Lines)}
	for r, line := range p.Picture.Lines {
		b.Cols = max(b.Cols, len(line))
		for c, cell := range line {
			if cell == sm.Gap {
				continue
			}
			x, y := float64(c), float64(r)
			label, fill := "*", display.Paper
			if v := state[cell]; v != sm.Any {
				label, fill = p.Values[v], display.Tone(v)
			}
			border, width := display.Muted, 0.03
			if changed[cell] {
				border, width = display.Alert, 0.07
			}
			b.Clues = append(b.Clues,
				display.Item{Op: display.Rect, X: x + 0.05, Y: y + 0.05, X2: x + 0.95, Y2: y + 0.95, R: 0.12, Color: fill, Layer: display.Back},
				display.Item{Op: display.Rect, X: x + 0.05, Y: y + 0.05, X2: x + 0.95, Y2: y + 0.95, R: 0.12, W: width, Color: border, Layer: display.Under},
				display.Label(x+0.5, y+0.5, label, 0.36, true, display.Ink, display.Clue))
		}
	}
	return b
}
