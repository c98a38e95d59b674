package linjat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// GroupOrder is the order of the level JSON's groups for global indexes;
// other groups follow by name.
var GroupOrder = []string{"tutorial", "easy", "medium", "hard", "expert"}

// jsonReader is the level parser: a jsonpos.Reader plus the methods that
// read levels from it.
type jsonReader struct {
	*jsonpos.Reader
}

func newJSONReader(file string, data []byte) *jsonReader {
	return &jsonReader{jsonpos.New(file, data)}
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
	j := newJSONReader(file, srcpos.TrimBOM(data))
	ps := j.parseFile()
	return ps, j.Errors().Err()
}

type groupEntries struct {
	name    string
	entries []*Puzzle // nil for message-only entries
}

func (j *jsonReader) parseFile() []*Puzzle {
	tok, off, err := j.Token()
	if err != nil {
		return nil
	}
	var groups []groupEntries
	switch tok {
	case json.Delim('{'):
		first, _, err := j.Token()
		if err != nil {
			return nil
		}
		if first == json.Delim('}') {
			j.ErrorAt(off, "no levels")
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
			if !j.More() {
				break
			}
			tok, _, err := j.Token()
			if err != nil {
				return nil
			}
			key, _ = tok.(string)
		}
		if _, _, err := j.Token(); err != nil { // '}'
			return nil
		}
	case json.Delim('['):
		if !j.More() {
			j.ErrorAt(off, "no levels")
			return nil
		}
		if j.Peek() == '"' {
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
		j.ErrorAt(off, "want a JSON object of level groups, a level or an array, have %v", jsonpos.Describe(tok))
		return nil
	}
	j.ExpectEnd()
	ps := number(groups)
	if len(ps) == 0 && len(j.Errors()) == 0 {
		j.ErrorAt(off, "no levels with a puzzle")
	}
	return ps
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
			p.Group, p.Entry, p.Ordinal = g.name, i+1, index
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

// Select finds a puzzle by key: its title ("easy/3"), GROUP-I or GROUP I
// ("easy-3"), or a 1-based Ordinal ("4"; the position in ps when the
// puzzles carry no ordinal).
func Select(ps []*Puzzle, key string) (*Puzzle, error) {
	k := strings.TrimSpace(key)
	for _, p := range ps {
		if p.Title == k {
			return p, nil
		}
	}
	for _, sep := range []string{"/", "-", " ", "#"} {
		if g, e, ok := strings.Cut(k, sep); ok {
			n, err := strconv.Atoi(strings.TrimSpace(e))
			if err != nil {
				continue
			}
			for _, p := range ps {
				if p.Group == strings.TrimSpace(g) && p.Entry == n {
					return p, nil
				}
			}
			return nil, fmt.Errorf("linjat: no level %s %d (it may be a message without a puzzle)", g, n)
		}
	}
	if n, err := strconv.Atoi(k); err == nil {
		for _, p := range ps {
			if p.Ordinal == n {
				return p, nil
			}
		}
		if n >= 1 && n <= len(ps) && ps[n-1].Ordinal == 0 {
			return ps[n-1], nil
		}
		return nil, fmt.Errorf("linjat: no level with index %d", n)
	}
	return nil, fmt.Errorf("linjat: no level %q (want a name like easy/3 or easy-3, or a 1-based index)", key)
}

// parseGroup reads one group's array of entries (its key already read).
func (j *jsonReader) parseGroup(key string) ([]*Puzzle, error) {
	tok, off, err := j.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('[') {
		j.ErrorAt(off, "group %q: want an array of levels, have %v", key, jsonpos.Describe(tok))
		return nil, j.Skip(tok)
	}
	return j.parseEntries()
}

// parseEntries reads entry objects up to the closing ']'; bad or
// message-only entries are nil.
func (j *jsonReader) parseEntries() ([]*Puzzle, error) {
	var es []*Puzzle
	for j.More() {
		tok, off, err := j.Token()
		if err != nil {
			return nil, err
		}
		if tok != json.Delim('{') {
			j.ErrorAt(off, "want a level object, have %v", jsonpos.Describe(tok))
			if err := j.Skip(tok); err != nil {
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
	_, _, err := j.Token() // ']'
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
