package kinds

import (
	"errors"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// models joins a model package (puzzle/<kind>) to the Kind surface, so
// that every kind detects, reads and selects the same way: Detect by the
// package's formats, Parse by read, Select by the one selection rule
// (puzzle.Selection) with the package's aliases; and every model puzzle
// becomes an Instance the same way (an *instance[P], which the functions
// here give its encoding, rules and solution reader).
type models[P model] struct {
	formats puzzle.Formats[P]
	// read is the package's Parse: its formats, and what it says of input
	// none of them claims.
	read    func(name string, data []byte) ([]P, error)
	aliases func(name string) []string
	// prepare, when set, readies p, read from the input called name, for
	// the options before it becomes an instance, or says why it cannot.
	prepare func(name string, p P, opt Options) error
	// extend, when set, gives the instance the optional interfaces of its
	// kind (Linjat's RouteReporter).
	extend func(x *instance[P]) Instance

	encode   func(b *encode.Builder, p P, opt Options) (encode.Layout, error)
	human    func(p P, opt Options) (*HumanSetup, error)
	solution func(p P, name string, data []byte) (puzzle.Assignment, error)
	// output, when set, maps the name Instance.Format is given to the
	// format written, or rejects it; nil leaves both to formats.Write.
	output func(format string) (string, error)
}

// kind returns k with Detect, Parse and Select filled from m, and the
// Formats and Outputs k leaves nil named from m's formats.
func (m *models[P]) kind(k Kind) *Kind {
	k.Detect, k.Parse, k.Select, k.Each = m.detect, m.parse, m.pick, m.each
	if k.Formats == nil {
		k.Formats = readerDocs(m.formats)
	}
	if k.Outputs == nil {
		k.Outputs = m.formats.Writers()
	}
	return &k
}

// instance joins p with the options into an Instance.
func (m *models[P]) instance(p P, opt Options) Instance {
	x := &instance[P]{surface: p, p: p, m: m, opt: opt}
	if m.extend != nil {
		return m.extend(x)
	}
	return x
}

// wrap readies p, read from the input called name, and makes it an
// Instance.
func (m *models[P]) wrap(name string, p P, opt Options) (Instance, error) {
	if m.prepare != nil {
		if err := m.prepare(name, p, opt); err != nil {
			return nil, err
		}
	}
	return m.instance(p, opt), nil
}

func (m *models[P]) detect(name string, data []byte) bool {
	return m.formats.Detect(name, data) != nil
}

// parse reads every puzzle of data; when some entries are malformed the
// others come with a PartialError.
func (m *models[P]) parse(name string, data []byte, opt Options) ([]Instance, error) {
	ps, perr := m.read(name, data)
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

// each gives the puzzles of data to yield one at a time: through the
// format's Each, which builds one entry at a time, or from parse where the
// format has none (it holds one puzzle, or few).
func (m *models[P]) each(name string, data []byte, opt Options, yield func(Instance, error) bool) error {
	f := m.formats.Detect(name, data)
	if f == nil || f.Each == nil {
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
	var werr error
	err := f.Each(name, srcpos.TrimBOM(data), func(p P, err error) bool {
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

// pick reads the one puzzle sel selects: through the format's Select,
// which reads only what the selection needs, or by puzzle.Pick after
// reading data whole where the format has none (it holds one puzzle) or
// no format claims data (read then says what is wrong with it).
func (m *models[P]) pick(name string, data []byte, opt Options, sel string) (Instance, error) {
	s := puzzle.ParseSelection(sel, m.aliases)
	f := m.formats.Detect(name, data)
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
