package puzzle

import (
	"fmt"
	"strconv"
	"strings"
)

// The playground's URLs: a puzzle is the query of a URL, in the shape
// puzz.link uses, KIND/COLS/ROWS/BODY (puzz.link's own strings for the
// kinds it encodes; a compact encoding of the kind's own, a format named
// "url" in kinds/<kind>/model, for the others). Every one of these is
// read as a whole URL (https://host/p?…, /?…), as the bare query, or with
// the page's fragment (#…, the player's progress) after it.

// URLQuery returns the puzzle part of data when data is one line holding
// one URL or bare query whose first path element is kind: what follows
// the first '?' (all of it when there is none), without a '#' fragment.
func URLQuery(data []byte, kind string) (string, bool) {
	s := strings.TrimSpace(string(data))
	s = strings.TrimPrefix(s, "\ufeff")
	if s == "" || strings.ContainsAny(s, " \t\r\n") {
		return "", false
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s = s[i+1:]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	if !strings.HasPrefix(s, kind+"/") {
		return "", false
	}
	return s, true
}

// URLGrid reads a query KIND/COLS/ROWS/BODY (URLQuery's answer): the
// size, each 1..maxSide, and the body.
func URLGrid(file, query string, maxSide int) (rows, cols int, body string, err error) {
	parts := strings.Split(query, "/")
	bad := func(format string, args ...any) (int, int, string, error) {
		return 0, 0, "", &Error{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf(format, args...)}
	}
	if len(parts) != 4 {
		return bad("want %s/COLS/ROWS/BODY, have %d parts", parts[0], len(parts))
	}
	c, err1 := strconv.Atoi(parts[1])
	r, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil || r < 1 || c < 1 || r > maxSide || c > maxSide {
		return bad("size %q×%q: want two numbers 1..%d (columns, then rows)", parts[1], parts[2], maxSide)
	}
	return r, c, parts[3], nil
}

// URLError is an error of a URL's body, at the body's character at (from
// 0) of the query.
func URLError(file string, at int, format string, args ...any) error {
	return &Error{File: file, Line: 1, Col: at + 1, Msg: fmt.Sprintf(format, args...)}
}

// Runs writes n empty cells as puzz.link does: letters a..z for runs of
// 1..26 (longer runs in several letters).
func Runs(b *strings.Builder, n int) {
	for n > 0 {
		k := min(n, 26)
		b.WriteByte(byte('a' + k - 1))
		n -= k
	}
}

// RunLength reports whether c is a run letter (Runs) and the run it is.
func RunLength(c byte) (int, bool) {
	if c >= 'a' && c <= 'z' {
		return int(c-'a') + 1, true
	}
	return 0, false
}

// URLFormat is the format "url" of a kind whose playground URLs are
// KIND/COLS/ROWS/BODY and hold one puzzle: detected by URLQuery, read by
// parse from the query, written one puzzle a line by write.
func URLFormat[P any](kind string, parse func(file, query string) (P, error), write func(P) string) *Format[P] {
	return &Format[P]{
		Name: "url", Doc: "playground URL (" + kind + "/COLS/ROWS/BODY)",
		Detect: func(_ string, data []byte) bool { _, ok := URLQuery(data, kind); return ok },
		Parse: func(name string, data []byte) ([]P, error) {
			q, _ := URLQuery(data, kind)
			p, err := parse(name, q)
			if err != nil {
				return nil, err
			}
			return []P{p}, nil
		},
		Write: Joined(write, "\n"),
	}
}

// FormatURLCells writes the query KIND/COLS/ROWS/BODY of a rows×cols
// grid whose BODY is head, then the cells row by row as puzz.link writes
// them: each run of cells whose token is "" as run letters (Runs), any
// other cell as its token.
func FormatURLCells(kind string, rows, cols int, head string, token func(Pos) string) string {
	var b strings.Builder
	b.WriteString(kind + "/" + strconv.Itoa(cols) + "/" + strconv.Itoa(rows) + "/" + head)
	run := 0
	for r := range rows {
		for c := range cols {
			s := token(Pos{Row: r, Col: c})
			if s == "" {
				run++
				continue
			}
			Runs(&b, run)
			run = 0
			b.WriteString(s)
		}
	}
	Runs(&b, run)
	return b.String()
}

// ReadURLCells reads body, the cells of a rows×cols grid in
// FormatURLCells' form starting at character at of the query: a run letter
// is that many cells left the zero V, any other character the next cell,
// its value cell's answer. cell answers false for a character that is no
// cell; want names those that are ("a digit 1-9, '.'").
func ReadURLCells[V any](file string, at int, body string, rows, cols int, want string, cell func(c byte) (V, bool)) ([][]V, error) {
	grid := make([][]V, rows)
	for r := range grid {
		grid[r] = make([]V, cols)
	}
	k := 0
	for i := 0; i < len(body); i++ {
		n, ok := RunLength(body[i])
		if !ok {
			v, ok := cell(body[i])
			if !ok {
				return nil, URLError(file, at+i, "%q: want %s or a run letter a-z", body[i], want)
			}
			if k < rows*cols {
				grid[k/cols][k%cols] = v
			}
			n = 1
		}
		k += n
		if k > rows*cols {
			return nil, URLError(file, at+i, "the cells run past %d×%d", rows, cols)
		}
	}
	if k != rows*cols {
		return nil, URLError(file, at+len(body), "%d cells of %d", k, rows*cols)
	}
	return grid, nil
}
