package puzzle

import (
	"fmt"
	"io"
	"strings"

	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Format is one way of writing a kind's puzzles down, as a value (like an
// analysis.Analyzer): its name, a line of doc, and the functions that
// detect, read and write it. Each kinds/<kind>/model exports its Formats; the
// kinds registry derives what it lists and reads from them.
type Format[P any] struct {
	// Name is what --to and help texts call it: "canonical", "puzzlink".
	Name string
	// Doc is one line for help texts.
	Doc string
	// Detect reports whether data (from a file called name) is in this
	// format. Of an input larger than DetectWindow, data is its first
	// DetectWindow bytes (Prefix), which may end inside a line or a
	// value: a many-puzzle format is told by its start. nil: the format
	// is never detected (write-only).
	Detect func(name string, data []byte) bool
	// Parse reads every puzzle of data, each carrying its solution when
	// the input has one. Errors are positioned (srcpos.ErrorList); a bad
	// entry among good ones returns the good ones and the errors. nil:
	// write-only.
	Parse func(name string, data []byte) ([]P, error)
	// Select reads the one puzzle sel picks (see Selection), reading no
	// more of data than it needs: the many-puzzle formats build it with
	// SelectEntries. nil: the format holds one puzzle, and a selection is
	// Pick applied to Parse.
	Select func(name string, data []byte, sel Selection) (P, error)
	// Each gives the puzzles Parse reads to yield one at a time, reading
	// them from a stream and building each only when its turn comes, so
	// that a caller working through a file of many puzzles holds one of
	// them, not all, nor the file: the many-puzzle formats build it with
	// EachEntries. A fault of the input is returned when the stream
	// reaches it, after the puzzles before it. nil: the input is read
	// whole and given to Parse.
	Each func(name string, r io.Reader, yield func(P, error) bool) error
	// Write writes puzzles in this format. nil: read-only.
	Write func(ps []P) ([]byte, error)
}

// Joined returns a Write that writes each puzzle with write, sep between
// two: the many-puzzle text formats (FormatText of each, a blank line
// between) and one-per-line ones.
func Joined[P any](write func(P) string, sep string) func([]P) ([]byte, error) {
	return func(ps []P) ([]byte, error) {
		var b strings.Builder
		for i, p := range ps {
			if i > 0 {
				b.WriteString(sep)
			}
			b.WriteString(write(p))
		}
		return []byte(b.String()), nil
	}
}

// DetectWindow is how much of an input detection looks at: the kinds and
// formats of a larger input are told from its first DetectWindow bytes,
// so that a stream is not read whole to be told.
const DetectWindow = 1 << 20

// Prefix is what of data detection looks at: its first DetectWindow bytes.
func Prefix(data []byte) []byte { return data[:min(len(data), DetectWindow)] }

// Formats is a kind's formats, in detection order: the first whose Detect
// accepts an input reads it. The first writable one is the canonical
// output.
type Formats[P any] []*Format[P]

// Detect returns the first format whose Detect accepts data, or nil.
func (fs Formats[P]) Detect(name string, data []byte) *Format[P] {
	data = srcpos.TrimBOM(data)
	for _, f := range fs {
		if f.Detect != nil && f.Parse != nil && f.Detect(name, data) {
			return f
		}
	}
	return nil
}

// Parse detects data's format and reads it.
func (fs Formats[P]) Parse(kind, name string, data []byte) ([]P, error) {
	f := fs.Detect(name, data)
	if f == nil {
		return nil, &srcpos.Error{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf("not a %s puzzle in any format read (%s)", kind, strings.Join(fs.Readers(), ", "))}
	}
	return f.Parse(name, srcpos.TrimBOM(data))
}

// Lookup returns the format called name.
func (fs Formats[P]) Lookup(name string) (*Format[P], error) {
	for _, f := range fs {
		if f.Name == name {
			return f, nil
		}
	}
	return nil, fmt.Errorf("unknown format %q (have %s)", name, strings.Join(fs.names(func(*Format[P]) bool { return true }), ", "))
}

// Write writes ps in the format called name ("" is the canonical one).
func (fs Formats[P]) Write(name string, ps []P) ([]byte, error) {
	if name == "" {
		ws := fs.Writers()
		if len(ws) == 0 {
			return nil, fmt.Errorf("no writable format")
		}
		name = ws[0]
	}
	f, err := fs.Lookup(name)
	if err != nil {
		return nil, err
	}
	if f.Write == nil {
		return nil, fmt.Errorf("format %q is read-only (write one of %s)", name, strings.Join(fs.Writers(), ", "))
	}
	return f.Write(ps)
}

// Readers names the formats Parse reads.
func (fs Formats[P]) Readers() []string {
	return fs.names(func(f *Format[P]) bool { return f.Parse != nil })
}

// Writers names the formats Write writes, the canonical one first.
func (fs Formats[P]) Writers() []string {
	return fs.names(func(f *Format[P]) bool { return f.Write != nil })
}

func (fs Formats[P]) names(keep func(*Format[P]) bool) []string {
	var out []string
	for _, f := range fs {
		if keep(f) {
			out = append(out, f.Name)
		}
	}
	return out
}
