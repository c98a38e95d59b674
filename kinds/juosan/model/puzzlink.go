package model

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
)

// URLPrefix is what FormatURL puts before "juosan/COLS/ROWS/BODY".
const URLPrefix = "https://puzz.link/p?"

// readURLs reads puzz.link Juosan URLs, one per line (blank lines and #
// comments skipped); each line is an entry. Accepted:
// https://puzz.link/p?juosan/COLS/ROWS/BODY, http://, pzv.jp (p.html?),
// without a scheme, or just juosan/COLS/ROWS/BODY. A single URL is named
// after the file; URLs of a list are named FILE:LINE ("line N" when the
// input has no file name).
var (
	readURLs   = puzzle.ParseEntries(openURLs)
	selectURLs = puzzle.SelectEntries(openURLs)
)

// urlEntries walks the lines of a URL list.
type urlEntries struct {
	file string
	puzzle.Parts[text.Line]
}

// openURLs walks the URL list in r a line at a time.
func openURLs(file string, r io.Reader) puzzle.Entries[*Puzzle] {
	sc := text.NewScanner(r)
	es := &urlEntries{file: file}
	seen := false
	es.Cut = func() (text.Line, bool) {
		ln, ok := sc.Next(true)
		switch {
		case sc.Err() != nil:
			es.Fault = &puzzle.Error{File: file, Line: 1, Col: 1, Msg: sc.Err().Error()}
		case !ok && !seen:
			var errs puzzle.ErrorList
			errs.Add(file, 1, 1, "empty input: want a puzz.link URL")
			es.Fault = errs.Err()
		}
		seen = seen || ok
		return ln, ok
	}
	return es
}

func (es *urlEntries) Name() string {
	name := nameFromFile(es.file)
	switch {
	case !es.Many():
		return name
	case name != "":
		return fmt.Sprintf("%s:%d", name, es.Part().Num)
	}
	return fmt.Sprintf("line %d", es.Part().Num)
}

func (es *urlEntries) Read() (*Puzzle, error) {
	var errs puzzle.ErrorList
	ln := es.Part()
	if len(ln.Toks) != 1 {
		text.Errorf(&errs, es.file, ln.Toks[1], "want one URL per line")
		return nil, errs.Err()
	}
	p := decodeURL(&errs, es.file, ln.Toks[0])
	if err := errs.Err(); err != nil {
		return nil, err
	}
	p.Title = es.Name()
	return p, nil
}

// decodeURL decodes one URL token.
func decodeURL(errs *puzzle.ErrorList, file string, t text.Token) *Puzzle {
	s, col := t.Text, t.Col
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s, col = s[i+1:], col+len([]rune(s[:i+1]))
	}
	bad := func(off int, format string, args ...any) *Puzzle {
		errs.Add(file, t.Line, col+off, format, args...)
		return nil
	}
	kind, rest, _ := strings.Cut(s, "/")
	if kind != "juosan" {
		return bad(0, "not a puzz.link Juosan URL (kind %q, want juosan)", kind)
	}
	off := len(kind) + 1
	parts := strings.Split(rest, "/")
	if len(parts) == 4 && parts[3] == "" {
		parts = parts[:3]
	}
	if len(parts) != 3 {
		return bad(off, "want juosan/COLS/ROWS/BODY")
	}
	cols, ok1 := atoi(parts[0])
	if !ok1 || !sizeOK(cols) {
		return bad(off, "columns %q: want an integer in 1..%d", parts[0], MaxSize)
	}
	off += len(parts[0]) + 1
	rows, ok2 := atoi(parts[1])
	if !ok2 || !sizeOK(rows) {
		return bad(off, "rows %q: want an integer in 1..%d", parts[1], MaxSize)
	}
	off += len(parts[1]) + 1
	body := parts[2]

	// Borders: vertical ones (between columns) row by row, then horizontal
	// ones, each group packed 5 bits per base-32 digit, most significant
	// first, and padded to a whole digit.
	nv, nh := (cols-1)*rows, cols*(rows-1)
	lv, lh := (nv+4)/5, (nh+4)/5
	if len(body) < lv+lh {
		return bad(off+len(body), "body too short: the borders need %d characters, found %d", lv+lh, len(body))
	}
	bits := func(digits string, n, at int) ([]bool, bool) {
		out := make([]bool, 0, n)
		for i := 0; i < len(digits); i++ {
			d, ok := base32Digit(digits[i])
			if !ok {
				bad(at+i, "border character %q is not a base-32 digit (0-9, a-v)", digits[i])
				return nil, false
			}
			for w := 4; w >= 0 && len(out) < n; w-- {
				out = append(out, d>>w&1 == 1)
			}
		}
		return out, true
	}
	vb, ok := bits(body[:lv], nv, off)
	if !ok {
		return nil
	}
	hb, ok := bits(body[lv:lv+lh], nh, off+lv)
	if !ok {
		return nil
	}
	wall := func(a, b puzzle.Pos) bool { // a and b adjacent, a before b
		if a.Row == b.Row {
			return vb[a.Row*(cols-1)+a.Col]
		}
		return hb[a.Row*cols+a.Col]
	}
	p := &Puzzle{NumRows: rows, NumCols: cols, Region: make([][]int, rows)}
	for r := range p.Region {
		p.Region[r] = make([]int, cols)
		for c := range p.Region[r] {
			p.Region[r][c] = -1
		}
	}
	n := 0
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if p.Region[r][c] >= 0 {
				continue
			}
			start := puzzle.Pos{Row: r, Col: c}
			p.Region[r][c] = n
			queue := []puzzle.Pos{start}
			for len(queue) > 0 {
				q := queue[0]
				queue = queue[1:]
				for _, nb := range p.Neighbors(q) {
					a, b := q, nb
					if b.Row < a.Row || b.Col < a.Col {
						a, b = b, a
					}
					if p.Region[nb.Row][nb.Col] < 0 && !wall(a, b) {
						p.Region[nb.Row][nb.Col] = n
						queue = append(queue, nb)
					}
				}
			}
			n++
		}
	}
	p.Clue = make([]int, n)
	for i := range p.Clue {
		p.Clue[i] = NoNumber
	}
	p.index()

	// Room numbers, one per room in order (pzprjs decodeNumber16).
	clues := body[lv+lh:]
	off += lv + lh
	room := 0
	for i := 0; i < len(clues); i++ {
		if room >= n {
			return bad(off+i, "more room numbers than rooms (%d)", n)
		}
		ch := clues[i]
		width, add := 0, 0
		switch {
		case ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f':
			v, _ := strconv.ParseInt(string(ch), 16, 0)
			p.Clue[room] = int(v)
		case ch == '.':
			p.Clue[room] = Question
		case ch >= 'g' && ch <= 'z':
			room += int(ch - 'g') // skip value-15 rooms: this many plus the room++ below
		case ch == '-':
			width = 2
		case ch == '+':
			width = 3
		case ch == '=':
			width, add = 3, 4096
		case ch == '%' || ch == '@':
			width, add = 3, 8192
		case ch == '*':
			width, add = 4, 12240
		case ch == '$':
			width, add = 5, 77776
		default:
			return bad(off+i, "room number character %q not understood", ch)
		}
		if width > 0 {
			if i+width >= len(clues) {
				return bad(off+i, "room number %q needs %d hex digits", ch, width)
			}
			hex := clues[i+1 : i+1+width]
			v, err := strconv.ParseUint(hex, 16, 32)
			if err != nil {
				return bad(off+i+1, "room number %q: %q is not %d hex digits", ch, hex, width)
			}
			p.Clue[room] = int(v) + add
			i += width
		}
		room++
	}
	if room > n {
		return bad(off+len(clues)-1, "room skip runs past the last room (%d rooms)", n)
	}
	for r, cl := range p.Clue {
		if cl > len(p.cells[r]) {
			c := p.cells[r][0]
			return bad(off, "room %d (first cell %v) has number %d but only %d cells", r+1, c, cl, len(p.cells[r]))
		}
	}
	return p
}

func base32Digit(b byte) (int, bool) {
	switch {
	case b >= '0' && b <= '9':
		return int(b - '0'), true
	case b >= 'a' && b <= 'v':
		return int(b-'a') + 10, true
	}
	return 0, false
}

// FormatURL writes p as a puzz.link URL, https://puzz.link/p?juosan/COLS/ROWS/BODY,
// exactly as pzprjs encodes it.
func FormatURL(p *Puzzle) string { return URLPrefix + URLBody(p) }

// URLBody is FormatURL without the prefix: "juosan/COLS/ROWS/BODY".
func URLBody(p *Puzzle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "juosan/%d/%d/", p.NumCols, p.NumRows)
	var acc, nacc int
	flush := func() {
		if nacc > 0 {
			b.WriteString(strconv.FormatInt(int64(acc<<(5-nacc)), 32))
			acc, nacc = 0, 0
		}
	}
	put := func(bit bool) {
		acc <<= 1
		if bit {
			acc |= 1
		}
		if nacc++; nacc == 5 {
			flush()
		}
	}
	for r := 0; r < p.NumRows; r++ {
		for c := 0; c+1 < p.NumCols; c++ {
			put(p.Region[r][c] != p.Region[r][c+1])
		}
	}
	flush()
	for r := 0; r+1 < p.NumRows; r++ {
		for c := 0; c < p.NumCols; c++ {
			put(p.Region[r][c] != p.Region[r+1][c])
		}
	}
	flush()

	// Rooms in reading order of their first cell (a Puzzle from a reader is
	// already numbered so; a hand-built one may not be).
	order := make([]int, 0, len(p.Clue))
	seen := make([]bool, len(p.Clue))
	for _, row := range p.Region {
		for _, t := range row {
			if !seen[t] {
				seen[t] = true
				order = append(order, t)
			}
		}
	}
	skip := 0
	for _, t := range order {
		qn := p.Clue[t]
		var s string
		switch {
		case qn == Question:
			s = "."
		case qn >= 0 && qn < 16:
			s = strconv.FormatInt(int64(qn), 16)
		case qn >= 16 && qn < 256:
			s = "-" + hexN(qn, 2)
		case qn >= 256 && qn < 4096:
			s = "+" + hexN(qn, 3)
		case qn >= 4096 && qn < 8192:
			s = "=" + hexN(qn-4096, 3)
		case qn >= 8192 && qn < 12240:
			s = "%" + hexN(qn-8192, 3)
		case qn >= 12240 && qn < 77776:
			s = "*" + hexN(qn-12240, 4)
		case qn >= 77776:
			s = "$" + hexN(qn-77776, 5)
		default:
			skip++
		}
		if skip == 0 {
			b.WriteString(s)
		} else if s != "" || skip == 20 {
			b.WriteString(strconv.FormatInt(int64(15+skip), 36) + s)
			skip = 0
		}
	}
	if skip > 0 {
		b.WriteString(strconv.FormatInt(int64(15+skip), 36))
	}
	return b.String()
}

func hexN(v, width int) string {
	s := strconv.FormatInt(int64(v), 16)
	return strings.Repeat("0", max(0, width-len(s))) + s
}
