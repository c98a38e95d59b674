package linjat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// GroupOrder is the order of the level JSON's groups for global indexes;
// other groups follow by name.
var GroupOrder = []string{"tutorial", "easy", "medium", "hard", "expert"}

// jsonReader walks a JSON document token by token and knows where each
// token starts, so that errors point at the JSON element (line:col).
type jsonReader struct {
	file  string
	data  []byte
	dec   *json.Decoder
	lines []int
	errs  puzzle.ErrorList
}

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

func (j *jsonReader) lineCol(off int) (int, int) {
	i := max(sort.SearchInts(j.lines, off+1)-1, 0)
	return i + 1, off - j.lines[i] + 1
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

// skip discards the rest of a value whose first token is tok.
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

// entryKeys are the keys of one level entry; an object whose first key is
// one of them is read as a single entry, else as groups of entries.
var entryKeys = map[string]bool{"puzzle": true, "message": true, "classification": true, "score": true, "file": true}

// ParseLevels reads the level JSON: an object of groups ({"easy": [entry,
// ...], ...}), one entry object ({"puzzle": [rows...], ...}), an array of
// entries (group "", named by position), or an array of row strings (one
// puzzle). Entries without a puzzle are skipped but keep their numbers (see
// the package doc). Errors are a puzzle.ErrorList positioned at the JSON
// element; when only some entries are bad, the others are returned too.
func ParseLevels(file string, data []byte) ([]*Puzzle, error) {
	j := newJSONReader(file, data)
	ps := j.parseFile()
	return ps, j.errs.Err()
}

type groupEntries struct {
	name    string
	entries []*Puzzle // nil for message-only entries
}

func (j *jsonReader) parseFile() []*Puzzle {
	tok, off, err := j.token()
	if err != nil {
		return nil
	}
	var groups []groupEntries
	switch tok {
	case json.Delim('{'):
		first, _, err := j.token()
		if err != nil {
			return nil
		}
		if first == json.Delim('}') {
			j.errorAt(off, "no levels")
			return nil
		}
		key, _ := first.(string)
		if entryKeys[key] {
			p, err := j.parseEntryBody(off, key)
			if err != nil {
				return nil
			}
			groups = append(groups, groupEntries{entries: []*Puzzle{p}})
			break
		}
		for {
			es, err := j.parseGroup(key)
			if err != nil {
				return nil
			}
			groups = append(groups, groupEntries{name: key, entries: es})
			if !j.dec.More() {
				break
			}
			tok, _, err := j.token()
			if err != nil {
				return nil
			}
			key, _ = tok.(string)
		}
		if _, _, err := j.token(); err != nil { // '}'
			return nil
		}
	case json.Delim('['):
		if !j.dec.More() {
			j.errorAt(off, "no levels")
			return nil
		}
		if j.here() < len(j.data) && j.data[j.here()] == '"' {
			rows, err := j.parseRowsBody(off)
			if err != nil {
				return nil
			}
			var es []*Puzzle
			if p := j.build(rows); p != nil {
				es = append(es, p)
			}
			groups = append(groups, groupEntries{entries: es})
			break
		}
		es, err := j.parseEntries()
		if err != nil {
			return nil
		}
		groups = append(groups, groupEntries{entries: es})
	default:
		j.errorAt(off, "want a JSON object of level groups, a level or an array, have %v", describe(tok))
		return nil
	}
	if off := skipSpace(j.data, int(j.dec.InputOffset())); off < len(j.data) {
		j.errorAt(off, "unexpected data after the JSON value")
	}
	ps := number(groups)
	if len(ps) == 0 && len(j.errs) == 0 {
		j.errorAt(off, "no levels with a puzzle")
	}
	return ps
}

func skipSpace(data []byte, off int) int {
	for off < len(data) && (data[off] == ' ' || data[off] == '\t' || data[off] == '\r' || data[off] == '\n') {
		off++
	}
	return off
}

// number orders the groups, names the entries and gives global indexes.
func number(groups []groupEntries) []*Puzzle {
	rank := func(name string) int {
		for i, g := range GroupOrder {
			if g == name {
				return i
			}
		}
		return len(GroupOrder)
	}
	sort.SliceStable(groups, func(a, b int) bool {
		ra, rb := rank(groups[a].name), rank(groups[b].name)
		if ra != rb {
			return ra < rb
		}
		return ra == len(GroupOrder) && groups[a].name < groups[b].name
	})
	var out []*Puzzle
	index := 0
	for _, g := range groups {
		for i, p := range g.entries {
			index++
			if p == nil {
				continue
			}
			p.Group, p.Entry, p.Index = g.name, i+1, index
			if g.name == "" {
				p.Title = strconv.Itoa(i + 1)
			} else {
				p.Title = g.name + "/" + strconv.Itoa(i+1)
			}
			out = append(out, p)
		}
	}
	return out
}

// parseGroup reads one group's array of entries (its key already read).
func (j *jsonReader) parseGroup(key string) ([]*Puzzle, error) {
	tok, off, err := j.token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('[') {
		j.errorAt(off, "group %q: want an array of levels, have %v", key, describe(tok))
		return nil, j.skip(tok)
	}
	return j.parseEntries()
}

// parseEntries reads entry objects up to the closing ']'; bad or
// message-only entries are nil.
func (j *jsonReader) parseEntries() ([]*Puzzle, error) {
	var es []*Puzzle
	for j.dec.More() {
		tok, off, err := j.token()
		if err != nil {
			return nil, err
		}
		if tok != json.Delim('{') {
			j.errorAt(off, "want a level object, have %v", describe(tok))
			if err := j.skip(tok); err != nil {
				return nil, err
			}
			es = append(es, nil)
			continue
		}
		p, err := j.parseEntryBody(off, "")
		if err != nil {
			return nil, err
		}
		es = append(es, p)
	}
	_, _, err := j.token() // ']'
	return es, err
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
			if !j.dec.More() {
				break
			}
			tok, _, err := j.token()
			if err != nil {
				return nil, err
			}
			key, _ = tok.(string)
		}
		voff := j.here()
		switch key {
		case "puzzle":
			tok, off, err := j.token()
			if err != nil {
				return nil, err
			}
			if tok != json.Delim('[') {
				j.errorAt(off, "puzzle: want an array of row strings, have %v", describe(tok))
				bad = true
				if err := j.skip(tok); err != nil {
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
			if err := j.dec.Decode(&s); err != nil {
				j.errorAt(voff, "%s: want a string (%v)", key, err)
				return nil, errStop
			}
			if key == "message" {
				message = s
			} else {
				ref.File = s
			}
		case "score":
			var v any
			if err := j.dec.Decode(&v); err != nil {
				j.errorAt(voff, "score: %v", err)
				return nil, errStop
			}
			f, ok := number64(v)
			if !ok {
				j.errorAt(voff, "score: want a number, have %v", v)
				bad = true
				break
			}
			ref.Score, hasRef = f, true
		case "classification":
			var m map[string]map[string]any
			if err := j.dec.Decode(&m); err != nil {
				j.errorAt(voff, "classification: want an object of {depth, max_width} objects (%v)", err)
				return nil, errStop
			}
			for k, st := range m {
				d, ok1 := number64(st["depth"])
				w, ok2 := number64(st["max_width"])
				if !ok1 || !ok2 {
					j.errorAt(voff, "classification %q: want numbers depth and max_width", k)
					bad = true
					continue
				}
				ref.Classification[k] = RefStat{Depth: int(d), MaxWidth: int(w)}
			}
			hasRef = true
		default:
			var skip json.RawMessage
			if err := j.dec.Decode(&skip); err != nil {
				j.errorAt(voff, "JSON: %v", err)
				return nil, errStop
			}
		}
		key = ""
	}
	if _, _, err := j.token(); err != nil { // '}'
		return nil, err
	}
	if bad {
		return nil, nil
	}
	if !hasRows {
		if message == "" {
			j.errorAt(start, "level has no puzzle")
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
	for j.dec.More() {
		tok, off, err := j.token()
		if err != nil {
			return nil, err
		}
		s, isStr := tok.(string)
		if !isStr {
			j.errorAt(off, "want a row string, have %v", describe(tok))
			ok = false
			if err := j.skip(tok); err != nil {
				return nil, err
			}
			continue
		}
		rows = append(rows, rowString{s: s, off: off})
	}
	if _, _, err := j.token(); err != nil { // ']'
		return nil, err
	}
	if len(rows) == 0 {
		j.errorAt(start, "puzzle has no rows")
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
			j.errorAt(row.off, "row %d has %d cells, want %d (as row 1)", r+1, len(rs), width)
			ok = false
			continue
		}
		grid[r] = make([]int8, width)
		for c, ch := range rs {
			v, msg := cellOf(ch)
			if msg != "" {
				j.errorAt(row.off+1+c, "cell %v: %s", puzzle.Pos{Row: r, Col: c}, msg)
				ok = false
			}
			grid[r][c] = v
		}
	}
	if !ok {
		return nil
	}
	if width == 0 {
		j.errorAt(rows[0].off, "rows are empty")
		return nil
	}
	p, err := New("", grid)
	if err != nil {
		j.errorAt(rows[0].off, "%v", err)
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
