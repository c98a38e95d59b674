package juosan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// ParsePlaygroundJSON reads the Juosan Interactive Playground's JSON: a list
// of objects {"name", "m" (rows), "n" (columns), "r" (number of labels),
// "N" (r numbers, -1 none), "R" (m rows of n 0-based labels)}; a single
// object is accepted too. Names look like "4x4_1 (easy).in"; Find and
// ShortName match them by their short form "4x4_1" as well.
//
// It returns every well-formed puzzle in file order. When some entries are
// malformed it still returns the others, together with a puzzle.ErrorList
// that has one error per bad entry, positioned at the entry and naming it.
func ParsePlaygroundJSON(file string, data []byte) ([]*Puzzle, error) {
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

// PlaygroundEntry reads the entry called name (its full name or its short
// form) from playground JSON, reporting that entry's errors only.
func PlaygroundEntry(file string, data []byte, name string) (*Puzzle, error) {
	entries, err := playgroundEntries(file, data)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.name == name || ShortName(e.name) == name {
			var errs puzzle.ErrorList
			p := e.parse(&errs, file)
			return p, errs.Err()
		}
	}
	return nil, fmt.Errorf("%s: no puzzle called %q", displayFile(file), name)
}

// ShortName is a puzzle name's first word without a ".in" suffix:
// "4x4_1 (easy).in" → "4x4_1".
func ShortName(name string) string {
	name = strings.TrimSpace(name)
	if i := strings.IndexAny(name, " \t("); i >= 0 {
		name = name[:i]
	}
	return strings.TrimSuffix(name, ".in")
}

func displayFile(file string) string {
	if file == "" {
		return "<input>"
	}
	return file
}

// playgroundEntry is one raw object of the JSON list and where it starts.
type playgroundEntry struct {
	index     int // 1-based
	name      string
	fields    map[string]json.RawMessage
	line, col int
	err       string // a problem found while splitting, reported by parse
}

// playgroundEntries splits the JSON into entries with their positions.
func playgroundEntries(file string, data []byte) ([]playgroundEntry, error) {
	var errs puzzle.ErrorList
	fail := func(off int64, format string, args ...any) ([]playgroundEntry, error) {
		line, col := lineCol(data, off)
		errs.Add(file, line, col, format, args...)
		return nil, errs.Err()
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return fail(0, "empty input: want playground JSON")
	}
	// Check the syntax first: Unmarshal's error offsets are exact, the
	// streaming Decoder's are not.
	var whole any
	if err := json.Unmarshal(data, &whole); err != nil {
		off := int64(0)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = se.Offset - 1
			if strings.HasPrefix(se.Error(), "unexpected end") {
				off = se.Offset
			}
		}
		return fail(off, "bad JSON: %v", err)
	}
	start := skipJSONSpace(data, 0)
	var raws []json.RawMessage
	var offs []int64
	switch whole.(type) {
	case map[string]any:
		raws, offs = []json.RawMessage{bytes.TrimSpace(data)}, []int64{start}
	case []any:
		dec := json.NewDecoder(bytes.NewReader(data))
		if _, err := dec.Token(); err != nil {
			return fail(start, "bad JSON: %v", err)
		}
		for dec.More() {
			off := skipJSONSpace(data, dec.InputOffset())
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return fail(off, "bad JSON: %v", err)
			}
			raws, offs = append(raws, raw), append(offs, off)
		}
	default:
		return fail(start, "want a JSON list of puzzles or one puzzle object")
	}
	out := make([]playgroundEntry, len(raws))
	for i, raw := range raws {
		e := playgroundEntry{index: i + 1}
		e.line, e.col = lineCol(data, offs[i])
		if err := json.Unmarshal(raw, &e.fields); err != nil {
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
	at := token{line: e.line, col: e.col}
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
	labels := make([][]token, m)
	for i, row := range grid {
		if len(row) != n {
			return bad("row %d of \"R\" has %d labels, want n = %d", i+1, len(row), n)
		}
		labels[i] = make([]token, n)
		for j, s := range row {
			v, err := strconv.Atoi(string(s))
			if err != nil || v < 0 || v >= r {
				return bad("label %s at %v out of range 0..%d (r = %d)", s, puzzle.Pos{Row: i, Col: j}, r-1, r)
			}
			labels[i][j] = token{strconv.Itoa(v), e.line, e.col}
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

// skipJSONSpace returns the offset of the first byte at or after off that
// is neither JSON white space nor a comma.
func skipJSONSpace(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ',':
			off++
		default:
			return off
		}
	}
	return min(off, int64(len(data))-1)
}

// lineCol converts a byte offset to a 1-based line and column (in runes).
func lineCol(data []byte, off int64) (int, int) {
	off = max(0, min(off, int64(len(data))))
	before := data[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	if i := bytes.LastIndexByte(before, '\n'); i >= 0 {
		before = before[i+1:]
	}
	return line, len([]rune(string(before))) + 1
}
