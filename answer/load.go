package answer

import (
	"errors"
	"fmt"

	"github.com/puzzlesat/puzzlesat/kinds"
)

// Kind is the grid kind of an input: the one called name when it is set,
// else the one the input's data is detected as. A kind played by moves
// (shift puzzles) is refused with the command that answers it, named or
// detected.
func Kind(name, file string, data []byte) (*kinds.Kind, error) {
	if name != "" {
		if k, err := kinds.Find(name); err == nil && !k.Grid() {
			return nil, fmt.Errorf("%s puzzles are played by moves: use puzzlesat %s solve", name, name)
		}
		return kinds.Lookup(name)
	}
	k, err := kinds.Detect(file, data)
	if mk := kinds.DetectMoves(file, data); err != nil && mk != nil {
		// Say what the input is and which command answers it.
		return nil, fmt.Errorf("%w (this is a %s puzzle: use puzzlesat %s solve)", err, mk.Name, mk.Name)
	}
	return k, err
}

// Loaded is what Load read of one input.
type Loaded struct {
	Kind *kinds.Kind
	// Puzzles are the input's puzzles, in order (the selected one alone
	// when a selection was given).
	Puzzles []kinds.Instance
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
func Load(kindName, file string, data []byte, sel string, opt kinds.Options) (*Loaded, error) {
	k, err := Kind(kindName, file, data)
	if err != nil {
		return nil, err
	}
	out := &Loaded{Kind: k}
	if sel != "" {
		inst, err := k.Select(file, data, opt, sel)
		if err != nil {
			return nil, err
		}
		out.Puzzles = []kinds.Instance{inst}
		return out, nil
	}
	insts, err := k.Parse(file, data, opt)
	var partial *kinds.PartialError
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
