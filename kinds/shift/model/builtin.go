package model

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/srcpos"
)

// RebornPicture is the start of the Pokemon Reborn magic-square shifter.
const RebornPicture = `4 9 6 . 1 2 5
5 8 3 . 7 7 9
2 4 1 . 6 3 8
`

// RowMoves rotates each picture line left and right across all its cells
// (gaps are skipped, so a row spans every grid of its line): r{i}l moves
// every token one cell left, the first to the end; r{i}r the other way.
// Lines of one cell have no row moves.
func RowMoves(pic Picture) []Move {
	n := pic.numCells()
	var out []Move
	for i, line := range pic.Lines {
		cells := cellsOf(line)
		if len(cells) < 2 {
			continue
		}
		l, r := rotations(n, cells)
		out = append(out, Move{Name: fmt.Sprintf("r%dl", i+1), Src: l}, Move{Name: fmt.Sprintf("r%dr", i+1), Src: r})
	}
	return out
}

// ColMoves rotates each column of cells up and down: column j is the j-th
// cell of every line that has one. c{j}u moves every token one cell up,
// the top one to the bottom; c{j}d the other way.
func ColMoves(pic Picture) []Move {
	n := pic.numCells()
	var out []Move
	for j := 0; ; j++ {
		var cells []int
		found := false
		for _, line := range pic.Lines {
			cs := cellsOf(line)
			if j < len(cs) {
				cells = append(cells, cs[j])
				found = true
			}
		}
		if !found {
			break
		}
		if len(cells) < 2 {
			continue
		}
		u, d := rotations(n, cells)
		out = append(out, Move{Name: fmt.Sprintf("c%du", j+1), Src: u}, Move{Name: fmt.Sprintf("c%dd", j+1), Src: d})
	}
	return out
}

// rotations returns the two moves of n cells that rotate cells by one
// place: fwd brings every token from the next cell of cells (the first
// one's from the second, the last one's from the first), back the other way.
func rotations(n int, cells []int) (fwd, back []int) {
	fwd, back = identity(n), identity(n)
	for i, c := range cells {
		fwd[c] = cells[(i+1)%len(cells)]
		back[c] = cells[(i+len(cells)-1)%len(cells)]
	}
	return fwd, back
}

func cellsOf(line []int) []int {
	var cs []int
	for _, e := range line {
		if e != Gap {
			cs = append(cs, e)
		}
	}
	return cs
}

func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

func (pic Picture) numCells() int {
	n := 0
	for _, l := range pic.Lines {
		n += len(cellsOf(l))
	}
	return n
}

// Reborn returns the Pokemon Reborn magic-square shifter with the start of
// kinds.md: moves c1u..c6d (columns, each within its grid) then r1l..r3r
// (rows, across both grids); goal: both 3×3 grids are magic squares.
func Reborn() *Puzzle {
	p, err := Magic(RebornPicture)
	if err != nil {
		panic("shift: built-in Reborn picture: " + err.Error())
	}
	p.Name = "reborn"
	return p
}

// Magic returns the two-grid magic shifter drawn by picture: N lines of
// "N tokens . N tokens" (integers). Columns rotate within their grid, rows
// across both; the goal is that both grids are magic squares, each line
// adding up to the total of all tokens divided by 2N.
func Magic(picture string) (*Puzzle, error) {
	var lines []srcLine
	for i, l := range strings.Split(picture, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		lines = append(lines, srcLine{i + 1, l})
	}
	p, err := magicFromLines("", lines)
	if err != nil {
		return nil, err
	}
	p.Name = "magic"
	return p, nil
}

func magicFromLines(file string, lines []srcLine) (*Puzzle, error) {
	errf := func(line, col int, format string, args ...any) error {
		return &srcpos.Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	n := len(lines)
	if n < 2 {
		at := 1
		if n == 1 {
			at = lines[0].num
		}
		return nil, errf(at, 1, "magic shifter: want N ≥ 2 lines of \"N tokens . N tokens\", got %d", n)
	}
	if 2*n*n > MaxCells {
		return nil, errf(lines[0].num, 1, "magic shifter: %d lines make %d cells, more than %d", n, 2*n*n, MaxCells)
	}
	ps := &parser{file: file, p: &Puzzle{}}
	for _, l := range lines {
		f, cols := fields(l.text)
		if len(f) != 2*n+1 || f[n] != "." {
			return nil, errf(l.num, 1, "magic shifter: want %d tokens, \".\", %d tokens on every line", n, n)
		}
		for k, tok := range f {
			if k == n {
				continue
			}
			if _, err := strconv.Atoi(tok); err != nil {
				return nil, errf(l.num, cols[k], "magic shifter: token %q is not an integer", tok)
			}
		}
	}
	if err := ps.readStart(lines); err != nil {
		return nil, err
	}
	p := ps.p
	vals, _ := p.IntValues()
	total := 0
	for _, v := range p.Start {
		total += vals[v]
	}
	if total%(2*n) != 0 {
		return nil, errf(lines[0].num, 1, "magic shifter: the tokens add up to %d, not a multiple of %d, so the grids cannot both be magic", total, 2*n)
	}
	p.Moves = append(ColMoves(p.Picture), RowMoves(p.Picture)...)
	for g := 0; g < 2; g++ {
		block := make([][]int, n)
		for i := range block {
			block[i] = make([]int, n)
			cs := cellsOf(p.Picture.Lines[i])
			for j := 0; j < n; j++ {
				block[i][j] = cs[g*n+j]
			}
		}
		p.Goal.Sums = append(p.Goal.Sums, MagicSums(block, total/(2*n))...)
	}
	// Order the values numerically so that printed tables read naturally.
	sortValues(p)
	return p, p.Validate()
}

// sortValues renumbers the values in increasing numeric order (labels
// that are not integers keep their relative order, after the integers).
func sortValues(p *Puzzle) {
	idx := make([]int, len(p.Values))
	for i := range idx {
		idx[i] = i
	}
	num := func(s string) (int, bool) { n, err := strconv.Atoi(s); return n, err == nil }
	sort.SliceStable(idx, func(a, b int) bool {
		x, okx := num(p.Values[idx[a]])
		y, oky := num(p.Values[idx[b]])
		if okx != oky {
			return okx
		}
		return okx && x < y
	})
	newOf := make([]int, len(idx))
	vals := make([]string, len(idx))
	for newI, old := range idx {
		newOf[old] = newI
		vals[newI] = p.Values[old]
	}
	p.Values = vals
	for c, v := range p.Start {
		p.Start[c] = newOf[v]
	}
	for c, v := range p.Goal.Target {
		if v != Any {
			p.Goal.Target[c] = newOf[v]
		}
	}
}

// Loopover returns the solved R×C Loopover: tokens 1..R·C in reading
// order on a torus whose rows rotate left/right and whose columns rotate
// up/down; the target is this sorted arrangement. Scramble it for an
// instance.
func Loopover(rows, cols int) (*Puzzle, error) {
	if rows < 1 || cols < 1 || rows*cols < 2 || rows*cols > 255 {
		return nil, fmt.Errorf("shift: loopover %dx%d: want 2 ≤ rows·cols ≤ 255", rows, cols)
	}
	p := &Puzzle{Name: fmt.Sprintf("loopover-%dx%d", rows, cols)}
	for r := 0; r < rows; r++ {
		var line []int
		for c := 0; c < cols; c++ {
			i := r*cols + c
			p.Values = append(p.Values, strconv.Itoa(i+1))
			p.Start = append(p.Start, i)
			line = append(line, i)
		}
		p.Picture.Lines = append(p.Picture.Lines, line)
	}
	p.Moves = append(RowMoves(p.Picture), ColMoves(p.Picture)...)
	p.Goal.Target = append([]int(nil), p.Start...)
	return p, p.Validate()
}

// Builtin returns a built-in puzzle by name: "reborn", or "loopover:RxC"
// (the solved R×C Loopover, e.g. "loopover:3x3"; "loopover3x3" also works).
func Builtin(name string) (*Puzzle, error) {
	switch {
	case name == "reborn":
		return Reborn(), nil
	case strings.HasPrefix(name, "loopover"):
		var r, c int
		spec := strings.TrimPrefix(strings.TrimPrefix(name, "loopover"), ":")
		rs, cs, ok := strings.Cut(spec, "x")
		var err1, err2 error
		r, err1 = strconv.Atoi(rs)
		c, err2 = strconv.Atoi(cs)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("shift: bad built-in %q (want loopover:RxC, e.g. loopover:3x3)", name)
		}
		return Loopover(r, c)
	}
	return nil, fmt.Errorf("shift: unknown built-in %q (have %s)", name, strings.Join(BuiltinNames(), ", "))
}

// BuiltinNames lists the built-in names for help texts.
func BuiltinNames() []string { return []string{"reborn", "loopover:RxC"} }
