package model

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Canonical is puzzlesat's own text format: a header "arrows ROWSxCOLS",
// then one line of cells per row, each an arrow glyph followed by a number
// or '.', separated by blanks; '#' starts a comment.
var Canonical = &puzzle.Format[*Puzzle]{
	Name: "canonical",
	Doc:  `puzzlesat's text format: "arrows ROWSxCOLS", then a line of cells such as ↘3 or ↑. per row`,
	Detect: func(_ string, data []byte) bool {
		return bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("arrows")) &&
			!bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("arrows/"))
	},
	Parse: func(name string, data []byte) ([]*Puzzle, error) { return parseWith(readCanonical, name, data) },
	Write: func(ps []*Puzzle) ([]byte, error) { return writeOne(ps, (*Puzzle).CanonicalText) },
}

// Box is the vanHavel/japanese-arrows puzzle.txt grid: "+----+" border
// lines and "| ↘3 |" rows.
var Box = &puzzle.Format[*Puzzle]{
	Name: "box",
	Doc:  `the vanHavel/japanese-arrows puzzle.txt grid: "+----+" borders around cells such as "| ↘3 |"`,
	Detect: func(_ string, data []byte) bool {
		// Other kinds draw boxes too: an Arrows box has arrows in it.
		return bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("+")) &&
			bytes.ContainsFunc(data, func(r rune) bool { _, ok := DirOf(r); return ok })
	},
	Parse: func(name string, data []byte) ([]*Puzzle, error) { return parseWith(readBox, name, data) },
	Write: func(ps []*Puzzle) ([]byte, error) { return writeOne(ps, (*Puzzle).BoxText) },
}

// Formats are the Arrows formats; the two never claim the same input, and
// canonical, first, is the canonical output.
var Formats = puzzle.Formats[*Puzzle]{Canonical, Box, URL}

// maxCells bounds the grids the readers accept, so hostile input cannot
// make them allocate without limit.
const maxCells = 10000

// cell is one parsed cell: an arrow, a value (-1 when empty) and the
// 1-based line and rune column where it stands.
type cell struct {
	dir       Dir
	val       int
	line, col int
}

// reader reads the grid of cells of one format, adding every error it
// finds to errs. Rows it returns all have the same length.
type reader func(name string, data []byte, errs *srcpos.ErrorList) [][]cell

// Parse reads the puzzle of data (one: these formats hold one puzzle) in
// the format Formats detects. Input that no format claims goes to the
// reader its first character suggests, so that a box without its top
// border or a header after a comment still reads once the kind is known,
// and errors in other input come from the reader it resembles. Errors are
// a positioned srcpos.ErrorList holding every error found.
func Parse(name string, data []byte) ([]*Puzzle, error) {
	data = srcpos.TrimBOM(data)
	if f := Formats.Detect(name, data); f != nil {
		return f.Parse(name, data)
	}
	read, err := readerOf(name, data)
	if err != nil {
		return nil, err
	}
	return parseWith(read, name, data)
}

// readerOf picks the reader of data by its first line that is neither
// blank nor a '#' comment: '+' or '|' starts a box, anything else is
// canonical. It agrees with Formats.Detect wherever that claims data.
func readerOf(name string, data []byte) (reader, error) {
	for _, l := range text.Lines(data, false) {
		switch {
		case strings.HasPrefix(l.Text, "#"):
			continue
		case strings.HasPrefix(l.Text, "+"), strings.HasPrefix(l.Text, "|"):
			return readBox, nil
		}
		return readCanonical, nil
	}
	return nil, &srcpos.Error{File: name, Line: 1, Col: 1, Msg: "empty input"}
}

// parseWith reads data with read and builds the puzzle, checking what the
// grid as a whole implies (its size bounds the values).
func parseWith(read reader, name string, data []byte) ([]*Puzzle, error) {
	var errs srcpos.ErrorList
	data = srcpos.TrimBOM(data)
	if !checkUTF8(name, data, &errs) {
		return nil, errs.Err()
	}
	grid := read(name, data, &errs)
	checkValues(name, grid, &errs)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	// The formats hold one puzzle: entry 1 of its file.
	p := &Puzzle{Header: puzzle.Header{Title: name, Entry: 1}, NumRows: len(grid), NumCols: len(grid[0])}
	for _, row := range grid {
		dirs := make([]Dir, len(row))
		given := make([]int, len(row))
		for c, x := range row {
			dirs[c], given[c] = x.dir, x.val
		}
		p.Dirs = append(p.Dirs, dirs)
		p.Given = append(p.Given, given)
	}
	p.Prepare()
	return []*Puzzle{p}, nil
}

// checkValues reports a grid too large for the values the formats write,
// at the first cell past the bound, and every value out of the grid's
// range 0..max(rows, cols)-1, at its cell.
func checkValues(name string, grid [][]cell, errs *srcpos.ErrorList) {
	if len(grid) == 0 {
		return
	}
	rows, cols := len(grid), len(grid[0])
	n := max(rows, cols)
	if n-1 > MaxValue {
		r, c := MaxValue+1, 0
		if cols > rows {
			r, c = 0, MaxValue+1
		}
		x := grid[r][c]
		errs.Add(name, x.line, x.col, "grid %dx%d allows values above %d", rows, cols, MaxValue)
	}
	for _, row := range grid {
		for _, x := range row {
			if x.val >= n {
				errs.Add(name, x.line, x.col, "given %d out of range 0..%d", x.val, n-1)
			}
		}
	}
}

// ParseSolution reads a full grid for p in either format; its arrows must
// match p's and every cell must hold a number. It returns the values in
// reading order.
func (p *Puzzle) ParseSolution(name string, data []byte) (puzzle.Assignment, error) {
	data = srcpos.TrimBOM(data)
	read, err := readerOf(name, data)
	if err != nil {
		return nil, err
	}
	var errs srcpos.ErrorList
	if !checkUTF8(name, data, &errs) {
		return nil, errs.Err()
	}
	grid := read(name, data, &errs)
	var a puzzle.Assignment
	switch {
	case len(errs) > 0:
		// The grid may lack rows and cells: comparing it with p would
		// only repeat what the reader said.
	case len(grid) != p.NumRows || len(grid[0]) != p.NumCols:
		x := grid[0][0]
		errs.Add(name, x.line, x.col, "solution is %dx%d, puzzle is %dx%d", len(grid), len(grid[0]), p.NumRows, p.NumCols)
	default:
		a = make(puzzle.Assignment, 0, p.NumRows*p.NumCols)
		vars := p.Vars()
		for r, row := range grid {
			for c, x := range row {
				pos := puzzle.Pos{Row: r, Col: c}
				if x.dir != p.Dirs[r][c] {
					errs.Add(name, x.line, x.col, "%v: solution arrow %c, puzzle arrow %c", pos, x.dir.Glyph(), p.Dirs[r][c].Glyph())
				}
				// A number no arrow here can show is no value of the
				// unknown: it would index past its domain downstream.
				switch n := len(vars[len(a)].Domain); {
				case x.val < 0:
					errs.Add(name, x.line, x.col, "%v: solution cell is empty", pos)
				case x.val >= n:
					errs.Add(name, x.line, x.col, "%v: value %d out of range 0..%d", pos, x.val, n-1)
				}
				a = append(a, x.val)
			}
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return a, nil
}

// checkUTF8 reports the first byte of data that is not UTF-8 and returns
// false then: columns count runes, which such input does not have.
func checkUTF8(name string, data []byte, errs *srcpos.ErrorList) bool {
	if utf8.Valid(data) {
		return true
	}
	for i, l := range text.RawLines(data) {
		for off, r := range l {
			if _, n := utf8.DecodeRuneInString(l[off:]); r == utf8.RuneError && n == 1 {
				errs.Add(name, i+1, text.Col(l, off), "input is not UTF-8")
				return false
			}
		}
	}
	return false
}

// ParseMetadata reads metadata.yaml: lines "key: value" for difficulty,
// size and arrows; other keys, comments and blank lines are ignored.
func ParseMetadata(name string, data []byte) (Metadata, error) {
	var m Metadata
	fields := map[string]*string{"difficulty": &m.Difficulty, "size": &m.Size, "arrows": &m.Arrows}
	var errs srcpos.ErrorList
	for _, l := range text.Lines(data, false) {
		if strings.HasPrefix(l.Text, "#") {
			continue
		}
		k, v, ok := strings.Cut(l.Text, ":")
		if !ok {
			text.Errorf(&errs, name, l.Toks[0], "want \"key: value\"")
			continue
		}
		if f := fields[strings.TrimSpace(k)]; f != nil {
			*f = strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return m, errs.Err()
}

// ReadDir reads a reference puzzle folder: puzzle.txt, and solution.txt and
// metadata.yaml when present. The puzzle is named after the folder.
func ReadDir(dir string) (*Puzzle, error) {
	name := filepath.Join(dir, "puzzle.txt")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	ps, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	p := ps[0]
	if err := p.ReadBeside(dir); err != nil {
		return nil, err
	}
	return p, nil
}

// ReadBeside makes p the puzzle of the reference folder dir: it is named
// after dir and gets dir's metadata.yaml and solution.txt when they exist
// (missing files are not an error).
func (p *Puzzle) ReadBeside(dir string) error {
	p.Title = filepath.Base(dir)
	if data, err := os.ReadFile(filepath.Join(dir, "metadata.yaml")); err == nil {
		m, err := ParseMetadata(filepath.Join(dir, "metadata.yaml"), data)
		if err != nil {
			return err
		}
		p.Meta = m
	}
	if data, err := os.ReadFile(filepath.Join(dir, "solution.txt")); err == nil {
		sol, err := p.ParseSolution(filepath.Join(dir, "solution.txt"), data)
		if err != nil {
			return err
		}
		p.Solution = sol
	}
	return nil
}

// eof is the position just past the last character of data, where a
// missing row or header is reported.
func eof(data []byte) (line, col int) {
	ls := text.RawLines(data)
	last := ls[len(ls)-1]
	return len(ls), utf8.RuneCountInString(last) + 1
}

// readBox reads the box format: "+----+" separator lines and "| ↘3 |" rows.
func readBox(name string, data []byte, errs *srcpos.ErrorList) [][]cell {
	var grid [][]cell
	notBorder := func(r rune) bool { return r != '+' && r != '-' }
	for i, line := range text.RawLines(data) {
		ln := i + 1
		t := strings.TrimFunc(line, text.IsSpace)
		lead := len(line) - len(strings.TrimLeftFunc(line, text.IsSpace)) // byte offset of t
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "+"):
			if j := strings.IndexFunc(t, notBorder); j >= 0 {
				errs.Add(name, ln, text.Col(line, lead+j), "separator line may hold only '+' and '-'")
			}
			continue
		case !strings.HasPrefix(t, "|") || !strings.HasSuffix(t, "|") || len(t) < 2:
			errs.Add(name, ln, text.Col(line, lead), "want a row \"| ↘3 | ... |\" or a separator \"+----+\"")
			continue
		}
		parts := strings.Split(t[1:len(t)-1], "|")
		row := make([]cell, 0, len(parts))
		off := lead + 1 // byte offset of the current part in line
		for _, part := range parts {
			at := text.Col(line, off+len(part)-len(strings.TrimLeftFunc(part, text.IsSpace)))
			x, err := parseCell(part)
			if err != nil {
				errs.Add(name, ln, at, "%v", err)
			}
			x.line, x.col = ln, at
			row = append(row, x)
			off += len(part) + 1
		}
		if len(grid) > 0 && len(row) != len(grid[0]) {
			errs.Add(name, ln, text.Col(line, lead), "row has %d cells, first row has %d", len(row), len(grid[0]))
			continue
		}
		grid = append(grid, row)
		if len(grid)*len(row) > maxCells {
			errs.Add(name, ln, text.Col(line, lead), "grid exceeds %d cells", maxCells)
			return nil
		}
	}
	if len(grid) == 0 {
		line, col := eof(data)
		errs.Add(name, line, col, "no grid rows")
	}
	return grid
}

// readCanonical reads "arrows ROWSxCOLS" then one line of cells per row,
// each an arrow glyph followed by a number or '.', separated by blanks.
func readCanonical(name string, data []byte, errs *srcpos.ErrorList) [][]cell {
	lines := text.Lines(data, true)
	if len(lines) == 0 {
		line, col := eof(data)
		errs.Add(name, line, col, "no header \"arrows ROWSxCOLS\"")
		return nil
	}
	h := lines[0]
	if h.Toks[0].Text != "arrows" {
		// Not this format at all: what follows means nothing either.
		text.Errorf(errs, name, h.Toks[0], "want header \"arrows ROWSxCOLS\"")
		return nil
	}
	rows, cols := -1, -1 // unknown after a bad header: rows are still read for their errors
	switch {
	case len(h.Toks) != 2:
		// At "arrows" when the size is missing, else at the first extra word.
		text.Errorf(errs, name, h.Toks[min(2, len(h.Toks)-1)], "want header \"arrows ROWSxCOLS\"")
	default:
		rs, cs, ok := strings.Cut(h.Toks[1].Text, "x")
		r, err1 := strconv.Atoi(rs)
		c, err2 := strconv.Atoi(cs)
		if !ok || err1 != nil || err2 != nil || r < 1 || c < 1 || r*c > maxCells {
			text.Errorf(errs, name, h.Toks[1], "bad size %q (want e.g. 6x6, at most %d cells)", h.Toks[1].Text, maxCells)
		} else {
			rows, cols = r, c
		}
	}
	var grid [][]cell
	seen := 0
	for _, l := range lines[1:] {
		if seen == rows {
			text.Errorf(errs, name, l.Toks[0], "more than %d rows", rows)
			break
		}
		seen++
		row := make([]cell, 0, len(l.Toks))
		for _, tok := range l.Toks {
			x, err := parseCell(tok.Text)
			if err != nil {
				text.Errorf(errs, name, tok, "%v", err)
			}
			x.line, x.col = tok.Line, tok.Col
			row = append(row, x)
		}
		if cols >= 0 && len(row) != cols {
			text.Errorf(errs, name, l.Toks[0], "row has %d cells, want %d", len(row), cols)
			continue
		}
		grid = append(grid, row)
	}
	if rows < 0 {
		return nil
	}
	if seen < rows {
		line, col := eof(data)
		errs.Add(name, line, col, "%d rows, want %d", seen, rows)
	}
	return grid
}

// parseCell reads "↘3", "↘.", "↘12" or "↘" (blanks around are allowed).
// Values 10..35 may also be written as one letter A..Z.
func parseCell(s string) (cell, error) {
	s = strings.TrimSpace(s)
	r, size := utf8.DecodeRuneInString(s)
	d, ok := DirOf(r)
	if !ok {
		if s == "" {
			return cell{}, fmt.Errorf("empty cell: want an arrow %s", string(glyphs[:]))
		}
		return cell{}, fmt.Errorf("%q is not an arrow (want one of %s)", r, string(glyphs[:]))
	}
	v := strings.TrimSpace(s[size:])
	switch {
	case v == "" || v == ".":
		return cell{dir: d, val: -1}, nil
	case len(v) == 1 && unicode.IsLetter(rune(v[0])):
		n := int(unicode.ToUpper(rune(v[0]))-'A') + 10
		if n > MaxValue {
			return cell{}, fmt.Errorf("bad value %q", v)
		}
		return cell{dir: d, val: n}, nil
	}
	if i := strings.IndexFunc(v, func(r rune) bool { return unicode.Is(unicode.M, r) }); i >= 0 {
		// An accent typed after the arrow reads as part of the value.
		m, _ := utf8.DecodeRuneInString(v[i:])
		return cell{}, fmt.Errorf("combining mark %U in the cell: want an arrow, then 0..%d, a letter A..Z or '.'", m, MaxValue)
	}
	if strings.TrimLeft(v, "0123456789") != "" {
		return cell{}, fmt.Errorf("bad value %q (want 0..%d, a letter A..Z or '.')", v, MaxValue)
	}
	n, err := strconv.Atoi(v)
	if err != nil || len(v) > 2 || n > MaxValue {
		return cell{}, fmt.Errorf("value %s too large (max %d)", v, MaxValue)
	}
	return cell{dir: d, val: n}, nil
}

// writeOne writes the one puzzle of ps with text: the Arrows formats hold
// a single puzzle each.
func writeOne(ps []*Puzzle, text func(*Puzzle, puzzle.Assignment) string) ([]byte, error) {
	if len(ps) != 1 {
		return nil, fmt.Errorf("arrows: a file holds one puzzle, have %d", len(ps))
	}
	return []byte(text(ps[0], nil)), nil
}

func valueText(v int) string {
	if v < 0 {
		return "."
	}
	return strconv.Itoa(v)
}

// values are the numbers to write: a's, or the givens when a is nil.
func (p *Puzzle) values(a puzzle.Assignment) [][]int {
	if a == nil {
		return p.Given
	}
	return p.Grid(a)
}

// BoxText writes the grid in the box format with the values of a (reading
// order; -1 is empty), or the givens when a is nil.
func (p *Puzzle) BoxText(a puzzle.Assignment) string {
	vals := p.values(a)
	w := 1
	for _, row := range vals {
		for _, v := range row {
			w = max(w, len(valueText(v)))
		}
	}
	sep := "+" + strings.Repeat(strings.Repeat("-", w+3)+"+", p.NumCols) + "\n"
	var b strings.Builder
	b.WriteString(sep)
	for r := 0; r < p.NumRows; r++ {
		b.WriteString("|")
		for c := 0; c < p.NumCols; c++ {
			fmt.Fprintf(&b, " %c%-*s |", p.Dirs[r][c].Glyph(), w, valueText(vals[r][c]))
		}
		b.WriteString("\n")
		b.WriteString(sep)
	}
	return b.String()
}

// CanonicalText writes the grid in the canonical format with the values of
// a (reading order; -1 is empty), or the givens when a is nil.
func (p *Puzzle) CanonicalText(a puzzle.Assignment) string {
	vals := p.values(a)
	var b strings.Builder
	fmt.Fprintf(&b, "arrows %dx%d\n", p.NumRows, p.NumCols)
	for r := 0; r < p.NumRows; r++ {
		for c := 0; c < p.NumCols; c++ {
			if c > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%c%s", p.Dirs[r][c].Glyph(), valueText(vals[r][c]))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Format writes metadata.yaml.
func (m Metadata) Format() string {
	return fmt.Sprintf("difficulty: %s\nsize: %s\narrows: %s\n", m.Difficulty, m.Size, m.Arrows)
}

// Draw renders an assignment (nil: the puzzle) as box-format lines.
func (p *Puzzle) Draw(a puzzle.Assignment) []string {
	return strings.Split(strings.TrimSuffix(p.BoxText(a), "\n"), "\n")
}
