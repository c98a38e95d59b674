package juosan

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// token is one whitespace-separated word of a text input, with its 1-based
// line and column (in runes).
type token struct {
	text      string
	line, col int
}

// textLine is one non-blank line of a text input, split into tokens.
type textLine struct {
	num  int
	text string // the line without its comment, trimmed
	toks []token
}

// scanLines splits data into non-blank lines of tokens. With comments,
// everything from '#' to the end of a line is dropped first.
func scanLines(data []byte, comments bool) []textLine {
	var out []textLine
	for i, raw := range strings.Split(string(data), "\n") {
		raw = strings.TrimSuffix(raw, "\r")
		if comments {
			if j := strings.IndexByte(raw, '#'); j >= 0 {
				raw = raw[:j]
			}
		}
		ln := textLine{num: i + 1, text: strings.TrimSpace(raw)}
		col, start, startCol := 1, -1, 0
		for j, r := range raw {
			if isSpace(r) {
				if start >= 0 {
					ln.toks = append(ln.toks, token{raw[start:j], i + 1, startCol})
					start = -1
				}
			} else if start < 0 {
				start, startCol = j, col
			}
			col++
		}
		if start >= 0 {
			ln.toks = append(ln.toks, token{raw[start:], i + 1, startCol})
		}
		if len(ln.toks) > 0 {
			out = append(out, ln)
		}
	}
	return out
}

func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\r' || r == '\v' || r == '\f' || r == 0xA0 || r == 0xFEFF
}

// errAt adds a positioned error at t.
func errAt(errs *puzzle.ErrorList, file string, t token, format string, args ...any) {
	errs.Add(file, t.line, t.col, format, args...)
}

// atoi parses a decimal integer token (optional sign).
func atoi(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// sizeOK reports whether n rows or columns is acceptable.
func sizeOK(n int) bool { return n >= 1 && n <= MaxSize }

// nameFromFile is the puzzle name a file gives: its base name without
// extension ("" for standard input).
func nameFromFile(file string) string {
	if file == "" || file == "-" || file == "<stdin>" || strings.ContainsAny(file, "?\n") {
		return ""
	}
	base := filepath.Base(file)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// rawClue is a number given for a territory label, with where it stood.
type rawClue struct {
	value int
	at    token
}

// build turns a grid of labelled cells into a Puzzle: territories are
// numbered in reading order of their first cell, each label must form one
// connected territory, and each clue must fit its territory. Problems are
// added to errs; build returns nil when it added any.
func build(errs *puzzle.ErrorList, file, name string, labels [][]token, clues map[string]rawClue) *Puzzle {
	before := len(*errs)
	rows, cols := len(labels), len(labels[0])
	p := &Puzzle{Name: name, Rows: rows, Cols: cols, Region: make([][]int, rows)}
	id := map[string]int{}
	var first []token
	for r, row := range labels {
		p.Region[r] = make([]int, cols)
		for c, t := range row {
			i, ok := id[t.text]
			if !ok {
				i = len(first)
				id[t.text] = i
				first = append(first, t)
			}
			p.Region[r][c] = i
		}
	}
	p.Clue = make([]int, len(first))
	for i := range p.Clue {
		p.Clue[i] = NoNumber
	}
	p.index()

	// Each label must be one connected piece: flood from its first cell.
	for i, t := range first {
		cells := p.cells[i]
		got := p.flood(cells[0])
		if len(got) == len(cells) {
			continue
		}
		in := map[puzzle.Pos]bool{}
		for _, q := range got {
			in[q] = true
		}
		for _, q := range cells {
			if !in[q] {
				errAt(errs, file, labels[q.Row][q.Col], "territory %s is not connected: %v cannot reach %v (label first at line %d col %d) within the territory",
					t.text, q, cells[0], t.line, t.col)
				break
			}
		}
	}

	for label, cl := range clues {
		i, ok := id[label]
		switch {
		case !ok:
			errAt(errs, file, cl.at, "number %d given for territory %s, which has no cells", cl.value, label)
		case cl.value == NoNumber:
		case cl.value < 0 && cl.value != Question:
			errAt(errs, file, cl.at, "territory %s: number %d is negative", label, cl.value)
		case cl.value > len(p.cells[i]):
			errAt(errs, file, cl.at, "territory %s: number %d is larger than the territory (%d cells)", label, cl.value, len(p.cells[i]))
		default:
			p.Clue[i] = cl.value
		}
	}
	if len(*errs) > before {
		return nil
	}
	return p
}
