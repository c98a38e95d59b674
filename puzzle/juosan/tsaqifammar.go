package juosan

import (
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// ParseIn reads tsaqifammar's `.in` format (the janko test cases):
//
//	M N            rows and columns
//	r              number of territory labels
//	N_1 ... N_r    each label's number, -1 for none
//	M rows of N labels, each in 1..r
//
// Labels need not all be used, but a used label must form one connected
// territory and an unused one cannot carry a number. The puzzle is named
// after the file.
func ParseIn(file string, data []byte) (*Puzzle, error) {
	var errs puzzle.ErrorList
	p := parseIn(&errs, file, data)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

func parseIn(errs *puzzle.ErrorList, file string, data []byte) *Puzzle {
	lines := scanLines(data, false)
	if len(lines) == 0 {
		errs.Add(file, 1, 0, "empty input: want a line with the numbers of rows and columns")
		return nil
	}
	head := lines[0]
	if len(head.toks) != 2 {
		errAt(errs, file, head.toks[0], "first line must hold two numbers, rows and columns (found %d words)", len(head.toks))
		return nil
	}
	var size [2]int
	for i, t := range head.toks {
		n, ok := atoi(t.text)
		if !ok || !sizeOK(n) {
			errAt(errs, file, t, "%s %q: want an integer in 1..%d", []string{"rows", "columns"}[i], t.text, MaxSize)
			return nil
		}
		size[i] = n
	}
	rows, cols := size[0], size[1]
	if len(lines) < 3 {
		errs.Add(file, head.num+1, 0, "missing the number of labels and their numbers after the size line")
		return nil
	}
	rl := lines[1]
	if len(rl.toks) != 1 {
		errAt(errs, file, rl.toks[0], "second line must hold one number, the number of territory labels (found %d words)", len(rl.toks))
		return nil
	}
	r, ok := atoi(rl.toks[0].text)
	if !ok || r < 1 || r > MaxSize*MaxSize {
		errAt(errs, file, rl.toks[0], "number of labels %q: want an integer in 1..%d", rl.toks[0].text, MaxSize*MaxSize)
		return nil
	}
	cl := lines[2]
	if len(cl.toks) != r {
		at := cl.toks[len(cl.toks)-1]
		if len(cl.toks) > r {
			at = cl.toks[r]
		}
		errAt(errs, file, at, "line of numbers has %d entries, want %d (one per label)", len(cl.toks), r)
		return nil
	}
	clues := map[string]rawClue{}
	for i, t := range cl.toks {
		n, ok := atoi(t.text)
		switch {
		case !ok:
			errAt(errs, file, t, "number of label %d: %q is not an integer", i+1, t.text)
		case n < NoNumber:
			errAt(errs, file, t, "number of label %d: %d is negative (use -1 for no number)", i+1, n)
		case n >= 0:
			clues[strconv.Itoa(i+1)] = rawClue{n, t}
		}
	}
	grid := lines[3:]
	if len(grid) != rows {
		at := token{line: lines[len(lines)-1].num + 1}
		if len(grid) > rows {
			at = grid[rows].toks[0]
		}
		errAt(errs, file, at, "found %d rows of labels, want %d", len(grid), rows)
		return nil
	}
	labels := make([][]token, rows)
	for i, ln := range grid {
		if len(ln.toks) != cols {
			at := token{line: ln.num, col: ln.toks[len(ln.toks)-1].col}
			if len(ln.toks) > cols {
				at = ln.toks[cols]
			}
			errAt(errs, file, at, "row %d has %d labels, want %d", i+1, len(ln.toks), cols)
			continue
		}
		labels[i] = make([]token, cols)
		for j, t := range ln.toks {
			n, ok := atoi(t.text)
			if !ok || n < 1 || n > r {
				errAt(errs, file, t, "label %q at %v out of range 1..%d", t.text, puzzle.Pos{Row: i, Col: j}, r)
				continue
			}
			labels[i][j] = token{strconv.Itoa(n), t.line, t.col}
		}
	}
	if len(*errs) > 0 {
		return nil
	}
	return build(errs, file, nameFromFile(file), labels, clues)
}

// ParseAnswer reads a solution grid: one line per row of `-` and `|`
// (janko's `h` and `v` are accepted too, and `.` for an empty cell), with
// or without spaces between them. With p non-nil the grid must match its
// size; with p nil the size is taken from the input.
func ParseAnswer(file string, data []byte, p *Puzzle) (Grid, error) {
	var errs puzzle.ErrorList
	lines := scanLines(data, false)
	rows, cols := -1, -1
	if p != nil {
		rows, cols = p.Rows, p.Cols
	}
	if len(lines) == 0 {
		errs.Add(file, 1, 0, "empty input: want rows of - and |")
		return nil, errs.Err()
	}
	if rows >= 0 && len(lines) != rows {
		at := token{line: lines[len(lines)-1].num + 1}
		if len(lines) > rows {
			at = lines[rows].toks[0]
		}
		errAt(&errs, file, at, "found %d rows, want %d", len(lines), rows)
		return nil, errs.Err()
	}
	if len(lines) > MaxSize {
		errAt(&errs, file, lines[MaxSize].toks[0], "more than %d rows", MaxSize)
		return nil, errs.Err()
	}
	g := symbolRows(&errs, file, lines, cols)
	return g, errs.Err()
}

// symbolRows reads one grid row per line (see ParseAnswer). cols < 0 takes
// the width from the first line.
func symbolRows(errs *puzzle.ErrorList, file string, lines []textLine, cols int) Grid {
	g := make(Grid, len(lines))
	for i, ln := range lines {
		var row []Symbol
		bad := false
		for _, t := range ln.toks {
			col := t.col
			for _, ch := range t.text {
				s, ok := symbolOf(ch)
				if !ok {
					errs.Add(file, t.line, col, "row %d: %q is not a cell symbol (want - or |, h or v, . for empty)", i+1, ch)
					bad = true
					break
				}
				row = append(row, s)
				col++
			}
			if bad {
				break
			}
		}
		if bad {
			continue
		}
		if cols < 0 {
			cols = len(row)
			if cols > MaxSize {
				errs.Add(file, ln.num, 1, "row 1 has %d cells, more than %d", cols, MaxSize)
				return nil
			}
		}
		if len(row) != cols {
			errs.Add(file, ln.num, ln.toks[0].col, "row %d has %d cells, want %d", i+1, len(row), cols)
			continue
		}
		g[i] = row
	}
	return g
}

func symbolOf(ch rune) (Symbol, bool) {
	switch ch {
	case '-', 'h', 'H':
		return Horiz, true
	case '|', 'v', 'V':
		return Vert, true
	case '.':
		return Empty, true
	}
	return Empty, false
}

// FormatIn writes p in tsaqifammar's `.in` format (1-based labels, one per
// territory). A "?" clue is written as -1: the format has no other way to
// say it, and it constrains nothing.
func FormatIn(p *Puzzle) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(p.Rows) + " " + strconv.Itoa(p.Cols) + "\n")
	b.WriteString(strconv.Itoa(len(p.Clue)) + "\n")
	for i, c := range p.Clue {
		if i > 0 {
			b.WriteByte(' ')
		}
		if c == Question {
			c = NoNumber
		}
		b.WriteString(strconv.Itoa(c))
	}
	b.WriteByte('\n')
	for _, row := range p.Region {
		for j, t := range row {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(t + 1))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// FormatGrid writes g as `.ans` text: one line per row, symbols separated
// by spaces, `.` for an empty cell.
func FormatGrid(g Grid) string {
	var b strings.Builder
	for _, row := range g {
		for j, s := range row {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s.String())
		}
		b.WriteByte('\n')
	}
	return b.String()
}
