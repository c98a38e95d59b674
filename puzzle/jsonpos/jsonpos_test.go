package jsonpos_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
)

// readAll reads tokens until the first error and returns the recorded
// errors as one string ("" for none) and the tokens read.
func readAll(r *jsonpos.Reader) (string, []json.Token) {
	var toks []json.Token
	for {
		tok, _, err := r.Token()
		if err != nil {
			if !errors.Is(err, jsonpos.ErrStop) {
				return fmt.Sprintf("error %v is not ErrStop", err), toks
			}
			break
		}
		toks = append(toks, tok)
	}
	var msgs []string
	for _, e := range r.Errors() {
		msgs = append(msgs, e.Error())
	}
	return strings.Join(msgs, "; "), toks
}

func TestTokenErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     string
	}{
		{"bad token", `[1, }`, `f.json:1:5: JSON: invalid character '}' looking for beginning of value`},
		{"missing comma", `[1 2]`, `f.json:1:4: JSON: invalid character '2' after array element`},
		{"missing colon on line 2", "{\"a\"\n 1}", `f.json:2:2: JSON: invalid character '1' after object key`},
		{"key not a string", `{1:2}`, `f.json:1:2: JSON: invalid character '1'`},
		{"value missing", `{"a":}`, `f.json:1:6: JSON: invalid character '}' looking for beginning of value`},
		{"extra close", `[1]]`, `f.json:1:4: JSON: invalid character ']' looking for beginning of value`},
		{"eof in array", "[1,\n 2", `f.json:2:3: JSON: unexpected end of input`},
		{"eof in literal", `tru`, `f.json:1:4: JSON: unexpected end of input`},
		{"eof in string", `"abc`, `f.json:1:5: JSON: unexpected end of input`},
		{"empty", ``, `f.json:1:1: JSON: unexpected end of input`},
		{"blank", "  \n", `f.json:2:1: JSON: unexpected end of input`},
		{"eof after value", `[1]`, `f.json:1:4: JSON: unexpected end of input`},
	}
	for _, tt := range tests {
		for _, open := range openers {
			t.Run(tt.name+"/"+open.name, func(t *testing.T) {
				have, _ := readAll(open.open("f.json", tt.in))
				if have != tt.want {
					t.Errorf("%q:\nhave %s\nwant %s", tt.in, have, tt.want)
				}
			})
		}
	}
}

// openers open a document whole and as a stream given a byte at a time,
// which must read alike.
var openers = []struct {
	name string
	open func(file, in string) *jsonpos.Reader
}{
	{"whole", func(file, in string) *jsonpos.Reader { return jsonpos.New(file, []byte(in)) }},
	{"stream", func(file, in string) *jsonpos.Reader {
		return jsonpos.NewStream(file, iotest.OneByteReader(strings.NewReader(in)))
	}},
}

func TestTokenOffsets(t *testing.T) {
	in := "{\r\n \"a\" : [1,\t2.5],\n\"b\":null}"
	want := []struct {
		tok       json.Token
		line, col int
	}{
		{json.Delim('{'), 1, 1},
		{"a", 2, 2},
		{json.Delim('['), 2, 8},
		{json.Number("1"), 2, 9},
		{json.Number("2.5"), 2, 12},
		{json.Delim(']'), 2, 15},
		{"b", 3, 1},
		{nil, 3, 5},
		{json.Delim('}'), 3, 9},
	}
	r := jsonpos.New("f", []byte(in))
	for i, w := range want {
		tok, off, err := r.Token()
		if err != nil {
			t.Fatalf("token %d: %v (%v)", i, err, r.Errors())
		}
		line, col := r.LineCol(off)
		if tok != w.tok || line != w.line || col != w.col {
			t.Errorf("token %d: have %v at %d:%d, want %v at %d:%d", i, tok, line, col, w.tok, w.line, w.col)
		}
	}
	if have := r.Here(); have != len(in) {
		t.Errorf("Here at the end: have %d, want %d", have, len(in))
	}
}

func TestLineCol(t *testing.T) {
	r := jsonpos.New("f", []byte("ab\n\ncd\n"))
	tests := []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {4, 3, 1}, {5, 3, 2}, {7, 4, 1},
	}
	for _, tt := range tests {
		if line, col := r.LineCol(tt.off); line != tt.line || col != tt.col {
			t.Errorf("LineCol(%d): have %d:%d, want %d:%d", tt.off, line, col, tt.line, tt.col)
		}
	}
}

func TestExpect(t *testing.T) {
	tests := []struct {
		name, in string
		d        json.Delim
		wantOff  int
		wantErr  string
	}{
		{"match", ` [1]`, '[', 1, ""},
		{"other delimiter", `{}`, '[', 0, `f:1:1: want an array, have "{"`},
		{"string", `"["`, '[', 0, `f:1:1: want an array, have string "["`},
		{"syntax error", `]`, '[', 0, `f:1:1: JSON: invalid character ']' looking for beginning of value`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := jsonpos.New("f", []byte(tt.in))
			off, err := r.Expect(tt.d, "an array")
			haveErr := ""
			if err != nil {
				if !errors.Is(err, jsonpos.ErrStop) {
					t.Errorf("have error %v, want ErrStop", err)
				}
				haveErr = r.Errors().Error()
			}
			if off != tt.wantOff || haveErr != tt.wantErr {
				t.Errorf("have offset %d, error %q; want %d, %q", off, haveErr, tt.wantOff, tt.wantErr)
			}
		})
	}
}

func TestSkip(t *testing.T) {
	tests := []struct {
		name, in string
		want     json.Token // the token after the skipped value
	}{
		{"scalar", `[1, "x"]`, "x"},
		{"empty array", `[[], "x"]`, "x"},
		{"nested", `[{"a": [1, {"b": [2, [3]]}, {}], "c": {"d": null}}, "x"]`, "x"},
		{"closing delimiter", `[]`, nil}, // Skip of ']' reads nothing: the next read is the end
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := jsonpos.New("f", []byte(tt.in))
			if _, err := r.Expect('[', "an array"); err != nil {
				t.Fatal(r.Errors())
			}
			tok, _, err := r.Token()
			if err != nil {
				t.Fatal(r.Errors())
			}
			if err := r.Skip(tok); err != nil {
				t.Fatalf("Skip: %v", r.Errors())
			}
			if tt.want == nil {
				if r.More() || r.Here() != len(tt.in) {
					t.Errorf("have more input at %d, want the end", r.Here())
				}
				return
			}
			have, _, err := r.Token()
			if err != nil || have != tt.want {
				t.Errorf("after Skip: have %v (%v), want %v", have, err, tt.want)
			}
		})
	}
}

func TestSkipBroken(t *testing.T) {
	in := "[{\"a\": [1,\n 2}]"
	r := jsonpos.New("f", []byte(in))
	for range 3 { // '[', '{', "a"
		if _, _, err := r.Token(); err != nil {
			t.Fatal(r.Errors())
		}
	}
	tok, _, err := r.Token() // '['
	if err != nil || tok != json.Delim('[') {
		t.Fatalf("have %v, %v; want [", tok, err)
	}
	err = r.Skip(tok)
	want := `f:2:3: JSON: invalid character '}' after array element`
	if !errors.Is(err, jsonpos.ErrStop) || r.Errors().Error() != want {
		t.Errorf("have %v, %v; want ErrStop, %s", err, r.Errors(), want)
	}
}

func TestPeekAndExpectEnd(t *testing.T) {
	tests := []struct {
		name, in string
		peek     byte // before the first token's end
		wantErr  string
	}{
		{"clean", ` ["a"] ` + "\n", '"', ""},
		{"trailing value", "[\"a\"]\n x", '"', "f:2:2: unexpected data after the JSON value"},
		{"trailing comma", `["a"],`, '"', "f:1:6: unexpected data after the JSON value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := jsonpos.New("f", []byte(tt.in))
			if _, err := r.Expect('[', "an array"); err != nil {
				t.Fatal(r.Errors())
			}
			if have := r.Peek(); have != tt.peek {
				t.Errorf("Peek: have %q, want %q", have, tt.peek)
			}
			var s string
			if err := r.Decode(&s); err != nil || s != "a" {
				t.Fatalf("Decode: have %q, %v", s, err)
			}
			if _, err := r.Expect(']', `"]"`); err != nil {
				t.Fatal(r.Errors())
			}
			r.ExpectEnd()
			have := ""
			if err := r.Errors().Err(); err != nil {
				have = err.Error()
			}
			if have != tt.wantErr {
				t.Errorf("have %q, want %q", have, tt.wantErr)
			}
			if tt.wantErr == "" && r.Peek() != 0 {
				t.Errorf("Peek at the end: have %q, want 0", r.Peek())
			}
		})
	}
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		tok  json.Token
		want string
	}{
		{json.Delim('['), `"["`},
		{json.Delim('}'), `"}"`},
		{"a\"b", `string "a\"b"`},
		{json.Number("-1.5e3"), "number -1.5e3"},
		{nil, "null"},
		{true, "true"},
		{false, "false"},
		{3.5, "3.5"}, // a float64, from a reader without UseNumber
	}
	for _, tt := range tests {
		if have := jsonpos.Describe(tt.tok); have != tt.want {
			t.Errorf("Describe(%#v): have %s, want %s", tt.tok, have, tt.want)
		}
	}
}

// FuzzReader checks that reading any input token by token, skipping some
// values and expecting delimiters, ends (within one read per input byte)
// without a panic, and that every error it records has a position inside
// the input.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		`[{"index": 1, "grid": [[0, 5], [2, 8]]}]`,
		`{"easy": [{"puzzle": ["2 .", "..1"], "score": "1.5"}]}`,
		"[1,\n 2", `{"a":}`, `[1]]`, "\"a\x01\"", ``, `[[[[`, `]`,
	} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		r := jsonpos.New("f", data)
		lines := strings.Count(string(data), "\n") + 1
		for i := 0; ; i++ {
			if i > len(data)+1 {
				t.Fatalf("%d reads of %d bytes without an end", i, len(data))
			}
			var err error
			switch (int(mode) + i) % 4 {
			case 0:
				var tok json.Token
				tok, _, err = r.Token()
				if err == nil {
					_ = jsonpos.Describe(tok)
					err = r.Skip(tok)
				}
			case 1:
				_, err = r.Expect('[', "an array")
			default:
				_, _, err = r.Token()
			}
			_ = r.Peek()
			if err != nil {
				break
			}
		}
		r.ExpectEnd()
		if len(r.Errors()) == 0 {
			t.Fatal("reading to the end recorded no error")
		}
		for _, e := range r.Errors() {
			if e.Line < 1 || e.Line > lines || e.Col < 1 || e.Col > len(data)+1 {
				t.Errorf("error outside the input (%d lines, %d bytes): %v", lines, len(data), e)
			}
		}
	})
}

// A kind's parser reads its format with Token and Expect and records its
// own errors at the offsets Token returns.
func ExampleReader() {
	data := []byte("[\n  {\"index\": 1},\n  {\"index\": \"two\"}\n]")
	r := jsonpos.New("puzzles.json", data)
	if _, err := r.Expect('[', "an array of puzzles"); err != nil {
		return
	}
	for r.More() {
		if _, err := r.Expect('{', "a puzzle object"); err != nil {
			return
		}
		for r.More() {
			key, _, _ := r.Token()
			val, off, err := r.Token()
			if err != nil {
				return
			}
			if _, ok := val.(json.Number); key == "index" && !ok {
				r.ErrorAt(off, "index: want a number, have %v", jsonpos.Describe(val))
			}
			if err := r.Skip(val); err != nil {
				return
			}
		}
		if _, err := r.Expect('}', `"}"`); err != nil {
			return
		}
	}
	if _, err := r.Expect(']', `"]"`); err != nil {
		return
	}
	r.ExpectEnd()
	fmt.Println(r.Errors().Err())
	// Output: puzzles.json:3:13: index: want a number, have string "two"
}

// TestSyntaxErrorInsideValue: an error inside a value is reported at the
// offending character, not at an offset counted from the value's start.
func TestSyntaxErrorInsideValue(t *testing.T) {
	tests := []struct{ in, want string }{
		{"[\n  1,\n  x]", "f:3:3:"},
		{"[\n  1,\n  tru]", "f:3:6:"},
		{"[\n 1,\n \"a\x01\"]", "f:3:4:"},
		{"[1,\n 2,\n 3 4]", "f:3:4:"},
		{"{\"a\":\n  [1, 2, {\"b\": nul}]}", "f:2:19:"},
		{"[1, 2.e]", "f:1:7:"},
	}
	for _, tt := range tests {
		r := jsonpos.New("f", []byte(tt.in))
		for {
			if _, _, err := r.Token(); err != nil {
				break
			}
		}
		errs := r.Errors()
		if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), tt.want) {
			t.Errorf("%q: have %v, want an error at %s", tt.in, errs, tt.want)
		}
	}
}

func TestSyntaxErrorBetweenValues(t *testing.T) {
	r := jsonpos.New("x", []byte(`[{"index": 1,, }]`))
	for {
		if _, _, err := r.Token(); err != nil {
			break
		}
	}
	if errs := r.Errors(); len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "x:1:14:") {
		t.Errorf("have %v, want the error at the second comma, x:1:14", errs)
	}
}

// TestValue: Value cuts out each element of a list as the bytes of the
// document, and finds syntax errors where Token finds them.
func TestValue(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // the elements cut out before the error
		wantErr  string
	}{
		{"elements", "[1, {\"a\": [2, 3]},\n \"x\" ]", []string{`1`, `{"a": [2, 3]}`, `"x"`}, ""},
		{"bad literal", "[{\"a\": 1},\n {\"b\": tru}]", []string{`{"a": 1}`}, `f:2:11: JSON: invalid character '}' in literal true (expecting 'e')`},
		{"bad value", `[1, }`, []string{`1`}, `f:1:5: JSON: invalid character '}' looking for beginning of value`},
		{"control character", "[\"a\tb\"]", nil, `f:1:4: JSON: invalid character '\t' in string literal`},
		{"eof in element", "[{\"a\":\n 1", nil, `f:2:3: JSON: unexpected end of input`},
	}
	for _, tt := range tests {
		for _, open := range openers {
			t.Run(tt.name+"/"+open.name, func(t *testing.T) {
				r := open.open("f", tt.in)
				if _, err := r.Expect('[', "a list"); err != nil {
					t.Fatal(r.Errors())
				}
				var have []string
				for r.More() {
					off, raw, err := r.Value()
					if err != nil {
						break
					}
					if !strings.HasPrefix(tt.in[off:], string(raw)) {
						t.Errorf("Value at %d: have %q, which the input does not hold there", off, raw)
					}
					have = append(have, string(raw))
				}
				haveErr := ""
				if len(r.Errors()) > 0 {
					haveErr = r.Errors().Error()
				}
				if fmt.Sprint(have) != fmt.Sprint(tt.want) || haveErr != tt.wantErr {
					t.Errorf("have %q, %q; want %q, %q", have, haveErr, tt.want, tt.wantErr)
				}
			})
		}
	}
}

// TestSub: a Reader over one value reads it alone, with the document's
// offsets and positions, and keeps its errors to itself.
func TestSub(t *testing.T) {
	in := "[{\"a\": 1},\n {\"b\": [true, 2]}, 3]"
	r := jsonpos.New("f", []byte(in))
	if _, err := r.Expect('[', "a list"); err != nil {
		t.Fatal(r.Errors())
	}
	r.Value()
	off, raw, err := r.Value()
	if err != nil {
		t.Fatal(r.Errors())
	}
	sub := r.Sub(off, raw)
	var offs []int
	for {
		tok, off, err := sub.Token()
		if err != nil {
			break
		}
		offs = append(offs, off)
		if tok == json.Delim('[') {
			sub.ErrorAt(off, "a list")
		}
	}
	if want := []int{12, 13, 18, 19, 25, 26, 27}; fmt.Sprint(offs) != fmt.Sprint(want) {
		t.Errorf("offsets: have %v, want %v", offs, want)
	}
	// The token loop ends at the value's end, reported there.
	if have, want := sub.Errors().Error(), "f:2:8: a list (and 1 more error)"; have != want {
		t.Errorf("errors: have %q, want %q", have, want)
	}
	if len(r.Errors()) != 0 {
		t.Errorf("the list's reader: have errors %v, want none", r.Errors())
	}
	if _, raw, err := r.Value(); err != nil || string(raw) != "3" {
		t.Errorf("after Sub: have %q, %v; want 3", raw, err)
	}
}

// TestLooks: an array or object after white space, holding every key asked
// for in quotes; anything else is not taken.
func TestLooks(t *testing.T) {
	tests := []struct {
		data string
		keys []string
		want bool
	}{
		{` [{"grid": 1}]`, []string{"grid"}, true},
		{"\n{\"R\": [], \"N\": []}", []string{"R", "N"}, true},
		{`{"R": []}`, []string{"R", "N"}, false},
		{`["a"]`, nil, true},
		{`grid "grid"`, []string{"grid"}, false},
		{"  ", nil, false},
		{`{"grids": 1}`, []string{"grid"}, false},
	}
	for _, tt := range tests {
		if have := jsonpos.Looks([]byte(tt.data), tt.keys...); have != tt.want {
			t.Errorf("Looks(%q, %q) = %v, want %v", tt.data, tt.keys, have, tt.want)
		}
	}
}

// TestStreamLetsGo: a stream walked by Value holds the entry it is at, not
// the document (the window stays small), and positions past the bytes let
// go are still the document's lines.
func TestStreamLetsGo(t *testing.T) {
	const entries = 50000
	var b strings.Builder
	b.WriteString("[\n")
	for i := range entries {
		fmt.Fprintf(&b, "  {\"a\": %d},\n", i)
	}
	b.WriteString("  {\"a\": tru}\n]\n")
	r := jsonpos.NewStream("f", strings.NewReader(b.String()))
	if _, err := r.Expect('[', "a list"); err != nil {
		t.Fatal(r.Errors())
	}
	n := 0
	for r.More() {
		off, raw, err := r.Value()
		if err != nil {
			break
		}
		if line, col := r.LineCol(off); line != n+2 || col != 3 {
			t.Fatalf("entry %d (%s) at %d:%d, want %d:3", n, raw, line, col, n+2)
		}
		n++
	}
	want := fmt.Sprintf("f:%d:12: JSON: invalid character '}' in literal true (expecting 'e')", entries+2)
	if n != entries || r.Errors().Error() != want {
		t.Errorf("have %d entries, %v; want %d, %s", n, r.Errors(), entries, want)
	}
	if held := jsonpos.Held(r); held > 1<<20 {
		t.Errorf("the window holds %d bytes of a %d-byte document", held, b.Len())
	}
}
