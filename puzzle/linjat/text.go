package linjat

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Format is one of the Linjat input formats.
type Format int

// The formats Detect tells apart.
const (
	UnknownFormat Format = iota
	TextFormat           // the canonical text format (first line "linjat")
	LevelsFormat         // the level JSON (jsnell/linjat www/data/puzzles.json)
	RowsFormat           // bare row strings, one per line
)

var formatNames = [...]string{"unknown", "canonical", "levels", "rows"}

// String returns the format's name: canonical, levels, rows (or unknown).
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Detect tells the format of data from its content: text whose first
// significant line is "linjat"; JSON (an object or array) holding a
// "puzzle" key or row strings; or bare rows (lines of ' ', '_', '.' and
// digits 1-9, with at least one digit and one dot, so that other kinds'
// grids of numbers are not taken for Linjat).
func Detect(data []byte) Format {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return UnknownFormat
	}
	switch trimmed[0] {
	case '{':
		if bytes.Contains(trimmed, []byte(`"puzzle"`)) {
			return LevelsFormat
		}
		return UnknownFormat
	case '[':
		rest := bytes.TrimSpace(trimmed[1:])
		if bytes.Contains(trimmed, []byte(`"puzzle"`)) || (len(rest) > 0 && rest[0] == '"') {
			return LevelsFormat
		}
		return UnknownFormat
	}
	for _, l := range strings.Split(string(trimmed), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if l == "linjat" {
			return TextFormat
		}
		break
	}
	digit, dot := false, false
	for _, l := range strings.Split(strings.TrimRight(string(data), "\r\n"), "\n") {
		for _, ch := range strings.TrimRight(l, "\r") {
			if _, msg := cellOf(ch); msg != "" {
				return UnknownFormat
			}
			digit = digit || (ch >= '1' && ch <= '9')
			dot = dot || ch == '.'
		}
	}
	if digit && dot {
		return RowsFormat
	}
	return UnknownFormat
}

// Parse reads every puzzle in data, in the format Detect finds. Errors are
// positioned (puzzle.ErrorList); a level file with some bad entries returns
// its good puzzles along with the errors.
func Parse(file string, data []byte) ([]*Puzzle, error) {
	switch Detect(data) {
	case TextFormat:
		return ParseTexts(file, data)
	case LevelsFormat:
		return ParseLevels(file, data)
	case RowsFormat:
		p, err := ParseRows(file, data)
		if err != nil {
			return nil, err
		}
		return []*Puzzle{p}, nil
	}
	var l puzzle.ErrorList
	l.Add(file, 1, 1, `not a Linjat file: want the canonical text (first line "linjat"), the level JSON or rows of ' ', '.' and digits`)
	return nil, l.Err()
}

// ParseRows reads one puzzle as bare rows, one per line: ' ' or '_' empty,
// '.' a dot, 1-9 a number. Trailing blank lines are dropped and short rows
// are padded with empty cells (editors strip trailing spaces).
func ParseRows(file string, data []byte) (*Puzzle, error) {
	lines := strings.Split(strings.TrimRight(string(data), " \t\r\n"), "\n")
	var l puzzle.ErrorList
	width := 0
	for _, s := range lines {
		width = max(width, len([]rune(strings.TrimRight(s, "\r"))))
	}
	if width == 0 {
		l.Add(file, 1, 1, "no rows")
		return nil, l.Err()
	}
	grid := make([][]int8, len(lines))
	for r, s := range lines {
		grid[r] = make([]int8, width)
		for c, ch := range []rune(strings.TrimRight(s, "\r")) {
			v, msg := cellOf(ch)
			if msg != "" {
				l.Add(file, r+1, c+1, "%s", msg)
			}
			grid[r][c] = v
		}
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
//	index 4                (optional: global index in the level file)
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
// with empty cells). A name of the form GROUP/I sets Group and Entry.
func ParseTexts(file string, data []byte) ([]*Puzzle, error) {
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var ps []*Puzzle
	var l puzzle.ErrorList
	i := 0
	for i < len(lines) {
		s := strings.TrimSpace(lines[i])
		if s == "" || strings.HasPrefix(s, "#") {
			i++
			continue
		}
		if s != "linjat" {
			l.Add(file, i+1, 1, `want "linjat" to start a puzzle, have %q`, s)
			return ps, l.Err()
		}
		p, next, ok := parseText(file, lines, i+1, &l)
		if !ok {
			return ps, l.Err()
		}
		ps = append(ps, p)
		i = next
	}
	if len(ps) == 0 && len(l) == 0 {
		l.Add(file, 1, 1, "no puzzles")
	}
	return ps, l.Err()
}

// ParseText reads a file holding exactly one canonical puzzle.
func ParseText(file string, data []byte) (*Puzzle, error) {
	ps, err := ParseTexts(file, data)
	if err != nil {
		return nil, err
	}
	if len(ps) != 1 {
		return nil, &puzzle.Error{File: file, Msg: fmt.Sprintf("want one puzzle, have %d", len(ps))}
	}
	return ps[0], nil
}

// parseText reads one puzzle's body from line i (after "linjat").
func parseText(file string, lines []string, i int, l *puzzle.ErrorList) (*Puzzle, int, bool) {
	var title string
	index := 0
	var score *float64
	rows, cols := -1, -1
	for ; i < len(lines); i++ {
		s := strings.TrimSpace(lines[i])
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		key, val, _ := strings.Cut(s, " ")
		val = strings.TrimSpace(val)
		switch key {
		case "name":
			title = val
		case "index":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 {
				l.Add(file, i+1, len(key)+2, "index: want a positive integer, have %q", val)
				return nil, 0, false
			}
			index = n
		case "score":
			f, err := strconv.ParseFloat(val, 64)
			if err != nil {
				l.Add(file, i+1, len(key)+2, "score: want a number, have %q", val)
				return nil, 0, false
			}
			score = &f
		case "size":
			f := strings.Fields(val)
			var err1, err2 error
			if len(f) == 2 {
				rows, err1 = strconv.Atoi(f[0])
				cols, err2 = strconv.Atoi(f[1])
			}
			if len(f) != 2 || err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > 1000 || cols > 1000 {
				l.Add(file, i+1, len(key)+2, "size: want two positive integers ROWS COLS (at most 1000), have %q", val)
				return nil, 0, false
			}
		default:
			if rows < 0 {
				l.Add(file, i+1, 1, `want a keyword (name, index, score, size) before the grid, have %q`, s)
				return nil, 0, false
			}
			goto grid
		}
	}
	if rows < 0 {
		l.Add(file, i+1, 1, "missing size line")
	} else {
		l.Add(file, i+1, 1, "missing grid: want %d rows", rows)
	}
	return nil, 0, false
grid:
	if i+rows > len(lines) {
		l.Add(file, i+1, 1, "grid has %d rows, want %d", len(lines)-i, rows)
		return nil, 0, false
	}
	grid := make([][]int8, rows)
	bad := false
	for r := range rows {
		row := []rune(strings.TrimRight(lines[i+r], "\r"))
		if len(row) > cols {
			l.Add(file, i+r+1, cols+1, "row %d has %d cells, want %d", r+1, len(row), cols)
			bad = true
			continue
		}
		grid[r] = make([]int8, cols)
		for c, ch := range row {
			v, msg := cellOf(ch)
			if msg != "" {
				l.Add(file, i+r+1, c+1, "%s", msg)
				bad = true
			}
			grid[r][c] = v
		}
	}
	if bad {
		return nil, 0, false
	}
	p, err := New(title, grid)
	if err != nil {
		l.Add(file, i+1, 1, "%v", err)
		return nil, 0, false
	}
	p.Index = index
	if score != nil {
		p.Ref = &Reference{Score: *score, Classification: map[string]RefStat{}}
	}
	if g, e, ok := strings.Cut(title, "/"); ok {
		if n, err := strconv.Atoi(e); err == nil && n > 0 {
			p.Group, p.Entry = g, n
		}
	}
	i += rows
	// Optional solution block and end line.
	for ; i < len(lines); i++ {
		s := strings.TrimSpace(lines[i])
		switch {
		case s == "" || strings.HasPrefix(s, "#"):
			continue
		case s == "end":
			return p, i + 1, true
		case s == "solution" && p.Solution == nil:
			if i+1+rows > len(lines) {
				l.Add(file, len(lines), 1, "solution has %d rows, want %d", len(lines)-i-1, rows)
				return nil, 0, false
			}
			a, err := ParseDrawing(p, file, lines[i+1:i+1+rows], i+2)
			if err != nil {
				if el, ok := err.(puzzle.ErrorList); ok {
					*l = append(*l, el...)
				} else {
					l.Add(file, i+1, 1, "%v", err)
				}
				return nil, 0, false
			}
			p.Solution = a
			i += rows
		default:
			return p, i, true
		}
	}
	return p, i, true
}

// FormatText writes p in the canonical text format (with its solution
// block when p.Solution is set).
func FormatText(p *Puzzle) string {
	var b strings.Builder
	b.WriteString("linjat\n")
	if p.Title != "" {
		fmt.Fprintf(&b, "name %s\n", strings.ReplaceAll(p.Title, "\n", " "))
	}
	if p.Index > 0 {
		fmt.Fprintf(&b, "index %d\n", p.Index)
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
		for _, row := range p.DrawAssignment(p.Solution) {
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
	lines := drawnLines(p, marks)
	vs := Verify(p, lines)
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
func drawnLines(p *Puzzle, marks [][]rune) []Line {
	var out []Line
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
			out = append(out, Line{Number: i, From: l, To: r})
		}
		if v {
			out = append(out, Line{Number: i, From: u, To: d})
		}
	}
	return out
}

// Select finds a puzzle by key: its title ("easy/3"), GROUP-I or GROUP I
// ("easy-3"), or a 1-based global index ("4"; the position in ps when the
// puzzles carry no index).
func Select(ps []*Puzzle, key string) (*Puzzle, error) {
	k := strings.TrimSpace(key)
	for _, p := range ps {
		if p.Title == k {
			return p, nil
		}
	}
	for _, sep := range []string{"/", "-", " ", "#"} {
		if g, e, ok := strings.Cut(k, sep); ok {
			n, err := strconv.Atoi(strings.TrimSpace(e))
			if err != nil {
				continue
			}
			for _, p := range ps {
				if p.Group == strings.TrimSpace(g) && p.Entry == n {
					return p, nil
				}
			}
			return nil, fmt.Errorf("linjat: no level %s %d (it may be a message without a puzzle)", g, n)
		}
	}
	if n, err := strconv.Atoi(k); err == nil {
		for _, p := range ps {
			if p.Index == n {
				return p, nil
			}
		}
		if n >= 1 && n <= len(ps) && ps[n-1].Index == 0 {
			return ps[n-1], nil
		}
		return nil, fmt.Errorf("linjat: no level with index %d", n)
	}
	return nil, fmt.Errorf("linjat: no level %q (want a name like easy/3 or easy-3, or a 1-based index)", key)
}

// ParseSolution reads a solution for p: a drawn grid (see ParseDrawing), or
// a canonical file holding p with a solution block.
func ParseSolution(p *Puzzle, file string, data []byte) (puzzle.Assignment, error) {
	if Detect(data) == TextFormat {
		q, err := ParseText(file, data)
		if err != nil {
			return nil, err
		}
		if q.Solution == nil {
			return nil, &puzzle.Error{File: file, Msg: "the puzzle has no solution block"}
		}
		if q.String() != p.String() {
			return nil, &puzzle.Error{File: file, Msg: "the file's puzzle differs from this one"}
		}
		return q.Solution, nil
	}
	rows := strings.Split(strings.TrimRight(string(data), "\r\n"), "\n")
	return ParseDrawing(p, file, rows, 1)
}
