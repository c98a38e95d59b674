package kind

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Play is how the playground's page plays a kind and draws new puzzles of
// it: plain data, sent to the page by GET /api/kinds, so that the page's
// script holds no kind of its own. A kind states it in kinds/<kind>/play.go
// (Kind.Play); the board itself is the kind's display list
// (Instance.Display).
type Play struct {
	// Mode is how a puzzle is played: "cells" (a value in each unknown's
	// cell, PlayCells) or "moves" (a kind played by moves, Kind.Moves:
	// moves applied to its state, PlayMoves; the playground serves every
	// such kind the same way).
	Mode string `json:"mode"`
	// HowTo tells a player how to play, in plain text.
	HowTo string `json:"how_to"`
	// Click is what a click on a cell does: "cycle" (the cell's unknown
	// steps along Cycle; the other button steps back), "select" (the
	// first click selects the cell, another steps its value) or "cover"
	// (a click selects an unknown; a click on, or a drag to, another cell
	// picks the value of the selected unknown that covers that cell, its
	// display's Cover: a Linjat line drawn to its end).
	Click string `json:"click,omitempty"`
	// Cycle is the order a click steps through from undecided (-1): the
	// value indexes after it; nil is 0, 1, ..., n-1.
	Cycle []int `json:"cycle,omitempty"`
	// Keys map a key (KeyboardEvent.key) to the value index it sets in
	// the selected cell; Backspace, Delete and space clear it.
	Keys map[string]int `json:"keys,omitempty"`
	// Number: digits typed in quick succession make a number, which sets
	// the value whose label it is.
	Number bool `json:"number,omitempty"`
	// Editor, when set, draws new puzzles of the kind.
	Editor *Editor `json:"editor,omitempty"`
	// Compose writes the puzzle an editor's cells make, in a format of
	// the kind. It is called through ComposeEdit, so every layer of the
	// Editor is there, rows×cols, and Compose reads e.Layers unchecked.
	Compose func(e *Edit) (string, error) `json:"-"`
	// Open is inst as an editor's cells; sol, when the Editor asks for
	// one, is a solution of inst (nil when it has none).
	Open func(inst Instance, sol puzzle.Assignment) (*Edit, error) `json:"-"`
}

// The modes of Play.
const (
	PlayCells = "cells"
	PlayMoves = "moves"
)

// Editor is a kind's puzzle editor: layers of tokens over the cells, and
// the tools that change them. The page keeps an Edit and draws the puzzle
// Compose makes of it.
type Editor struct {
	// Layers are the editor's layers: each a token per cell, starting as
	// the layer's Default.
	Layers []EditLayer `json:"layers"`
	Tools  []Tool      `json:"tools"`
	// Solution: opening a puzzle for editing wants its solution (Shinro's
	// editor keeps the counts by the stones).
	Solution bool `json:"solution,omitempty"`
}

// EditLayer is one layer of an editor.
type EditLayer struct {
	Name    string `json:"name"`
	Default string `json:"default"`
}

// Tool is one tool of an editor; it changes the tokens of its Layer.
type Tool struct {
	Name  string `json:"name"`
	Help  string `json:"help"`
	Layer string `json:"layer"`
	// Op is what the tool does: "region" (a drag paints the cells it
	// crosses as one new region: its layer's tokens are region labels,
	// renumbered as connected pieces when the drag ends), "cycle" (a
	// click steps the cell's token along Tokens, the other button back;
	// a token not among them counts as the first) or "number" (a click
	// selects the cell; digits typed make its number).
	Op string `json:"op"`
	// Tokens are a cycle's tokens in click order.
	Tokens []string `json:"tokens,omitempty"`
	// Keys map a key to the token it sets in the selected cell.
	Keys map[string]string `json:"keys,omitempty"`
	// Min and Max bound a number; a smaller one clears the cell, a
	// larger one starts again from the digit typed. Max 0 is the number
	// of cells, -1 the longer side less one.
	Min int `json:"min,omitempty"`
	Max int `json:"max,omitempty"`
	// Extra are tokens a number tool takes as keys (Juosan's "?").
	Extra []string `json:"extra,omitempty"`
	// Region, for a number tool, names the region layer whose regions
	// hold one number each: typing in a cell replaces its region's.
	Region string `json:"region,omitempty"`
}

// Edit is a puzzle being drawn: a token per cell of each layer.
type Edit struct {
	Kind   string                `json:"kind"`
	Rows   int                   `json:"rows"`
	Cols   int                   `json:"cols"`
	Layers map[string][][]string `json:"layers"`
}

// Layer returns layer name of e, checked to be rows×cols.
func (e *Edit) Layer(name string) ([][]string, error) {
	l, ok := e.Layers[name]
	if !ok {
		return nil, fmt.Errorf("the edit has no layer %q", name)
	}
	if len(l) != e.Rows {
		return nil, fmt.Errorf("layer %q has %d rows, want %d", name, len(l), e.Rows)
	}
	for r, row := range l {
		if len(row) != e.Cols {
			return nil, fmt.Errorf("layer %q row %d has %d cells, want %d", name, r+1, len(row), e.Cols)
		}
	}
	return l, nil
}

// ComposeEdit writes the puzzle e makes (Compose), once every layer of the
// Editor is checked to be in e, rows×cols (Edit.Layer).
func (p *Play) ComposeEdit(e *Edit) (string, error) {
	for _, l := range p.Editor.Layers {
		if _, err := e.Layer(l.Name); err != nil {
			return "", err
		}
	}
	return p.Compose(e)
}

// NewEdit is an rows×cols edit of k with each of layers filled with
// their defaults.
func NewEdit(k string, rows, cols int, layers []EditLayer) *Edit {
	e := &Edit{Kind: k, Rows: rows, Cols: cols, Layers: map[string][][]string{}}
	for _, l := range layers {
		g := make([][]string, rows)
		for r := range g {
			g[r] = make([]string, cols)
			for c := range g[r] {
				g[r][c] = l.Default
			}
		}
		e.Layers[l.Name] = g
	}
	return e
}
