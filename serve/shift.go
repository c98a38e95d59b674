package serve

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/shift"
	"github.com/puzzlesat/puzzlesat/solve/deepen"
)

// Limits of shift puzzles: cells in a puzzle, moves in a solution tried,
// moves applied before solving.
const (
	maxShiftCells = 100
	maxShiftSteps = 30
	maxShiftMoves = 1000
)

// shiftRequest names a shift puzzle (its text, a built-in or an example)
// and the moves applied to its start.
type shiftRequest struct {
	Text     string   `json:"text"`
	Builtin  string   `json:"builtin,omitempty"`
	Example  string   `json:"example,omitempty"`
	Moves    []string `json:"moves,omitempty"`
	MaxSteps int      `json:"max_steps,omitempty"`
	// Method is how /api/shift/solve proves the optimum: "auto" (the
	// default, as shift solve), "sat" (every depth by SAT, sent as it is
	// decided) or "search".
	Method string `json:"method,omitempty"`
}

// shiftLoaded is a shift puzzle with the states along the moves applied.
type shiftLoaded struct {
	p      *shift.Puzzle
	moves  []string
	states [][]int
}

func (c *call) readShift() (*shiftLoaded, *shiftRequest, error) {
	var req shiftRequest
	if err := c.decode(&req); err != nil {
		return nil, nil, err
	}
	var p *shift.Puzzle
	var err error
	switch {
	case req.Builtin != "":
		p, err = shift.Builtin(req.Builtin)
	case req.Example != "":
		var ex example
		if ex, err = c.s.exampleByID(req.Example); err != nil {
			return nil, nil, err
		}
		k, kerr := c.s.opt.Kinds.Find(ex.Kind)
		if kerr != nil || k.Grid() {
			return nil, nil, badRequest("example %q is a %s puzzle: use /api/parse", req.Example, ex.Kind)
		}
		p, err = k.Moves.Parse(ex.ID, []byte(ex.Text))
	case strings.TrimSpace(req.Text) != "":
		p, err = answer.LoadMoves(c.s.opt.Kinds, "input", []byte(req.Text))
	default:
		return nil, nil, badRequest("no shift puzzle: give its text, a builtin or an example")
	}
	if err != nil {
		return nil, nil, badRequest("%v", err)
	}
	if n := p.NumCells(); n > maxShiftCells {
		return nil, nil, badRequest("the puzzle has %d cells; this server takes at most %d", n, maxShiftCells)
	}
	if len(req.Moves) > maxShiftMoves {
		return nil, nil, badRequest("%d moves: at most %d are applied", len(req.Moves), maxShiftMoves)
	}
	states, err := p.Replay(req.Moves)
	if err != nil {
		return nil, nil, badRequest("%v", err)
	}
	return &shiftLoaded{p: p, moves: req.Moves, states: states}, &req, nil
}

// state is the state after the moves.
func (l *shiftLoaded) state() []int { return l.states[len(l.states)-1] }

type shiftBoard struct {
	Name string `json:"name"`
	// Text is the puzzle (its start, not the state after the moves) in
	// the text format, what later requests send back.
	Text string `json:"text"`
	// URL is the puzzle as the query of a playground URL (/?URL opens
	// it again).
	URL string `json:"url,omitempty"`
	// Values are the token labels; a state gives a value index per cell.
	Values []string `json:"values"`
	// Picture lists the cells of each picture line (-1: a gap).
	Picture   [][]int  `json:"picture"`
	CellNames []string `json:"cell_names"`
	Moves     []string `json:"moves"`
	Goal      goalJSON `json:"goal"`
	// Start, and State and IsGoal after Applied.
	Start   []int    `json:"start"`
	Applied []string `json:"applied"`
	State   []int    `json:"state"`
	IsGoal  bool     `json:"is_goal"`
}

type goalJSON struct {
	Target   []int     `json:"target,omitempty"` // value per cell, -1 any
	Sums     []sumJSON `json:"sums,omitempty"`
	Distinct [][]int   `json:"distinct,omitempty"`
}

type sumJSON struct {
	Cells []int `json:"cells"`
	Total int   `json:"total"`
}

func shiftBoardOf(reg *kinds.Registry, l *shiftLoaded) shiftBoard {
	p := l.p
	b := shiftBoard{Name: p.Name, Text: shift.Format(p), Values: p.Values, Picture: p.Picture.Lines,
		Start: p.Start, Applied: l.moves, State: l.state(), IsGoal: p.IsGoal(l.state())}
	if b.Applied == nil {
		b.Applied = []string{}
	}
	for _, k := range reg.Moves() {
		if k.Moves.URL != nil {
			b.URL = k.Moves.URL(p)
			break
		}
	}
	for c := range p.NumCells() {
		b.CellNames = append(b.CellNames, p.CellName(c))
	}
	for _, m := range p.Moves {
		b.Moves = append(b.Moves, m.Name)
	}
	b.Goal.Target = p.Goal.Target
	for _, s := range p.Goal.Sums {
		b.Goal.Sums = append(b.Goal.Sums, sumJSON{Cells: s.Cells, Total: s.Total})
	}
	b.Goal.Distinct = p.Goal.Distinct
	return b
}

func (s *Server) shiftParse(c *call) (any, error) {
	l, _, err := c.readShift()
	if err != nil {
		return nil, err
	}
	return map[string]any{"puzzle": shiftBoardOf(c.s.opt.Kinds, l)}, nil
}

// shiftApplyAnswer is the apply record, with the states as value indexes
// (values[0] is the start) for the page.
type shiftApplyAnswer struct {
	answer.ApplyRecord
	Values [][]int `json:"values"`
}

func (s *Server) shiftApply(c *call) (any, error) {
	l, _, err := c.readShift()
	if err != nil {
		return nil, err
	}
	// readShift replayed the moves: an unknown one is already a 400.
	return shiftApplyAnswer{ApplyRecord: answer.Applied(l.p, l.moves, l.states), Values: l.states}, nil
}

// shiftSolve deepens from the state after the request's moves. With
// events asked for, every depth is sent as it is decided.
func (s *Server) shiftSolve(c *call) (any, error) {
	l, req, err := c.readShift()
	if err != nil {
		return nil, err
	}
	maxSteps := req.MaxSteps
	if maxSteps == 0 {
		maxSteps = maxShiftSteps
	}
	if maxSteps < 0 || maxSteps > maxShiftSteps {
		return nil, badRequest("max_steps %d: want 1..%d", maxSteps, maxShiftSteps)
	}
	p := l.p.Clone()
	p.Start = slices.Clone(l.state())
	t0 := time.Now()
	// The same proof, by the same default method, as shift solve.
	res, err := answer.ShortestSolution(c.ctx, p, answer.ShortestOptions{Method: req.Method, NewSolver: s.opt.Solver, MaxSteps: maxSteps,
		OnDepth: func(d deepen.Depth) { c.emit("depth", d) }})
	if res == nil {
		return nil, badRequest("%v", err)
	}
	if err != nil && c.ctx.Err() == nil {
		return nil, err
	}
	if c.ctx.Err() != nil && res.Status == deepen.Unknown {
		// Cut short: say what was proven so far.
		return nil, &httpError{http.StatusServiceUnavailable, fmt.Sprintf("timed out after %v (serve --timeout); proven so far: no solution shorter than %s%s",
			s.opt.Timeout, plural.N(res.LowerBound, "move"), refuted(res.LowerBound))}
	}
	return res.Record(p, req.Method, maxSteps, time.Since(t0)), nil
}

// refuted names the depths below lb that were refuted.
func refuted(lb int) string {
	switch lb {
	case 0:
		return ""
	case 1:
		return " (depth 0 refuted)"
	}
	return fmt.Sprintf(" (depths 0..%d refuted)", lb-1)
}
