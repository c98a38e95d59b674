package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// jsonReader is the level parser: a jsonpos.Reader plus the methods that
// read levels from it.
type jsonReader struct {
	*jsonpos.Reader
}

// entryKeys are the keys of one level entry; an object whose first key is
// one of them is read as a single entry, else as groups of entries.
var entryKeys = map[string]bool{"puzzle": true, "message": true, "classification": true, "score": true, "file": true}

// ParseLevels reads the level JSON: an object of groups ({"easy": [entry,
// ...], ...}), one entry object ({"puzzle": [rows...], ...}), an array of
// entries (group "", named by position), or an array of row strings (one
// puzzle). Every entry is numbered in file order, and entries without a
// puzzle are skipped but keep their numbers (see the package doc). Errors
// are a puzzle.ErrorList positioned at the JSON element, each naming its
// entry; when only some entries are bad, the others are returned too.
func ParseLevels(file string, data []byte) ([]*Puzzle, error) {
	data = srcpos.TrimBOM(data)
	ps, err := parseLevels(file, data)
	return nonEmpty(file, "no levels with a puzzle", ps, err)
}

var (
	parseLevels  = puzzle.ParseEntries(openLevels)
	selectLevels = puzzle.SelectEntries(openLevels)
)

// levelEntries walks the entries of the level JSON, cutting each out whole
// (which checks its syntax) and reading it only when asked.
type levelEntries struct {
	j     *jsonReader
	state int    // one of the states below
	group string // the current group's name ("" outside groups)
	level int    // the current entry's 1-based place in its group
	n     int    // the current entry's number in the file
	off   int    // where it starts
	raw   []byte
	rows  bool // the document is one array of row strings
}

// The states of a walk over the level JSON.
const (
	levelStart  = iota // nothing read yet
	levelGroups        // in the object of groups, between groups
	levelGroup         // in a group's array of entries
	levelArray         // in a top-level array of entries
	levelSingle        // the document is one entry, read
	levelEnd           // the walk is over
)

func openLevels(file string, in io.Reader) puzzle.Entries[*Puzzle] {
	return &levelEntries{j: &jsonReader{jsonpos.NewStream(file, in)}}
}

func (es *levelEntries) Next() bool {
	j := es.j
	switch es.state {
	case levelStart:
		return es.start()
	case levelGroups:
		return es.nextGroup()
	case levelSingle:
		j.ExpectEnd()
	case levelGroup, levelArray:
		if j.More() {
			es.level++
			return es.cut(j.Reader)
		}
		if _, err := j.Expect(']', `"]"`); err != nil {
			break
		}
		if es.state == levelGroup {
			return es.nextGroup()
		}
		j.ExpectEnd()
	}
	es.state = levelEnd
	return false
}

// start reads the document's opening and cuts out its first entry.
func (es *levelEntries) start() bool {
	j := es.j
	es.state = levelEnd
	if es.single() {
		es.state = levelSingle
		return es.cut(j.Reader)
	}
	tok, off, err := j.Token()
	if err != nil {
		return false
	}
	switch tok {
	case json.Delim('{'):
		if !j.More() {
			j.ErrorAt(off, "no levels")
			return false
		}
		return es.nextGroup()
	case json.Delim('['):
		if !j.More() {
			j.ErrorAt(off, "no levels")
			return false
		}
		es.state = levelArray
		return es.Next()
	}
	j.ErrorAt(off, "want a JSON object of level groups, a level or an array, have %v", jsonpos.Describe(tok))
	return false
}

// single looks ahead to tell whether the document is one entry: an object
// whose first key is an entry's, or an array of row strings (es.rows).
// Errors are left for the walk to find.
func (es *levelEntries) single() bool {
	ahead := es.j.Ahead()
	tok, _, err := ahead.Token()
	if err != nil || !ahead.More() {
		return false
	}
	switch tok {
	case json.Delim('{'):
		tok, _, err := ahead.Token()
		key, _ := tok.(string)
		return err == nil && entryKeys[key]
	case json.Delim('['):
		es.rows = ahead.Peek() == '"'
		return es.rows
	}
	return false
}

// nextGroup moves on to the next group of the object of groups, or ends
// the walk at its end.
func (es *levelEntries) nextGroup() bool {
	j := es.j
	es.state = levelEnd
	if !j.More() {
		if _, _, err := j.Token(); err == nil { // '}'
			j.ExpectEnd()
		}
		return false
	}
	tok, _, err := j.Token()
	if err != nil {
		return false
	}
	key, _ := tok.(string)
	es.state = levelGroups
	return es.openGroup(key)
}

// openGroup reads the '[' of the group called key and cuts out its first
// entry.
func (es *levelEntries) openGroup(key string) bool {
	tok, off, err := es.j.Token()
	if err != nil {
		es.state = levelEnd
		return false
	}
	if tok != json.Delim('[') {
		es.j.ErrorAt(off, "group %q: want an array of levels, have %v", key, jsonpos.Describe(tok))
		es.state = levelEnd
		return false
	}
	es.group, es.level, es.state = key, 0, levelGroup
	return es.Next()
}

// cut cuts the next entry out of the document with r.
func (es *levelEntries) cut(r *jsonpos.Reader) bool {
	off, raw, err := r.Value()
	if err != nil {
		es.state = levelEnd
		return false
	}
	es.n++
	es.off, es.raw = off, raw
	return true
}

func (es *levelEntries) Err() error { return es.j.Errors().Err() }

func (es *levelEntries) Many() bool { return es.state == levelGroup || es.state == levelArray }

// Name is "GROUP/I" in a group, "I" in a top-level array, and "" for a
// document that is one entry.
func (es *levelEntries) Name() string {
	switch es.state {
	case levelGroup:
		return es.group + "/" + strconv.Itoa(es.level)
	case levelArray:
		return strconv.Itoa(es.level)
	}
	return ""
}

func (es *levelEntries) Read() (*Puzzle, error) {
	j := &jsonReader{es.j.Sub(es.off, es.raw)}
	var p *Puzzle
	if es.rows {
		if off, err := j.Expect('[', "an array of row strings"); err == nil {
			if rows, _ := j.parseRowsBody(off); rows != nil {
				p = j.build(rows)
			}
		}
	} else {
		p = j.parseEntry()
	}
	if err := j.Errors().Err(); err != nil || p == nil {
		return nil, err
	}
	p.Title = es.Name()
	p.Group, p.Level, p.Ordinal = es.group, es.level, es.n
	if es.state == levelSingle {
		p.Level = 0
	}
	return p, nil
}

// parseEntry reads one entry object; nil means message-only or bad.
func (j *jsonReader) parseEntry() *Puzzle {
	tok, off, err := j.Token()
	if err != nil {
		return nil
	}
	if tok != json.Delim('{') {
		j.ErrorAt(off, "want a level object, have %v", jsonpos.Describe(tok))
		return nil
	}
	p, _ := j.parseEntryBody(off, "")
	return p
}

// rowString is a row and where its string starts.
type rowString struct {
	s   string
	off int
}

// parseEntryBody reads an entry object after its '{'; key (if not "") is
// its first key, already read. A nil puzzle means message-only or bad.
func (j *jsonReader) parseEntryBody(start int, key string) (*Puzzle, error) {
	var rows []rowString
	hasRows, bad := false, false
	ref := &Reference{Classification: map[string]RefStat{}}
	hasRef := false
	message := ""
	for {
		if key == "" {
			if !j.More() {
				break
			}
			tok, _, err := j.Token()
			if err != nil {
				return nil, err
			}
			key, _ = tok.(string)
		}
		voff := j.Here()
		switch key {
		case "puzzle":
			tok, off, err := j.Token()
			if err != nil {
				return nil, err
			}
			if tok == nil {
				// "puzzle": null, as upstream's message-only entries
				// have it: the same as no "puzzle" key.
				break
			}
			if tok != json.Delim('[') {
				j.ErrorAt(off, "puzzle: want an array of row strings, have %v", jsonpos.Describe(tok))
				bad = true
				if err := j.Skip(tok); err != nil {
					return nil, err
				}
				break
			}
			rows, err = j.parseRowsBody(off)
			if err != nil {
				return nil, err
			}
			hasRows = rows != nil
			bad = bad || rows == nil
		case "message", "file":
			var s string
			if err := j.Decode(&s); err != nil {
				j.ErrorAt(voff, "%s: want a string (%v)", key, err)
				return nil, jsonpos.ErrStop
			}
			if key == "message" {
				message = s
			} else {
				ref.File = s
			}
		case "score":
			var v any
			if err := j.Decode(&v); err != nil {
				j.ErrorAt(voff, "score: %v", err)
				return nil, jsonpos.ErrStop
			}
			f, ok := number64(v)
			if !ok {
				j.ErrorAt(voff, "score: want a number, have %v", v)
				bad = true
				break
			}
			ref.Score, hasRef = f, true
		case "classification":
			var m map[string]map[string]any
			if err := j.Decode(&m); err != nil {
				j.ErrorAt(voff, "classification: want an object of {depth, max_width} objects (%v)", err)
				return nil, jsonpos.ErrStop
			}
			for k, st := range m {
				d, ok1 := number64(st["depth"])
				w, ok2 := number64(st["max_width"])
				if !ok1 || !ok2 {
					j.ErrorAt(voff, "classification %q: want numbers depth and max_width", k)
					bad = true
					continue
				}
				ref.Classification[k] = RefStat{Depth: int(d), MaxWidth: int(w)}
			}
			hasRef = true
		default:
			var skip json.RawMessage
			if err := j.Decode(&skip); err != nil {
				j.ErrorAt(voff, "JSON: %v", err)
				return nil, jsonpos.ErrStop
			}
		}
		key = ""
	}
	if _, _, err := j.Token(); err != nil { // '}'
		return nil, err
	}
	if bad {
		return nil, nil
	}
	if !hasRows {
		if message == "" {
			j.ErrorAt(start, "level has no puzzle")
		}
		return nil, nil
	}
	p := j.build(rows)
	if p != nil {
		p.Message = message
		if hasRef {
			p.Ref = ref
		}
	}
	return p, nil
}

// number64 reads a JSON number or a string holding one (the level file has
// both).
func number64(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil
	}
	return 0, false
}

// parseRowsBody reads row strings after the array's '['. It returns nil
// (with errors recorded) for a bad array.
func (j *jsonReader) parseRowsBody(start int) ([]rowString, error) {
	var rows []rowString
	ok := true
	for j.More() {
		tok, off, err := j.Token()
		if err != nil {
			return nil, err
		}
		s, isStr := tok.(string)
		if !isStr {
			j.ErrorAt(off, "want a row string, have %v", jsonpos.Describe(tok))
			ok = false
			if err := j.Skip(tok); err != nil {
				return nil, err
			}
			continue
		}
		rows = append(rows, rowString{s: s, off: off})
	}
	if _, _, err := j.Token(); err != nil { // ']'
		return nil, err
	}
	if len(rows) == 0 {
		j.ErrorAt(start, "puzzle has no rows")
		ok = false
	}
	if !ok {
		return nil, nil
	}
	return rows, nil
}

// build checks JSON row strings and makes the puzzle (nil on errors).
func (j *jsonReader) build(rows []rowString) *Puzzle {
	grid := make([][]int8, len(rows))
	ok := true
	width := len([]rune(rows[0].s))
	for r, row := range rows {
		rs := []rune(row.s)
		if len(rs) != width {
			j.ErrorAt(row.off, "row %d has %d cells, want %d (as row 1)", r+1, len(rs), width)
			ok = false
			continue
		}
		grid[r] = readRow(rs, width, func(c int, msg string) {
			j.ErrorAt(row.off+1+c, "cell %v: %s", puzzle.Pos{Row: r, Col: c}, msg)
			ok = false
		})
	}
	if !ok {
		return nil
	}
	if width == 0 {
		j.ErrorAt(rows[0].off, "rows are empty")
		return nil
	}
	p, err := New("", grid)
	if err != nil {
		j.ErrorAt(rows[0].off, "%v", err)
		return nil
	}
	return p
}

// cellOf reads one cell character: ' ' or '_' empty, '.' a dot, 1-9 a
// number; msg explains a bad one.
func cellOf(ch rune) (int8, string) {
	switch {
	case ch == ' ' || ch == '_':
		return Empty, ""
	case ch == '.':
		return Dot, ""
	case ch >= '1' && ch <= '9':
		return int8(ch - '0'), ""
	case ch == '0':
		return 0, "a 0 cannot hold a line (numbers are 1-9)"
	}
	return 0, fmt.Sprintf("want ' ' (empty), '.' (dot) or a number 1-9, have %q", ch)
}

// readRow reads a row of at most width cells, padded with empty cells;
// bad hears of every bad cell by its 0-based column.
func readRow(rs []rune, width int, bad func(c int, msg string)) []int8 {
	row := make([]int8, width)
	for c, ch := range rs {
		v, msg := cellOf(ch)
		if msg != "" {
			bad(c, msg)
		}
		row[c] = v
	}
	return row
}

// FormatLevels writes puzzles as the level JSON: an object of groups (by
// each puzzle's Group, "levels" when it has none), each entry with its
// puzzle rows, message, score and classification.
func FormatLevels(ps []*Puzzle) ([]byte, error) {
	type entry struct {
		Puzzle         []string                  `json:"puzzle"`
		Message        string                    `json:"message,omitempty"`
		File           string                    `json:"file,omitempty"`
		Score          *float64                  `json:"score,omitempty"`
		Classification map[string]map[string]int `json:"classification,omitempty"`
	}
	groups := map[string][]entry{}
	var order []string
	for _, p := range ps {
		g := p.Group
		if g == "" {
			g = "levels"
		}
		if _, ok := groups[g]; !ok {
			order = append(order, g)
		}
		e := entry{Puzzle: p.Rowstrings(), Message: p.Message}
		if p.Ref != nil {
			s := p.Ref.Score
			e.Score, e.File = &s, p.Ref.File
			if len(p.Ref.Classification) > 0 {
				e.Classification = map[string]map[string]int{}
				for k, v := range p.Ref.Classification {
					e.Classification[k] = map[string]int{"depth": v.Depth, "max_width": v.MaxWidth}
				}
			}
		}
		groups[g] = append(groups[g], e)
	}
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, g := range order {
		key, _ := json.Marshal(g)
		val, err := json.MarshalIndent(groups[g], "", " ")
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "%s: %s", key, val)
		if i < len(order)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}
