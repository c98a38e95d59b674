package kind

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Clue is one clue of a parsed puzzle that can be taken away (Juosan's
// numbers, Arrows' givens, Shinro's arrows, Linjat's dots: the clues a
// generator removes), named for a report.
type Clue struct {
	// ID is the clue's stable id, what Without takes.
	ID int `json:"id"`
	// Cell is where the clue is drawn (numbered from 1 in JSON).
	Cell puzzle.Pos `json:"cell"`
	// Label is what the clue says ("3", "←", "dot").
	Label string `json:"label"`
}

// Clued is implemented by instances whose clues can be taken away: the
// collection report proves which clues a puzzle does not need (its
// uniqueness survives their removal) and which clues of an unsolvable
// puzzle contradict each other. Every instance built by Models is one; a
// kind that declares no clues lists none.
type Clued interface {
	// Clues lists the puzzle's removable clues, in reading order.
	Clues() []Clue
	// Without returns the puzzle with the clues ids taken away (and
	// without the solution its input carried, which may no longer fit).
	Without(ids ...int) (Instance, error)
	// Full returns the puzzle with every clue the solution sol (of this
	// puzzle's unknowns) gives added where it has none, as the generator
	// plants them: its clue ids are the puzzle's and the added ones, so
	// that Without on it takes added clues away again (repair).
	Full(sol puzzle.Assignment) (Instance, error)
}

// Framed is implemented by instances whose frame, what is not a
// removable clue (Linjat's numbers), can be relaxed a part at a time: an
// unsolvable puzzle that stays unsolvable without any of its clues names
// the parts of its frame that contradict each other instead. Every
// instance built by Models is one; a kind that declares no frame lists
// none.
type Framed interface {
	// Frame lists the parts of the frame that can be relaxed, in reading
	// order, as clues (their ids Relaxed's, their cells where they are
	// drawn).
	Frame() []Clue
	// Relaxed returns the puzzle without any of its clues and with the
	// frame parts ids relaxed: a relaxed part asks nothing of a solution
	// and still takes its cell (a Linjat number become a 1), so that
	// relaxing more never takes a solution away.
	Relaxed(ids ...int) (Instance, error)
}

// Frame lists the puzzle's frame parts that can be relaxed (Models.Frame;
// none when the kind declares none).
func (x *Of[P]) Frame() []Clue {
	if x.m.Frame == nil {
		return nil
	}
	return x.m.Frame(x.p)
}

// Relaxed returns the puzzle without its clues and with the frame parts
// ids relaxed (Models.Relax), as an instance with the same options.
func (x *Of[P]) Relaxed(ids ...int) (Instance, error) {
	if x.m.Relax == nil {
		return nil, fmt.Errorf("%s puzzles have no frame to relax", x.p.Kind())
	}
	known := map[int]bool{}
	for _, c := range x.Frame() {
		known[c.ID] = true
	}
	for _, id := range ids {
		if !known[id] {
			return nil, fmt.Errorf("%s: no frame part %d", x.p.Kind(), id)
		}
	}
	p, err := x.m.Relax(x.p, ids)
	if err != nil {
		return nil, err
	}
	return x.m.Instance(p, x.opt), nil
}

// Clues lists the puzzle's removable clues (Models.Clues; none when the
// kind declares none).
func (x *Of[P]) Clues() []Clue {
	if x.m.Clues == nil {
		return nil
	}
	return x.m.Clues(x.p)
}

// Without returns the puzzle with the clues ids taken away, as an
// instance with the same options.
func (x *Of[P]) Without(ids ...int) (Instance, error) {
	if len(ids) == 0 {
		return x.m.Instance(x.p, x.opt), nil
	}
	if x.m.Without == nil {
		return nil, fmt.Errorf("%s puzzles have no removable clues", x.p.Kind())
	}
	known := map[int]bool{}
	for _, c := range x.Clues() {
		known[c.ID] = true
	}
	for _, id := range ids {
		if !known[id] {
			return nil, fmt.Errorf("%s: no removable clue %d", x.p.Kind(), id)
		}
	}
	p, err := x.m.Without(x.p, ids)
	if err != nil {
		return nil, err
	}
	return x.m.Instance(p, x.opt), nil
}

// Full returns the puzzle with every clue sol gives added (Models.Full),
// as an instance with the same options.
func (x *Of[P]) Full(sol puzzle.Assignment) (Instance, error) {
	if x.m.Full == nil {
		return nil, fmt.Errorf("%s puzzles offer no clues from a solution", x.p.Kind())
	}
	if n := len(x.Vars()); len(sol) != n {
		return nil, fmt.Errorf("%s: a solution of %d values for %d unknowns", x.p.Kind(), len(sol), n)
	}
	p, err := x.m.Full(x.p, sol)
	if err != nil {
		return nil, err
	}
	return x.m.Instance(p, x.opt), nil
}
