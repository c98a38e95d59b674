package kind

import (
	"bytes"
	"errors"
	"io"

	"github.com/puzzlesat/puzzlesat/display"
	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Models joins a model package (kinds/<kind>/model) to the Kind surface, so
// that every kind detects, reads and selects the same way: Detect by the
// package's formats, Parse by read, Select by the one selection rule
// (puzzle.Selection) with the package's aliases; and every model puzzle
// becomes an Instance the same way (an *Of[P], which the functions
// here give its encoding, rules and solution reader).
type Models[P Model] struct {
	Formats puzzle.Formats[P]
	// read is the package's Parse: its formats, and what it says of input
	// none of them claims.
	Read    func(name string, data []byte) ([]P, error)
	Aliases func(name string) []string
	// prepare, when set, readies p, read from the input called name, for
	// the options before it becomes an instance, or says why it cannot.
	Prepare func(name string, p P, opt Options) error
	// extend, when set, gives the instance the optional interfaces of its
	// kind (Linjat's RouteReporter).
	Extend func(x *Of[P]) Instance

	Encode   func(b *encode.Builder, p P, opt Options) (encode.Layout, error)
	Human    func(p P, opt Options) (*HumanSetup, error)
	Solution func(p P, name string, data []byte) (puzzle.Assignment, error)
	// output, when set, maps the name Instance.Format is given to the
	// format written, or rejects it; nil leaves both to formats.Write.
	Output func(format string) (string, error)
	// Display draws the puzzle's board as data (package display), which
	// render and the playground's page draw.
	Display func(p P) *display.Board
	// Clues, when set, lists the puzzle's removable clues, and Without
	// returns a copy of it without the clues ids (known ones: Of checks),
	// its carried solution dropped: what Instance.(Clued) answers.
	Clues   func(p P) []Clue
	Without func(p P, ids []int) (P, error)
	// Full, when set, returns a copy of p with every clue the solution sol
	// gives added where p has none (Of checks sol's length), its carried
	// solution dropped: what Clued.Full answers, which repair picks from.
	Full func(p P, sol puzzle.Assignment) (P, error)
	// Frame, when set, lists the parts of p's frame that can be relaxed,
	// and Relax returns a copy of p without any of its clues and with the
	// parts ids relaxed (known ones: Of checks), its carried solution
	// dropped: what Instance.(Framed) answers, which names the frame
	// parts in conflict of a puzzle unsolvable without its clues.
	Frame func(p P) []Clue
	Relax func(p P, ids []int) (P, error)
}

// Kind returns k with Detect, Parse and Select filled from m, and the
// Formats and Outputs k leaves nil named from m's formats.
func (m *Models[P]) Kind(k Kind) *Kind {
	k.Detect, k.Parse, k.Select, k.Each, k.FormatOf = m.detect, m.parse, m.pick, m.each, m.formatOf
	if k.Formats == nil {
		k.Formats = readerDocs(m.Formats)
	}
	if k.Outputs == nil {
		k.Outputs = m.Formats.Writers()
	}
	return &k
}

// Instance joins p with the options into an Instance.
func (m *Models[P]) Instance(p P, opt Options) Instance {
	x := &Of[P]{surface: p, p: p, m: m, opt: opt}
	if m.Extend != nil {
		return m.Extend(x)
	}
	return x
}

// wrap readies p, read from the input called name, and makes it an
// Instance.
func (m *Models[P]) wrap(name string, p P, opt Options) (Instance, error) {
	if m.Prepare != nil {
		if err := m.Prepare(name, p, opt); err != nil {
			return nil, err
		}
	}
	return m.Instance(p, opt), nil
}

func (m *Models[P]) formatOf(name string, data []byte) string {
	if f := m.Formats.Detect(name, data); f != nil && f.Write != nil {
		return f.Name
	}
	return ""
}

func (m *Models[P]) detect(name string, data []byte) bool {
	return m.Formats.Detect(name, data) != nil
}

// parse reads every puzzle of data; when some entries are malformed the
// others come with a PartialError.
func (m *Models[P]) parse(name string, data []byte, opt Options) ([]Instance, error) {
	ps, perr := m.Read(name, data)
	out := make([]Instance, 0, len(ps))
	for _, p := range ps {
		in, err := m.wrap(name, p, opt)
		if err != nil {
			return nil, err
		}
		out = append(out, in)
	}
	if perr != nil && len(out) > 0 {
		return out, &PartialError{Err: perr}
	}
	return out, perr
}

// each gives the puzzles of the input in to yield one at a time: through
// the format's Each, which reads the stream an entry at a time, or from
// parse after reading in whole where the format has none (it holds one
// puzzle) or no format claims the input's head (parse then says what is
// wrong with it).
func (m *Models[P]) each(name string, head []byte, in io.Reader, opt Options, yield func(Instance, error) bool) error {
	f := m.Formats.Detect(name, head)
	if f == nil || f.Each == nil {
		data, err := io.ReadAll(in)
		if err != nil {
			return err
		}
		insts, err := m.parse(name, data, opt)
		var partial *PartialError
		switch {
		case errors.As(err, &partial):
			err = partial.Err
		case err != nil:
			return err
		}
		for _, in := range insts {
			if !yield(in, nil) {
				return nil
			}
		}
		if err != nil {
			yield(nil, err)
		}
		return nil
	}
	if bytes.HasPrefix(head, bom) {
		if _, err := io.CopyN(io.Discard, in, int64(len(bom))); err != nil {
			return err
		}
	}
	var werr error
	err := f.Each(name, in, func(p P, err error) bool {
		if err != nil {
			return yield(nil, err)
		}
		in, err := m.wrap(name, p, opt)
		if err != nil {
			werr = err // the options' fault, the same for every entry
			return false
		}
		return yield(in, nil)
	})
	return errors.Join(err, werr)
}

// bom is the UTF-8 byte order mark, which readers pass over.
var bom = []byte("\ufeff")

// pick reads the one puzzle sel selects: through the format's Select,
// which reads only what the selection needs, or by puzzle.Pick after
// reading data whole where the format has none (it holds one puzzle) or
// no format claims data (read then says what is wrong with it).
func (m *Models[P]) pick(name string, data []byte, opt Options, sel string) (Instance, error) {
	s := puzzle.ParseSelection(sel, m.Aliases)
	f := m.Formats.Detect(name, data)
	if f == nil || f.Select == nil {
		// Picked among the instances: wrap may name a puzzle (an Arrows
		// folder's puzzle.txt is named after the folder).
		insts, err := m.parse(name, data, opt)
		return puzzle.Pick(name, insts, err, s)
	}
	p, err := f.Select(name, srcpos.TrimBOM(data), s)
	if err != nil {
		return nil, err
	}
	return m.wrap(name, p, opt)
}

// PartialError reports bad entries in an input whose other puzzles were
// read; Parse returns those puzzles alongside it.
type PartialError struct{ Err error }

func (e *PartialError) Error() string { return e.Err.Error() }
func (e *PartialError) Unwrap() error { return e.Err }
