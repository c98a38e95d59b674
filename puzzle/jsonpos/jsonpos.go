// Package jsonpos is a JSON token reader that reports errors with
// file:line:col positions, for the kinds whose puzzles come as JSON.
//
// A kind's parser embeds a *Reader, walks the document with Token, Expect
// and Skip, and records its own errors with ErrorAt at the offsets Token
// returns; Errors then holds every error found (its Err method sorts them
// by position). Lines and columns are 1-based; columns count bytes.
//
// A file of many puzzles is walked entry by entry: Value cuts an entry out
// whole, checking its syntax without decoding it (List does so for a
// plain array of entries), and Sub reads one entry alone, positions still
// the file's. Entries a selection does not need are thus never decoded.
// NewStream reads the file from an io.Reader as the walk goes, holding the
// entry cut last and not the entries before it, so that a file of any size
// is walked in the memory of one entry, positions still the file's.
package jsonpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// ErrStop is returned when an error makes further reading pointless; the
// error itself is already recorded in the Reader's Errors.
var ErrStop = errors.New("stop")

// Reader walks a JSON document token by token and knows where each token
// starts, so that errors point at the JSON element. Numbers are read as
// json.Number. A Reader may cover a part of the document only (Sub): its
// offsets and positions are still the whole document's. The document may
// be a stream (NewStream): it is then read as far as the walk goes, and
// of what is behind, only what the current entry needs is kept.
type Reader struct {
	src  *source
	base int // where the part read starts in the document
	end  int // where it ends (noEnd: at the end of a stream)
	dec  *json.Decoder
	errs puzzle.ErrorList
	// ahead marks a Reader that looks ahead of another (Ahead): it lets
	// go of nothing the other has still to read.
	ahead bool
}

// noEnd is the end of a part that runs to the end of a stream not yet
// read to it.
const noEnd = math.MaxInt

// New returns a Reader over data; file names it in errors.
func New(file string, data []byte) *Reader {
	src := &source{file: file, buf: data, eof: true, lastNL: -1}
	return newReader(src, 0, len(data))
}

// NewStream returns a Reader over the document in, read as the walk goes:
// bytes behind the entry the walk is at (Value) are let go, so that a
// document of any size is walked in the memory of its largest entry.
func NewStream(file string, in io.Reader) *Reader {
	return newReader(&source{file: file, in: in, lastNL: -1}, 0, noEnd)
}

func newReader(src *source, base, end int) *Reader {
	var in io.Reader = src.reader(base)
	if end != noEnd {
		in = io.LimitReader(in, int64(end-base))
	}
	r := &Reader{src: src, base: base, end: end, dec: json.NewDecoder(in)}
	r.dec.UseNumber()
	return r
}

// Sub returns a Reader over raw, a value that Value returned at offset
// off: it reads that value alone and records its own errors, positioned
// in the whole document. An entry of a list is read this way, apart from
// the reading of the list.
func (r *Reader) Sub(off int, raw []byte) *Reader {
	line, col := r.LineCol(off)
	src := &source{file: r.src.file, buf: raw, base: off, eof: true, lineBase: line - 1, lastNL: off - col}
	return newReader(src, off, off+len(raw))
}

// Ahead returns a Reader over the rest of r's part from the next token
// on, to look ahead: reading it does not move r, and its errors are its
// own.
func (r *Reader) Ahead() *Reader {
	a := newReader(r.src, r.Here(), r.end)
	a.ahead = true
	return a
}

// Errors returns the errors recorded so far, in the order found.
func (r *Reader) Errors() puzzle.ErrorList { return r.errs }

// LineCol turns a byte offset into a 1-based line and column (in bytes).
func (r *Reader) LineCol(off int) (int, int) { return r.src.lineCol(off) }

// ErrorAt records an error at byte offset off.
func (r *Reader) ErrorAt(off int, format string, args ...any) {
	line, col := r.LineCol(off)
	r.errs.Add(r.src.file, line, col, format, args...)
}

// offset is where the decoder stands, in the whole document.
func (r *Reader) offset() int { return r.base + int(r.dec.InputOffset()) }

// byteAt is the document's byte at off, false past the part's end.
func (r *Reader) byteAt(off int) (byte, bool) {
	if off >= r.end {
		return 0, false
	}
	return r.src.at(off)
}

// endOffset is where the part read ends: of a stream, its length (read
// to its end).
func (r *Reader) endOffset() int { return min(r.end, r.src.size()) }

// Here is the offset where the next token starts (past white space and the
// ',' or ':' before it); the end of the part read at its end.
func (r *Reader) Here() int {
	off := r.offset()
	for {
		b, ok := r.byteAt(off)
		if !ok {
			return off
		}
		switch b {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		return off
	}
}

// Peek returns the first byte of the next token without reading it, or 0
// at the end of the data.
func (r *Reader) Peek() byte {
	b, _ := r.byteAt(r.Here())
	return b
}

// More reports whether the current array or object has another element.
func (r *Reader) More() bool { return r.dec.More() }

// Decode reads the next whole value into v, as json.Decoder.Decode does;
// the caller records any error (at Here, taken before the call).
func (r *Reader) Decode(v any) error { return r.dec.Decode(v) }

// Token reads the next token and its start offset. A syntax error or an
// early end of input is recorded and ErrStop returned.
func (r *Reader) Token() (json.Token, int, error) {
	before := r.offset()
	off := r.Here()
	tok, err := r.dec.Token()
	if err != nil {
		r.syntaxError(before, off, err)
		return nil, off, ErrStop
	}
	return tok, off, nil
}

// Value reads the next whole value without interpreting it, and returns
// where it starts and its bytes (the document's, not to be changed).
// Syntax errors are found and recorded as Token finds them, and ErrStop
// returned. It costs a scan of the value, far less than reading its
// tokens: a list's entries are passed over or cut out this way, then read
// with Sub. Of a stream, what lies before the value is let go: a walk
// holds the entry it cut last, not the ones before.
func (r *Reader) Value() (int, []byte, error) {
	before := r.offset()
	if !r.ahead {
		r.src.release(before)
	}
	off := r.Here()
	if err := r.dec.Decode(&skipValue{}); err != nil {
		r.syntaxError(before, off, err)
		return off, nil, ErrStop
	}
	return off, r.src.slice(off, r.offset()), nil
}

// skipValue is a decoding target that keeps nothing: Decode still checks
// the value's syntax.
type skipValue struct{}

func (*skipValue) UnmarshalJSON([]byte) error { return nil }

// syntaxError records err, met reading the token or value that starts at
// off (the decoder stood at before).
func (r *Reader) syntaxError(before, off int, err error) {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		r.ErrorAt(r.syntaxErrorAt(before, se), "JSON: %v", se)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		r.ErrorAt(r.endOffset(), "JSON: unexpected end of input")
	default:
		r.ErrorAt(off, "JSON: %v", err)
	}
}

// syntaxErrorAt is the offset of the character a syntax error is about.
// Decoder.Token counts the offset of an error inside a value (a bad literal,
// a control character in a string) from somewhere inside the decoder, not
// from the start of the input; decoding that value alone from its start
// gives the error relative to it. An error between values is already
// absolute (within the part read), and decoding the next value alone then
// succeeds.
func (r *Reader) syntaxErrorAt(before int, se *json.SyntaxError) int {
	// The value Token was reading starts after blanks and at most one
	// separator (the one Token itself consumes).
	start := r.skipBlanks(before)
	if b, ok := r.byteAt(start); ok && (b == ',' || b == ':') {
		start = r.skipBlanks(start + 1)
	}
	var in io.Reader = r.src.reader(start)
	if r.end != noEnd {
		in = io.LimitReader(in, int64(r.end-start))
	}
	var raw json.RawMessage
	err := json.NewDecoder(in).Decode(&raw)
	var inValue *json.SyntaxError
	if errors.As(err, &inValue) && inValue.Offset > 0 {
		return start + int(inValue.Offset) - 1
	}
	return r.base + int(se.Offset)
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
	off := r.skipBlanks(r.offset())
	if _, ok := r.byteAt(off); ok {
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

// Looks reports whether data starts like a JSON array or object (after
// white space) and holds each of keys as a quoted string. It is the cheap
// look a kind's Detect takes, decoding nothing: a kind tells its JSON from
// the other kinds' by a key only it uses.
func Looks(data []byte, keys ...string) bool {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || (t[0] != '[' && t[0] != '{') {
		return false
	}
	for _, k := range keys {
		if !bytes.Contains(t, []byte(`"`+k+`"`)) {
			return false
		}
	}
	return true
}

// skipBlanks is the offset of the first byte from off on that is not
// white space, or the end of the part.
func (r *Reader) skipBlanks(off int) int {
	for {
		b, ok := r.byteAt(off)
		if !ok || (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
			return off
		}
		off++
	}
}

// List walks a document that holds a list of entries: a JSON array, whose
// elements are the entries, or a single object, the only entry. Each entry
// is cut out whole with Value, which checks its syntax without decoding
// it; the caller reads the ones it wants with Sub.
type List struct {
	r     *Reader
	state int // one of the states below
	off   int
	raw   []byte
}

// The states of a walk over a List.
const (
	listStart  = iota // nothing read yet
	listArray         // in the array
	listSingle        // the document is one object, read
	listEnd           // the walk is over
)

// NewList returns a walk over r's document.
func NewList(r *Reader) *List { return &List{r: r} }

// Next cuts out the next entry and reports whether there is one. It
// reports false at the end of the document, and at a fault of the
// document, which it records in the Reader's errors: input that is empty
// or neither an array nor an object, an empty array, a syntax error, data
// after the end.
func (l *List) Next() bool {
	r := l.r
	switch l.state {
	case listStart:
		switch r.Peek() {
		case 0:
			r.ErrorAt(r.base, "empty input: want a JSON array of puzzles")
		case '[':
			_, off, err := r.Token()
			if err != nil {
				break
			}
			if !r.More() {
				r.ErrorAt(off, "no puzzles")
				break
			}
			l.state = listArray
			return l.cut()
		case '{':
			l.state = listSingle
			return l.cut()
		default:
			if tok, off, err := r.Token(); err == nil {
				r.ErrorAt(off, "want a JSON array of puzzles or one puzzle object, have %v", Describe(tok))
			}
		}
	case listArray:
		if r.More() {
			return l.cut()
		}
		if _, err := r.Expect(']', `"]"`); err == nil {
			r.ExpectEnd()
		}
	case listSingle:
		r.ExpectEnd()
	}
	l.state = listEnd
	return false
}

func (l *List) cut() bool {
	off, raw, err := l.r.Value()
	if err != nil {
		l.state = listEnd
		return false
	}
	l.off, l.raw = off, raw
	return true
}

// Entry is the current entry: where it starts, and its bytes.
func (l *List) Entry() (int, []byte) { return l.off, l.raw }

// Many reports whether the document is an array, not a single object.
func (l *List) Many() bool { return l.state == listArray }
