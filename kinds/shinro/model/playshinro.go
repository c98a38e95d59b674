package model

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
)

// PlayshinroSize is the side of every playshinro grid.
const PlayshinroSize = 8

// playshinro cell codes besides the numpad arrows.
const (
	codeEmpty = 0
	codeStone = 5
)

// jsonReader is the playshinro parser: a jsonpos.Reader plus the methods
// that read puzzles from it.
type jsonReader struct {
	*jsonpos.Reader
}

// parsePlayshinro reads a playshinro JSON file: an array of puzzles
// {index, difficulty, grid} (a single object is read as a one-puzzle file).
// Each element is an entry, numbered from 1 in file order, malformed ones
// included; a puzzle is named "playshinro INDEX", and a puzzle without
// "index" takes its entry number for it. The stones in the grid become the
// puzzle's Solution and its counts. Errors are a puzzle.ErrorList
// positioned at the JSON element (line:column in bytes), each naming its
// entry; when only some entries are bad (the JSON itself is well-formed)
// the puzzles read from the others are returned along with the errors.
var (
	parsePlayshinro  = puzzle.ParseEntries(openPlayshinro)
	selectPlayshinro = puzzle.SelectEntries(openPlayshinro)
)

// playshinroEntries walks the elements of the playshinro JSON, cutting
// each out whole (jsonpos.List, which checks its syntax) and reading it
// only when asked.
type playshinroEntries struct {
	j    *jsonReader
	list *jsonpos.List
	n    int // the current entry's number
	off  int // where it starts
	raw  []byte
}

func openPlayshinro(file string, in io.Reader) puzzle.Entries[*Puzzle] {
	j := &jsonReader{jsonpos.NewStream(file, in)}
	return &playshinroEntries{j: j, list: jsonpos.NewList(j.Reader)}
}

func (es *playshinroEntries) Next() bool {
	if !es.list.Next() {
		return false
	}
	es.n++
	es.off, es.raw = es.list.Entry()
	return true
}

func (es *playshinroEntries) Err() error { return es.j.Errors().Err() }

func (es *playshinroEntries) Many() bool { return es.list.Many() }

// Name reads the entry's index alone: "playshinro INDEX", the entry number
// standing in for a missing index, "" for an index Read would reject.
func (es *playshinroEntries) Name() string {
	var fields map[string]json.RawMessage
	if json.Unmarshal(es.raw, &fields) != nil {
		return ""
	}
	number := es.n
	if raw, ok := fields["index"]; ok {
		v, err := strconv.Atoi(string(raw))
		if err != nil || v < 1 {
			return ""
		}
		number = v
	}
	return "playshinro " + strconv.Itoa(number)
}

func (es *playshinroEntries) Read() (*Puzzle, error) {
	j := &jsonReader{es.j.Sub(es.off, es.raw)}
	p, _ := j.parsePuzzle()
	if err := j.Errors().Err(); err != nil || p == nil {
		return nil, err
	}
	if p.Number == 0 {
		p.Number = es.n
		p.Title = "playshinro " + strconv.Itoa(p.Number)
	}
	return p, nil
}

func (j *jsonReader) parsePuzzle() (*Puzzle, error) {
	off, err := j.Expect('{', "a puzzle object")
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
	for j.More() {
		tok, _, err := j.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		val, voff, err := j.Token()
		if err != nil {
			return nil, err
		}
		// reject records that val is not what key wants and reads past it.
		reject := func(want string) error {
			j.ErrorAt(voff, "%s: want %s, have %v", key, want, jsonpos.Describe(val))
			bad = true
			return j.Skip(val)
		}
		n, isNum := val.(json.Number)
		switch key {
		case "index":
			if v, err := strconv.Atoi(string(n)); isNum && err == nil && v >= 1 {
				p.Number = v
			} else if err := reject("a positive integer"); err != nil {
				return nil, err
			}
		case "difficulty":
			if f, err := n.Float64(); isNum && err == nil && f >= 0 && f <= 1 {
				p.Difficulty = f
			} else if err := reject("a fraction in [0,1]"); err != nil {
				return nil, err
			}
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
			if err := j.Skip(val); err != nil {
				return nil, err
			}
		}
	}
	if _, err := j.Expect('}', `"}"`); err != nil {
		return nil, err
	}
	if gridOff < 0 {
		j.ErrorAt(start, "puzzle has no grid")
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
		j.ErrorAt(off, "grid: want an array of rows, have %v", jsonpos.Describe(first))
		return nil, false, j.Skip(first)
	}
	ok := true
	var rows [][]gridCell
	for j.More() {
		tok, roff, err := j.Token()
		if err != nil {
			return nil, false, err
		}
		if tok != json.Delim('[') {
			j.ErrorAt(roff, "grid row %d: want an array of cells, have %v", len(rows)+1, jsonpos.Describe(tok))
			ok = false
			if err := j.Skip(tok); err != nil {
				return nil, false, err
			}
			rows = append(rows, nil)
			continue
		}
		var row []gridCell
		for j.More() {
			tok, coff, err := j.Token()
			if err != nil {
				return nil, false, err
			}
			n, isNum := tok.(json.Number)
			v, perr := strconv.Atoi(string(n))
			if !isNum || perr != nil || v < 0 || v > 9 {
				j.ErrorAt(coff, "grid cell r%dc%d: want a code 0-9 (0 empty, 5 stone, numpad arrow), have %v", len(rows)+1, len(row)+1, jsonpos.Describe(tok))
				ok = false
				if err := j.Skip(tok); err != nil {
					return nil, false, err
				}
				v = 0
			}
			row = append(row, gridCell{v, coff})
		}
		if _, err := j.Expect(']', `"]"`); err != nil {
			return nil, false, err
		}
		if len(row) != PlayshinroSize {
			j.ErrorAt(roff, "grid row %d has %d cells, want %d", len(rows)+1, len(row), PlayshinroSize)
			ok = false
		}
		rows = append(rows, row)
	}
	if _, err := j.Expect(']', `"]"`); err != nil {
		return nil, false, err
	}
	if len(rows) != PlayshinroSize {
		j.ErrorAt(off, "want %d grid rows, have %d", PlayshinroSize, len(rows))
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
					j.ErrorAt(cell.off, "grid cell r%dc%d: arrow %v points off the grid", r+1, c+1, d)
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
	sol := make(Stones, n)
	p.RowCounts = make([]int, n)
	p.ColCounts = make([]int, n)
	for r, row := range grid {
		p.Arrows[r] = make([]Dir, n)
		sol[r] = make([]bool, n)
		for c, code := range row {
			switch code {
			case codeEmpty:
			case codeStone:
				sol[r][c] = true
				p.RowCounts[r]++
				p.ColCounts[c]++
				p.Total++
			default:
				p.Arrows[r][c] = Dir(code)
			}
		}
	}
	if err := p.check(); err != nil {
		j.ErrorAt(off, "%v", err)
		return nil
	}
	p.prepare()
	p.Solution = p.AssignmentOf(sol)
	return p
}

// FindNumber returns the puzzle with playshinro index n (its Number),
// which is not its entry number in the file: FILE#N selects entries.
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

// formatPlayshinro writes puzzles in the playshinro JSON form. A puzzle
// without a solution cannot be written (playshinro derives counts from the
// stones), nor one that is not 8×8.
func formatPlayshinro(ps []*Puzzle) ([]byte, error) {
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
		if vs := p.Verify(p.Solution); vs != nil {
			return nil, fmt.Errorf("shinro: %s: the solution is wrong: %v", p.Title, vs[0])
		}
		stones := p.StonesOf(p.Solution)
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
				case stones[r][c]:
					e.Grid[r][c] = codeStone
				}
			}
		}
		out = append(out, e)
	}
	return json.MarshalIndent(out, "", " ")
}
