package shinro

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Format is one of the Shinro file formats.
type Format int

const (
	UnknownFormat    Format = iota
	TextFormat              // the canonical text format (first line "shinro")
	PlayshinroFormat        // playshinro JSON
)

var formatNames = [...]string{"unknown", "canonical", "playshinro"}

// String returns the format's name: canonical, playshinro (or unknown).
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormatName maps a name from String back to its Format.
func ParseFormatName(name string) (Format, error) {
	for i, n := range formatNames {
		if i > 0 && n == name {
			return Format(i), nil
		}
	}
	return UnknownFormat, fmt.Errorf("unknown shinro format %q (want %s)", name, strings.Join(formatNames[1:], ", "))
}

// Detect tells the format of data from its content alone: text whose first
// significant line is "shinro", or JSON (an array or object) with a "grid"
// key.
func Detect(data []byte) Format {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return UnknownFormat
	}
	if trimmed[0] == '[' || trimmed[0] == '{' {
		if bytes.Contains(trimmed, []byte(`"grid"`)) {
			return PlayshinroFormat
		}
		return UnknownFormat
	}
	for _, l := range strings.Split(string(trimmed), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if l == "shinro" {
			return TextFormat
		}
		break
	}
	return UnknownFormat
}

// Parse reads every puzzle in data, in the format Detect finds. Errors are
// positioned (puzzle.ErrorList); a playshinro file with some bad entries
// returns its good puzzles along with the errors.
func Parse(file string, data []byte) ([]*Puzzle, error) {
	switch Detect(data) {
	case TextFormat:
		return ParseTexts(file, data)
	case PlayshinroFormat:
		return ParsePlayshinro(file, data)
	}
	var l puzzle.ErrorList
	l.Add(file, 1, 1, `not a Shinro file: want the canonical text (first line "shinro") or playshinro JSON (objects with a "grid")`)
	return nil, l.Err()
}

// FormatAs writes puzzles in format f: the canonical text (one after
// another, separated by a blank line) or playshinro JSON.
func FormatAs(ps []*Puzzle, f Format) (string, error) {
	switch f {
	case TextFormat:
		var b strings.Builder
		for i, p := range ps {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(FormatText(p))
		}
		return b.String(), nil
	case PlayshinroFormat:
		data, err := FormatPlayshinro(ps)
		return string(data), err
	}
	return "", fmt.Errorf("shinro: cannot write format %v", f)
}

// ParseSolution reads a solution for p: a bare grid (see ParseStones), or
// a canonical or playshinro file holding one puzzle with p's arrows and a
// solution.
func ParseSolution(p *Puzzle, file string, data []byte) (Stones, error) {
	if Detect(data) == UnknownFormat {
		return ParseStones(p, file, data)
	}
	ps, err := Parse(file, data)
	if err != nil {
		return nil, err
	}
	var l puzzle.ErrorList
	switch {
	case len(ps) != 1:
		l.Add(file, 0, 0, "want one puzzle with a solution, have %d puzzles", len(ps))
	case ps[0].Solution == nil:
		l.Add(file, 0, 0, "the puzzle has no solution block")
	case ps[0].Rows() != p.Rows() || ps[0].Cols() != p.Cols():
		l.Add(file, 0, 0, "solution is %dx%d, puzzle is %dx%d", ps[0].Rows(), ps[0].Cols(), p.Rows(), p.Cols())
	default:
		for r := range p.Arrows {
			for c := range p.Arrows[r] {
				if ps[0].Arrows[r][c] != p.Arrows[r][c] {
					l.Add(file, 0, 0, "cell %v: the file's arrow %v differs from the puzzle's %v", puzzle.Pos{Row: r, Col: c}, ps[0].Arrows[r][c], p.Arrows[r][c])
					return nil, l.Err()
				}
			}
		}
		return ps[0].Solution, nil
	}
	return nil, l.Err()
}
