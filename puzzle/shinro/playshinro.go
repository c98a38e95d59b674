package shinro

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// PlayshinroSize is the side of every playshinro grid.
const PlayshinroSize = 8

// playshinro cell codes besides the numpad arrows.
const (
	codeEmpty = 0
	codeStone = 5
)

// jsonReader walks a JSON document token by token and knows where each token
// starts, so that errors point at the JSON element (line:col).
type jsonReader struct {
	file  string
	data  []byte
	dec   *json.Decoder
	lines []int // byte offset of each line's start
	errs  puzzle.ErrorList
}

// errStop is returned when an error makes further reading pointless (the
// error itself is already recorded).
var errStop = errors.New("stop")

func newJSONReader(file string, data []byte) *jsonReader {
	j := &jsonReader{file: file, data: data, dec: json.NewDecoder(bytes.NewReader(data)), lines: []int{0}}
	j.dec.UseNumber()
	for i, b := range data {
		if b == '\n' {
			j.lines = append(j.lines, i+1)
		}
	}
	return j
}

// lineCol turns a byte offset into a 1-based line and column (in bytes).
func (j *jsonReader) lineCol(off int) (int, int) {
	i := sort.SearchInts(j.lines, off+1) - 1
	if i < 0 {
		i = 0
	}
	return i + 1, off - j.lines[i] + 1
}

func skipSpace(data []byte, off int) int {
	for off < len(data) && (data[off] == ' ' || data[off] == '\t' || data[off] == '\r' || data[off] == '\n') {
		off++
	}
	return off
}

// here is the offset where the next token starts.
func (j *jsonReader) here() int {
	off := int(j.dec.InputOffset())
	for off < len(j.data) {
		switch j.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

func (j *jsonReader) errorAt(off int, format string, args ...any) {
	line, col := j.lineCol(off)
	j.errs.Add(j.file, line, col, format, args...)
}

// token reads the next token and its start offset; a syntax error is
// recorded and errStop returned.
func (j *jsonReader) token() (json.Token, int, error) {
	off := j.here()
	tok, err := j.dec.Token()
	if err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			j.errorAt(int(se.Offset), "JSON: %v", se)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			j.errorAt(len(j.data), "JSON: unexpected end of input")
		default:
			j.errorAt(off, "JSON: %v", err)
		}
		return nil, off, errStop
	}
	return tok, off, nil
}

// expect reads a delimiter.
func (j *jsonReader) expect(d json.Delim, what string) (int, error) {
	tok, off, err := j.token()
	if err != nil {
		return off, err
	}
	if got, ok := tok.(json.Delim); !ok || got != d {
		j.errorAt(off, "want %s, have %v", what, describe(tok))
		return off, errStop
	}
	return off, nil
}

func describe(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		return fmt.Sprintf("%q", string(v))
	case string:
		return fmt.Sprintf("string %q", v)
	case json.Number:
		return "number " + v.String()
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", tok)
}

// skip reads and discards one value (the token already read is tok).
func (j *jsonReader) skip(tok json.Token) error {
	d, ok := tok.(json.Delim)
	if !ok || d == '}' || d == ']' {
		return nil
	}
	for depth := 1; depth > 0; {
		tok, _, err := j.token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
	}
	return nil
}

// ParsePlayshinro reads a playshinro JSON file: an array of puzzles
// {index, difficulty, grid} (a single object is read as a one-puzzle file).
// A puzzle without "index" gets its 1-based position in the file. The
// stones in the grid become the puzzle's Solution and its counts. Errors are
// a puzzle.ErrorList positioned at the JSON element (line:column in bytes);
// when only some entries are bad (the JSON itself is well-formed) the
// puzzles read from the others are returned along with the errors.
func ParsePlayshinro(file string, data []byte) ([]*Puzzle, error) {
	j := newJSONReader(file, data)
	ps := j.parseFile()
	return ps, j.errs.Err()
}

func (j *jsonReader) parseFile() []*Puzzle {
	tok, off, err := j.token()
	if err != nil {
		return nil
	}
	var ps []*Puzzle
	seen := map[int]int{}
	add := func(p *Puzzle, off int) {
		if p == nil {
			return
		}
		if p.Number == 0 {
			p.Number = len(ps) + 1
			p.Title = "playshinro " + strconv.Itoa(p.Number)
		}
		if prev, dup := seen[p.Number]; dup {
			j.errorAt(off, "puzzle index %d repeats (first at puzzle %d of the file)", p.Number, prev+1)
			return
		}
		seen[p.Number] = len(ps)
		ps = append(ps, p)
	}
	switch tok {
	case json.Delim('['):
		for j.dec.More() {
			off := j.here()
			p, err := j.parsePuzzle()
			if err != nil {
				return nil // the JSON is broken: nothing is trustworthy
			}
			add(p, off)
		}
		if _, err := j.expect(']', `"]"`); err != nil {
			return nil
		}
	case json.Delim('{'):
		p, err := j.parsePuzzleBody(off)
		if err != nil {
			return nil
		}
		add(p, off)
	default:
		j.errorAt(off, "want a JSON array of puzzles, have %v", describe(tok))
		return nil
	}
	if off := skipSpace(j.data, int(j.dec.InputOffset())); off < len(j.data) {
		j.errorAt(off, "unexpected data after the JSON value")
	}
	if len(ps) == 0 && len(j.errs) == 0 {
		j.errorAt(off, "no puzzles")
	}
	return ps
}

func (j *jsonReader) parsePuzzle() (*Puzzle, error) {
	off, err := j.expect('{', "a puzzle object")
	if err != nil {
		return nil, err
	}
	return j.parsePuzzleBody(off)
}

// parsePuzzleBody reads a puzzle object after its '{'. It returns a nil
// puzzle (and records errors) when the object is malformed but the JSON
// can still be read on.
func (j *jsonReader) parsePuzzleBody(start int) (*Puzzle, error) {
	p := &Puzzle{Difficulty: -1}
	var grid [][]int
	gridOff := -1
	bad := false
	for j.dec.More() {
		tok, _, err := j.token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		val, voff, err := j.token()
		if err != nil {
			return nil, err
		}
		switch key {
		case "index":
			n, ok := val.(json.Number)
			v, perr := strconv.Atoi(string(n))
			if !ok || perr != nil || v < 1 {
				j.errorAt(voff, "index: want a positive integer, have %v", describe(val))
				bad = true
				if err := j.skip(val); err != nil {
					return nil, err
				}
				continue
			}
			p.Number = v
		case "difficulty":
			n, ok := val.(json.Number)
			f, perr := n.Float64()
			if !ok || perr != nil || f < 0 || f > 1 {
				j.errorAt(voff, "difficulty: want a fraction in [0,1], have %v", describe(val))
				bad = true
				if err := j.skip(val); err != nil {
					return nil, err
				}
				continue
			}
			p.Difficulty = f
		case "grid":
			gridOff = voff
			g, ok, err := j.parseGrid(val, voff)
			if err != nil {
				return nil, err
			}
			if !ok {
				bad = true
			}
			grid = g
		default:
			if err := j.skip(val); err != nil {
				return nil, err
			}
		}
	}
	if _, err := j.expect('}', `"}"`); err != nil {
		return nil, err
	}
	if gridOff < 0 {
		j.errorAt(start, "puzzle has no grid")
		return nil, nil
	}
	if bad {
		return nil, nil
	}
	if p.Number != 0 {
		p.Title = "playshinro " + strconv.Itoa(p.Number)
	}
	return j.build(p, grid, gridOff), nil
}

// gridCell is a cell code and where it starts, for errors found after the
// whole grid is read.
type gridCell struct {
	code int
	off  int
}

// parseGrid reads an 8×8 array of cell codes (first token already read).
func (j *jsonReader) parseGrid(first json.Token, off int) ([][]int, bool, error) {
	if first != json.Delim('[') {
		j.errorAt(off, "grid: want an array of rows, have %v", describe(first))
		return nil, false, j.skip(first)
	}
	ok := true
	var rows [][]gridCell
	for j.dec.More() {
		tok, roff, err := j.token()
		if err != nil {
			return nil, false, err
		}
		if tok != json.Delim('[') {
			j.errorAt(roff, "grid row %d: want an array of cells, have %v", len(rows)+1, describe(tok))
			ok = false
			if err := j.skip(tok); err != nil {
				return nil, false, err
			}
			rows = append(rows, nil)
			continue
		}
		var row []gridCell
		for j.dec.More() {
			tok, coff, err := j.token()
			if err != nil {
				return nil, false, err
			}
			n, isNum := tok.(json.Number)
			v, perr := strconv.Atoi(string(n))
			if !isNum || perr != nil || v < 0 || v > 9 {
				j.errorAt(coff, "grid cell r%dc%d: want a code 0-9 (0 empty, 5 stone, numpad arrow), have %v", len(rows)+1, len(row)+1, describe(tok))
				ok = false
				if err := j.skip(tok); err != nil {
					return nil, false, err
				}
				v = 0
			}
			row = append(row, gridCell{v, coff})
		}
		if _, err := j.expect(']', `"]"`); err != nil {
			return nil, false, err
		}
		if len(row) != PlayshinroSize {
			j.errorAt(roff, "grid row %d has %d cells, want %d", len(rows)+1, len(row), PlayshinroSize)
			ok = false
		}
		rows = append(rows, row)
	}
	if _, err := j.expect(']', `"]"`); err != nil {
		return nil, false, err
	}
	if len(rows) != PlayshinroSize {
		j.errorAt(off, "grid has %d rows, want %d", len(rows), PlayshinroSize)
		ok = false
	}
	if !ok {
		return nil, false, nil
	}
	// Arrows pointing straight off the grid are errors at their cell.
	grid := make([][]int, len(rows))
	for r, row := range rows {
		grid[r] = make([]int, len(row))
		for c, cell := range row {
			grid[r][c] = cell.code
			if d := Dir(cell.code); d.Valid() {
				dr, dc := d.Delta()
				if nr, nc := r+dr, c+dc; nr < 0 || nr >= len(rows) || nc < 0 || nc >= len(row) {
					j.errorAt(cell.off, "grid cell r%dc%d: arrow %v points off the grid", r+1, c+1, d)
					ok = false
				}
			}
		}
	}
	return grid, ok, nil
}

// build derives the counts from the stones and makes the puzzle.
func (j *jsonReader) build(p *Puzzle, grid [][]int, off int) *Puzzle {
	n := len(grid)
	p.Arrows = make([][]Dir, n)
	p.Solution = make(Stones, n)
	p.RowCounts = make([]int, n)
	p.ColCounts = make([]int, n)
	for r, row := range grid {
		p.Arrows[r] = make([]Dir, n)
		p.Solution[r] = make([]bool, n)
		for c, code := range row {
			switch code {
			case codeEmpty:
			case codeStone:
				p.Solution[r][c] = true
				p.RowCounts[r]++
				p.ColCounts[c]++
				p.Total++
			default:
				p.Arrows[r][c] = Dir(code)
			}
		}
	}
	if err := p.check(); err != nil {
		j.errorAt(off, "%v", err)
		return nil
	}
	p.prepare()
	return p
}

// FindNumber returns the puzzle with playshinro index n.
func FindNumber(ps []*Puzzle, n int) (*Puzzle, error) {
	for _, p := range ps {
		if p.Number == n {
			return p, nil
		}
	}
	var have []int
	for _, p := range ps {
		have = append(have, p.Number)
	}
	return nil, fmt.Errorf("shinro: no puzzle with index %d (have %v)", n, have)
}

// FormatPlayshinro writes puzzles in the playshinro JSON form. A puzzle
// without a solution cannot be written (playshinro derives counts from the
// stones), nor one that is not 8×8.
func FormatPlayshinro(ps []*Puzzle) ([]byte, error) {
	type entry struct {
		Index      int      `json:"index"`
		Difficulty *float64 `json:"difficulty,omitempty"`
		Grid       [][]int  `json:"grid"`
	}
	out := make([]entry, 0, len(ps))
	for i, p := range ps {
		if p.Rows() != PlayshinroSize || p.Cols() != PlayshinroSize {
			return nil, fmt.Errorf("shinro: %s: playshinro grids are %dx%d, not %dx%d", p.Title, PlayshinroSize, PlayshinroSize, p.Rows(), p.Cols())
		}
		if p.Solution == nil {
			return nil, fmt.Errorf("shinro: %s: playshinro needs the solution (counts come from the stones)", p.Title)
		}
		if vs := Verify(p, p.Solution); vs != nil {
			return nil, fmt.Errorf("shinro: %s: the solution is wrong: %v", p.Title, vs[0])
		}
		e := entry{Index: p.Number, Grid: make([][]int, p.Rows())}
		if e.Index == 0 {
			e.Index = i + 1
		}
		if p.Difficulty >= 0 {
			d := p.Difficulty
			e.Difficulty = &d
		}
		for r := range e.Grid {
			e.Grid[r] = make([]int, p.Cols())
			for c := range e.Grid[r] {
				switch {
				case p.Arrows[r][c] != None:
					e.Grid[r][c] = int(p.Arrows[r][c])
				case p.Solution[r][c]:
					e.Grid[r][c] = codeStone
				}
			}
		}
		out = append(out, e)
	}
	return json.MarshalIndent(out, "", " ")
}
