package arrows

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
)

// Format names.
const (
	FormatBox       = "box"       // vanHavel/japanese-arrows puzzle.txt
	FormatCanonical = "canonical" // puzzlesat's own text format
)

// maxCells bounds the grids the readers accept, so hostile input cannot
// make them allocate without limit.
const maxCells = 10000

// cell is one parsed cell: an arrow and a value (-1 when empty).
type cell struct {
	dir Dir
	val int
}

// Detect reports whether data looks like an Arrows puzzle in either format.
func Detect(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	if bytes.HasPrefix(t, []byte("+")) {
		// A box grid: its cells start with an arrow glyph.
		for _, g := range glyphs {
			if bytes.ContainsRune(t, g) {
				return true
			}
		}
		return false
	}
	return bytes.HasPrefix(t, []byte("arrows"))
}

// Parse reads a puzzle in the box or the canonical format (told apart by
// the first non-blank character). Errors are positioned.
func Parse(name string, data []byte) (*Puzzle, error) {
	grid, err := parseGrid(name, data)
	if err != nil {
		return nil, err
	}
	p := fromCells(grid)
	p.Label = name
	if err := p.Check(); err != nil {
		return nil, &puzzle.Error{File: name, Msg: err.Error()}
	}
	p.Prepare()
	return p, nil
}

// ParseSolution reads a full grid for p in either format; its arrows must
// match p's and every cell must hold a number.
func ParseSolution(p *Puzzle, name string, data []byte) ([][]int, error) {
	grid, err := parseGrid(name, data)
	if err != nil {
		return nil, err
	}
	if len(grid) != p.NumRows || len(grid[0]) != p.NumCols {
		return nil, &puzzle.Error{File: name, Msg: fmt.Sprintf("solution is %dx%d, puzzle is %dx%d", len(grid), len(grid[0]), p.NumRows, p.NumCols)}
	}
	out := make([][]int, p.NumRows)
	for r := range grid {
		out[r] = make([]int, p.NumCols)
		for c, x := range grid[r] {
			pos := puzzle.Pos{Row: r, Col: c}
			if x.dir != p.Dirs[r][c] {
				return nil, &puzzle.Error{File: name, Msg: fmt.Sprintf("%v: solution arrow %c, puzzle arrow %c", pos, x.dir.Glyph(), p.Dirs[r][c].Glyph())}
			}
			if x.val < 0 {
				return nil, &puzzle.Error{File: name, Msg: fmt.Sprintf("%v: solution cell is empty", pos)}
			}
			out[r][c] = x.val
		}
	}
	return out, nil
}

// ParseMetadata reads metadata.yaml: lines "key: value" for difficulty,
// size and arrows; other keys, comments and blank lines are ignored.
func ParseMetadata(name string, data []byte) (Metadata, error) {
	var m Metadata
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		k, v, ok := strings.Cut(t, ":")
		if !ok {
			return m, &puzzle.Error{File: name, Line: i + 1, Col: 1, Msg: "want \"key: value\""}
		}
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		switch strings.TrimSpace(k) {
		case "difficulty":
			m.Difficulty = v
		case "size":
			m.Size = v
		case "arrows":
			m.Arrows = v
		}
	}
	return m, nil
}

// ReadDir reads a reference puzzle folder: puzzle.txt, and solution.txt and
// metadata.yaml when present.
func ReadDir(dir string) (*Puzzle, error) {
	name := filepath.Join(dir, "puzzle.txt")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	p, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	p.Label = filepath.Base(dir)
	if err := p.ReadBeside(dir); err != nil {
		return nil, err
	}
	return p, nil
}

// ReadBeside loads metadata.yaml and solution.txt from dir into p when they
// exist (missing files are not an error).
func (p *Puzzle) ReadBeside(dir string) error {
	if data, err := os.ReadFile(filepath.Join(dir, "metadata.yaml")); err == nil {
		m, err := ParseMetadata(filepath.Join(dir, "metadata.yaml"), data)
		if err != nil {
			return err
		}
		p.Meta = m
	}
	if data, err := os.ReadFile(filepath.Join(dir, "solution.txt")); err == nil {
		sol, err := ParseSolution(p, filepath.Join(dir, "solution.txt"), data)
		if err != nil {
			return err
		}
		p.Solution = sol
	}
	return nil
}

func fromCells(grid [][]cell) *Puzzle {
	p := &Puzzle{NumRows: len(grid), NumCols: len(grid[0])}
	for _, row := range grid {
		dirs := make([]Dir, len(row))
		given := make([]int, len(row))
		for c, x := range row {
			dirs[c], given[c] = x.dir, x.val
		}
		p.Dirs = append(p.Dirs, dirs)
		p.Given = append(p.Given, given)
	}
	return p
}

func parseGrid(name string, data []byte) ([][]cell, error) {
	if !utf8.Valid(data) {
		return nil, &puzzle.Error{File: name, Line: 1, Msg: "input is not UTF-8"}
	}
	lines := strings.Split(string(data), "\n")
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if strings.HasPrefix(t, "+") || strings.HasPrefix(t, "|") {
			return parseBox(name, lines)
		}
		return parseCanonical(name, lines)
	}
	return nil, &puzzle.Error{File: name, Msg: "empty input"}
}

// parseBox reads the box format: "+----+" separator lines and "| ↘3 |" rows.
func parseBox(name string, lines []string) ([][]cell, error) {
	var grid [][]cell
	for ln, line := range lines {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimSpace(line)
		switch {
		case t == "" || strings.HasPrefix(t, "+"):
			if strings.Trim(t, "+-") != "" {
				return nil, &puzzle.Error{File: name, Line: ln + 1, Col: 1, Msg: "separator line may hold only '+' and '-'"}
			}
			continue
		case !strings.HasPrefix(t, "|") || !strings.HasSuffix(t, "|") || len(t) < 2:
			return nil, &puzzle.Error{File: name, Line: ln + 1, Col: 1, Msg: "want a row \"| ↘3 | ... |\" or a separator \"+----+\""}
		}
		lead := utf8.RuneCountInString(line[:strings.Index(line, "|")])
		parts := strings.Split(t[1:len(t)-1], "|")
		row := make([]cell, 0, len(parts))
		col := lead + 2 // 1-based column of the first cell's content
		for _, part := range parts {
			x, err := parseCell(part)
			if err != nil {
				off := utf8.RuneCountInString(part) - utf8.RuneCountInString(strings.TrimLeft(part, " \t"))
				return nil, &puzzle.Error{File: name, Line: ln + 1, Col: col + off, Msg: err.Error()}
			}
			row = append(row, x)
			col += utf8.RuneCountInString(part) + 1
		}
		if len(grid) > 0 && len(row) != len(grid[0]) {
			return nil, &puzzle.Error{File: name, Line: ln + 1, Col: 1, Msg: fmt.Sprintf("row has %d cells, first row has %d", len(row), len(grid[0]))}
		}
		grid = append(grid, row)
		if len(grid)*len(row) > maxCells {
			return nil, &puzzle.Error{File: name, Line: ln + 1, Msg: fmt.Sprintf("grid exceeds %d cells", maxCells)}
		}
	}
	if len(grid) == 0 {
		return nil, &puzzle.Error{File: name, Msg: "no grid rows"}
	}
	return grid, nil
}

// parseCanonical reads "arrows ROWSxCOLS" then one line of cells per row,
// each an arrow glyph followed by a number or '.', separated by blanks.
func parseCanonical(name string, lines []string) ([][]cell, error) {
	rows, cols := -1, -1
	var grid [][]cell
	for ln, line := range lines {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if rows < 0 {
			f := strings.Fields(t)
			if len(f) != 2 || f[0] != "arrows" {
				return nil, &puzzle.Error{File: name, Line: ln + 1, Col: 1, Msg: "want header \"arrows ROWSxCOLS\""}
			}
			rs, cs, ok := strings.Cut(f[1], "x")
			r, err1 := strconv.Atoi(rs)
			c, err2 := strconv.Atoi(cs)
			if !ok || err1 != nil || err2 != nil || r < 1 || c < 1 || r*c > maxCells {
				return nil, &puzzle.Error{File: name, Line: ln + 1, Col: strings.Index(line, f[1]) + 1, Msg: fmt.Sprintf("bad size %q (want e.g. 6x6, at most %d cells)", f[1], maxCells)}
			}
			rows, cols = r, c
			continue
		}
		if len(grid) == rows {
			return nil, &puzzle.Error{File: name, Line: ln + 1, Col: 1, Msg: fmt.Sprintf("more than %d rows", rows)}
		}
		var row []cell
		col := 1
		rest := line
		for rest != "" {
			trimmed := strings.TrimLeft(rest, " \t")
			col += utf8.RuneCountInString(rest) - utf8.RuneCountInString(trimmed)
			rest = trimmed
			if rest == "" {
				break
			}
			end := strings.IndexAny(rest, " \t")
			if end < 0 {
				end = len(rest)
			}
			x, err := parseCell(rest[:end])
			if err != nil {
				return nil, &puzzle.Error{File: name, Line: ln + 1, Col: col, Msg: err.Error()}
			}
			row = append(row, x)
			col += utf8.RuneCountInString(rest[:end])
			rest = rest[end:]
		}
		if len(row) != cols {
			return nil, &puzzle.Error{File: name, Line: ln + 1, Col: 1, Msg: fmt.Sprintf("row has %d cells, want %d", len(row), cols)}
		}
		grid = append(grid, row)
	}
	if rows < 0 {
		return nil, &puzzle.Error{File: name, Msg: "no header \"arrows ROWSxCOLS\""}
	}
	if len(grid) != rows {
		return nil, &puzzle.Error{File: name, Line: len(lines), Msg: fmt.Sprintf("%d rows, want %d", len(grid), rows)}
	}
	return grid, nil
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
		return cell{d, -1}, nil
	case len(v) == 1 && unicode.IsLetter(rune(v[0])):
		n := int(unicode.ToUpper(rune(v[0]))-'A') + 10
		if n > MaxValue {
			return cell{}, fmt.Errorf("bad value %q", v)
		}
		return cell{d, n}, nil
	}
	if len(v) > 2 {
		return cell{}, fmt.Errorf("value %q too large (max %d)", v, MaxValue)
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > MaxValue {
		return cell{}, fmt.Errorf("bad value %q (want 0..%d or '.')", v, MaxValue)
	}
	return cell{d, n}, nil
}

// Format writes the puzzle (vals nil) or a filled grid in the named format.
func (p *Puzzle) Format(format string, vals [][]int) (string, error) {
	if vals == nil {
		vals = p.Given
	}
	switch format {
	case FormatBox, "":
		return p.formatBox(vals), nil
	case FormatCanonical:
		return p.formatCanonical(vals), nil
	}
	return "", fmt.Errorf("arrows: unknown format %q (have %s, %s)", format, FormatBox, FormatCanonical)
}

func valueText(v int) string {
	if v < 0 {
		return "."
	}
	return strconv.Itoa(v)
}

func (p *Puzzle) formatBox(vals [][]int) string {
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

func (p *Puzzle) formatCanonical(vals [][]int) string {
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

// FormatMetadata writes metadata.yaml.
func (m Metadata) Format() string {
	return fmt.Sprintf("difficulty: %s\nsize: %s\narrows: %s\n", m.Difficulty, m.Size, m.Arrows)
}

// Draw renders an assignment (nil: the puzzle) as box-format lines.
func (p *Puzzle) Draw(a puzzle.Assignment) []string {
	vals := p.Given
	if a != nil {
		vals = p.Grid(a)
	}
	s := p.formatBox(vals)
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
