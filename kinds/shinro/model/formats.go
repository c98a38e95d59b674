package model

import (
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
)

// Formats are Shinro's formats in detection order; the canonical text is
// the first, so it is what a puzzle is written in unless a format is named.
// Doc is the name help texts list among the formats read.
var Formats = puzzle.Formats[*Puzzle]{
	{
		Name:   "canonical",
		Doc:    "canonical",
		Detect: isText,
		Parse:  parseTexts,
		Select: selectTexts,
		Each:   puzzle.EachEntries(openTexts),
		// One after another, a blank line between two.
		Write: puzzle.Joined(FormatText, "\n"),
	},
	{
		Name:   "playshinro",
		Doc:    "playshinro JSON",
		Detect: isPlayshinro,
		Parse:  parsePlayshinro,
		Select: selectPlayshinro,
		Each:   puzzle.EachEntries(openPlayshinro),
		Write:  formatPlayshinro,
	},
	urlFormat,
}

// Parse reads every puzzle in data, in the format Formats detects. Errors
// are positioned (puzzle.ErrorList); a playshinro file with some bad
// entries returns its good puzzles along with the errors.
func Parse(name string, data []byte) ([]*Puzzle, error) {
	return Formats.Parse(KindName, name, data)
}

// Aliases are the other names a puzzle called name is selected by: the
// name with its blanks as '-' ("playshinro-13" for "playshinro 13"), which
// needs no quoting on a command line.
func Aliases(name string) []string {
	alias := strings.Join(strings.Fields(name), "-")
	if alias == name || alias == "" {
		return nil
	}
	return []string{alias}
}

// isText: the first significant line is "shinro" (the lines after it are
// not read).
func isText(_ string, data []byte) bool {
	return text.FirstIs(data, "shinro") // isComment's lines passed over
}

// isPlayshinro: JSON (an array or an object) with a "grid" key, which no
// other kind's JSON has.
func isPlayshinro(_ string, data []byte) bool {
	return jsonpos.Looks(data, "grid")
}

// ParseSolution reads a solution for p: a bare grid (the text format's
// solution block), or a canonical or playshinro file holding one puzzle
// with p's arrows and a solution.
func ParseSolution(p *Puzzle, file string, data []byte) (puzzle.Assignment, error) {
	if Formats.Detect(file, data) == nil {
		s, err := parseStones(p, file, data)
		if err != nil {
			return nil, err
		}
		return p.AssignmentOf(s), nil
	}
	ps, err := Parse(file, data)
	if err != nil {
		return nil, err
	}
	var l puzzle.ErrorList
	switch {
	case len(ps) != 1:
		l.Add(file, 1, 1, "want one puzzle with a solution, have %d puzzles", len(ps))
	case ps[0].Solution == nil:
		l.Add(file, 1, 1, "the puzzle has no solution block")
	case ps[0].Rows() != p.Rows() || ps[0].Cols() != p.Cols():
		l.Add(file, 1, 1, "solution is %dx%d, puzzle is %dx%d", ps[0].Rows(), ps[0].Cols(), p.Rows(), p.Cols())
	default:
		for r := range p.Arrows {
			for c := range p.Arrows[r] {
				if ps[0].Arrows[r][c] != p.Arrows[r][c] {
					l.Add(file, 1, 1, "cell %v: the file's arrow %v differs from the puzzle's %v", puzzle.Pos{Row: r, Col: c}, ps[0].Arrows[r][c], p.Arrows[r][c])
					return nil, l.Err()
				}
			}
		}
		// Same arrows, so the same unknowns in the same order.
		return ps[0].Solution, nil
	}
	return nil, l.Err()
}
