package serve

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// Limits of puzzles played by moves: cells in a puzzle, moves in a solution tried,
// moves applied before solving.
const (
	maxMovesCells   = 100
	maxMovesSteps   = 30
	maxMovesApplied = 1000
)

// movesAPI are the endpoints that play every kind played by moves: the
// page reads them from /api/kinds ("moves"."api").
var movesAPI = map[string]string{"parse": "/api/moves/parse", "apply": "/api/moves/apply", "solve": "/api/moves/solve"}

// movesRequest names a puzzle played by moves (its text, a built-in or an
// example; of the kind named, or of any moves kind) and the moves applied
// to its start.
type movesRequest struct {
	// Kind names the moves kind ("": the one whose format the text is
	// in, or that has the built-in).
	Kind     string   `json:"kind,omitempty"`
	Text     string   `json:"text"`
	Builtin  string   `json:"builtin,omitempty"`
	Example  string   `json:"example,omitempty"`
	Moves    []string `json:"moves,omitempty"`
	MaxSteps int      `json:"max_steps,omitempty"`
	// Method is how /api/moves/solve proves the optimum: "auto" (the
	// default, as shift solve), "sat" (every depth by SAT, sent as it is
	// decided) or "search".
	Method string `json:"method,omitempty"`
}

// movesLoaded is a puzzle of a moves kind with the states along the moves
// applied.
type movesLoaded struct {
	k      *kind.Kind
	p      kind.MovesPuzzle
	moves  []string
	states [][]int
}

func (c *call) readMoves() (*movesLoaded, *movesRequest, error) {
	var req movesRequest
	if err := c.decode(&req); err != nil {
		return nil, nil, err
	}
	var k *kind.Kind
	var p kind.MovesPuzzle
	var err error
	switch {
	case req.Builtin != "":
		k, p, err = answer.BuiltinMovesOf(c.s.opt.Kinds, req.Kind, req.Builtin)
	case req.Example != "":
		var ex example
		if ex, err = c.s.exampleByID(req.Example); err != nil {
			return nil, nil, err
		}
		k, p, err = answer.LoadMovesOf(c.s.opt.Kinds, ex.Kind, ex.ID, []byte(ex.Text))
	case strings.TrimSpace(req.Text) != "":
		k, p, err = answer.LoadMovesOf(c.s.opt.Kinds, req.Kind, "input", []byte(req.Text))
	default:
		return nil, nil, badRequest("no puzzle played by moves: give its text, a builtin or an example")
	}
	var grid *answer.GridError
	switch {
	case errors.As(err, &grid):
		return nil, nil, badRequest("%v: use /api/parse", err)
	case err != nil:
		return nil, nil, badRequest("%v", err)
	}
	if n := p.Cells(); n > maxMovesCells {
		return nil, nil, badRequest("the puzzle has %d cells; this server takes at most %d", n, maxMovesCells)
	}
	if len(req.Moves) > maxMovesApplied {
		return nil, nil, badRequest("%d moves: at most %d are applied", len(req.Moves), maxMovesApplied)
	}
	states, err := p.Replay(req.Moves)
	if err != nil {
		return nil, nil, badRequest("%v", err)
	}
	return &movesLoaded{k: k, p: p, moves: req.Moves, states: states}, &req, nil
}

// state is the state after the moves.
func (l *movesLoaded) state() []int { return l.states[len(l.states)-1] }

type movesBoard struct {
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
	// Goal is the kind's goal: "target", a value per cell (-1 any), and
	// its own constraints (shift: "sums", "distinct").
	Goal any `json:"goal"`
	// Start, and State and IsGoal after Applied.
	Start   []int    `json:"start"`
	Applied []string `json:"applied"`
	State   []int    `json:"state"`
	IsGoal  bool     `json:"is_goal"`
}

func movesBoardOf(l *movesLoaded) movesBoard {
	p := l.p
	b := movesBoard{Name: p.Title(), Text: p.Text(), Values: p.Values(), Picture: p.Layout(),
		Start: p.Start(), Applied: l.moves, State: l.state(), IsGoal: p.IsGoal(l.state()),
		Moves: p.MoveNames(), Goal: p.Goal()}
	if b.Applied == nil {
		b.Applied = []string{}
	}
	if l.k.Moves.URL != nil {
		b.URL = l.k.Moves.URL(p)
	}
	for c := range p.Cells() {
		b.CellNames = append(b.CellNames, p.CellName(c))
	}
	return b
}

func (s *Server) movesParse(c *call) (any, error) {
	l, _, err := c.readMoves()
	if err != nil {
		return nil, err
	}
	return map[string]any{"puzzle": movesBoardOf(l)}, nil
}

// movesApplyAnswer is the apply record, with the states as value indexes
// (values[0] is the start) for the page.
type movesApplyAnswer struct {
	answer.ApplyRecord
	Values [][]int `json:"values"`
}

func (s *Server) movesApply(c *call) (any, error) {
	l, _, err := c.readMoves()
	if err != nil {
		return nil, err
	}
	// readMoves replayed the moves: an unknown one is already a 400.
	return movesApplyAnswer{ApplyRecord: answer.Applied(l.p, l.moves, l.states), Values: l.states}, nil
}

// movesSolve deepens from the state after the request's moves. With
// events asked for, every depth is sent as it is decided.
func (s *Server) movesSolve(c *call) (any, error) {
	l, req, err := c.readMoves()
	if err != nil {
		return nil, err
	}
	maxSteps := req.MaxSteps
	if maxSteps == 0 {
		maxSteps = maxMovesSteps
	}
	if maxSteps < 0 || maxSteps > maxMovesSteps {
		return nil, badRequest("max_steps %d: want 1..%d", maxSteps, maxMovesSteps)
	}
	p := l.p.From(slices.Clone(l.state()))
	t0 := time.Now()
	// The same proof, by the same default method, as shift solve.
	res, err := answer.ShortestSolution(c.ctx, l.k, p, answer.ShortestOptions{Method: req.Method, NewSolver: s.opt.Solver, MaxSteps: maxSteps,
		OnDepth: func(d kind.Depth) { c.emit("depth", d) }, OnBound: func(b kind.Bound) { c.emit("bound", b) }})
	if res == nil {
		return nil, badRequest("%v", err)
	}
	if err != nil && c.ctx.Err() == nil {
		return nil, err
	}
	if c.ctx.Err() != nil && res.Status == kind.Unknown {
		// Cut short: say what was proven so far.
		return nil, &httpError{http.StatusServiceUnavailable, fmt.Sprintf("timed out after %v (serve --timeout); proven so far: no solution shorter than %s%s",
			s.opt.Timeout, plural.N(res.LowerBound, "move"), refuted(res.LowerBound))}
	}
	return answer.Record(res, p, req.Method, maxSteps, time.Since(t0)), nil
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
