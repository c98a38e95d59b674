package model

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// ParseRows reads one puzzle as bare rows, one per line: ' ' or '_' empty,
// '.' a dot, 1-9 a number. Trailing blank lines and the last row's
// trailing blanks are dropped, and short rows are padded with empty cells
// (editors strip trailing spaces). Every bad cell is reported.
func ParseRows(file string, data []byte) (*Puzzle, error) {
	// Only line ends are trimmed: a row of blanks is a row of empty cells,
	// and the writer ends a level whose last rows are empty with such rows.
	lines := text.RawLines([]byte(strings.TrimRight(string(data), "\r\n")))
	var l srcpos.ErrorList
	width := 0
	for _, s := range lines {
		width = max(width, len([]rune(s)))
	}
	if width == 0 {
		l.Add(file, 1, 1, "no rows")
		return nil, l.Err()
	}
	grid := make([][]int8, len(lines))
	for r, s := range lines {
		grid[r] = readRow([]rune(s), width, func(c int, msg string) { l.Add(file, r+1, c+1, "%s", msg) })
	}
	if err := l.Err(); err != nil {
		return nil, err
	}
	p, err := New(file, grid)
	if err != nil {
		l.Add(file, 1, 1, "%v", err)
		return nil, l.Err()
	}
	return p, nil
}

// ParseTexts reads one or more puzzles in the canonical text format:
//
//	linjat
//	name easy/1            (optional)
//	index 4                (optional: the ordinal in the level file)
//	score 8                (optional: the reference's score)
//	size 9 6               (rows, columns)
//	_4_.2.                 (R rows of C cells: '_' or ' ' empty, '.' dot, 1-9)
//	...
//	solution               (optional: R rows of the drawn solution, see Draw)
//	_4-|2|
//	...
//	end                    (optional)
//
// Outside the grid and solution blocks blank lines and lines starting with
// '#' are ignored; inside them every line is a row (short rows are padded
// with empty cells). A name of the form GROUP/I sets Group and Level.
//
// Every error is reported: a puzzle with errors is left out, and reading
// goes on after it, or at the next "linjat" line when an error hides where
// it ends.
func ParseTexts(file string, data []byte) ([]*Puzzle, error) {
	ps, err := parseTexts(file, data)
	return nonEmpty(file, "no puzzles", ps, err)
}

// nonEmpty returns what a reader of file returned, ps and err, but an
// error at 1:1 saying msg when it read neither puzzles nor errors.
func nonEmpty(file, msg string, ps []*Puzzle, err error) ([]*Puzzle, error) {
	if len(ps) == 0 && err == nil {
		var l srcpos.ErrorList
		l.Add(file, 1, 1, "%s", msg)
		return nil, l.Err()
	}
	return ps, err
}

// Each puzzle of a canonical text, from its "linjat" line to the next, is
// an entry.
var (
	parseTexts  = puzzle.ParseEntries(openTexts)
	selectTexts = puzzle.SelectEntries(openTexts)
)

// textEntries walks the puzzles of a canonical text, read from a stream a
// puzzle at a time: its lines cut before every "linjat" line. Lines before
// the first that are not blank or comments are an entry of their own,
// which reads as an error.
type textEntries struct {
	file string
	puzzle.Parts[textPart]
}

// textPart is the lines of one entry, base lines into the input.
type textPart struct {
	lines []string
	base  int
}

func openTexts(file string, in io.Reader) puzzle.Entries[*Puzzle] {
	sc := text.NewScanner(in)
	es := &textEntries{file: file}
	var (
		next    textPart // the start of the next part, once read
		started bool     // a part has started: every line belongs to one
	)
	es.Cut = func() (textPart, bool) {
		part := next
		next = textPart{}
		for {
			raw, num, ok := sc.Raw()
			if !ok {
				break
			}
			r := &textReader{lines: []string{raw}, base: num - 1}
			toks := r.toks()
			start := len(toks) == 1 && toks[0].Text == "linjat"
			if !started && !start && toks == nil {
				continue // blank lines and comments before the first puzzle
			}
			if started && start && part.lines != nil {
				next = textPart{lines: []string{raw}, base: num - 1}
				break
			}
			if part.lines == nil {
				part.base = num - 1
			}
			started = true
			part.lines = append(part.lines, raw)
		}
		if err := sc.Err(); err != nil {
			es.Fault = &srcpos.Error{File: file, Line: 1, Col: 1, Msg: err.Error()}
		}
		return part, part.lines != nil
	}
	return es
}

// Name is the value of the entry's name line, as the reader takes it.
func (es *textEntries) Name() string {
	r := es.reader()
	for ; r.i < len(r.lines); r.i++ {
		if toks := r.toks(); toks != nil && toks[0].Text == "name" {
			name, _ := r.value(toks)
			return name
		}
	}
	return ""
}

// reader is a textReader over the current entry's lines, numbered as in
// the whole text.
func (es *textEntries) reader() *textReader {
	p := es.Part()
	return &textReader{file: es.file, lines: p.lines, base: p.base}
}

func (es *textEntries) Read() (*Puzzle, error) {
	r := es.reader()
	var p *Puzzle
	if toks := r.toks(); len(toks) != 1 || toks[0].Text != "linjat" {
		r.errorf(toks[0], `want "linjat" to start a puzzle, have %q`, strings.TrimSpace(r.lines[r.i]))
	} else {
		r.i++
		p = r.puzzle()
	}
	// What the puzzle left of its entry must be blank.
	for ; r.i < len(r.lines); r.i++ {
		if toks := r.toks(); toks != nil {
			r.errorf(toks[0], `want "linjat" to start a puzzle, have %q`, strings.TrimSpace(r.lines[r.i]))
			break
		}
	}
	if err := r.errs.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// ParseText reads a file holding exactly one canonical puzzle.
func ParseText(file string, data []byte) (*Puzzle, error) {
	ps, err := ParseTexts(file, data)
	if err != nil {
		return nil, err
	}
	if len(ps) != 1 {
		return nil, &srcpos.Error{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf("want one puzzle, have %d", len(ps))}
	}
	return ps[0], nil
}

// textReader reads the canonical format line by line: keyword lines as
// tokens, grid and solution rows as they are (a space is an empty cell).
type textReader struct {
	file  string
	lines []string
	i     int // the line being read, 0-based
	base  int // the number of lines before lines[0] in the input
	errs  srcpos.ErrorList
}

// toks returns the tokens of the current line, nil when it is blank or a
// comment.
func (r *textReader) toks() []text.Token {
	toks := text.Fields(r.lines[r.i], r.base+r.i+1, 1)
	if len(toks) == 0 || strings.HasPrefix(toks[0].Text, "#") {
		return nil
	}
	return toks
}

func (r *textReader) errorf(t text.Token, format string, args ...any) {
	text.Errorf(&r.errs, r.file, t, format, args...)
}

// skip moves on to the next "linjat" line, after an error that leaves the
// rest of a puzzle unreadable.
func (r *textReader) skip() {
	for ; r.i < len(r.lines); r.i++ {
		if toks := r.toks(); len(toks) == 1 && toks[0].Text == "linjat" {
			return
		}
	}
}

// value is the text after a keyword line's key and the token where it
// starts (just past the key when there is none).
func (r *textReader) value(toks []text.Token) (string, text.Token) {
	key := toks[0]
	if len(toks) == 1 {
		return "", text.Token{Line: key.Line, Col: key.Col + len([]rune(key.Text)) + 1}
	}
	raw := r.lines[r.i]
	rest := raw[strings.Index(raw, key.Text)+len(key.Text):]
	return strings.TrimFunc(rest, text.IsSpace), toks[1]
}

// puzzle reads one puzzle's body from the line after "linjat". It returns
// nil when the puzzle has errors, with r.i past it or at the next
// "linjat" line.
func (r *textReader) puzzle() *Puzzle {
	var title string
	ordinal := 0
	var score *float64
	rows, cols := -1, -1
	bad := false
	for ; r.i < len(r.lines); r.i++ {
		toks := r.toks()
		if toks == nil {
			continue
		}
		val, at := r.value(toks)
		switch toks[0].Text {
		case "name":
			title = val
		case "index":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 {
				r.errorf(at, "index: want a positive integer, have %q", val)
				bad = true
			}
			ordinal = n
		case "score":
			f, err := strconv.ParseFloat(val, 64)
			if err != nil {
				r.errorf(at, "score: want a number, have %q", val)
				bad = true
			}
			score = &f
		case "size":
			f := strings.FieldsFunc(val, text.IsSpace)
			var err1, err2 error
			if len(f) == 2 {
				rows, err1 = strconv.Atoi(f[0])
				cols, err2 = strconv.Atoi(f[1])
			}
			if len(f) != 2 || err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > 1000 || cols > 1000 {
				r.errorf(at, "size: want two positive integers ROWS COLS (at most 1000), have %q", val)
				r.skip()
				return nil
			}
		default:
			if rows < 0 {
				r.errorf(toks[0], `want a keyword (name, index, score, size) before the grid, have %q`, strings.TrimSpace(r.lines[r.i]))
				r.skip()
				return nil
			}
			return r.body(title, ordinal, score, rows, cols, bad)
		}
	}
	if rows < 0 {
		r.errs.Add(r.file, r.base+r.i+1, 1, "missing size line")
	} else {
		r.errs.Add(r.file, r.base+r.i+1, 1, "missing grid: want %d rows", rows)
	}
	return nil
}

// body reads the grid from the current line, then the optional solution
// block and end line; bad says the header had errors (the grid and the
// solution are still checked).
func (r *textReader) body(title string, ordinal int, score *float64, rows, cols int, bad bool) *Puzzle {
	if r.i+rows > len(r.lines) {
		r.errs.Add(r.file, r.base+r.i+1, 1, "grid has %d rows, want %d", len(r.lines)-r.i, rows)
		r.i = len(r.lines)
		return nil
	}
	grid := make([][]int8, rows)
	badGrid := false
	for y := range rows {
		row := []rune(r.lines[r.i+y])
		if len(row) > cols {
			r.errs.Add(r.file, r.base+r.i+y+1, cols+1, "row %d has %d cells, want %d", y+1, len(row), cols)
			badGrid = true
			continue
		}
		grid[y] = readRow(row, cols, func(c int, msg string) {
			r.errs.Add(r.file, r.base+r.i+y+1, c+1, "%s", msg)
			badGrid = true
		})
	}
	var p *Puzzle
	if !badGrid {
		var err error
		if p, err = New(title, grid); err != nil {
			r.errs.Add(r.file, r.base+r.i+1, 1, "%v", err)
			badGrid = true
		}
	}
	r.i += rows
	if badGrid {
		// Without the puzzle its solution block cannot be read.
		r.skip()
		return nil
	}
	p.Ordinal = ordinal
	if score != nil {
		p.Ref = &Reference{Score: *score, Classification: map[string]RefStat{}}
	}
	if g, e, ok := strings.Cut(title, "/"); ok {
		if n, err := strconv.Atoi(e); err == nil && n > 0 {
			p.Group, p.Level = g, n
		}
	}
	// The solution block, then the end line; any other line ends the
	// puzzle. A bad solution drops the puzzle but not what follows.
	solution := false
	for ; r.i < len(r.lines); r.i++ {
		toks := r.toks()
		if toks == nil {
			continue
		}
		if len(toks) == 1 && toks[0].Text == "end" {
			r.i++
			break
		}
		if len(toks) != 1 || toks[0].Text != "solution" || solution {
			break
		}
		solution = true
		if r.i+1+rows > len(r.lines) {
			r.errs.Add(r.file, r.base+len(r.lines), 1, "solution has %d rows, want %d", len(r.lines)-r.i-1, rows)
			r.i = len(r.lines)
			return nil
		}
		a, err := ParseDrawing(p, r.file, r.lines[r.i+1:r.i+1+rows], r.base+r.i+2)
		if err != nil {
			r.errs = append(r.errs, err.(srcpos.ErrorList)...)
			bad = true
		}
		p.Solution = a
		r.i += rows
	}
	if bad {
		return nil
	}
	return p
}

// FormatText writes p in the canonical text format (with its solution
// block when p.Solution is set).
func FormatText(p *Puzzle) string {
	var b strings.Builder
	text.Header(&b, KindName, p.Title)
	if p.Ordinal > 0 {
		fmt.Fprintf(&b, "index %d\n", p.Ordinal)
	}
	if p.Ref != nil {
		fmt.Fprintf(&b, "score %s\n", strconv.FormatFloat(p.Ref.Score, 'g', -1, 64))
	}
	fmt.Fprintf(&b, "size %d %d\n", p.Rows(), p.Cols())
	for _, row := range p.Rowstrings() {
		b.WriteString(strings.ReplaceAll(row, " ", "_"))
		b.WriteByte('\n')
	}
	if p.Solution != nil {
		b.WriteString("solution\n")
		for _, row := range p.Draw(p.Solution) {
			b.WriteString(strings.ReplaceAll(row, " ", "_"))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// ParseDrawing reads a drawn solution (rows as Draw writes them; '_' is
// read as ' ', short rows are padded) into an assignment. The drawing must
// show p's numbers and dots in their cells; each number's line is the
// placement whose cells are all marked with its direction ('-' or '|') so
// that every marked cell is covered exactly once. When no such choice
// exists the error names what Verify finds wrong with the lines as drawn.
// firstLine is the file line of the first row, for errors.
func ParseDrawing(p *Puzzle, file string, rows []string, firstLine int) (puzzle.Assignment, error) {
	var l puzzle.ErrorList
	if len(rows) != p.Rows() {
		l.Add(file, firstLine, 1, "drawing has %d rows, want %d", len(rows), p.Rows())
		return nil, l.Err()
	}
	marks := make([][]rune, p.Rows())
	for r, s := range rows {
		rs := []rune(strings.TrimRight(s, "\r"))
		if len(rs) > p.Cols() {
			l.Add(file, firstLine+r, p.Cols()+1, "drawing row %d has %d cells, want %d", r+1, len(rs), p.Cols())
			continue
		}
		marks[r] = make([]rune, p.Cols())
		for c := range marks[r] {
			ch := ' '
			if c < len(rs) {
				ch = rs[c]
			}
			if ch == '_' {
				ch = ' '
			}
			q := puzzle.Pos{Row: r, Col: c}
			switch v := p.Cell(q); {
			case v > 0 && ch != rune('0'+v):
				l.Add(file, firstLine+r, c+1, "cell %v: want the puzzle's %d, have %q", q, v, ch)
			case v <= 0 && ch != ' ' && ch != '.' && ch != '-' && ch != '|':
				l.Add(file, firstLine+r, c+1, "cell %v: want ' ', '.', '-' or '|', have %q", q, ch)
			case v == Empty && ch == '.':
				l.Add(file, firstLine+r, c+1, "cell %v: a dot where the puzzle has none", q)
			case v == Dot && ch == ' ':
				l.Add(file, firstLine+r, c+1, "cell %v: the puzzle's dot is missing (want '.', '-' or '|')", q)
			}
			marks[r][c] = ch
		}
	}
	if err := l.Err(); err != nil {
		return nil, err
	}
	if a, ok := matchDrawing(p, marks); ok {
		return a, nil
	}
	vs := p.verifyLines(drawnLines(p, marks))
	if len(vs) == 0 {
		// The drawn lines solve p but some mark belongs to no line.
		vs = []puzzle.Violation{{Rule: RuleShape, Msg: "the drawing has marks that belong to no line"}}
	}
	for _, v := range vs {
		line, col := firstLine, 1
		if len(v.Cells) > 0 {
			line, col = firstLine+v.Cells[0].Row, v.Cells[0].Col+1
		}
		l.Add(file, line, col, "%s: %s", v.Rule, v.Msg)
	}
	return nil, l.Err()
}

// matchDrawing finds the placements that explain the marks exactly.
func matchDrawing(p *Puzzle, marks [][]rune) (puzzle.Assignment, bool) {
	n := len(p.numbers)
	cands := make([][]int, n)
	for i := range n {
		for j, pl := range p.placements[i] {
			want := '|'
			if pl.Horizontal {
				want = '-'
			}
			ok := true
			for _, q := range pl.Cells() {
				if q != p.numbers[i].Pos && marks[q.Row][q.Col] != want {
					ok = false
					break
				}
			}
			if ok {
				cands[i] = append(cands[i], j)
			}
		}
	}
	used := make([]bool, p.Rows()*p.Cols())
	a := make(puzzle.Assignment, n)
	// A budget bounds the search on adversarial drawings: "-2- -2- ..."
	// has exponentially many partial choices, and none covers every mark.
	budget := 100000
	var rec func(i int) bool
	rec = func(i int) bool {
		if budget--; budget < 0 {
			return false
		}
		if i == n {
			for r, row := range marks {
				for c, ch := range row {
					if (ch == '-' || ch == '|') && !used[r*p.Cols()+c] {
						return false
					}
				}
			}
			return true
		}
		for _, j := range cands[i] {
			cells := p.placements[i][j].Cells()
			free := true
			for _, q := range cells {
				if used[q.Row*p.Cols()+q.Col] {
					free = false
					break
				}
			}
			if !free {
				continue
			}
			for _, q := range cells {
				used[q.Row*p.Cols()+q.Col] = true
			}
			a[i] = j
			if rec(i + 1) {
				return true
			}
			for _, q := range cells {
				used[q.Row*p.Cols()+q.Col] = false
			}
		}
		return false
	}
	return a, rec(0)
}

// drawnLines reads lines naively: from each number, the run of '-' (or
// '|') cells on either side; a number with both gets two lines.
func drawnLines(p *Puzzle, marks [][]rune) []line {
	var out []line
	for i, n := range p.numbers {
		run := func(dr, dc int, mark rune) puzzle.Pos {
			q := n.Pos
			for {
				next := puzzle.Pos{Row: q.Row + dr, Col: q.Col + dc}
				if !p.In(next) || marks[next.Row][next.Col] != mark {
					return q
				}
				q = next
			}
		}
		l, r := run(0, -1, '-'), run(0, 1, '-')
		u, d := run(-1, 0, '|'), run(1, 0, '|')
		h, v := l != r, u != d
		if h || !v {
			out = append(out, line{n: i, from: l, to: r})
		}
		if v {
			out = append(out, line{n: i, from: u, to: d})
		}
	}
	return out
}

// ParseSolution reads a solution for p: a drawn grid (see ParseDrawing), or
// a canonical file holding p with a solution block.
func ParseSolution(p *Puzzle, file string, data []byte) (puzzle.Assignment, error) {
	if Formats.Detect(file, data) == canonicalFormat {
		q, err := ParseText(file, data)
		if err != nil {
			return nil, err
		}
		if q.Solution == nil {
			return nil, &srcpos.Error{File: file, Line: 1, Col: 1, Msg: "the puzzle has no solution block"}
		}
		if q.String() != p.String() {
			return nil, &srcpos.Error{File: file, Line: 1, Col: 1, Msg: "the file's puzzle differs from this one"}
		}
		return q.Solution, nil
	}
	rows := strings.Split(strings.TrimRight(string(data), "\r\n"), "\n")
	return ParseDrawing(p, file, rows, 1)
}
