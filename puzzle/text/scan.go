package text

import (
	"bufio"
	"io"
	"strings"
)

// Scanner reads the lines of an input from a stream, one at a time and
// numbered as Lines numbers them, so that a reader of many puzzles holds
// the lines of the puzzle it reads, not the input.
type Scanner struct {
	br      *bufio.Reader
	num     int
	started bool
	err     error
}

// NewScanner returns a Scanner over r.
func NewScanner(r io.Reader) *Scanner { return &Scanner{br: bufio.NewReaderSize(r, 64<<10)} }

// Raw returns the next line, without its "\n" or "\r" (and, first, a byte
// order mark), and its 1-based number; false at the end of the input (or
// at a read error, which Err returns). A final "\n" ends the last line: it
// starts none.
func (s *Scanner) Raw() (string, int, bool) {
	if s.err != nil {
		return "", 0, false
	}
	line, err := s.br.ReadString('\n')
	if err != nil {
		if err != io.EOF {
			s.err = err
		} else if line == "" {
			s.err = io.EOF
			return "", 0, false
		}
	}
	if !s.started {
		s.started = true
		line = strings.TrimPrefix(line, "\ufeff")
	}
	s.num++
	line = strings.TrimSuffix(line, "\n")
	return strings.TrimSuffix(line, "\r"), s.num, true
}

// Next returns the next line that holds a token, as All gives it (with
// comments: '#' to the end of a line dropped first); false at the end.
func (s *Scanner) Next(comments bool) (Line, bool) {
	for {
		raw, num, ok := s.Raw()
		if !ok {
			return Line{}, false
		}
		if ln, ok := lineOf(raw, num, comments); ok {
			return ln, true
		}
	}
}

// LineOf is the raw line num (Raw's) as All gives it without comments:
// false when it holds no token.
func LineOf(raw string, num int) (Line, bool) { return lineOf(raw, num, false) }

// Err is the read error that ended the input early, or nil.
func (s *Scanner) Err() error {
	if s.err == io.EOF {
		return nil
	}
	return s.err
}
