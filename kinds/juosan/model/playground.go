package model

import (
	"encoding/json"
	"io"
	"strconv"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
)

// readPlayground reads the Juosan Interactive Playground's JSON: a list of
// objects {"name", "m" (rows), "n" (columns), "r" (number of labels), "N"
// (r numbers, -1 none), "R" (m rows of n 0-based labels)}; a single object
// is accepted too. Names look like "4x4_1 (easy).in"; a puzzle is picked
// from the file by its entry number, its name or the name's first word
// ("4x4_1", see Aliases).
//
// It returns every well-formed puzzle in file order. When some entries are
// malformed it still returns the others, together with a puzzle.ErrorList
// that has one error per bad entry, positioned at the entry and naming it.
// Malformed JSON, or an empty list, gives its errors and no puzzles.
var (
	readPlayground   = puzzle.ParseEntries(openPlayground)
	selectPlayground = puzzle.SelectEntries(openPlayground)
)

// playgroundEntries walks the entries of the playground JSON: each entry
// is cut out whole (jsonpos.List), which checks its syntax, and decoded
// only when its name or its puzzle is asked for.
type playgroundEntries struct {
	r    *jsonpos.Reader
	list *jsonpos.List
	file string
	e    playgroundEntry
}

func openPlayground(file string, in io.Reader) puzzle.Entries[*Puzzle] {
	r := jsonpos.NewStream(file, in)
	return &playgroundEntries{r: r, list: jsonpos.NewList(r), file: file}
}

func (es *playgroundEntries) Next() bool {
	if !es.list.Next() {
		return false
	}
	off, raw := es.list.Entry()
	es.e = playgroundEntry{raw: raw, off: off}
	return true
}

func (es *playgroundEntries) Err() error { return es.r.Errors().Err() }

func (es *playgroundEntries) Many() bool { return es.list.Many() }

// Name reads the entry's "name" alone, passing over its other values
// without decoding them: a selection by name asks every entry's.
func (es *playgroundEntries) Name() string {
	if es.e.decoded {
		return es.e.name
	}
	r := es.r.Sub(es.e.off, es.e.raw)
	if tok, _, err := r.Token(); err != nil || tok != json.Delim('{') {
		return ""
	}
	name := ""
	for r.More() {
		key, _, err := r.Token()
		if err != nil {
			return ""
		}
		if key != "name" {
			r.Value()
			continue
		}
		// The last "name" counts, as in decode.
		tok, _, err := r.Token()
		name, _ = tok.(string)
		if err != nil || r.Skip(tok) != nil {
			return ""
		}
	}
	return name
}

func (es *playgroundEntries) Read() (*Puzzle, error) {
	es.e.decode()
	es.e.line, es.e.col = es.r.LineCol(es.e.off)
	var errs puzzle.ErrorList
	p := es.e.parse(&errs, es.file)
	return p, errs.Err()
}

// playgroundEntry is one entry of the JSON list and where it starts; its
// fields are decoded on first use.
type playgroundEntry struct {
	raw       []byte
	off       int
	line, col int // of off, found by decode
	decoded   bool
	name      string
	fields    map[string]json.RawMessage
	err       string // a problem found decoding, reported by parse
}

// decode splits the entry into its fields and reads its name.
func (e *playgroundEntry) decode() {
	if e.decoded {
		return
	}
	e.decoded = true
	if json.Unmarshal(e.raw, &e.fields) != nil || e.fields == nil {
		e.err = "want an object {name, m, n, r, N, R}"
	} else if nm, ok := e.fields["name"]; ok {
		if err := json.Unmarshal(nm, &e.name); err != nil {
			e.err = "\"name\" is not a string"
		}
	}
}

// parse checks one decoded entry and builds its puzzle; errors go to errs,
// one per entry, positioned at the entry's start (the walk names the
// entry).
func (e *playgroundEntry) parse(errs *puzzle.ErrorList, file string) *Puzzle {
	bad := func(format string, args ...any) *Puzzle {
		errs.Add(file, e.line, e.col, format, args...)
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
