// Package jsonpos is a JSON token reader that reports errors with
// file:line:col positions, for the kinds whose puzzles come as JSON.
//
// A kind's parser embeds a *Reader, walks the document with Token, Expect
// and Skip, and records its own errors with ErrorAt at the offsets Token
// returns; Errors then holds every error found (its Err method sorts them
// by position). Lines and columns are 1-based; columns count bytes.
package jsonpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// ErrStop is returned when an error makes further reading pointless; the
// error itself is already recorded in the Reader's Errors.
var ErrStop = errors.New("stop")

// Reader walks a JSON document token by token and knows where each token
// starts, so that errors point at the JSON element. Numbers are read as
// json.Number.
type Reader struct {
	file  string
	data  []byte
	dec   *json.Decoder
	lines []int // byte offset of each line's start
	errs  puzzle.ErrorList
}

// New returns a Reader over data; file names it in errors.
func New(file string, data []byte) *Reader {
	r := &Reader{file: file, data: data, dec: json.NewDecoder(bytes.NewReader(data)), lines: []int{0}}
	r.dec.UseNumber()
	for i, b := range data {
		if b == '\n' {
			r.lines = append(r.lines, i+1)
		}
	}
	return r
}

// Errors returns the errors recorded so far, in the order found.
func (r *Reader) Errors() puzzle.ErrorList { return r.errs }

// LineCol turns a byte offset into a 1-based line and column (in bytes).
func (r *Reader) LineCol(off int) (int, int) {
	i := max(sort.SearchInts(r.lines, off+1)-1, 0)
	return i + 1, off - r.lines[i] + 1
}

// ErrorAt records an error at byte offset off.
func (r *Reader) ErrorAt(off int, format string, args ...any) {
	line, col := r.LineCol(off)
	r.errs.Add(r.file, line, col, format, args...)
}

// Here is the offset where the next token starts (past white space and the
// ',' or ':' before it); len of the data at the end.
func (r *Reader) Here() int {
	off := int(r.dec.InputOffset())
	for off < len(r.data) {
		switch r.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// Peek returns the first byte of the next token without reading it, or 0
// at the end of the data.
func (r *Reader) Peek() byte {
	if off := r.Here(); off < len(r.data) {
		return r.data[off]
	}
	return 0
}

// More reports whether the current array or object has another element.
func (r *Reader) More() bool { return r.dec.More() }

// Decode reads the next whole value into v, as json.Decoder.Decode does;
// the caller records any error (at Here, taken before the call).
func (r *Reader) Decode(v any) error { return r.dec.Decode(v) }

// Token reads the next token and its start offset. A syntax error or an
// early end of input is recorded and ErrStop returned.
func (r *Reader) Token() (json.Token, int, error) {
	before := int(r.dec.InputOffset())
	off := r.Here()
	tok, err := r.dec.Token()
	if err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			r.ErrorAt(r.syntaxErrorAt(before, se), "JSON: %v", se)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			r.ErrorAt(len(r.data), "JSON: unexpected end of input")
		default:
			r.ErrorAt(off, "JSON: %v", err)
		}
		return nil, off, ErrStop
	}
	return tok, off, nil
}

// syntaxErrorAt is the offset of the character a syntax error is about.
// Decoder.Token counts the offset of an error inside a value (a bad literal,
// a control character in a string) from somewhere inside the decoder, not
// from the start of the input; decoding that value alone from its start
// gives the error relative to it. An error between values is already
// absolute, and decoding the next value alone then succeeds.
func (r *Reader) syntaxErrorAt(before int, se *json.SyntaxError) int {
	// The value Token was reading starts after blanks and at most one
	// separator (the one Token itself consumes).
	start := skipBlanks(r.data, before)
	if start < len(r.data) && (r.data[start] == ',' || r.data[start] == ':') {
		start = skipBlanks(r.data, start+1)
	}
	var raw json.RawMessage
	err := json.NewDecoder(bytes.NewReader(r.data[start:])).Decode(&raw)
	var inValue *json.SyntaxError
	if errors.As(err, &inValue) && inValue.Offset > 0 {
		return start + int(inValue.Offset) - 1
	}
	return int(se.Offset)
}

// Expect reads the delimiter d and returns its offset; anything else is
// recorded as "want <what>, have <token>" and ErrStop returned.
func (r *Reader) Expect(d json.Delim, what string) (int, error) {
	tok, off, err := r.Token()
	if err != nil {
		return off, err
	}
	if got, ok := tok.(json.Delim); !ok || got != d {
		r.ErrorAt(off, "want %s, have %v", what, Describe(tok))
		return off, ErrStop
	}
	return off, nil
}

// Skip reads and discards the rest of one value whose first token, tok, is
// already read: nothing for a scalar (or a closing delimiter), up to the
// matching close for an array or object.
func (r *Reader) Skip(tok json.Token) error {
	d, ok := tok.(json.Delim)
	if !ok || d == '}' || d == ']' {
		return nil
	}
	for depth := 1; depth > 0; {
		tok, _, err := r.Token()
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

// ExpectEnd records an error if anything but white space follows the
// value read so far.
func (r *Reader) ExpectEnd() {
	off := int(r.dec.InputOffset())
	for off < len(r.data) && (r.data[off] == ' ' || r.data[off] == '\t' || r.data[off] == '\r' || r.data[off] == '\n') {
		off++
	}
	if off < len(r.data) {
		r.ErrorAt(off, "unexpected data after the JSON value")
	}
}

// Describe names a token for error messages: `"["`, `string "x"`,
// `number 3`, `null`, `true`.
func Describe(tok json.Token) string {
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

func skipBlanks(data []byte, off int) int {
	for off < len(data) && (data[off] == ' ' || data[off] == '\t' || data[off] == '\r' || data[off] == '\n') {
		off++
	}
	return off
}
