package answer

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// The ways to prove an optimum (ShortestOptions.Method), as every moves
// kind names them.
const (
	MethodAuto   = kind.MethodAuto
	MethodSAT    = kind.MethodSAT
	MethodSearch = kind.MethodSearch
)

// ShortestOptions are the choices of a shortest-solution proof.
type ShortestOptions = kind.ShortestOptions

// Shortest is the answer: the status, an optimal solution, the proven
// lower bound and which method proved it.
type Shortest = kind.Shortest

// Methods are the ways k proves an optimum, the default first.
func Methods(k *kind.Kind) []string {
	if len(k.Moves.Methods) == 0 {
		return []string{MethodSearch}
	}
	return k.Moves.Methods
}

// ShortestSolution proves p's shortest solution (p a puzzle of the moves
// kind k) by opt.Method: what `shift solve`, `render --solution` and the
// playground all run. The kind proves it (kind.Moves.Shortest), or, when
// it has no proof of its own, breadth-first search does. A run cut short
// (timeout, cancel) returns what it proved with the context's error
// (errors.Is finds it); an error with a nil answer is bad input.
func ShortestSolution(ctx context.Context, k *kind.Kind, p kind.MovesPuzzle, opt ShortestOptions) (*Shortest, error) {
	if k.Moves.Shortest != nil {
		return k.Moves.Shortest(ctx, p, opt)
	}
	if opt.Method != "" && !slices.Contains(Methods(k), opt.Method) {
		return nil, fmt.Errorf("unknown method %q (want %s)", opt.Method, strings.Join(Methods(k), " or "))
	}
	return kind.BreadthFirst(ctx, p, opt.MaxSteps)
}

// ShortestRecord is a shortest-solution answer as JSON: what `shift solve
// --format json` writes and /api/moves/solve answers. Moves are the moves'
// names; States, with an optimal solution, are the states along it drawn
// as the text draws them (a line a string), the start first.
type ShortestRecord struct {
	Name             string     `json:"name"`
	Status           string     `json:"status"`
	Length           int        `json:"length"`
	Moves            []string   `json:"moves"`
	States           [][]string `json:"states,omitempty"`
	ProvedLowerBound int        `json:"proved_lower_bound"`
	MaxSteps         int        `json:"max_steps"`
	MS               float64    `json:"ms"`
	Method           string     `json:"method"`
	// Proof names the method whose proof the answer is: "sat" or
	// "search" (with method auto, whichever settled first).
	Proof    string       `json:"proof,omitempty"`
	Solver   string       `json:"solver,omitempty"`
	Encoding string       `json:"encoding,omitempty"`
	Depths   []kind.Depth `json:"depths,omitempty"`
	// Proven says the status is settled (optimal or no solution within
	// max_steps); a run stopped before that is not.
	Proven bool `json:"proven"`
	// BestFound, when the optimum is not proven, is the shortest solution
	// found (replayed to the goal before it is reported), BestLength its
	// length: an upper bound on the optimum, proved_lower_bound the lower.
	BestFound  []string `json:"best_found,omitempty"`
	BestLength int      `json:"best_length,omitempty"`
	// Notes say why a run cut short got no further, when the kind knows
	// (a table it had to build first: `shift tables` builds it).
	Notes []string `json:"notes,omitempty"`
	// Check is the exact search's second opinion (shift solve --check;
	// the command line only).
	Check *ShortestCheck `json:"check,omitempty"`
}

// ShortestCheck is what the exact search found on its own, and whether it
// agrees with the answer.
type ShortestCheck struct {
	Status string  `json:"status"`
	Length int     `json:"length"`
	Agrees bool    `json:"agrees"`
	MS     float64 `json:"ms"`
}

// Record is res, the answer for p by method within maxSteps moves found
// in elapsed, as a record.
func Record(res *Shortest, p kind.MovesPuzzle, method string, maxSteps int, elapsed time.Duration) ShortestRecord {
	if method == "" {
		method = MethodAuto
	}
	out := ShortestRecord{Name: p.Title(), Status: string(res.Status), ProvedLowerBound: res.LowerBound, MaxSteps: maxSteps,
		MS: Millis(elapsed), Method: method, Proof: res.Proof, Solver: res.Solver, Encoding: res.Encoding, Depths: res.Depths,
		Moves: []string{}, Proven: res.Status == kind.Optimal || res.Status == kind.NoSolutionWithin, Notes: res.Notes}
	if res.Status != kind.Optimal {
		if res.BestFound != nil {
			out.BestFound, out.BestLength = moveNames(p, res.BestFound), len(res.BestFound)
		}
		return out
	}
	out.Length = len(res.Moves)
	out.Moves = moveNames(p, res.Moves)
	states, _ := p.Replay(out.Moves)
	for _, s := range states {
		out.States = append(out.States, StateLines(p, s))
	}
	return out
}

// moveNames are moves (indexes) by name.
func moveNames(p kind.MovesPuzzle, moves []int) []string {
	names := p.MoveNames()
	out := make([]string, 0, len(moves))
	for _, m := range moves {
		out = append(out, names[m])
	}
	return out
}

// StateLines draws a state of p as the text draws it, a line a string.
func StateLines(p kind.MovesPuzzle, s []int) []string {
	return strings.Split(strings.TrimRight(p.FormatState(s), "\n"), "\n")
}

// LoadMoves reads a puzzle played by moves: in the format of the kind
// that recognises it (a playground URL among them), or else as a bare
// picture, which the first moves kind that reads it reads; when none
// does, the first kind's error is the answer.
func LoadMoves(reg *kinds.Registry, name string, data []byte) (*kind.Kind, kind.MovesPuzzle, error) {
	if k := reg.DetectMoves(name, data); k != nil {
		p, err := k.Moves.Parse(name, data)
		return k, p, err
	}
	var first error
	for _, k := range reg.Moves() {
		p, err := k.Moves.Parse(name, data)
		if err == nil {
			return k, p, nil
		}
		first = cmp.Or(first, err)
	}
	if first == nil {
		first = fmt.Errorf("%s: no kind of puzzle is played by moves", name)
	}
	return nil, nil, first
}

// LoadMovesOf reads a puzzle of the moves kind called kindName as
// LoadMoves does, in that kind's format alone; kindName "" is LoadMoves.
// A grid kind named is an error saying so.
func LoadMovesOf(reg *kinds.Registry, kindName, name string, data []byte) (*kind.Kind, kind.MovesPuzzle, error) {
	if kindName == "" {
		return LoadMoves(reg, name, data)
	}
	k, err := movesKind(reg, kindName)
	if err != nil {
		return nil, nil, err
	}
	p, err := k.Moves.Parse(name, data)
	return k, p, err
}

// BuiltinMovesOf is the built-in puzzle called name of the moves kind
// called kindName; kindName "" is BuiltinMoves.
func BuiltinMovesOf(reg *kinds.Registry, kindName, name string) (*kind.Kind, kind.MovesPuzzle, error) {
	if kindName == "" {
		return BuiltinMoves(reg, name)
	}
	k, err := movesKind(reg, kindName)
	if err != nil {
		return nil, nil, err
	}
	p, err := k.Moves.Builtin(name)
	return k, p, err
}

// movesKind is the kind called name when it is played by moves, or an
// error saying what it is.
func movesKind(reg *kinds.Registry, name string) (*kind.Kind, error) {
	k, err := reg.Find(name)
	if err != nil {
		return nil, err
	}
	if k.Grid() {
		return nil, &GridError{Kind: k}
	}
	return k, nil
}

// GridError is the answer to a question of puzzles played by moves asked
// of a grid kind's puzzle: the puzzle commands and the grid routes answer
// it, the front end says which.
type GridError struct{ Kind *kind.Kind }

func (e *GridError) Error() string {
	return fmt.Sprintf("%s puzzles are not played by moves", e.Kind.Name)
}

// BuiltinMoves is the built-in puzzle called name of the first moves
// kind that has one so called; when none has, the first kind's error is
// the answer.
func BuiltinMoves(reg *kinds.Registry, name string) (*kind.Kind, kind.MovesPuzzle, error) {
	var first error
	for _, k := range reg.Moves() {
		if k.Moves.Builtin == nil {
			continue
		}
		p, err := k.Moves.Builtin(name)
		if err == nil {
			return k, p, nil
		}
		first = cmp.Or(first, err)
	}
	if first == nil {
		first = fmt.Errorf("no built-in puzzle %q", name)
	}
	return nil, nil, first
}

// BuiltinNames names every moves kind's built-in puzzles.
func BuiltinNames(reg *kinds.Registry) []string {
	var out []string
	for _, k := range reg.Moves() {
		out = append(out, k.Moves.Builtins...)
	}
	return out
}

// ApplyRecord is a move list replayed from a shift puzzle's start: what
// `shift apply --format json` writes and /api/moves/apply answers (the API
// adds the states as value indexes, "values", for the page). States are
// drawn as the text draws them, the start first.
type ApplyRecord struct {
	Moves  []string   `json:"moves"`
	States [][]string `json:"states"`
	Goal   bool       `json:"goal"`
}

// Applied is the record of moves replayed from p's start into states
// (p.Replay's: the start first).
func Applied(p kind.MovesPuzzle, moves []string, states [][]int) ApplyRecord {
	out := ApplyRecord{Moves: append([]string{}, moves...), Goal: p.IsGoal(states[len(states)-1])}
	for _, s := range states {
		out.States = append(out.States, StateLines(p, s))
	}
	return out
}
