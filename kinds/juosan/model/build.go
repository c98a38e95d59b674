package model

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
)

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
	at    text.Token
}

// build turns a grid of labelled cells into a Puzzle: territories are
// numbered in reading order of their first cell, each label must form one
// connected territory, and each clue must fit its territory. Problems are
// added to errs; build returns nil when it added any.
func build(errs *puzzle.ErrorList, file, name string, labels [][]text.Token, clues map[string]rawClue) *Puzzle {
	before := len(*errs)
	rows, cols := len(labels), len(labels[0])
	p := &Puzzle{Header: puzzle.Header{Title: name}, NumRows: rows, NumCols: cols, Region: make([][]int, rows)}
	id := map[string]int{}
	var first []text.Token
	for r, row := range labels {
		p.Region[r] = make([]int, cols)
		for c, t := range row {
			i, ok := id[t.Text]
			if !ok {
				i = len(first)
				id[t.Text] = i
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
				text.Errorf(errs, file, labels[q.Row][q.Col], "territory %s is not connected: %v cannot reach %v (label first at line %d col %d) within the territory",
					t.Text, q, cells[0], t.Line, t.Col)
				break
			}
		}
	}

	for label, cl := range clues {
		i, ok := id[label]
		switch {
		case !ok:
			text.Errorf(errs, file, cl.at, "number %d given for territory %s, which has no cells", cl.value, label)
		case cl.value == NoNumber:
		case cl.value < 0 && cl.value != Question:
			text.Errorf(errs, file, cl.at, "territory %s: number %d is negative", label, cl.value)
		case cl.value > len(p.cells[i]):
			text.Errorf(errs, file, cl.at, "territory %s: number %d is larger than the territory (%d cells)", label, cl.value, len(p.cells[i]))
		default:
			p.Clue[i] = cl.value
		}
	}
	if len(*errs) > before {
		return nil
	}
	return p
}

// finish builds the puzzle a reader found (see build), carrying the
// solution block of its input unless that is nil; nil when errs holds an
// error already.
func finish(errs *puzzle.ErrorList, file, name string, labels [][]text.Token, clues map[string]rawClue, solution Grid) *Puzzle {
	if len(*errs) > 0 {
		return nil
	}
	p := build(errs, file, name, labels, clues)
	if p != nil && solution != nil {
		p.Solution = solution.Assignment()
	}
	return p
}

// rowWidth reports whether line ln holds cols tokens; otherwise it adds the
// error format (with args) at the first token too many, or at the last
// token of a short row.
func rowWidth(errs *puzzle.ErrorList, file string, ln text.Line, cols int, format string, args ...any) bool {
	if len(ln.Toks) == cols {
		return true
	}
	at := text.Token{Line: ln.Num, Col: ln.Toks[len(ln.Toks)-1].Col}
	if len(ln.Toks) > cols {
		at = ln.Toks[cols]
	}
	text.Errorf(errs, file, at, format, args...)
	return false
}

// one turns a reader of one puzzle in a line format, which adds its errors
// to a list, into a Format's Parse. The reader is given the input's lines
// (see text.Lines; comments says whether '#' starts one), never none: an
// empty input is an error saying it wants want.
func one(comments bool, want string, read func(errs *puzzle.ErrorList, file string, lines []text.Line) *Puzzle) func(string, []byte) ([]*Puzzle, error) {
	return func(file string, data []byte) ([]*Puzzle, error) {
		var errs puzzle.ErrorList
		var p *Puzzle
		if lines := linesOf(&errs, file, data, comments, want); len(lines) > 0 {
			p = read(&errs, file, lines)
		}
		if err := errs.Err(); err != nil {
			return nil, err
		}
		p.Entry = 1
		return []*Puzzle{p}, nil
	}
}

// rowCount reports whether block, the tail of lines, has rows lines;
// otherwise it adds the error format (with args) at the first line too
// many, or just after the last line.
func rowCount(errs *puzzle.ErrorList, file string, lines, block []text.Line, rows int, format string, args ...any) bool {
	if len(block) == rows {
		return true
	}
	at := text.Token{Line: lines[len(lines)-1].Num + 1, Col: 1}
	if len(block) > rows {
		at = block[rows].Toks[0]
	}
	text.Errorf(errs, file, at, format, args...)
	return false
}

// blockAfter returns the rows lines after the keyword line lines[*i] and
// moves *i to the block's last line, so that a reader's loop goes on after
// it; or it adds an error at the end of the input when there are fewer.
func blockAfter(errs *puzzle.ErrorList, file string, lines []text.Line, i *int, rows int) ([]text.Line, bool) {
	at := *i
	if have := len(lines) - at - 1; have < rows {
		errs.Add(file, lines[len(lines)-1].Num+1, 1, "%q block: want %d rows, have %d", lines[at].Toks[0].Text, rows, have)
		return nil, false
	}
	*i += rows
	return lines[at+1 : at+1+rows], true
}

// linesOf splits data into its lines of tokens (text.Lines), or adds an
// "empty input" error saying what was wanted when it has none.
func linesOf(errs *puzzle.ErrorList, file string, data []byte, comments bool, want string) []text.Line {
	lines := text.Lines(data, comments)
	if len(lines) == 0 {
		errs.Add(file, 1, 1, "empty input: want %s", want)
	}
	return lines
}
