// Package text is the one tokenizer every text reader of kinds/<kind>/model
// uses: input split into non-blank lines of whitespace-separated tokens,
// each with its 1-based line and column counted in runes, so that every
// reader reports the same positions for the same characters.
package text

import (
	"bytes"
	"iter"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Token is one whitespace-separated word, with its 1-based line and column
// (in runes).
type Token struct {
	Text      string
	Line, Col int
}

// Line is one non-blank line of an input, split into tokens.
type Line struct {
	Num  int     // 1-based line number
	Text string  // the line without its comment, trimmed of what IsSpace calls space (never empty)
	Toks []Token // its words
}

// Lines splits data into its non-blank lines of tokens. A UTF-8 byte order
// mark is dropped; "\r\n" line ends are accepted. With comments, everything
// from '#' to the end of a line is dropped first.
func Lines(data []byte, comments bool) []Line {
	return slices.Collect(All(data, comments))
}

// All yields the lines Lines returns, one at a time, reading no further
// than the loop goes: telling a format by its first lines then costs no
// more than those lines.
func All(data []byte, comments bool) iter.Seq[Line] {
	return func(yield func(Line) bool) {
		data := srcpos.TrimBOM(data)
		for num := 1; len(data) > 0; num++ {
			var line []byte
			line, data, _ = bytes.Cut(data, []byte("\n"))
			ln, ok := lineOf(strings.TrimSuffix(string(line), "\r"), num, comments)
			if ok && !yield(ln) {
				return
			}
		}
	}
}

// lineOf is the raw line num as a Line, false when it holds no token.
func lineOf(raw string, num int, comments bool) (Line, bool) {
	if comments {
		if j := strings.IndexByte(raw, '#'); j >= 0 {
			raw = raw[:j]
		}
	}
	ln := Line{Num: num, Text: strings.TrimFunc(raw, IsSpace), Toks: Fields(raw, num, 1)}
	return ln, len(ln.Toks) > 0
}

// FirstIs reports whether the first line of data with a token, less its
// white space, is word, passing over lines that start with '#'
// (comments): how a format whose first line names it is told. It
// tokenizes nothing and copies nothing, so that a file of one long line
// (JSON) costs no more than a look at it.
func FirstIs(data []byte, word string) bool {
	data = srcpos.TrimBOM(data)
	for len(data) > 0 {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		t := bytes.TrimFunc(line, IsSpace)
		if len(t) > 0 && t[0] != '#' {
			return string(t) == word
		}
	}
	return false
}

// Fields splits s, found at line and starting at column col, into tokens.
func Fields(s string, line, col int) []Token {
	var toks []Token
	start, startCol := -1, 0
	for j, r := range s {
		if IsSpace(r) {
			if start >= 0 {
				toks = append(toks, Token{s[start:j], line, startCol})
				start = -1
			}
		} else if start < 0 {
			start, startCol = j, col
		}
		col++
	}
	if start >= 0 {
		toks = append(toks, Token{s[start:], line, startCol})
	}
	return toks
}

// RawLines splits data into its lines, blank ones included, without a byte
// order mark or trailing "\r": for formats whose layout is by line.
func RawLines(data []byte) []string {
	ls := strings.Split(string(srcpos.TrimBOM(data)), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// IsSpace reports whether r separates tokens: ASCII white space, the
// no-break space and a stray byte order mark.
func IsSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\r' || r == '\v' || r == '\f' || r == 0xA0 || r == 0xFEFF
}

// Col returns the 1-based rune column of byte offset off in line s.
func Col(s string, off int) int {
	if off > len(s) {
		off = len(s)
	}
	return len([]rune(s[:off])) + 1
}

// Header writes the first lines of a canonical text: the kind's name, and
// "name TITLE" when the puzzle has a title (its line breaks as spaces, so
// that it stays one line).
func Header(b *strings.Builder, kind, title string) {
	b.WriteString(kind + "\n")
	if title != "" {
		b.WriteString("name " + strings.ReplaceAll(title, "\n", " ") + "\n")
	}
}

// Errorf adds a positioned error at t to errs.
func Errorf(errs *srcpos.ErrorList, file string, t Token, format string, args ...any) {
	errs.Add(file, t.Line, t.Col, format, args...)
}
