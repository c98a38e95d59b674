package model

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/puzzlesat/puzzlesat/srcpos"
)

var directives = map[string]bool{
	"name": true, "start": true, "target": true, "moves": true, "move": true,
	"sum": true, "distinct": true, "magic": true,
}

// IsDirective reports whether word starts a line of the shift format's
// own (name, start, target, moves, …), rather than of a bare picture.
func IsDirective(word string) bool { return directives[word] }

type srcLine struct {
	num  int
	text string
}

// Parse reads a puzzle in the text format (see the package doc). file
// names the input in errors, which are *srcpos.Error with the line (and
// column when known).
func Parse(file string, data []byte) (*Puzzle, error) {
	var lines []srcLine
	sc := bufio.NewScanner(bytes.NewReader(srcpos.TrimBOM(data)))
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	n := 0
	for sc.Scan() {
		n++
		lines = append(lines, srcLine{n, strings.TrimRight(sc.Text(), " \t\r")})
	}
	if err := sc.Err(); err != nil {
		return nil, &srcpos.Error{File: file, Line: n + 1, Col: 1, Msg: err.Error()}
	}
	bare := true
	for _, l := range lines {
		t := strings.TrimSpace(l.text)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if directives[strings.Fields(t)[0]] {
			bare = false
			break
		}
	}
	if bare {
		var pic []srcLine
		for _, l := range lines {
			t := strings.TrimSpace(l.text)
			if t != "" && !strings.HasPrefix(t, "#") {
				pic = append(pic, l)
			}
		}
		if len(pic) == 0 {
			return nil, &srcpos.Error{File: file, Line: 1, Col: 1, Msg: "empty input"}
		}
		p, err := magicFromLines(file, pic)
		if err != nil {
			return nil, err
		}
		p.Name = "magic"
		return p, nil
	}
	return parseDirectives(file, lines)
}

type parser struct {
	file   string
	p      *Puzzle
	rows   [][]string // start picture tokens (gaps as ".")
	picDef bool
	cells  map[string]int
}

func (ps *parser) errf(line, col int, format string, args ...any) error {
	return &srcpos.Error{File: ps.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func parseDirectives(file string, lines []srcLine) (*Puzzle, error) {
	ps := &parser{file: file, p: &Puzzle{}}
	var targetLines []srcLine
	targetAt := 0
	type pending struct {
		l    srcLine
		kind string
	}
	var later []pending // directives that need the picture
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimSpace(l.text)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		f := strings.Fields(t)
		switch f[0] {
		case "name":
			ps.p.Name = strings.TrimSpace(strings.TrimPrefix(t, "name"))
		case "start", "target":
			if len(f) != 1 {
				return nil, ps.errf(l.num, 1, "%s takes no arguments; the picture follows on the next lines", f[0])
			}
			var block []srcLine
			for i+1 < len(lines) {
				nt := strings.TrimSpace(lines[i+1].text)
				if nt == "" || directives[strings.Fields(nt)[0]] {
					break
				}
				i++
				if !strings.HasPrefix(nt, "#") {
					block = append(block, lines[i])
				}
			}
			if len(block) == 0 {
				return nil, ps.errf(l.num, 1, "%s: no picture lines follow", f[0])
			}
			if f[0] == "start" {
				if ps.picDef {
					return nil, ps.errf(l.num, 1, "start given twice")
				}
				if err := ps.readStart(block); err != nil {
					return nil, err
				}
			} else {
				if targetLines != nil {
					return nil, ps.errf(l.num, 1, "target given twice")
				}
				targetLines, targetAt = block, l.num
			}
		case "moves", "move", "sum", "distinct", "magic":
			later = append(later, pending{l, f[0]})
		}
	}
	// What is missing is missing from the whole file: such errors point
	// at its first line (no picture) or past its last (no moves).
	if !ps.picDef {
		return nil, ps.errf(1, 1, "no start picture (a \"start\" line followed by the picture)")
	}
	if targetLines != nil {
		if err := ps.readTarget(targetAt, targetLines); err != nil {
			return nil, err
		}
	}
	for _, d := range later {
		var err error
		switch d.kind {
		case "moves":
			err = ps.readMoves(d.l)
		case "move":
			err = ps.readMove(d.l)
		case "sum":
			err = ps.readSum(d.l)
		case "distinct":
			err = ps.readDistinct(d.l)
		case "magic":
			err = ps.readMagic(d.l)
		}
		if err != nil {
			return nil, err
		}
	}
	if len(ps.p.Moves) == 0 {
		return nil, ps.errf(len(lines)+1, 1, "no moves (a \"moves rows cols\" or \"move\" line)")
	}
	sortValues(ps.p)
	if err := ps.p.Validate(); err != nil {
		return nil, ps.errf(1, 1, "%s", strings.TrimPrefix(err.Error(), "shift: "))
	}
	return ps.p, nil
}

// fields splits s as strings.Fields does and returns, with each field,
// its 1-based column (byte offset).
func fields(s string) (f []string, cols []int) {
	start := -1
	for i, r := range s {
		switch {
		case !unicode.IsSpace(r) && start < 0:
			start = i
		case unicode.IsSpace(r) && start >= 0:
			f, cols = append(f, s[start:i]), append(cols, start+1)
			start = -1
		}
	}
	if start >= 0 {
		f, cols = append(f, s[start:]), append(cols, start+1)
	}
	return f, cols
}

func (ps *parser) readStart(block []srcLine) error {
	vals := map[string]int{}
	ps.cells = map[string]int{}
	for i, l := range block {
		f, cols := fields(l.text)
		var line []int
		j := 0
		for k, tok := range f {
			if tok == "." {
				line = append(line, Gap)
				continue
			}
			if tok == "*" {
				return ps.errf(l.num, cols[k], "\"*\" is only allowed in the target")
			}
			// Checked before the cell exists: moves over a huge picture
			// would take gigabytes before Validate saw the size.
			if len(ps.p.Start) == MaxCells {
				return ps.errf(l.num, cols[k], "the picture has more than %d cells", MaxCells)
			}
			v, ok := vals[tok]
			if !ok {
				v = len(ps.p.Values)
				vals[tok] = v
				ps.p.Values = append(ps.p.Values, tok)
			}
			c := len(ps.p.Start)
			j++
			ps.cells[fmt.Sprintf("r%dc%d", i+1, j)] = c
			ps.p.Start = append(ps.p.Start, v)
			line = append(line, c)
		}
		ps.p.Picture.Lines = append(ps.p.Picture.Lines, line)
		ps.rows = append(ps.rows, f)
	}
	ps.picDef = true
	return nil
}

func (ps *parser) readTarget(at int, block []srcLine) error {
	if len(block) != len(ps.rows) {
		return ps.errf(at, 1, "target has %d lines, start has %d", len(block), len(ps.rows))
	}
	vals := map[string]int{}
	for i, v := range ps.p.Values {
		vals[v] = i
	}
	target := make([]int, 0, ps.p.NumCells())
	for i, l := range block {
		f, cols := fields(l.text)
		if len(f) != len(ps.rows[i]) {
			return ps.errf(l.num, 1, "target line has %d entries, start line has %d", len(f), len(ps.rows[i]))
		}
		for k, tok := range f {
			if (tok == ".") != (ps.rows[i][k] == ".") {
				return ps.errf(l.num, cols[k], "gaps of target and start differ")
			}
			switch tok {
			case ".":
			case "*":
				target = append(target, Any)
			default:
				v, ok := vals[tok]
				if !ok {
					return ps.errf(l.num, cols[k], "target token %q does not occur in the start", tok)
				}
				target = append(target, v)
			}
		}
	}
	// The target must be reachable as a multiset: the fixed entries may
	// not use a value more often than the start has it.
	have := make([]int, len(ps.p.Values))
	for _, v := range ps.p.Start {
		have[v]++
	}
	for _, v := range target {
		if v != Any {
			have[v]--
			if have[v] < 0 {
				return ps.errf(at, 1, "target uses %q more often than the start", ps.p.Values[v])
			}
		}
	}
	ps.p.Goal.Target = target
	return nil
}

// cellName reads "r{line}c{cell}" (both 1-based decimal). A regexp here
// cost every start of the binary its compile.
func cellName(name string) (row, col int, ok bool) {
	rest, ok := strings.CutPrefix(name, "r")
	if !ok {
		return 0, 0, false
	}
	rs, cs, ok := strings.Cut(rest, "c")
	if !ok || !digits(rs) || !digits(cs) {
		return 0, 0, false
	}
	row, err1 := strconv.Atoi(rs)
	col, err2 := strconv.Atoi(cs)
	return row, col, err1 == nil && err2 == nil
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func (ps *parser) cell(l srcLine, col int, name string) (int, error) {
	if c, ok := ps.cells[name]; ok {
		return c, nil
	}
	if _, _, ok := cellName(name); !ok {
		return 0, ps.errf(l.num, col, "bad cell %q (want r{line}c{cell}, e.g. r1c2)", name)
	}
	return 0, ps.errf(l.num, col, "no cell %s in the picture", name)
}

func (ps *parser) cellList(l srcLine, f []string, cols []int) ([]int, error) {
	var out []int
	for k, name := range f {
		c, err := ps.cell(l, cols[k], name)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func (ps *parser) addMove(l srcLine, m Move) error {
	for _, o := range ps.p.Moves {
		if o.Name == m.Name {
			return ps.errf(l.num, 1, "duplicate move name %q", m.Name)
		}
	}
	ps.p.Moves = append(ps.p.Moves, m)
	return nil
}

func (ps *parser) readMoves(l srcLine) error {
	f, cols := fields(l.text)
	if len(f) == 1 {
		return ps.errf(l.num, 1, "moves: say which: rows, cols")
	}
	for k, kind := range f[1:] {
		var ms []Move
		switch kind {
		case "rows":
			ms = RowMoves(ps.p.Picture)
		case "cols":
			ms = ColMoves(ps.p.Picture)
		default:
			return ps.errf(l.num, cols[k+1], "moves: unknown kind %q (want rows or cols)", kind)
		}
		for _, m := range ms {
			if err := ps.addMove(l, m); err != nil {
				return err
			}
		}
	}
	return nil
}

func (ps *parser) readMove(l srcLine) error {
	t := strings.TrimSpace(l.text)
	rest := strings.TrimSpace(strings.TrimPrefix(t, "move"))
	f := strings.Fields(rest)
	if len(f) == 0 {
		return ps.errf(l.num, 1, "move: missing name")
	}
	name, inv, hasInv := strings.Cut(f[0], "/")
	if name == "" || strings.ContainsAny(name+inv, "/(),#") || (hasInv && inv == "") {
		return ps.errf(l.num, strings.Index(l.text, f[0])+1, "move: bad name %q (want NAME or NAME/INVERSE, without / ( ) , #)", f[0])
	}
	cycText := strings.TrimSpace(strings.TrimPrefix(rest, f[0]))
	base := strings.Index(l.text, cycText) // column offset for messages
	n := ps.p.NumCells()
	src := make([]int, n)
	for c := range src {
		src[c] = c
	}
	moved := make([]bool, n)
	i := 0
	cycles := 0
	for i < len(cycText) {
		switch {
		case cycText[i] == ' ' || cycText[i] == '\t':
			i++
			continue
		case cycText[i] != '(':
			return ps.errf(l.num, base+i+1, "move %s: want a cycle in parentheses, e.g. (r1c1 r1c2)", name)
		}
		end := strings.IndexByte(cycText[i:], ')')
		if end < 0 {
			return ps.errf(l.num, base+i+1, "move %s: unclosed parenthesis", name)
		}
		inner := cycText[i+1 : i+end]
		innerF, innerCols := fields(inner)
		for k := range innerCols {
			innerCols[k] += base + i + 1
		}
		cells, err := ps.cellList(l, innerF, innerCols)
		if err != nil {
			return err
		}
		if len(cells) < 2 {
			return ps.errf(l.num, base+i+1, "move %s: a cycle needs at least two cells", name)
		}
		for k, c := range cells {
			if moved[c] {
				return ps.errf(l.num, innerCols[k], "move %s: cell %s is in two cycles", name, innerF[k])
			}
			moved[c] = true
			// The token on cells[k] goes to cells[k+1].
			src[cells[(k+1)%len(cells)]] = c
		}
		cycles++
		i += end + 1
	}
	if cycles == 0 {
		return ps.errf(l.num, 1, "move %s: no cycles", name)
	}
	m := Move{Name: name, Src: src}
	if err := ps.addMove(l, m); err != nil {
		return err
	}
	if hasInv {
		return ps.addMove(l, Move{Name: inv, Src: m.Inverse()})
	}
	return nil
}

func (ps *parser) readSum(l srcLine) error {
	f, cols := fields(l.text)
	if len(f) < 3 {
		return ps.errf(l.num, 1, "sum: want: sum TOTAL CELL...")
	}
	total, err := strconv.Atoi(f[1])
	if err != nil {
		return ps.errf(l.num, cols[1], "sum: total %q is not an integer", f[1])
	}
	cells, err := ps.goalCells(l, "sum", f[2:], cols[2:])
	if err != nil {
		return err
	}
	ps.p.Goal.Sums = append(ps.p.Goal.Sums, Sum{Cells: cells, Total: total})
	return nil
}

func (ps *parser) readDistinct(l srcLine) error {
	f, cols := fields(l.text)
	if len(f) < 3 {
		return ps.errf(l.num, 1, "distinct: want at least two cells")
	}
	cells, err := ps.goalCells(l, "distinct", f[1:], cols[1:])
	if err != nil {
		return err
	}
	ps.p.Goal.Distinct = append(ps.p.Goal.Distinct, cells)
	return nil
}

// goalCells reads the cells of a goal line's constraint (named by what in
// errors): listed cells (f, at columns cols) that exist, each once.
func (ps *parser) goalCells(l srcLine, what string, f []string, cols []int) ([]int, error) {
	cells, err := ps.cellList(l, f, cols)
	if err != nil {
		return nil, err
	}
	if err := checkCells(ps.p.NumCells(), cells); err != nil {
		return nil, ps.errf(l.num, 1, "%s: %v", what, err)
	}
	return cells, nil
}

func (ps *parser) readMagic(l srcLine) error {
	f, cols := fields(l.text)
	if len(f) != 4 {
		return ps.errf(l.num, 1, "magic: want: magic TOTAL CELL N")
	}
	total, err := strconv.Atoi(f[1])
	if err != nil {
		return ps.errf(l.num, cols[1], "magic: total %q is not an integer", f[1])
	}
	r0, c0, ok := cellName(f[2])
	if !ok {
		return ps.errf(l.num, cols[2], "magic: bad cell %q", f[2])
	}
	size, err := strconv.Atoi(f[3])
	if err != nil || size < 1 || size > len(ps.rows) {
		return ps.errf(l.num, cols[3], "magic: size %q is not an integer from 1 to the number of picture lines", f[3])
	}
	at := func(i, j int) (int, error) {
		name := fmt.Sprintf("r%dc%d", r0+i, c0+j)
		c, ok := ps.cells[name]
		if !ok {
			return 0, ps.errf(l.num, cols[2], "magic: the %d×%d block at %s needs cell %s, which the picture lacks", size, size, f[2], name)
		}
		return c, nil
	}
	block := make([][]int, size)
	for i := range block {
		block[i] = make([]int, size)
		for j := range block[i] {
			c, err := at(i, j)
			if err != nil {
				return err
			}
			block[i][j] = c
		}
	}
	ps.p.Goal.Sums = append(ps.p.Goal.Sums, MagicSums(block, total)...)
	return nil
}

// MagicSums returns the sum constraints that make the square block of
// cells a magic square with the given total: every row, every column and
// both diagonals.
func MagicSums(block [][]int, total int) []Sum {
	n := len(block)
	var out []Sum
	for i := 0; i < n; i++ {
		row := append([]int(nil), block[i]...)
		out = append(out, Sum{Cells: row, Total: total})
	}
	for j := 0; j < n; j++ {
		col := make([]int, n)
		for i := 0; i < n; i++ {
			col[i] = block[i][j]
		}
		out = append(out, Sum{Cells: col, Total: total})
	}
	d1, d2 := make([]int, n), make([]int, n)
	for i := 0; i < n; i++ {
		d1[i] = block[i][i]
		d2[i] = block[i][n-1-i]
	}
	return append(out, Sum{Cells: d1, Total: total}, Sum{Cells: d2, Total: total})
}

// Format writes p in the text format; Parse(Format(p)) gives p back.
func Format(p *Puzzle) string {
	var b strings.Builder
	if p.Name != "" {
		fmt.Fprintf(&b, "name %s\n", p.Name)
	}
	b.WriteString("start\n")
	b.WriteString(p.FormatState(p.Start))
	if p.Goal.Target != nil {
		b.WriteString("target\n")
		b.WriteString(p.formatCells(func(c int) string {
			if v := p.Goal.Target[c]; v != Any {
				return p.Values[v]
			}
			return "*"
		}))
	}
	// Name the generated move families when the moves are exactly those.
	gen := map[string][]Move{"cols": ColMoves(p.Picture), "rows": RowMoves(p.Picture)}
	var kinds []string
	rest := p.Moves
	for len(rest) > 0 {
		matched := false
		for _, k := range []string{"cols", "rows"} {
			g := gen[k]
			if len(g) > 0 && len(rest) >= len(g) && sameMoves(rest[:len(g)], g) {
				kinds = append(kinds, k)
				rest = rest[len(g):]
				matched = true
				break
			}
		}
		if !matched {
			break
		}
	}
	if len(kinds) > 0 {
		fmt.Fprintf(&b, "moves %s\n", strings.Join(kinds, " "))
	}
	for _, m := range rest {
		fmt.Fprintf(&b, "move %s %s\n", m.Name, p.cycleString(m))
	}
	for _, s := range p.Goal.Sums {
		fmt.Fprintf(&b, "sum %d %s\n", s.Total, p.cellNames(s.Cells))
	}
	for _, d := range p.Goal.Distinct {
		fmt.Fprintf(&b, "distinct %s\n", p.cellNames(d))
	}
	return b.String()
}

func sameMoves(a, b []Move) bool {
	for i := range a {
		if a[i].Name != b[i].Name {
			return false
		}
		for c := range a[i].Src {
			if a[i].Src[c] != b[i].Src[c] {
				return false
			}
		}
	}
	return true
}

func (p *Puzzle) cellNames(cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = p.CellName(c)
	}
	return strings.Join(names, " ")
}

// cycleString writes m as cycles in the format's notation; the identity is
// written as "()", which Parse rejects.
func (p *Puzzle) cycleString(m Move) string {
	n := len(m.Src)
	dest := m.Inverse() // dest[c]: where the token on c goes
	done := make([]bool, n)
	var b strings.Builder
	for c := 0; c < n; c++ {
		if done[c] || dest[c] == c {
			continue
		}
		b.WriteByte('(')
		for x, first := c, true; !done[x]; x, first = dest[x], false {
			if !first {
				b.WriteByte(' ')
			}
			b.WriteString(p.CellName(x))
			done[x] = true
		}
		b.WriteByte(')')
	}
	if b.Len() == 0 {
		return "()"
	}
	return b.String()
}
