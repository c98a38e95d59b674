package model

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Formats are the Linjat formats, in detection order; canonical is the
// first writable one. Only the level JSON has a Doc: it is what help texts
// add to the name ("levels (jsnell/linjat puzzles.json)"), and the other
// names say all there is.
var Formats = puzzle.Formats[*Puzzle]{canonicalFormat, levelsFormat, rowsFormat, urlFormat}

var (
	// The canonical text: puzzles one after another, a blank line between two.
	canonicalFormat = &puzzle.Format[*Puzzle]{Name: "canonical",
		Detect: isCanonical, Parse: ParseTexts, Select: selectTexts, Each: puzzle.EachEntries(openTexts), Write: puzzle.Joined(FormatText, "\n")}
	levelsFormat = &puzzle.Format[*Puzzle]{Name: "levels", Doc: "levels (jsnell/linjat puzzles.json)",
		Detect: isLevels, Parse: ParseLevels, Select: selectLevels, Each: puzzle.EachEntries(openLevels), Write: FormatLevels}
	rowsFormat = &puzzle.Format[*Puzzle]{Name: "rows",
		Detect: isRows, Parse: parseRowsFormat, Write: writeRows}
)

// Parse reads every puzzle in data, in the format Formats detects. Errors
// are positioned (srcpos.ErrorList); a file with some bad puzzles returns
// its good ones along with the errors.
func Parse(file string, data []byte) ([]*Puzzle, error) {
	if Formats.Detect(file, data) == nil {
		// Say what each format looks like: a reader of a wrong file
		// learns more from that than from the formats' names.
		var l srcpos.ErrorList
		l.Add(file, 1, 1, `not a Linjat file: want the canonical text (first line "linjat"), the level JSON or rows of ' ', '.' and digits`)
		return nil, l.Err()
	}
	return Formats.Parse(KindName, file, data)
}

// Aliases are the other names a level called name is selected by:
// "easy-3" for "easy/3", which needs no quoting and no slash.
func Aliases(name string) []string {
	if g, i, ok := strings.Cut(name, "/"); ok {
		return []string{g + "-" + i}
	}
	return nil
}

// isCanonical: the first significant line (not blank, not a '#' comment)
// is "linjat".
func isCanonical(_ string, data []byte) bool {
	return text.FirstIs(data, "linjat")
}

// isLevels: a JSON object or array holding a "puzzle" key, or an array of
// row strings. JSON of other kinds (Shinro's "grid", Juosan's "R" and
// "N") has no "puzzle" key and does not open with a string.
func isLevels(_ string, data []byte) bool {
	if jsonpos.Looks(data, "puzzle") {
		return true
	}
	trimmed := bytes.TrimSpace(data)
	return len(trimmed) > 0 && trimmed[0] == '[' && bytes.HasPrefix(bytes.TrimSpace(trimmed[1:]), []byte(`"`))
}

// isRows: lines of ' ', '_', '.' and digits 1-9 only, with at least one
// digit and one dot, so that other kinds' grids of numbers are not taken
// for Linjat.
func isRows(_ string, data []byte) bool {
	digit, dot := false, false
	// Line by line as text.RawLines splits them, but stopping at the first
	// character that is not a cell: other formats are told apart at once.
	for rest := srcpos.TrimBOM(data); len(rest) > 0; {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		for _, ch := range string(bytes.TrimSuffix(line, []byte("\r"))) {
			if _, msg := cellOf(ch); msg != "" {
				return false
			}
			digit = digit || (ch >= '1' && ch <= '9')
			dot = dot || ch == '.'
		}
	}
	return digit && dot
}

func parseRowsFormat(file string, data []byte) ([]*Puzzle, error) {
	p, err := ParseRows(file, data)
	if err != nil {
		return nil, err
	}
	p.Entry = 1
	return []*Puzzle{p}, nil
}

// writeRows writes one puzzle as its row strings: the format has no room
// for a second puzzle, a title or a solution.
func writeRows(ps []*Puzzle) ([]byte, error) {
	if len(ps) != 1 {
		return nil, fmt.Errorf("linjat: the rows format holds one puzzle, have %d", len(ps))
	}
	return []byte(ps[0].String() + "\n"), nil
}
