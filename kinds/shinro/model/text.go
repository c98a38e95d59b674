package model

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
)

// maxSide bounds the grid so that a hostile header cannot make the reader
// allocate without limit.
const maxSide = 1000

// textReader reads the canonical format, collecting positioned errors.
type textReader struct {
	file  string
	lines []text.Line
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

// significantLines are data's non-blank lines that are not comments (see
// isComment).
func significantLines(data []byte) []text.Line {
	var out []text.Line
	for _, l := range text.Lines(data, false) {
		if !isComment(l) {
			out = append(out, l)
		}
	}
	return out
}

// isComment: a line whose first word starts with '#' (a '#' later in a
// line, as in a name, is kept).
func isComment(l text.Line) bool { return strings.HasPrefix(l.Text, "#") }

// newTextReader checks that data is text and splits it into its
// significant lines, less those skip drops.
func newTextReader(file string, data []byte, skip func(text.Line) bool) *textReader {
	t := &textReader{file: file}
	if !utf8.Valid(data) {
		t.errorf(1, 1, "input is not UTF-8 text")
		return t
	}
	for _, l := range significantLines(data) {
		if skip == nil || !skip(l) {
			t.lines = append(t.lines, l)
		}
	}
	return t
}

// ParseText reads one puzzle in the canonical text format. file names the
// input in error messages. Errors are a puzzle.ErrorList.
func ParseText(file string, data []byte) (*Puzzle, error) {
	ps, err := parseTexts(file, data)
	if err != nil {
		return nil, err
	}
	if len(ps) > 1 {
		var l puzzle.ErrorList
		l.Add(file, 1, 1, "want one puzzle, have %d", len(ps))
		return nil, l.Err()
	}
	return ps[0], nil
}

// parseTexts reads one or more puzzles in the canonical text format, each
// starting with its "shinro" line: each is an entry, numbered from 1.
// Errors are a puzzle.ErrorList; when the file holds several puzzles each
// error names its entry, and the good puzzles are returned beside them.
var (
	parseTexts  = puzzle.ParseEntries(openTexts)
	selectTexts = puzzle.SelectEntries(openTexts)
)

// textEntries walks the puzzles of a canonical text: the significant
// lines cut before every "shinro" line.
type textEntries struct {
	file string
	puzzle.Parts[[]text.Line]
}

// openTexts walks the canonical text in r a puzzle at a time: the
// significant lines from one "shinro" line to the next.
func openTexts(file string, r io.Reader) puzzle.Entries[*Puzzle] {
	sc := text.NewScanner(r)
	es := &textEntries{file: file}
	var (
		pending text.Line // the line that starts the next part
		held    bool
		seen    bool
	)
	fault := func(line int, msg string) {
		var errs puzzle.ErrorList
		errs.Add(file, line, 1, "%s", msg)
		es.Fault = errs.Err()
	}
	es.Cut = func() ([]text.Line, bool) {
		var part []text.Line
		if held {
			part, held = []text.Line{pending}, false
		}
		for {
			raw, num, ok := sc.Raw()
			if !ok {
				break
			}
			if !utf8.ValidString(raw) {
				fault(num, "input is not UTF-8 text")
				return nil, false
			}
			l, ok := text.LineOf(raw, num)
			if !ok || isComment(l) {
				continue
			}
			if len(part) > 0 && l.Text == "shinro" {
				pending, held = l, true
				break
			}
			part = append(part, l)
		}
		if err := sc.Err(); err != nil {
			fault(1, err.Error())
			return nil, false
		}
		if len(part) == 0 && !seen {
			fault(1, `want the header line "shinro"`)
		}
		seen = true
		return part, len(part) > 0
	}
	return es
}

// Name is the text of the part's name line, as parse reads it.
func (es *textEntries) Name() string {
	for _, l := range es.Part() {
		if l.Toks[0].Text == "name" {
			return strings.TrimSpace(strings.TrimPrefix(l.Text, "name"))
		}
	}
	return ""
}

func (es *textEntries) Read() (*Puzzle, error) {
	t := &textReader{file: es.file, lines: es.Part()}
	p := t.parse()
	if err := t.errs.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// parse reads one puzzle from line t.next on.
func (t *textReader) parse() *Puzzle {
	if t.next >= len(t.lines) || t.lines[t.next].Text != "shinro" {
		t.errorf(t.lineNum(), 1, `want the header line "shinro"`)
		return nil
	}
	t.next++
	t.gridLines, t.gridCols = nil, nil
	p := &Puzzle{Difficulty: -1}
	rows, cols := -1, -1
	var colCounts []int
	var colsText text.Line
	var colsFields []text.Token
	colsLine, stonesLine := 0, 0
	total := -1
	// Header keywords, until the first line that starts with a number.
header:
	for ; t.next < len(t.lines); t.next++ {
		l := t.lines[t.next]
		fs := l.Toks
		key := fs[0].Text
		switch key {
		case "name":
			p.Title = strings.TrimSpace(strings.TrimPrefix(l.Text, "name"))
		case "index":
			if n, ok := t.ints(l, fs[1:], 1, 0); ok {
				p.Number = n[0]
			}
		case "difficulty":
			if len(fs) != 2 {
				text.Errorf(&t.errs, t.file, fs[0], "difficulty wants one number")
				continue
			}
			f, err := strconv.ParseFloat(fs[1].Text, 64)
			if err != nil || !(f >= 0 && f <= 1) {
				text.Errorf(&t.errs, t.file, fs[1], "difficulty %q is not a fraction in [0,1]", fs[1].Text)
				continue
			}
			p.Difficulty = f
		case "size":
			if n, ok := t.ints(l, fs[1:], 2, 1); ok {
				if n[0] > maxSide || n[1] > maxSide {
					text.Errorf(&t.errs, t.file, fs[1], "size %dx%d is larger than %dx%d", n[0], n[1], maxSide, maxSide)
					continue
				}
				rows, cols = n[0], n[1]
			}
		case "stones":
			if n, ok := t.ints(l, fs[1:], 1, 0); ok {
				total, stonesLine = n[0], l.Num
			}
		case "cols", "cols:":
			colsLine, colsText, colsFields = l.Num, l, fs[1:]
		default:
			if _, err := strconv.Atoi(key); err == nil {
				break header
			}
			text.Errorf(&t.errs, t.file, fs[0], "unknown keyword %q", key)
		}
	}
	line := t.lineNum()
	if rows < 0 {
		t.errorf(line, 1, "missing size line")
	}
	if total < 0 {
		t.errorf(line, 1, "missing stones line")
	}
	if colsLine == 0 {
		t.errorf(line, 1, "missing cols line")
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
			t.errorf(t.lineNum(), 1, "want %d grid rows, have %d", rows, r)
			return nil
		}
		l := t.lines[t.next]
		t.next++
		t.gridLines = append(t.gridLines, l.Num)
		t.gridCols = append(t.gridCols, nil)
		n, err := strconv.Atoi(l.Toks[0].Text)
		if err != nil || n < 0 {
			text.Errorf(&t.errs, t.file, l.Toks[0], "row %d: want a row count, not %q", r+1, l.Toks[0].Text)
			continue
		}
		rowCounts[r] = n
		cells, ok := t.cells(l, l.Toks[1:], cols, r)
		if !ok {
			continue
		}
		arrows[r] = make([]Dir, cols)
		for c, cl := range cells {
			t.gridCols[r] = append(t.gridCols[r], cl.Col)
			if cl.Text == "." {
				continue
			}
			d, ok := dirOf([]rune(cl.Text)[0])
			if !ok {
				text.Errorf(&t.errs, t.file, cl, "cell %v: %q is not '.' or an arrow (numpad 1-4, 6-9 or ↑↗→↘↓↙←↖)", puzzle.Pos{Row: r, Col: c}, cl.Text)
				continue
			}
			arrows[r][c] = d
		}
	}
	if len(t.errs) > 0 {
		return nil
	}
	// Optional solution block, optional end.
	var sol Stones
	if t.next < len(t.lines) && t.lines[t.next].Text == "solution" {
		t.next++
		sol = make(Stones, rows)
		for r := 0; r < rows; r++ {
			if t.next >= len(t.lines) {
				t.errorf(t.lineNum(), 1, "want %d solution rows, have %d", rows, r)
				return nil
			}
			sol[r] = t.stoneRow(t.lines[t.next], arrows[r], r)
			t.next++
		}
	}
	if t.next < len(t.lines) && t.lines[t.next].Text == "end" {
		t.next++
	}
	if t.next < len(t.lines) && t.lines[t.next].Text != "shinro" {
		l := t.lines[t.next]
		text.Errorf(&t.errs, t.file, l.Toks[0], "unexpected line after the grid: %q", l.Text)
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
	if sol != nil {
		p.Solution = p.AssignmentOf(sol)
	}
	return p
}

// checkGrid reports, with positions, what New would reject.
func (t *textReader) checkGrid(p *Puzzle, stonesLine, colsLine int) {
	for r, row := range p.Arrows {
		for c, d := range row {
			if d != None && len(p.Ray(puzzle.Pos{Row: r, Col: c})) == 0 {
				t.errorf(t.gridLines[r], t.gridCols[r][c], "cell %v: arrow %v points off the grid", puzzle.Pos{Row: r, Col: c}, d)
			}
		}
	}
	sum := 0
	for r, n := range p.RowCounts {
		if f := p.lineFree(r, true); n > f {
			t.errorf(t.gridLines[r], 1, "row %d count %d exceeds its %d non-arrow cells", r+1, n, f)
		}
		sum += n
	}
	if sum != p.Total {
		t.errorf(stonesLine, 1, "row counts add up to %d, want the stone total %d", sum, p.Total)
	}
	sum = 0
	for c, n := range p.ColCounts {
		if f := p.lineFree(c, false); n > f {
			t.errorf(colsLine, 1, "column %d count %d exceeds its %d non-arrow cells", c+1, n, f)
		}
		sum += n
	}
	if sum != p.Total {
		t.errorf(colsLine, 1, "column counts add up to %d, want the stone total %d", sum, p.Total)
	}
}

// lineNum is the line number of the next line, or one past the last.
func (t *textReader) lineNum() int {
	if t.next < len(t.lines) {
		return t.lines[t.next].Num
	}
	if len(t.lines) == 0 {
		return 1
	}
	return t.lines[len(t.lines)-1].Num + 1
}

// ints reads exactly n non-negative integers (each at least min) from fs,
// the words of l after its keyword.
func (t *textReader) ints(l text.Line, fs []text.Token, n, min int) ([]int, bool) {
	if len(fs) != n {
		t.errorf(l.Num, firstCol(fs), "want %d numbers, have %d", n, len(fs))
		return nil, false
	}
	out := make([]int, n)
	for i, f := range fs {
		v, err := strconv.Atoi(f.Text)
		if err != nil || v < min || v > maxSide*maxSide {
			text.Errorf(&t.errs, t.file, f, "%q is not a number in [%d,%d]", f.Text, min, maxSide*maxSide)
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// firstCol is the column of the first word, or 0 (no column) when there is
// none.
func firstCol(fs []text.Token) int {
	if len(fs) == 0 {
		return 0
	}
	return fs[0].Col
}

// cells splits a grid row (the words fs of line l) into one-rune cells:
// either n separate words or one word of n runes.
func (t *textReader) cells(l text.Line, fs []text.Token, n, r int) ([]text.Token, bool) {
	if len(fs) == 1 && utf8.RuneCountInString(fs[0].Text) == n && n > 1 {
		var out []text.Token
		col := fs[0].Col
		for _, ch := range fs[0].Text {
			out = append(out, text.Token{Text: string(ch), Line: l.Num, Col: col})
			col++
		}
		return out, true
	}
	for _, f := range fs {
		if utf8.RuneCountInString(f.Text) != 1 {
			text.Errorf(&t.errs, t.file, f, "row %d: cell %q is not one character", r+1, f.Text)
			return nil, false
		}
	}
	if len(fs) != n {
		t.errorf(l.Num, firstCol(fs), "row %d has %d cells, want %d", r+1, len(fs), n)
		return nil, false
	}
	return fs, true
}

// stoneRow reads row r of a solution, the line l: '*' a stone, '.' or the
// puzzle's own arrow (arrows is the row) no stone. It returns nil when the
// row is malformed (and records why).
func (t *textReader) stoneRow(l text.Line, arrows []Dir, r int) []bool {
	cells, ok := t.cells(l, l.Toks, len(arrows), r)
	if !ok {
		return nil
	}
	row := make([]bool, len(arrows))
	for c, cl := range cells {
		switch d, isArrow := dirOf([]rune(cl.Text)[0]); {
		case cl.Text == "*":
			row[c] = true
		case cl.Text == ".":
		case isArrow && d == arrows[c]:
		default:
			text.Errorf(&t.errs, t.file, cl, "solution cell %v: %q is not '*', '.' or the puzzle's arrow", puzzle.Pos{Row: r, Col: c}, cl.Text)
		}
	}
	return row
}

// FormatText writes p in the canonical text format, with the solution block
// when p carries a solution.
func FormatText(p *Puzzle) string {
	var b strings.Builder
	text.Header(&b, KindName, p.Title)
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
		b.WriteString(FormatStones(p, p.StonesOf(p.Solution)))
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

// parseStones reads a solution for p: Rows lines of Cols cells, '*' a stone,
// '.' or the puzzle's arrow no stone (the text format's solution block; a
// "solution" line before it and an "end" line after it are allowed).
func parseStones(p *Puzzle, file string, data []byte) (Stones, error) {
	t := newTextReader(file, data, func(l text.Line) bool { return l.Text == "solution" || l.Text == "end" })
	if len(t.errs) > 0 {
		return nil, t.errs.Err()
	}
	if len(t.lines) != p.Rows() {
		t.next = min(len(t.lines), p.Rows())
		t.errorf(t.lineNum(), 1, "want %d solution rows, have %d", p.Rows(), len(t.lines))
		return nil, t.errs.Err()
	}
	s := make(Stones, p.Rows())
	for r, l := range t.lines {
		s[r] = t.stoneRow(l, p.Arrows[r], r)
	}
	if err := t.errs.Err(); err != nil {
		return nil, err
	}
	return s, nil
}
