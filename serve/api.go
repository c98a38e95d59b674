package serve

import (
	"cmp"
	"errors"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/answer/generated"
	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Limits of generation: larger puzzles take longer than a request should.
const (
	maxGenerateSide = 12
	maxGradeSteps   = 2000
)

type kindJSON struct {
	Name     string         `json:"name"`
	Doc      string         `json:"doc"`
	Formats  []string       `json:"formats"`
	Outputs  []string       `json:"outputs"`
	Generate *generateLimit `json:"generate,omitempty"`
	// Play is how the page plays and draws the kind's puzzles.
	Play *kind.Play `json:"play,omitempty"`
	// Moves, for a kind played by moves: its built-ins, bands and limits.
	Moves *movesLimit `json:"moves,omitempty"`
	// Flags are the kind's own options that a request may set (by
	// name, e.g. "rule"), with the values they take.
	Flags []flagJSON `json:"flags,omitempty"`
}

// flagJSON is one of a kind's own options (kind.Flag) that a request may
// set: those with a list of values (a rules file is the server's choice).
type flagJSON struct {
	Name    string   `json:"name"`
	Usage   string   `json:"usage"`
	Default string   `json:"default"`
	Values  []string `json:"values"`
	// Label and Labels are what the page shows for the flag and each of
	// its values.
	Label  string   `json:"label"`
	Labels []string `json:"labels"`
}

// movesLimit is what a kind played by moves offers and takes, and where
// the page plays it (movesAPI).
type movesLimit struct {
	API map[string]string `json:"api"`
	// Methods are the ways the kind proves an optimum, the default first.
	Methods  []string `json:"methods"`
	Builtins []string `json:"builtins"`
	Bands    []string `json:"bands"`
	MaxCells int      `json:"max_cells"`
	MaxSteps int      `json:"max_steps"`
}

type generateLimit struct {
	Rows    int      `json:"rows"`
	Cols    int      `json:"cols"`
	MaxSide int      `json:"max_side"`
	Bands   []string `json:"bands"`
}

func (s *Server) kinds(*call) (any, error) {
	var out []kindJSON
	for _, k := range append(s.opt.Kinds.List(), s.opt.Kinds.Moves()...) {
		kj := kindJSON{Name: k.Name, Doc: k.Doc, Formats: k.Formats, Outputs: k.Outputs, Play: k.Play}
		if g := k.Generate; g != nil {
			kj.Generate = &generateLimit{Rows: g.Rows, Cols: g.Cols, MaxSide: maxGenerateSide,
				Bands: append(g.BandNames(), string(generate.Any))}
		}
		if m := k.Moves; m != nil {
			kj.Moves = &movesLimit{API: movesAPI, Methods: answer.Methods(k), Builtins: m.Builtins, Bands: m.BandNames(), MaxCells: maxMovesCells, MaxSteps: maxMovesSteps}
		}
		for _, f := range k.Flags {
			if len(f.Values) > 0 {
				labels := f.Labels
				if len(labels) != len(f.Values) {
					labels = f.Values
				}
				kj.Flags = append(kj.Flags, flagJSON{Name: f.Name, Usage: f.Usage, Default: f.Default, Values: f.Values, Label: cmp.Or(f.Label, f.Name), Labels: labels})
			}
		}
		out = append(out, kj)
	}
	return map[string]any{
		"kinds": out,
		"limits": map[string]any{
			"max_body": s.opt.MaxBody, "max_cells": s.opt.MaxCells, "timeout_ms": s.opt.Timeout.Milliseconds(),
		},
	}, nil
}

// boardRequest is a puzzle with a board of values.
type boardRequest struct {
	puzzleSpec
	Values []int `json:"values"`
	// Struck are the candidates the player has ruled out, [unknown,
	// value] pairs (pencil marks struck, eliminations of hints applied):
	// a hint starts from them.
	Struck [][2]int `json:"struck,omitempty"`
}

// readPuzzle decodes a request naming a puzzle (and maybe a board) and
// loads the puzzle.
func (c *call) readPuzzle() (*loaded, puzzle.Assignment, error) {
	var req boardRequest
	if err := c.decode(&req); err != nil {
		return nil, nil, err
	}
	l, err := c.s.load(req.puzzleSpec)
	if err != nil {
		return nil, nil, err
	}
	a, err := values(l.inst, req.Values)
	if err != nil {
		return nil, nil, err
	}
	vars := l.inst.Vars()
	for _, x := range req.Struck {
		if x[0] < 0 || x[0] >= len(vars) || x[1] < 0 || x[1] >= len(vars[x[0]].Domain) {
			return nil, nil, badRequest("struck %v: want [unknown, value] of the puzzle's vars", x)
		}
	}
	l.struck = req.Struck
	return l, a, nil
}

// onPuzzle is the route of a handler of one puzzle and its board: it
// reads and loads them from the request (see readPuzzle) before h runs.
func onPuzzle(h func(c *call, l *loaded, a puzzle.Assignment) (any, error)) func(*call) (any, error) {
	return func(c *call) (any, error) {
		l, a, err := c.readPuzzle()
		if err != nil {
			return nil, err
		}
		return h(c, l, a)
	}
}

type parseAnswer struct {
	Puzzle *board `json:"puzzle"`
	// Entries lists the puzzles of an input holding several; "select"
	// with an entry number opens another.
	Entries []entryJSON `json:"entries,omitempty"`
	Warning string      `json:"warning,omitempty"`
}

func (s *Server) parse(c *call, l *loaded, _ puzzle.Assignment) (any, error) {
	b, err := boardOf(l.kind, l.inst)
	if err != nil {
		return nil, err
	}
	return parseAnswer{Puzzle: b, Entries: l.entries, Warning: l.warning}, nil
}

// verify answers the record `verify --format json` writes, for a board
// that may be partial (answer.VerifyBoard: what is wrong already, with the
// API's complete, faults and solved).
func (s *Server) verify(c *call, l *loaded, a puzzle.Assignment) (any, error) {
	return answer.VerifyBoard(l.inst, a), nil
}

// hint is the human solver's next step from the player's board
// (answer.NextStepFrom: the record `grade --hint --format json` writes,
// with the API's forced values, mistake and wrong cells).
func (s *Server) hint(c *call, l *loaded, a puzzle.Assignment) (any, error) {
	return reply(answer.NextStepFrom(c.ctx, l.inst, a, l.struck, s.asked(answer.Options{})))
}

// asked is opt with the server's solver, and the solutions as values for
// the page to draw.
func (s *Server) asked(opt answer.Options) answer.Options {
	opt.Solver, opt.SolverName, opt.Values = s.opt.Solver, s.opt.SolverName, true
	return opt
}

// solve answers the record `solve --format json` writes
// (answer.SolveRecord), with the solution's value indexes as "values".
func (s *Server) solve(c *call, l *loaded, _ puzzle.Assignment) (any, error) {
	return reply(answer.Solve(c.ctx, l.inst, s.asked(answer.Options{})))
}

// reply is a question's record, or its error: a Timeout record is no
// answer of the API's (the request's time is up: a 503, or the solver gave
// up: answer.ErrUnknown, a 500).
func reply[R any](rec R, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// backbone answers the record `backbone --format json` writes
// (answer.BackboneRecord: status ok or unsolvable, the cells every
// solution agrees on drawn as "backbone", how many are "determined"), with
// those values as value indexes ("values", -1 for the open unknowns).
func (s *Server) backbone(c *call, l *loaded, _ puzzle.Assignment) (any, error) {
	return reply(answer.BackboneOf(c.ctx, l.inst, s.asked(answer.Options{})))
}

// countRequest is a puzzle and the count's cap.
type countRequest struct {
	puzzleSpec
	// Max stops the count there (default DefaultCountMax, `count`'s own, at most
	// MaxCountMax: a puzzle with millions of solutions would hold a slot
	// until the request's time ran out).
	Max *int `json:"max,omitempty"`
}

// The cap of /api/count: its default (`count`'s own) and its largest.
const (
	DefaultCountMax = 1000
	MaxCountMax     = 100000
)

// count answers the record `count --format json` writes
// (answer.CountRecord: count, status complete or capped).
func (s *Server) count(c *call) (any, error) {
	var req countRequest
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	max := DefaultCountMax
	if req.Max != nil {
		if max = *req.Max; max < 1 || max > MaxCountMax {
			return nil, badRequest("max %d: want 1 to %d", max, MaxCountMax)
		}
	}
	l, err := s.load(req.puzzleSpec)
	if err != nil {
		return nil, err
	}
	return reply(answer.Count(c.ctx, l.inst, s.asked(answer.Options{Max: max})))
}

// check answers the record `check --format json` writes
// (answer.CheckRecord: status, solution, second_solution, differences),
// with the solutions' value indexes as "values" and "second_values".
func (s *Server) check(c *call, l *loaded, _ puzzle.Assignment) (any, error) {
	return reply(answer.Check(c.ctx, l.inst, s.asked(answer.Options{})))
}

// grade answers the record `grade --steps --format json` writes
// (answer.GradeRecord), with the band the grade lands in and at most
// maxGradeSteps steps ("more" counts those left out).
func (s *Server) grade(c *call, l *loaded, _ puzzle.Assignment) (any, error) {
	rec, err := answer.Grade(c.ctx, l.inst, s.asked(answer.Options{Steps: maxGradeSteps, Bands: s.opt.Kinds}))
	if err != nil {
		if c.ctx.Err() != nil {
			return nil, err
		}
		// The human side and SAT disagree (rules that assume a unique
		// solution finishing a puzzle that has several): an answer about
		// this puzzle, not a fault of the server.
		return nil, &httpError{http.StatusUnprocessableEntity, "grade: " + err.Error()}
	}
	return rec, nil
}

type generateRequest struct {
	Kind       string `json:"kind"`
	Rows       int    `json:"rows"`
	Cols       int    `json:"cols"`
	Difficulty string `json:"difficulty"`
	// Seed makes the puzzle reproducible; 0 or "" picks one at random.
	// It is a string of decimal digits (a JSON number is read too, but
	// JavaScript's lose digits above 2^53).
	Seed     generated.Seed `json:"seed"`
	Attempts int            `json:"attempts"`
	// Options set the kinds' own options, as in every puzzle request.
	Options map[string]string `json:"options,omitempty"`
	// Builtin names the shift puzzle a kind played by moves scrambles
	// (its kind's "moves" builtins; "" the first).
	Builtin string `json:"builtin,omitempty"`
}

// generateAnswer is the generate record, with the puzzle as the page
// plays it (a grid kind's; one played by moves is opened from its text
// by /api/moves/parse).
type generateAnswer struct {
	generated.Record
	Board *board  `json:"board,omitempty"`
	MS    float64 `json:"ms"`
}

type attemptEvent struct {
	Attempt int    `json:"attempt"`
	Outcome string `json:"outcome"`
}

func (s *Server) generate(c *call) (any, error) {
	var req generateRequest
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	can := generate.Kinds(s.opt.Kinds)
	k, err := s.opt.Kinds.Find(req.Kind)
	if err != nil || !slices.Contains(can, k.Name) {
		return nil, badRequest("%q puzzles cannot be generated (kinds that can: %s)", req.Kind, strings.Join(can, ", "))
	}
	if req.Rows < 0 || req.Cols < 0 || req.Rows > maxGenerateSide || req.Cols > maxGenerateSide {
		return nil, badRequest("size %dx%d: this server generates at most %dx%d", req.Rows, req.Cols, maxGenerateSide, maxGenerateSide)
	}
	opt := generate.Options{Kind: k, Rows: req.Rows, Cols: req.Cols, Attempts: req.Attempts}
	if req.Builtin != "" {
		if _, opt.Base, err = answer.BuiltinMovesOf(s.opt.Kinds, k.Name, req.Builtin); err != nil {
			return nil, badRequest("%v", err)
		}
		if n := opt.Base.Cells(); n > maxMovesCells {
			return nil, badRequest("the puzzle has %d cells; this server takes at most %d", n, maxMovesCells)
		}
	}
	if opt.Band, err = generate.ParseBand(k, req.Difficulty); err != nil {
		return nil, badRequest("%v", err)
	}
	if opt.KindOptions, err = requestOptions(s.opt.Kinds, req.Options); err != nil {
		return nil, err
	}
	if err := req.settle(); err != nil {
		return nil, err
	}
	opt.Seed = uint64(req.Seed)
	t0 := time.Now()
	p, err := s.generated(c, opt)
	if err != nil {
		return nil, err
	}
	a := generateAnswer{Record: generated.Of(p, s.opt.SolverName)}
	// A puzzle played by moves has no instance: the page opens it from
	// its text (/api/moves/parse).
	if p.Instance != nil {
		if a.Board, err = boardOf(k, p.Instance); err != nil {
			return nil, err
		}
	}
	a.MS = answer.Millis(time.Since(t0))
	return a, nil
}

// generated runs generate with the server's solver, each attempt's
// outcome an event of the stream; bad options are a 400, a band no
// attempt reached a 422.
func (s *Server) generated(c *call, opt generate.Options) (*generate.Puzzle, error) {
	opt.Solver = s.opt.Solver
	opt.Progress = func(attempt int, outcome string) { c.emit("attempt", attemptEvent{attempt, outcome}) }
	p, err := generate.Generate(c.ctx, opt)
	switch {
	case errors.Is(err, generate.ErrOptions):
		return nil, badRequest("%v", err)
	case errors.Is(err, generate.ErrExhausted):
		return nil, &httpError{http.StatusUnprocessableEntity, err.Error() + "; try another seed"}
	}
	return p, err
}

// settle checks the request's attempts and draws its seed when it names
// none (req is the handler's own copy).
func (req *generateRequest) settle() error {
	if req.Attempts < 0 || req.Attempts > 1000 {
		return badRequest("attempts %d: want 0..1000", req.Attempts)
	}
	if req.Seed == 0 {
		req.Seed = generated.Seed(rand.Uint64())
	}
	return nil
}
