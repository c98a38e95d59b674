package answer

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Kind is the grid kind of an input: the one called name when it is set,
// else the one the input's data is detected as. A kind played by moves
// (shift puzzles) is refused with the command that answers it, named or
// detected.
func Kind(reg *kinds.Registry, name, file string, data []byte) (*kind.Kind, error) {
	return KindOfHead(reg, name, file, data, true)
}

// KindOfHead is Kind of an input read as a stream, told from its head (its
// first bytes, kinds.DetectHead): whole says the head is all of it.
func KindOfHead(reg *kinds.Registry, name, file string, head []byte, whole bool) (*kind.Kind, error) {
	if name != "" {
		if k, err := reg.Find(name); err == nil && !k.Grid() {
			return nil, &MovesError{Kind: k}
		}
		return reg.Lookup(name)
	}
	k, err := reg.DetectHead(file, head, whole)
	if mk := reg.DetectMoves(file, head); err != nil && mk != nil {
		// Say what the input is and which command answers it.
		return nil, &MovesError{Kind: mk, Detected: err}
	}
	return k, err
}

// MovesError is the answer to a question a grid kind answers asked of a
// puzzle played by moves (Kind: named, or detected when no grid kind
// reads the input, the error of which is Detected): the shift command
// and the moves routes answer it, the front end says which.
type MovesError struct {
	Kind     *kind.Kind
	Detected error
}

func (e *MovesError) Error() string {
	if e.Detected != nil {
		return fmt.Sprintf("%v (this is a %s puzzle: use puzzlesat shift solve)", e.Detected, e.Kind.Name)
	}
	return fmt.Sprintf("%s puzzles are played by moves: use puzzlesat shift solve", e.Kind.Name)
}

func (e *MovesError) Unwrap() error { return e.Detected }

// Stream is one input opened to be read as a stream (Open), its kind told
// from its head.
type Stream struct {
	Kind *kind.Kind
	file string
	head []byte
	in   io.Reader
}

// Open opens one input to be read as a stream, the way every front end
// that works through its puzzles does: the kind named (kindName) or told
// from the input's head (its first puzzle.DetectWindow bytes, peeked: the
// stream still gives them). An input whose kind cannot be told is an
// error, positioned.
func Open(reg *kinds.Registry, kindName, file string, in io.Reader) (*Stream, error) {
	br := bufio.NewReaderSize(in, puzzle.DetectWindow)
	head, err := br.Peek(puzzle.DetectWindow)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, err
	}
	whole := err == io.EOF
	if !whole {
		// Detection looks at whole lines, not at the one the window cuts.
		if i := bytes.LastIndexByte(head, '\n'); i >= 0 {
			head = head[:i+1]
		}
	}
	k, err := KindOfHead(reg, kindName, file, head, whole)
	if err != nil {
		return nil, err
	}
	return &Stream{Kind: k, file: file, head: head, in: br}, nil
}

// Each gives the puzzles of the stream to yield as they are read
// (kind.Kind.Each): a puzzle, or a malformed entry's positioned errors.
// The input is never held whole. It returns a fault of the input, found
// where the stream reaches it.
func (s *Stream) Each(opt kind.Options, yield func(kind.Instance, error) bool) error {
	return s.Kind.Each(s.file, s.head, s.in, opt, yield)
}

// Loaded is what Load read of one input.
type Loaded struct {
	Kind *kind.Kind
	// Puzzles are the input's puzzles, in order (the selected one alone
	// when a selection was given).
	Puzzles []kind.Instance
	// Partial, when set, reports the input's malformed entries, which
	// Puzzles leave out.
	Partial error
}

// Load reads the puzzles of one input (data, from a file called file) the
// way every front end does: the kind named (kindName) or detected, then
// the one puzzle sel selects (FILE#SEL: only what the selection needs is
// read) or every puzzle. An input whose some entries are malformed gives
// the others, with their errors in Partial; one that gives no puzzle is an
// error.
func Load(reg *kinds.Registry, kindName, file string, data []byte, sel string, opt kind.Options) (*Loaded, error) {
	k, err := Kind(reg, kindName, file, data)
	if err != nil {
		return nil, err
	}
	out := &Loaded{Kind: k}
	if sel != "" {
		inst, err := k.Select(file, data, opt, sel)
		if err != nil {
			return nil, err
		}
		out.Puzzles = []kind.Instance{inst}
		return out, nil
	}
	insts, err := k.Parse(file, data, opt)
	var partial *kind.PartialError
	switch {
	case errors.As(err, &partial) && len(insts) > 0:
		out.Partial = partial.Err
	case err != nil:
		return nil, err
	case len(insts) == 0:
		return nil, fmt.Errorf("%s: no puzzle in input", file)
	}
	out.Puzzles = insts
	return out, nil
}
