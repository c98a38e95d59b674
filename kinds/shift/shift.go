// Package shift registers shift puzzles as a kind: puzzles given as moves
// that permute cells (the Pokemon Reborn magic-square shifter, Loopover,
// any such puzzle in the shift format), whose model, exact search and
// encodings are packages shift, shift/search and encode/shift, and whose
// shortest solution package answer proves. Here are what the registry
// needs of them: detection, the built-ins, the picture of a state and the
// generation bands.
package shift

import (
	"strings"

	"github.com/puzzlesat/puzzlesat/display"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	sm "github.com/puzzlesat/puzzlesat/shift"
)

// Kind is the shift puzzles' kind.
var Kind = &kind.Kind{
	Name:     "shift",
	Doc:      "shift puzzles (Pokemon Reborn's magic square, Loopover, any puzzle given as moves that permute cells): the shortest move sequence to the goal, proven shortest",
	Formats:  []string{"shift (start, target or sums, moves; or a bare picture with --kind shift)"},
	Outputs:  []string{"shift"},
	Play:     play,
	Examples: examples,
	Moves: &kind.Moves{
		Detect:   detect,
		Parse:    parse,
		URL:      FormatURL,
		Builtin:  sm.Builtin,
		Builtins: sm.BuiltinNames(),
		Display:  board,
		// The optimum ranges of the bands, and the largest optimum asked
		// for: the exact search stores states on both sides, and beyond
		// about 12 moves of Reborn that takes minutes.
		Bands:    []kind.MoveBand{{Name: "easy", Lo: 1, Hi: 4}, {Name: "medium", Lo: 5, Hi: 7}, {Name: "hard", Lo: 8, Hi: 10}},
		MaxMoves: 14,
	},
}

// detect: the shift format's own files start a line with one of its
// directives; a bare picture is not claimed (Linjat's row strings read
// one too), and the whole file must parse.
func detect(name string, data []byte) bool {
	if isURL(data) {
		_, err := parse(name, data)
		return err == nil
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if sm.IsDirective(f[0]) {
			_, err := sm.Parse(name, data)
			return err == nil
		}
	}
	return false
}

// board draws one state: a tile per cell with its token, in the token's
// tone, gaps left empty, the changed cells framed.
func board(p *sm.Puzzle, state []int, changed map[int]bool) *display.Board {
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
