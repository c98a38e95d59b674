package answer

import (
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// One is a single puzzle of a kind of either sort: a grid kind's instance
// (Grid) or a puzzle played by moves (Moves). ReadOne reads one whole (a
// bundled example); a front end that reads many (the report) holds each
// as a One of its kind. Its methods and the questions asked of a One
// (Entry) are the one place that tells the two sorts apart.
type One struct {
	Kind  *kind.Kind
	Grid  kind.Instance
	Moves kind.MovesPuzzle
}

// ReadOne reads data (from a file called file) as one puzzle of k, with
// opt for a grid kind: an input holding more puzzles, or a malformed one,
// is an error.
func ReadOne(k *kind.Kind, file string, data []byte, opt kind.Options) (*One, error) {
	if !k.Grid() {
		p, err := k.Moves.Parse(file, data)
		if err != nil {
			return nil, err
		}
		return &One{Kind: k, Moves: p}, nil
	}
	insts, err := k.Parse(file, data, opt)
	if err != nil {
		return nil, err
	}
	if len(insts) != 1 {
		return nil, fmt.Errorf("holds %d puzzles, want 1", len(insts))
	}
	return &One{Kind: k, Grid: insts[0]}, nil
}

// Name is the name the puzzle gives itself ("" when none).
func (o *One) Name() string {
	if o.Grid != nil {
		return o.Grid.Name()
	}
	return o.Moves.Title()
}

// Size is the puzzle's grid, rows by columns; a puzzle played by moves
// has none (0, 0).
func (o *One) Size() (rows, cols int) {
	if o.Grid != nil {
		return o.Grid.Rows(), o.Grid.Cols()
	}
	return 0, 0
}

// Place is the puzzle's entry in its input, from 1 (FILE#N), 0 when not
// known; a puzzle played by moves is its input's one puzzle, the first.
func (o *One) Place() int {
	if o.Grid != nil {
		return o.Grid.Head().Entry
	}
	return 1
}

// Address is the puzzle's address in the input called file: FILE#N, the
// selection that picks it out (docs/formats.md), or file alone when there
// is nothing to pick, its entry not known or the input read whole (a
// puzzle played by moves).
func (o *One) Address(file string) string {
	if o.Grid != nil && o.Grid.Head().Entry > 0 {
		return fmt.Sprintf("%s#%d", file, o.Grid.Head().Entry)
	}
	return file
}

// Identity is the text that tells the puzzle apart from every other,
// what a collection knows it by from run to run (the report hashes it
// into its fingerprints for --resume): its kind and its text; of a grid
// kind's puzzle, its name and size, the kind's options opt that differ
// from their defaults and its canonical text. Two puzzles with one
// identity have one entry, times aside.
func (o *One) Identity(opt kind.Options) string {
	var b strings.Builder
	if o.Grid == nil {
		fmt.Fprintf(&b, "%s\n%s", o.Kind.Name, o.Moves.Text())
		return b.String()
	}
	inst, k := o.Grid, o.Kind
	fmt.Fprintf(&b, "%s\n%s %dx%d\n", inst.Kind(), inst.Name(), inst.Rows(), inst.Cols())
	for _, f := range k.Flags {
		if v := opt.Flag(f.Name); v != "" && v != f.Default {
			fmt.Fprintf(&b, "-%s=%s\n", f.Name, v)
		}
	}
	if len(k.Outputs) > 0 {
		if text, err := inst.Format(k.Outputs[0]); err == nil {
			b.WriteString(text)
		}
	}
	return b.String()
}
