// Package srcpos holds positioned errors, in the style of go/scanner: an
// Error names a file, a 1-based line and column (in runes), and a message;
// an ErrorList collects every error of one input, sorted by position.
//
// It is a leaf: the puzzle models, the DIMACS reader, the shift format and
// the rule language all report through it without importing each other.
package srcpos

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
)

// Error is a parse error with a position. Line and Col are 1-based; 0
// means unknown.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	pos := e.File
	if pos == "" {
		pos = "<input>"
	}
	if e.Line > 0 {
		pos += fmt.Sprintf(":%d", e.Line)
		if e.Col > 0 {
			pos += fmt.Sprintf(":%d", e.Col)
		}
	}
	return pos + ": " + e.Msg
}

// ErrorList is a list of positioned errors, sorted by position by Err.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(file string, line, col int, format string, args ...any) {
	*l = append(*l, &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	if len(l) == 2 {
		return fmt.Sprintf("%s (and 1 more error)", l[0])
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns nil for an empty list, else the list sorted by position.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].Line != l[j].Line {
			return l[i].Line < l[j].Line
		}
		return l[i].Col < l[j].Col
	})
	return l
}

// Positioned reports whether err is a positioned error: an *Error, or a
// non-empty ErrorList, with a line and column in every one. Readers' tests
// and fuzz targets hold every error they return to it.
func Positioned(err error) bool {
	var e *Error
	var l ErrorList
	switch {
	case errors.As(err, &l):
		for _, e := range l {
			if e.Line < 1 || e.Col < 1 {
				return false
			}
		}
		return len(l) > 0
	case errors.As(err, &e):
		return e.Line >= 1 && e.Col >= 1
	}
	return false
}

// bom is the UTF-8 byte order mark some editors write first.
var bom = []byte{0xEF, 0xBB, 0xBF}

// TrimBOM drops a leading UTF-8 byte order mark. Readers call it first so
// that a file saved by such an editor reads like any other; positions stay
// right because the mark is not a visible column.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, bom) }
