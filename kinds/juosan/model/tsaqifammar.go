package model

import (
	"io"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
)

// readIn reads tsaqifammar's `.in` format (the janko test cases):
//
//	M N            rows and columns
//	r              number of territory labels
//	N_1 ... N_r    each label's number, -1 for none
//	M rows of N labels, each in 1..r
//
// Labels need not all be used, but a used label must form one connected
// territory and an unused one cannot carry a number. The puzzle is named
// after the file.
func readIn(errs *puzzle.ErrorList, file string, lines []text.Line) *Puzzle {
	head := lines[0]
	if len(head.Toks) != 2 {
		text.Errorf(errs, file, head.Toks[0], "first line must hold two numbers, rows and columns (found %d words)", len(head.Toks))
		return nil
	}
	var size [2]int
	for i, t := range head.Toks {
		n, ok := atoi(t.Text)
		if !ok || !sizeOK(n) {
			text.Errorf(errs, file, t, "%s %q: want an integer in 1..%d", []string{"rows", "columns"}[i], t.Text, MaxSize)
			return nil
		}
		size[i] = n
	}
	rows, cols := size[0], size[1]
	if len(lines) < 3 {
		errs.Add(file, head.Num+1, 1, "missing the number of labels and their numbers after the size line")
		return nil
	}
	rl := lines[1]
	if len(rl.Toks) != 1 {
		text.Errorf(errs, file, rl.Toks[0], "second line must hold one number, the number of territory labels (found %d words)", len(rl.Toks))
		return nil
	}
	r, ok := atoi(rl.Toks[0].Text)
	if !ok || r < 1 || r > MaxSize*MaxSize {
		text.Errorf(errs, file, rl.Toks[0], "number of labels %q: want an integer in 1..%d", rl.Toks[0].Text, MaxSize*MaxSize)
		return nil
	}
	cl := lines[2]
	if !rowWidth(errs, file, cl, r, "line of numbers has %d entries, want %d (one per label)", len(cl.Toks), r) {
		return nil
	}
	clues := map[string]rawClue{}
	for i, t := range cl.Toks {
		n, ok := atoi(t.Text)
		switch {
		case !ok:
			text.Errorf(errs, file, t, "number of label %d: %q is not an integer", i+1, t.Text)
		case n < NoNumber:
			text.Errorf(errs, file, t, "number of label %d: %d is negative (use -1 for no number)", i+1, n)
		case n >= 0:
			clues[strconv.Itoa(i+1)] = rawClue{n, t}
		}
	}
	grid := lines[3:]
	if len(grid) > rows+1 && len(grid[rows].Toks) == 2 && len(grid[rows+1].Toks) == 1 {
		// "R C" then "K": the size lines of another puzzle.
		text.Errorf(errs, file, grid[rows].Toks[0], "a .in file holds one puzzle, and another starts here: a concatenation of .in files is not one file (give each file as an argument)")
		return nil
	}
	if !rowCount(errs, file, lines, grid, rows, "want %d rows of labels, found %d", rows, len(grid)) {
		return nil
	}
	labels := make([][]text.Token, rows)
	for i, ln := range grid {
		if !rowWidth(errs, file, ln, cols, "row %d has %d labels, want %d", i+1, len(ln.Toks), cols) {
			continue
		}
		labels[i] = make([]text.Token, cols)
		for j, t := range ln.Toks {
			n, ok := atoi(t.Text)
			if !ok || n < 1 || n > r {
				text.Errorf(errs, file, t, "label %q at %v out of range 1..%d", t.Text, puzzle.Pos{Row: i, Col: j}, r)
				continue
			}
			labels[i][j] = text.Token{Text: strconv.Itoa(n), Line: t.Line, Col: t.Col}
		}
	}
	return finish(errs, file, nameFromFile(file), labels, clues, nil)
}

// inWant is what an empty `.in` file lacks.
const inWant = "a line with the numbers of rows and columns"

// eachIn reads a `.in` file from a stream: the lines of its one puzzle
// (the size line says how many) and the two lines after them, when there
// are, so that a concatenation of `.in` files is refused where its second
// puzzle starts, without reading on to the end.
func eachIn(file string, r io.Reader, yield func(*Puzzle, error) bool) error {
	sc := text.NewScanner(r)
	var lines []text.Line
	want := 3 // the size line says how many more
	for len(lines) < want+2 {
		l, ok := sc.Next(false)
		if !ok {
			break
		}
		if len(lines) == 0 && len(l.Toks) == 2 {
			if rows, ok := atoi(l.Toks[0].Text); ok && sizeOK(rows) {
				want += rows
			}
		}
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	var errs puzzle.ErrorList
	if len(lines) == 0 {
		errs.Add(file, 1, 1, "empty input: want %s", inWant)
		yield(nil, errs.Err())
		return nil
	}
	p := readIn(&errs, file, lines)
	if err := errs.Err(); err != nil {
		yield(nil, err)
		return nil
	}
	p.Entry = 1
	yield(p, nil)
	return nil
}

// parseAnswer reads a solution grid, tsaqifammar's `.ans`: one line per
// row of `-` and `|` (janko's `h` and `v` are accepted too, and `.` for an
// empty cell), with or without spaces between them. With p non-nil the
// grid must match its size; with p nil the size is taken from the input.
func parseAnswer(file string, data []byte, p *Puzzle) (Grid, error) {
	var errs puzzle.ErrorList
	lines := linesOf(&errs, file, data, false, "rows of - and |")
	if len(lines) == 0 {
		return nil, errs.Err()
	}
	rows, cols := -1, -1
	if p != nil {
		rows, cols = p.NumRows, p.NumCols
	}
	if rows >= 0 && !rowCount(&errs, file, lines, lines, rows, "want %d rows, found %d", rows, len(lines)) {
		return nil, errs.Err()
	}
	if len(lines) > MaxSize {
		text.Errorf(&errs, file, lines[MaxSize].Toks[0], "more than %d rows", MaxSize)
		return nil, errs.Err()
	}
	g := symbolRows(&errs, file, lines, cols)
	return g, errs.Err()
}

// symbolRows reads one grid row per line (see ParseAnswer). cols < 0 takes
// the width from the first line.
func symbolRows(errs *puzzle.ErrorList, file string, lines []text.Line, cols int) Grid {
	g := make(Grid, len(lines))
	for i, ln := range lines {
		var row []Symbol
		bad := false
		for _, t := range ln.Toks {
			col := t.Col
			for _, ch := range t.Text {
				s, ok := symbolOf(ch)
				if !ok {
					errs.Add(file, t.Line, col, "row %d: %q is not a cell symbol (want - or |, h or v, . for empty)", i+1, ch)
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
				errs.Add(file, ln.Num, 1, "row 1 has %d cells, more than %d", cols, MaxSize)
				return nil
			}
		}
		if len(row) != cols {
			errs.Add(file, ln.Num, ln.Toks[0].Col, "row %d has %d cells, want %d", i+1, len(row), cols)
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
// say it, and it constrains nothing. The solution is not written: it
// belongs in a `.ans` file (FormatGrid).
func FormatIn(p *Puzzle) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(p.NumRows) + " " + strconv.Itoa(p.NumCols) + "\n")
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
