package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/kinds/arrows/rules/fol"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// This file reads the small YAML subset rules files use (there is no YAML
// library among the module's dependencies): a top-level sequence of
// mappings whose values are plain or quoted scalars, block scalars (|, |-,
// >, >-) or sequences of scalars:
//
//	- name: SEEN_AND_FREE
//	  condition: |
//	    exists p,i (val(p) = nil ^ i = sees_distinct(p) + ahead_free(p))
//	  complexity: 2
//	  conclusions:
//	    - exclude(p, >i)
//
// Every scalar keeps the file position of its first character so that the
// rule compiler reports errors by line and column of the file.

// scalar is a string value with the position of its text.
type scalar struct {
	Text string
	Pos  fol.Position
}

// field is one key of a mapping: a scalar or a list of scalars.
type field struct {
	Key    string
	KeyPos fol.Position
	Value  scalar
	List   []scalar
	IsList bool
}

// item is one mapping of the top-level sequence.
type item struct {
	Pos    fol.Position
	Fields []*field
}

func (it *item) get(key string) *field {
	for _, f := range it.Fields {
		if f.Key == key {
			return f
		}
	}
	return nil
}

// parseYAML reads the subset into items.
func parseYAML(name string, data []byte) ([]*item, error) {
	var errs puzzle.ErrorList
	if !utf8.Valid(data) {
		errs.Add(name, 1, 1, "rules file is not UTF-8")
		return nil, errs.Err()
	}
	raw := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var items []*item
	var cur *item
	var listField *field // the field whose sequence is being read
	itemIndent, keyIndent := -1, -1
	for i := 0; i < len(raw); i++ {
		line := raw[i]
		if strings.HasPrefix(strings.TrimLeft(line, " "), "\t") {
			errs.Add(name, i+1, strings.Index(line, "\t")+1, "tabs are not allowed for indentation")
			return nil, errs.Err()
		}
		text := stripComment(line)
		trim := strings.TrimSpace(text)
		if trim == "" || trim == "---" {
			continue
		}
		indent := len(text) - len(strings.TrimLeft(text, " "))
		col := indent + 1
		switch {
		case strings.HasPrefix(trim, "- ") || trim == "-":
			if itemIndent < 0 {
				itemIndent = indent
			}
			if listField != nil && indent > keyIndent-1 && indent != itemIndent {
				// An element of the field's sequence.
				v := strings.TrimSpace(strings.TrimPrefix(trim, "-"))
				vcol := col + 1 + (len(trim) - 1 - len(strings.TrimLeft(trim[1:], " ")))
				listField.List = append(listField.List, unquote(scalar{v, fol.Position{Line: i + 1, Col: vcol}}))
				continue
			}
			if indent != itemIndent {
				errs.Add(name, i+1, col, "unexpected indentation of '-' (items start at column %d)", itemIndent+1)
				return nil, errs.Err()
			}
			cur = &item{Pos: fol.Position{Line: i + 1, Col: col}}
			items = append(items, cur)
			listField = nil
			rest := trim[1:]
			off := len(rest) - len(strings.TrimLeft(rest, " "))
			rest = strings.TrimLeft(rest, " ")
			keyIndent = indent + 1 + off
			if rest == "" {
				continue
			}
			f, skip, err := parseField(name, raw, i, keyIndent, rest)
			if err != nil {
				return nil, err
			}
			cur.Fields = append(cur.Fields, f)
			i += skip
			if f.IsList {
				listField = f
			}
		default:
			if cur == nil {
				errs.Add(name, i+1, col, "expected a list of rules (\"- name: ...\")")
				return nil, errs.Err()
			}
			if indent != keyIndent {
				errs.Add(name, i+1, col, "unexpected indentation (keys of this rule start at column %d)", keyIndent+1)
				return nil, errs.Err()
			}
			f, skip, err := parseField(name, raw, i, keyIndent, trim)
			if err != nil {
				return nil, err
			}
			if cur.get(f.Key) != nil {
				errs.Add(name, i+1, col, "duplicate key %q", f.Key)
				return nil, errs.Err()
			}
			cur.Fields = append(cur.Fields, f)
			i += skip
			listField = nil
			if f.IsList {
				listField = f
			}
		}
	}
	return items, nil
}

// parseField reads "key: value" at line i (0-based), where the key starts
// at 0-based column keyIndent; it returns how many further lines a block
// scalar consumed.
func parseField(name string, raw []string, i, keyIndent int, text string) (*field, int, error) {
	k, v, ok := strings.Cut(text, ":")
	if !ok || strings.TrimSpace(k) == "" || strings.ContainsAny(k, " \t") && strings.TrimSpace(k) != k {
		return nil, 0, &puzzle.Error{Line: i + 1, Col: keyIndent + 1, Msg: fmt.Sprintf("expected \"key: value\", found %q", text)}
	}
	f := &field{Key: strings.TrimSpace(k), KeyPos: fol.Position{Line: i + 1, Col: keyIndent + 1}}
	vcol := keyIndent + 1 + utf8.RuneCountInString(k) + 1
	trimmed := strings.TrimLeft(v, " ")
	vcol += utf8.RuneCountInString(v) - utf8.RuneCountInString(trimmed)
	v = strings.TrimRight(trimmed, " ")
	switch v {
	case "|", "|-", "|+", ">", ">-", ">+":
		// Block scalar: every following line indented more than the key,
		// or blank. Keep the lines whole so positions stay those of the
		// file (the rule language ignores indentation).
		var lines []string
		j := i + 1
		for ; j < len(raw); j++ {
			t := raw[j]
			if strings.TrimSpace(t) != "" && len(t)-len(strings.TrimLeft(t, " ")) <= keyIndent {
				break
			}
			lines = append(lines, t)
		}
		for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
			lines = lines[:len(lines)-1]
		}
		f.Value = scalar{Text: strings.Join(lines, "\n"), Pos: fol.Position{Line: i + 2, Col: 1}}
		if v[0] == '>' {
			// Folded: line breaks become spaces; positions of later lines
			// are then approximate, so keep the breaks (same tokens).
			f.Value.Text = strings.Join(lines, "\n")
		}
		return f, j - i - 1, nil
	case "":
		f.IsList = true
		return f, 0, nil
	}
	if strings.HasPrefix(v, "[") && strings.HasSuffix(v, "]") && f.Key != "condition" {
		// A flow sequence of simple scalars: [a, b].
		f.IsList = true
		inner := v[1 : len(v)-1]
		col := vcol + 1
		for _, part := range splitTop(inner) {
			t := strings.TrimLeft(part, " ")
			f.List = append(f.List, unquote(scalar{strings.TrimSpace(t), fol.Position{Line: i + 1, Col: col + len(part) - len(t)}}))
			col += utf8.RuneCountInString(part) + 1
		}
		return f, 0, nil
	}
	f.Value = unquote(scalar{v, fol.Position{Line: i + 1, Col: vcol}})
	return f, 0, nil
}

// splitTop splits s at commas outside brackets and parentheses.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(s[start:]) != "" || len(out) > 0 {
		out = append(out, s[start:])
	}
	return out
}

func unquote(s scalar) scalar {
	t := s.Text
	if len(t) >= 2 && (t[0] == '"' && t[len(t)-1] == '"' || t[0] == '\'' && t[len(t)-1] == '\'') {
		return scalar{Text: t[1 : len(t)-1], Pos: fol.Position{Line: s.Pos.Line, Col: s.Pos.Col + 1}}
	}
	return s
}

// stripComment removes a " #" comment (YAML: '#' after a blank or at the
// start of the line), outside quotes.
func stripComment(line string) string {
	inS, inD := false, false
	for i, r := range line {
		switch {
		case r == '\'' && !inD:
			inS = !inS
		case r == '"' && !inS:
			inD = !inD
		case r == '#' && !inS && !inD && (i == 0 || line[i-1] == ' '):
			return line[:i]
		}
	}
	return line
}
