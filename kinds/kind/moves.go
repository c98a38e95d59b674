package kind

import (
	"github.com/puzzlesat/puzzlesat/display"
	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// Moves is what a kind of puzzle played by moves has (shift puzzles: the
// Pokemon Reborn magic square, Loopover, any puzzle given as moves that
// permute cells), in place of a grid kind's Parse, Select and Generate:
// its questions are the shortest move sequence and its proof (package
// answer), not a filling of unknowns.
type Moves struct {
	// Detect reports whether data (from a file called name) is written in
	// the kind's own format; a bare picture, which other kinds' formats
	// read too, is read only when the kind is named.
	Detect func(name string, data []byte) bool
	// Parse reads one puzzle, in the kind's format or as its URL.
	Parse func(name string, data []byte) (*shift.Puzzle, error)
	// URL writes a puzzle as the query of a playground URL
	// (KIND/BODY, in puzz.link's shape), which Parse reads.
	URL func(p *shift.Puzzle) string
	// Builtin returns a built-in puzzle by name; Builtins names them.
	Builtin  func(name string) (*shift.Puzzle, error)
	Builtins []string
	// Display draws one state of p (a value per cell; shift.Any for a
	// target's free cell), framing the cells in changed.
	Display func(p *shift.Puzzle, state []int, changed map[int]bool) *display.Board
	// Bands are the generation bands: ranges of the proven optimum, in
	// moves, easiest first; MaxMoves bounds an optimum asked for.
	Bands    []MoveBand
	MaxMoves int
}

// MoveBand is a band of a moves kind: the puzzles whose proven optimum is
// Lo to Hi moves.
type MoveBand struct {
	Name   string
	Lo, Hi int
}

// Band returns the band called name ("" or "any": every band's moves).
func (m *Moves) Band(name string) (MoveBand, bool) {
	if name == "" || name == "any" {
		b := MoveBand{Name: "any", Lo: m.Bands[0].Lo, Hi: m.Bands[0].Hi}
		for _, x := range m.Bands {
			b.Lo, b.Hi = min(b.Lo, x.Lo), max(b.Hi, x.Hi)
		}
		return b, true
	}
	for _, b := range m.Bands {
		if b.Name == name {
			return b, true
		}
	}
	return MoveBand{}, false
}

// BandNames names the bands, easiest first, then "any".
func (m *Moves) BandNames() []string {
	var out []string
	for _, b := range m.Bands {
		out = append(out, b.Name)
	}
	return append(out, "any")
}
