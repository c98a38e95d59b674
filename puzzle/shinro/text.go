package shinro

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// maxSide bounds the grid so that a hostile header cannot make the reader
// allocate without limit.
const maxSide = 1000

// textLine is one significant line of a text file with its 1-based number.
type textLine struct {
	num  int
	text string
}

// textReader reads the canonical format, collecting positioned errors.
type textReader struct {
	file  string
	lines []textLine
	next  int
	errs  puzzle.ErrorList
	// gridLines are the line numbers of the grid's rows, gridCols the
	// columns of their cells.
	gridLines []int
	gridCols  [][]int
}

func (t *textReader) errorf(line, col int, format string, args ...any) {
	t.errs.Add(t.file, line, col, format, args...)
}

// field is a whitespace-separated token with its 1-based column (in runes).
type field struct {
	col  int
	text string
}

func fields(s string) []field {
	var out []field
	col, start := 0, -1
	startCol := 0
	for i, r := range s {
		col++
		if r == ' ' || r == '\t' || r == '\r' {
			if start >= 0 {
				out = append(out, field{startCol, s[start:i]})
				start = -1
			}
			continue
		}
		if start < 0 {
			start, startCol = i, col
		}
	}
	if start >= 0 {
		out = append(out, field{startCol, s[start:]})
	}
	return out
}

// ParseText reads one puzzle in the canonical text format. file names the
// input in error messages. Errors are a puzzle.ErrorList.
func ParseText(file string, data []byte) (*Puzzle, error) {
	ps, err := ParseTexts(file, data)
	if err != nil {
		return nil, err
	}
	if len(ps) > 1 {
		var l puzzle.ErrorList
		l.Add(file, 0, 0, "want one puzzle, have %d", len(ps))
		return nil, l.Err()
	}
	return ps[0], nil
}

// ParseTexts reads one or more puzzles in the canonical text format, each
// starting with its "shinro" line. Errors are a puzzle.ErrorList.
func ParseTexts(file string, data []byte) ([]*Puzzle, error) {
	t := &textReader{file: file}
	if !utf8.Valid(data) {
		t.errorf(1, 0, "input is not UTF-8 text")
		return nil, t.errs.Err()
	}
	for i, l := range strings.Split(string(data), "\n") {
		s := strings.TrimRight(l, " \t\r")
		if trimmed := strings.TrimSpace(s); trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		t.lines = append(t.lines, textLine{i + 1, s})
	}
	var ps []*Puzzle
	for {
		p := t.parse()
		if len(t.errs) > 0 {
			return nil, t.errs.Err()
		}
		ps = append(ps, p)
		if t.next >= len(t.lines) {
			return ps, nil
		}
	}
}

// parse reads one puzzle from line t.next on.
func (t *textReader) parse() *Puzzle {
	if t.next >= len(t.lines) || strings.TrimSpace(t.lines[t.next].text) != "shinro" {
		t.errorf(t.lineNum(), 1, `want the header line "shinro"`)
		return nil
	}
	t.next++
	t.gridLines, t.gridCols = nil, nil
	p := &Puzzle{Difficulty: -1}
	rows, cols := -1, -1
	var colCounts []int
	var colsText textLine
	var colsFields []field
	colsLine, stonesLine := 0, 0
	total := -1
	// Header keywords, until the first line that starts with a number.
header:
	for ; t.next < len(t.lines); t.next++ {
		l := t.lines[t.next]
		fs := fields(l.text)
		key := fs[0].text
		switch key {
		case "name":
			p.Title = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l.text), "name"))
		case "index":
			if n, ok := t.ints(l, fs[1:], 1, 0); ok {
				p.Number = n[0]
			}
		case "difficulty":
			if len(fs) != 2 {
				t.errorf(l.num, fs[0].col, "difficulty wants one number")
				continue
			}
			f, err := strconv.ParseFloat(fs[1].text, 64)
			if err != nil || !(f >= 0 && f <= 1) {
				t.errorf(l.num, fs[1].col, "difficulty %q is not a fraction in [0,1]", fs[1].text)
				continue
			}
			p.Difficulty = f
		case "size":
			if n, ok := t.ints(l, fs[1:], 2, 1); ok {
				if n[0] > maxSide || n[1] > maxSide {
					t.errorf(l.num, fs[1].col, "size %dx%d is larger than %dx%d", n[0], n[1], maxSide, maxSide)
					continue
				}
				rows, cols = n[0], n[1]
			}
		case "stones":
			if n, ok := t.ints(l, fs[1:], 1, 0); ok {
				total, stonesLine = n[0], l.num
			}
		case "cols", "cols:":
			colsLine, colsText, colsFields = l.num, l, fs[1:]
		default:
			if _, err := strconv.Atoi(key); err == nil {
				break header
			}
			t.errorf(l.num, fs[0].col, "unknown keyword %q", key)
		}
	}
	line := t.lineNum()
	if rows < 0 {
		t.errorf(line, 0, "missing size line")
	}
	if total < 0 {
		t.errorf(line, 0, "missing stones line")
	}
	if colsLine == 0 {
		t.errorf(line, 0, "missing cols line")
	} else if rows >= 0 {
		if n, ok := t.ints(colsText, colsFields, cols, 0); ok {
			colCounts = n
		}
	}
	if len(t.errs) > 0 {
		return nil
	}
	// The grid: rows lines of "count cells".
	arrows := make([][]Dir, rows)
	rowCounts := make([]int, rows)
	for r := 0; r < rows; r++ {
		if t.next >= len(t.lines) {
			t.errorf(t.lineNum(), 0, "grid has %d rows, want %d", r, rows)
			return nil
		}
		l := t.lines[t.next]
		t.next++
		t.gridLines = append(t.gridLines, l.num)
		t.gridCols = append(t.gridCols, nil)
		fs := fields(l.text)
		n, err := strconv.Atoi(fs[0].text)
		if err != nil || n < 0 {
			t.errorf(l.num, fs[0].col, "row %d: want a row count, not %q", r+1, fs[0].text)
			continue
		}
		rowCounts[r] = n
		cells, ok := t.cells(l, fs[1:], cols, r)
		if !ok {
			continue
		}
		arrows[r] = make([]Dir, cols)
		for _, cl := range cells {
			t.gridCols[r] = append(t.gridCols[r], cl.col)
		}
		for c, cl := range cells {
			if cl.text == "." {
				continue
			}
			d, ok := dirOf([]rune(cl.text)[0])
			if !ok {
				t.errorf(l.num, cl.col, "cell %v: %q is not '.' or an arrow (numpad 1-4, 6-9 or ↑↗→↘↓↙←↖)", puzzle.Pos{Row: r, Col: c}, cl.text)
				continue
			}
			arrows[r][c] = d
		}
	}
	if len(t.errs) > 0 {
		return nil
	}
	// Optional solution block, optional end.
	if t.next < len(t.lines) && strings.TrimSpace(t.lines[t.next].text) == "solution" {
		t.next++
		p.Solution = make(Stones, rows)
		for r := 0; r < rows; r++ {
			if t.next >= len(t.lines) {
				t.errorf(t.lineNum(), 0, "solution has %d rows, want %d", r, rows)
				return nil
			}
			l := t.lines[t.next]
			t.next++
			cells, ok := t.cells(l, fields(l.text), cols, r)
			if !ok {
				continue
			}
			p.Solution[r] = make([]bool, cols)
			for c, cl := range cells {
				switch d, isArrow := dirOf([]rune(cl.text)[0]); {
				case cl.text == "*":
					p.Solution[r][c] = true
				case cl.text == ".":
				case isArrow && d == arrows[r][c]:
				default:
					t.errorf(l.num, cl.col, "solution cell %v: %q is not '*', '.' or the puzzle's arrow", puzzle.Pos{Row: r, Col: c}, cl.text)
				}
			}
		}
	}
	if t.next < len(t.lines) && strings.TrimSpace(t.lines[t.next].text) == "end" {
		t.next++
	}
	if t.next < len(t.lines) && strings.TrimSpace(t.lines[t.next].text) != "shinro" {
		l := t.lines[t.next]
		t.errorf(l.num, 1, "unexpected line after the grid: %q", l.text)
	}
	if len(t.errs) > 0 {
		return nil
	}
	p.Arrows, p.RowCounts, p.ColCounts, p.Total = arrows, rowCounts, colCounts, total
	t.checkGrid(p, stonesLine, colsLine)
	if len(t.errs) > 0 {
		return nil
	}
	p.prepare()
	return p
}

// checkGrid reports, with positions, what New would reject.
func (t *textReader) checkGrid(p *Puzzle, stonesLine, colsLine int) {
	gridLine := func(r int) int { return t.gridLines[r] }
	for r, row := range p.Arrows {
		for c, d := range row {
			if d != None && len(p.Ray(puzzle.Pos{Row: r, Col: c})) == 0 {
				t.errorf(gridLine(r), t.gridCols[r][c], "cell %v: arrow %v points off the grid", puzzle.Pos{Row: r, Col: c}, d)
			}
		}
	}
	sum := 0
	for r, n := range p.RowCounts {
		if f := p.lineFree(r, true); n > f {
			t.errorf(gridLine(r), 1, "row %d count %d exceeds its %d non-arrow cells", r+1, n, f)
		}
		sum += n
	}
	if sum != p.Total {
		t.errorf(stonesLine, 0, "row counts add up to %d, want the stone total %d", sum, p.Total)
	}
	sum = 0
	for c, n := range p.ColCounts {
		if f := p.lineFree(c, false); n > f {
			t.errorf(colsLine, 0, "column %d count %d exceeds its %d non-arrow cells", c+1, n, f)
		}
		sum += n
	}
	if sum != p.Total {
		t.errorf(colsLine, 0, "column counts add up to %d, want the stone total %d", sum, p.Total)
	}
}

// lineNum is the line number of the next line, or one past the last.
func (t *textReader) lineNum() int {
	if t.next < len(t.lines) {
		return t.lines[t.next].num
	}
	if len(t.lines) == 0 {
		return 1
	}
	return t.lines[len(t.lines)-1].num + 1
}

// ints reads exactly n non-negative integers (each at least min).
func (t *textReader) ints(l textLine, fs []field, n, min int) ([]int, bool) {
	if len(fs) != n {
		col := 0
		if len(fs) > 0 {
			col = fs[0].col
		}
		t.errorf(l.num, col, "want %d numbers, have %d", n, len(fs))
		return nil, false
	}
	out := make([]int, n)
	for i, f := range fs {
		v, err := strconv.Atoi(f.text)
		if err != nil || v < min || v > maxSide*maxSide {
			t.errorf(l.num, f.col, "%q is not a number in [%d,%d]", f.text, min, maxSide*maxSide)
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// cells splits a grid row into one-rune cells: either n separate fields
// or one field of n runes.
func (t *textReader) cells(l textLine, fs []field, n, r int) ([]field, bool) {
	var out []field
	if len(fs) == 1 && utf8.RuneCountInString(fs[0].text) == n && n > 1 {
		col := fs[0].col
		for _, ch := range fs[0].text {
			out = append(out, field{col, string(ch)})
			col++
		}
		return out, true
	}
	for _, f := range fs {
		if utf8.RuneCountInString(f.text) != 1 {
			t.errorf(l.num, f.col, "row %d: cell %q is not one character", r+1, f.text)
			return nil, false
		}
	}
	if len(fs) != n {
		col := 0
		if len(fs) > 0 {
			col = fs[0].col
		}
		t.errorf(l.num, col, "row %d has %d cells, want %d", r+1, len(fs), n)
		return nil, false
	}
	return fs, true
}

// FormatText writes p in the canonical text format, with the solution block
// when p carries a solution.
func FormatText(p *Puzzle) string {
	var b strings.Builder
	b.WriteString("shinro\n")
	if p.Title != "" {
		fmt.Fprintf(&b, "name %s\n", strings.ReplaceAll(p.Title, "\n", " "))
	}
	if p.Number != 0 {
		fmt.Fprintf(&b, "index %d\n", p.Number)
	}
	if p.Difficulty >= 0 {
		fmt.Fprintf(&b, "difficulty %s\n", strconv.FormatFloat(p.Difficulty, 'g', -1, 64))
	}
	fmt.Fprintf(&b, "size %d %d\n", p.Rows(), p.Cols())
	fmt.Fprintf(&b, "stones %d\n", p.Total)
	b.WriteString("cols:")
	for _, n := range p.ColCounts {
		fmt.Fprintf(&b, " %d", n)
	}
	b.WriteByte('\n')
	for r, row := range p.Arrows {
		fmt.Fprintf(&b, "%d ", p.RowCounts[r])
		for _, d := range row {
			b.WriteByte(' ')
			b.WriteString(d.String())
		}
		b.WriteByte('\n')
	}
	if p.Solution != nil {
		b.WriteString("solution\n")
		b.WriteString(FormatStones(p, p.Solution))
	}
	return b.String()
}

// FormatStones writes a stone grid as rows of cells: '*' stone, the arrow's
// digit on arrows, '.' elsewhere (the solution block of the text format).
func FormatStones(p *Puzzle, s Stones) string {
	var b strings.Builder
	for r := 0; r < p.Rows(); r++ {
		for c := 0; c < p.Cols(); c++ {
			if c > 0 {
				b.WriteByte(' ')
			}
			switch {
			case r < len(s) && c < len(s[r]) && s[r][c]:
				b.WriteByte('*')
			default:
				b.WriteString(p.Arrows[r][c].String())
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// ParseStones reads a solution for p: Rows lines of Cols cells, '*' a stone,
// '.' or the puzzle's arrow no stone (the text format's solution block; a
// "solution" line before it is allowed).
func ParseStones(p *Puzzle, file string, data []byte) (Stones, error) {
	t := &textReader{file: file}
	if !utf8.Valid(data) {
		t.errorf(1, 0, "input is not UTF-8 text")
		return nil, t.errs.Err()
	}
	for i, l := range strings.Split(string(data), "\n") {
		s := strings.TrimRight(l, " \t\r")
		if trimmed := strings.TrimSpace(s); trimmed == "" || strings.HasPrefix(trimmed, "#") || trimmed == "solution" || trimmed == "end" {
			continue
		}
		t.lines = append(t.lines, textLine{i + 1, s})
	}
	if len(t.lines) != p.Rows() {
		t.next = min(len(t.lines), p.Rows())
		t.errorf(t.lineNum(), 0, "solution has %d rows, want %d", len(t.lines), p.Rows())
		return nil, t.errs.Err()
	}
	s := p.emptyStones()
	for r, l := range t.lines {
		cells, ok := t.cells(l, fields(l.text), p.Cols(), r)
		if !ok {
			continue
		}
		for c, cl := range cells {
			switch d, isArrow := dirOf([]rune(cl.text)[0]); {
			case cl.text == "*":
				s[r][c] = true
			case cl.text == ".":
			case isArrow && d == p.Arrows[r][c]:
			default:
				t.errorf(l.num, cl.col, "solution cell %v: %q is not '*', '.' or the puzzle's arrow", puzzle.Pos{Row: r, Col: c}, cl.text)
			}
		}
	}
	if err := t.errs.Err(); err != nil {
		return nil, err
	}
	return s, nil
}
