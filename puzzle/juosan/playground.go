package juosan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
)

// readPlayground reads the Juosan Interactive Playground's JSON: a list of
// objects {"name", "m" (rows), "n" (columns), "r" (number of labels), "N"
// (r numbers, -1 none), "R" (m rows of n 0-based labels)}; a single object
// is accepted too. Names look like "4x4_1 (easy).in"; a puzzle is picked
// from the file by its name or the name's first word ("4x4_1").
//
// It returns every well-formed puzzle in file order. When some entries are
// malformed it still returns the others, together with a puzzle.ErrorList
// that has one error per bad entry, positioned at the entry and naming it.
// Malformed JSON gives its syntax errors and no puzzles.
func readPlayground(file string, data []byte) ([]*Puzzle, error) {
	entries, err := playgroundEntries(file, data)
	if err != nil {
		return nil, err
	}
	var (
		out  []*Puzzle
		errs puzzle.ErrorList
	)
	for _, e := range entries {
		if p := e.parse(&errs, file); p != nil {
			out = append(out, p)
		}
	}
	return out, errs.Err()
}

// playgroundEntry is one raw object of the JSON list and where it starts.
type playgroundEntry struct {
	index     int // 1-based
	name      string
	fields    map[string]json.RawMessage
	line, col int
	err       string // a problem found while splitting, reported by parse
}

// playgroundEntries checks the JSON's syntax with jsonpos, token by token,
// so that a syntax error points at the offending character, and splits
// the document into its entries with their positions.
func playgroundEntries(file string, data []byte) ([]playgroundEntry, error) {
	r := jsonpos.New(file, data)
	if len(bytes.TrimSpace(data)) == 0 {
		r.ErrorAt(0, "empty input: want playground JSON")
		return nil, r.Errors().Err()
	}
	var starts []int
	tok, off, err := r.Token()
	if err == nil {
		switch tok {
		case json.Delim('['):
			for err == nil && r.More() {
				var el json.Token
				if el, off, err = r.Token(); err == nil {
					starts = append(starts, off)
					err = r.Skip(el)
				}
			}
			if err == nil {
				_, err = r.Expect(']', "the end of the list")
			}
		case json.Delim('{'):
			starts = append(starts, off)
			err = r.Skip(tok)
		default:
			r.ErrorAt(off, "want a JSON list of puzzles or one puzzle object")
		}
	}
	if err == nil {
		r.ExpectEnd()
	}
	if errs := r.Errors(); len(errs) > 0 {
		return nil, errs.Err()
	}
	// The syntax is sound: each entry decodes alone from where it starts.
	out := make([]playgroundEntry, len(starts))
	for i, off := range starts {
		e := playgroundEntry{index: i + 1}
		e.line, e.col = r.LineCol(off)
		var raw json.RawMessage
		if err := json.NewDecoder(bytes.NewReader(data[off:])).Decode(&raw); err != nil || json.Unmarshal(raw, &e.fields) != nil {
			e.err = "want an object {name, m, n, r, N, R}"
		} else if nm, ok := e.fields["name"]; ok {
			if err := json.Unmarshal(nm, &e.name); err != nil {
				e.err = "\"name\" is not a string"
			}
		}
		out[i] = e
	}
	return out, nil
}

// parse checks one entry and builds its puzzle; errors go to errs, one per
// entry, positioned at the entry's start.
func (e playgroundEntry) parse(errs *puzzle.ErrorList, file string) *Puzzle {
	who := fmt.Sprintf("entry %d", e.index)
	if e.name != "" {
		who += fmt.Sprintf(" (%s)", e.name)
	}
	bad := func(format string, args ...any) *Puzzle {
		errs.Add(file, e.line, e.col, "%s: %s", who, fmt.Sprintf(format, args...))
		return nil
	}
	if e.err != "" {
		return bad("%s", e.err)
	}
	ints := func(key string) (int, bool) {
		var n json.Number
		raw, ok := e.fields[key]
		if !ok || json.Unmarshal(raw, &n) != nil {
			return 0, false
		}
		v, err := strconv.Atoi(string(n))
		return v, err == nil
	}
	m, ok := ints("m")
	if !ok || !sizeOK(m) {
		return bad("\"m\" (rows) must be an integer in 1..%d", MaxSize)
	}
	n, ok := ints("n")
	if !ok || !sizeOK(n) {
		return bad("\"n\" (columns) must be an integer in 1..%d", MaxSize)
	}
	r, ok := ints("r")
	if !ok || r < 1 || r > MaxSize*MaxSize {
		return bad("\"r\" (number of labels) must be an integer in 1..%d", MaxSize*MaxSize)
	}
	var nums []json.Number
	if raw, ok := e.fields["N"]; !ok || json.Unmarshal(raw, &nums) != nil {
		return bad("\"N\" must be a list of integers")
	}
	if len(nums) != r {
		return bad("\"N\" has %d numbers, want r = %d", len(nums), r)
	}
	var grid [][]json.Number
	if raw, ok := e.fields["R"]; !ok || json.Unmarshal(raw, &grid) != nil {
		return bad("\"R\" must be a list of rows of integer labels")
	}
	if len(grid) != m {
		return bad("\"R\" has %d rows, want m = %d", len(grid), m)
	}
	at := text.Token{Line: e.line, Col: e.col}
	clues := map[string]rawClue{}
	for i, s := range nums {
		v, err := strconv.Atoi(string(s))
		switch {
		case err != nil:
			return bad("N[%d] = %s is not an integer", i, s)
		case v < NoNumber:
			return bad("N[%d] = %d is negative (use -1 for no number)", i, v)
		case v >= 0:
			clues[strconv.Itoa(i)] = rawClue{v, at}
		}
	}
	labels := make([][]text.Token, m)
	for i, row := range grid {
		if len(row) != n {
			return bad("row %d of \"R\" has %d labels, want n = %d", i+1, len(row), n)
		}
		labels[i] = make([]text.Token, n)
		for j, s := range row {
			v, err := strconv.Atoi(string(s))
			if err != nil || v < 0 || v >= r {
				return bad("label %s at %v out of range 0..%d (r = %d)", s, puzzle.Pos{Row: i, Col: j}, r-1, r)
			}
			labels[i][j] = text.Token{Text: strconv.Itoa(v), Line: e.line, Col: e.col}
		}
	}
	var sub puzzle.ErrorList
	p := build(&sub, file, e.name, labels, clues)
	if err := sub.Err(); err != nil {
		// Keep one error per entry: the first of build's, named.
		return bad("%s", sub[0].Msg)
	}
	return p
}
