package answer

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	encshift "github.com/puzzlesat/puzzlesat/encode/shift"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/shift"
	"github.com/puzzlesat/puzzlesat/shift/search"
	"github.com/puzzlesat/puzzlesat/solve/deepen"
	"github.com/puzzlesat/puzzlesat/solve/hybrid"
)

// The ways to prove a shift puzzle's optimum (ShortestOptions.Method).
const (
	// MethodAuto runs the exact search and SAT deepening side by side;
	// the first proof wins (solve/hybrid). The default everywhere.
	MethodAuto = "auto"
	// MethodSAT deepens with SAT only (solve/deepen).
	MethodSAT = "sat"
	// MethodSearch runs the exact search only (shift/search).
	MethodSearch = "search"
)

// Methods are the methods, the default first.
var Methods = []string{MethodAuto, MethodSAT, MethodSearch}

// ShortestOptions are the choices of a shortest-solution proof.
type ShortestOptions struct {
	// Method is one of Methods ("": MethodAuto).
	Method string
	// MaxSteps bounds the solution length (≤ 0: the solvers' default).
	MaxSteps int
	// Encoding names the state-step encoding of the SAT side ("": the
	// default).
	Encoding string
	// Jobs bounds the SAT side's workers (≤ 0: its default).
	Jobs int
	// NewSolver makes the SAT side's solvers; required unless Method is
	// MethodSearch.
	NewSolver sat.Factory
	// Progress, when set, receives the SAT side's progress lines.
	Progress io.Writer
	// OnDepth, when set, is told each depth the SAT side decides, as it
	// is decided.
	OnDepth func(deepen.Depth)
}

// Shortest is the answer: the status, an optimal solution, the proven
// lower bound and which method proved it.
type Shortest struct {
	Status deepen.Status
	// Moves is an optimal solution (Status Optimal), as move indexes.
	Moves []int
	// LowerBound: no solution is shorter.
	LowerBound int
	// Proof is hybrid.ProofSAT or hybrid.ProofSearch for a settled
	// answer, "" otherwise.
	Proof string
	// Solver and Encoding name the SAT side's back-end and encoding, and
	// Depths are its decided depths, when SAT took part (Depths only when
	// SAT's is the proof, or the answer is not settled).
	Solver, Encoding string
	Depths           []deepen.Depth
}

// ShortestSolution proves p's shortest solution by opt.Method: what
// `shift solve`, `render --solution` and the playground all run. A run cut
// short (timeout, cancel) returns what it proved with the context's error
// (errors.Is finds it); an error with a nil answer is bad input.
func ShortestSolution(ctx context.Context, p *shift.Puzzle, opt ShortestOptions) (*Shortest, error) {
	method := opt.Method
	if method == "" {
		method = MethodAuto
	}
	out := &Shortest{Status: deepen.Unknown}
	switch method {
	case MethodSAT, MethodAuto:
		enc, err := encshift.Lookup(opt.Encoding)
		if err != nil {
			return nil, err
		}
		if opt.NewSolver == nil {
			return nil, fmt.Errorf("shortest solution: no SAT solver")
		}
		do := deepen.Options{Encoding: enc, MaxSteps: opt.MaxSteps, Jobs: opt.Jobs, NewSolver: opt.NewSolver,
			Progress: opt.Progress, OnDepth: opt.OnDepth}
		var res *deepen.Result
		if method == MethodSAT {
			res, err = deepen.Solve(ctx, p, do)
			if res != nil {
				out.Proof = hybrid.ProofSAT
			}
		} else {
			var h *hybrid.Result
			h, err = hybrid.Solve(ctx, p, hybrid.Options{MaxSteps: opt.MaxSteps, Deepen: do})
			if h != nil {
				// The SAT side's record, with the hybrid's verdict.
				res = &deepen.Result{Status: h.Status, Moves: h.Moves, LowerBound: h.LowerBound}
				if h.SAT != nil {
					res.Solver, res.Encoding = h.SAT.Solver, h.SAT.Encoding
					if h.Proof == hybrid.ProofSAT || h.Proof == "" {
						res.Depths = h.SAT.Depths
					}
				}
				out.Proof = h.Proof
			}
		}
		if res == nil {
			return nil, err
		}
		out.Status, out.Moves, out.LowerBound = res.Status, res.Moves, res.LowerBound
		out.Solver, out.Encoding, out.Depths = res.Solver, res.Encoding, res.Depths
		if out.Status == deepen.Unknown {
			out.Proof = "" // nothing settled
		}
		return out, err
	case MethodSearch:
		res, err := search.Solve(ctx, p, search.Options{MaxSteps: opt.MaxSteps})
		if res == nil {
			if err != nil && ctx.Err() == nil {
				return nil, err
			}
			res = &search.Result{}
		}
		out.Status, out.Moves, out.LowerBound = SearchStatus(res), res.Moves, res.LowerBound
		if out.Status != deepen.Unknown {
			out.Proof = hybrid.ProofSearch
		}
		return out, err
	}
	return nil, fmt.Errorf("unknown method %q (want sat, search or auto)", method)
}

// SearchStatus maps the exact search's status onto the deepening's.
func SearchStatus(r *search.Result) deepen.Status {
	switch r.Status {
	case search.Optimal:
		return deepen.Optimal
	case search.NoSolutionWithin, search.Unreachable:
		return deepen.NoSolutionWithin
	}
	return deepen.Unknown
}

// ShortestRecord is a shortest-solution answer as JSON: what `shift solve
// --format json` writes and /api/shift/solve answers. Moves are the moves'
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
	Proof    string         `json:"proof,omitempty"`
	Solver   string         `json:"solver,omitempty"`
	Encoding string         `json:"encoding,omitempty"`
	Depths   []deepen.Depth `json:"depths,omitempty"`
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
func (res *Shortest) Record(p *shift.Puzzle, method string, maxSteps int, elapsed time.Duration) ShortestRecord {
	if method == "" {
		method = MethodAuto
	}
	out := ShortestRecord{Name: p.Name, Status: string(res.Status), ProvedLowerBound: res.LowerBound, MaxSteps: maxSteps,
		MS: Millis(elapsed), Method: method, Proof: res.Proof, Solver: res.Solver, Encoding: res.Encoding, Depths: res.Depths,
		Moves: []string{}}
	if res.Status != deepen.Optimal {
		return out
	}
	out.Length = len(res.Moves)
	for _, m := range res.Moves {
		out.Moves = append(out.Moves, p.Moves[m].Name)
	}
	states, _ := p.Replay(out.Moves)
	for _, s := range states {
		out.States = append(out.States, StateLines(p, s))
	}
	return out
}

// StateLines draws a state of p as the text draws it, a line a string.
func StateLines(p *shift.Puzzle, s []int) []string {
	return strings.Split(strings.TrimRight(p.FormatState(s), "\n"), "\n")
}

// LoadMoves reads a puzzle played by moves: in the format of the kind
// that recognises it (a playground URL among them), or else the shift text
// format, whose error it reports.
func LoadMoves(reg *kinds.Registry, name string, data []byte) (*shift.Puzzle, error) {
	if k := reg.DetectMoves(name, data); k != nil {
		return k.Moves.Parse(name, data)
	}
	return shift.Parse(name, data)
}

// ApplyRecord is a move list replayed from a shift puzzle's start: what
// `shift apply --format json` writes and /api/shift/apply answers (the API
// adds the states as value indexes, "values", for the page). States are
// drawn as the text draws them, the start first.
type ApplyRecord struct {
	Moves  []string   `json:"moves"`
	States [][]string `json:"states"`
	Goal   bool       `json:"goal"`
}

// Applied is the record of moves replayed from p's start into states
// (p.Replay's: the start first).
func Applied(p *shift.Puzzle, moves []string, states [][]int) ApplyRecord {
	out := ApplyRecord{Moves: append([]string{}, moves...), Goal: p.IsGoal(states[len(states)-1])}
	for _, s := range states {
		out.States = append(out.States, StateLines(p, s))
	}
	return out
}
