// Package shift is shift puzzles, a kind played by moves: puzzles given as
// moves that permute cells (the Pokemon Reborn magic-square shifter,
// Loopover, any such puzzle in the shift format). The genre is this
// folder: its model (model), exact search (search), state-step encodings
// (cnf), and the SAT side that proves optima (solve/deepen, solve/hybrid,
// solve/cubes). Here is its registration: detection, the built-ins, the
// puzzle as every front end sees a moves kind's (kind.MovesPuzzle), its
// shortest-solution proof, scrambles and generation, and its cubes.
package shift

import (
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	encshift "github.com/puzzlesat/puzzlesat/kinds/shift/cnf"
	sm "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// Kind is the shift puzzles' kind.
var Kind = &kind.Kind{
	Name:     "shift",
	Doc:      "shift puzzles (Pokemon Reborn's magic square, Loopover, any puzzle given as moves that permute cells): the shortest move sequence to the goal, proven shortest",
	Formats:  []string{"shift (start, target or sums, moves; or a bare picture with --kind shift)"},
	Outputs:  []string{"shift"},
	Play:     play,
	Examples: examples,
	Corpus:   corpus,
	Moves: &kind.Moves{
		Detect:    detect,
		Parse:     parse,
		URL:       url,
		Builtin:   builtin,
		Builtins:  sm.BuiltinNames(),
		Shortest:  shortest,
		Methods:   methods,
		Encodings: encshift.Names(),
		Encoding:  encshift.Default,
		Scramble:  scramble,
		Generator: newGenerator,
		Cubes:     theCubes,
		Tables:    tables,
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
		_, err := parseModel(name, data)
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
