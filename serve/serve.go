// Package serve is the web playground of `puzzlesat serve`: a page that
// opens, draws, plays, checks, grades and generates puzzles of every kind
// and solves shift puzzles, and the JSON API under /api/ that the page and
// scripts alike use. GET / and GET /p serve the page, which opens the
// puzzle its query names (/p?juosan/6/6/…, puzz.link's shape; /?shinro/…
// for the kinds' own "url" format), keeps the player's progress in the
// browser and shares it in the URL's fragment. The page (static/: plain
// HTML, CSS and JavaScript, no build step) is embedded in the binary and draws the boards itself, as SVG
// built in the browser from the JSON the API returns, so that the binary
// links no drawing library (package render is for pictures in files).
//
// # API
//
// Cells are {"row", "col"} from 1 everywhere, as the command line writes
// them. Solve, check, verify, hint and grade answer the records the
// command line writes with --format json (package answer: SolveRecord,
// CheckRecord, VerifyRecord, HintRecord, GradeRecord), without its file,
// kind and name, with the API's own keys beside (value indexes for the
// page to draw: "values", "second_values"; each record says which keys
// are whose). Every endpoint takes and returns JSON (POST bodies with Content-Type
// application/json). A puzzle travels in every request as its text, so the
// server keeps no state between requests:
//
//	{"text": "...", "kind": "", "select": "", "name": "", "options": {}, "example": ""}
//
// text is the puzzle in any format its kind reads, or a puzz.link URL;
// kind overrides detection; select picks one puzzle of an input holding
// several, as FILE#SEL on the command line does (an entry number, or a
// name: see puzzle.Selection), and an input holding several lists them as
// "entries" ({"entry", "name"});
// name is an uploaded file's name, of which only the extension is used (to
// detect a format; nothing is ever read from the file system); options set
// the kinds' own options by name, those /api/kinds lists with their values
// (Juosan's "rule": either, majority); example names a bundled example
// instead of text (GET /api/examples lists them). values is a board: one
// value index per unknown of the puzzle (its "vars"), -1 for undecided.
//
//	GET  /api/kinds          the kinds: formats, generation sizes and bands, how the page plays
//	                         each (its "play" data, kind.Play), the flags a request may set
//	                         in "options" (name, values, the page's label and value labels:
//	                         Juosan's "rule"), a moves kind's built-ins and bands, serve's limits
//	GET  /api/examples       the bundled examples: id, kind, name, size and text
//	POST /api/parse          puzzle → {"puzzle": board, "entries": [...]}; board is the kind's
//	                         display list ("display", package display), its unknowns ("vars"
//	                         with cell and domain), the values it gives ("fixed"), its
//	                         canonical "text", its "url" (the query of the page's address that
//	                         opens it: /?URL) and its "puzzlink" address where puzz.link has one
//	POST /api/verify         puzzle + values → the rules broken ("violations", each with its
//	                         cells), "valid", "complete", "solved", "faults"; on a partial
//	                         board only what no filling of the undecided cells can mend
//	POST /api/hint           puzzle + values → the human solver's next step from that board
//	                         ("hint"), as `grade --hint --format json` writes it, and
//	                         the values it forces ("mistake" instead when no solution agrees
//	                         with the board, with the cells that differ from a solution);
//	                         "struck" ([[unknown, value], ...]) are candidates the player ruled
//	                         out, which the step starts from
//	POST /api/solve          puzzle → a solution (SAT)
//	POST /api/check          puzzle → unique, multiple (two solutions and the cells where
//	                         they differ) or unsolvable
//	POST /api/grade          puzzle → the human solver's difficulty report, with SAT
//	                         uniqueness alongside, and the band it falls in
//	POST /api/backbone       puzzle → the cells every solution agrees on, as `backbone
//	                         --format json` writes them, and their "values"
//	POST /api/count          puzzle + "max" (default 1000, at most 100000) → how many
//	                         solutions, as `count --format json` writes it
//	POST /api/generate       {"kind", "rows", "cols", "difficulty", "seed"} → a new puzzle
//	                         proven unique, with its grade, as `generate --format json`
//	                         writes it, and its "board"; seed is a string of digits (the
//	                         same seed, the same puzzle); a moves kind ("shift") scrambles
//	                         its "builtin" (no board: /api/moves/parse opens its text)
//	POST /api/edit           {"kind", "rows", "cols", "layers"} (the editor's tokens) → the
//	                         kind's text of the drawing, and the board it parses to or why not
//	POST /api/edit/open      puzzle → {"edit": ...}, the drawing that makes it
//	POST /api/moves/parse    {"kind", "text" | "builtin" | "example", "moves"} → a puzzle played by
//	                         moves (of any moves kind): picture, tokens, moves, goal, the state
//	POST /api/moves/apply    the same, answering the states along moves as `shift apply
//	                         --format json` writes them, and their "values"
//	POST /api/moves/solve    the same and "max_steps" → a shortest solution from the state
//	                         after moves, with the proof (one answer per depth)
//
// POST /api/generate and /api/moves/solve stream their progress as
// server-sent events when the request's Accept header asks for
// text/event-stream: "attempt" events (generate) or "depth" events (moves
// solve, one per depth as it is decided), then one "result" or "error"
// event. Without it they answer once, at the end.
//
// Errors are JSON {"error": "..."}: 400 for a malformed body or puzzle
// (messages keep their line:column), 404 for an unknown path, 405 for a
// wrong method, 413 for a body over the limit, 415 for a POST that is not
// JSON, 422 for an answer that is no result (no puzzle of the band within
// the attempts; a grade whose human side and SAT disagree), 408 for a body
// not sent within Options.ReadTimeout, 503 when the request runs out of
// time (Options.Timeout, whatever wrapped the error), when the server is
// busy (Options.Budget) or when a shutdown cuts it, 500 for a bug (a handler's
// panic is caught, logged and answered; the server goes on).
//
// # Safety
//
// Request bodies are bounded (Options.MaxBody), puzzles too
// (Options.MaxCells, and the shift limits), every solver call runs under
// the request's context with Options.Timeout, so a client that goes away
// stops its solve, and at most Options.Jobs solver requests run at once.
// At most Options.MaxConns connections are open, and Options.MaxClientConns
// of one client: idle and silent ones give way to new ones, so that idle
// clients cannot keep others out (Serve's listener, connLimit).
// Each request makes its own solvers from Options.Solver. No request names
// a file, a SAT back-end or a rules file: those are the server's choices.
// Options.Hosts, when set, rejects requests for other Host headers, so a
// web page elsewhere cannot reach a loopback server by DNS rebinding.
package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
)

// Defaults of Options.
const (
	DefaultTimeout      = time.Minute
	DefaultMaxBody      = 1 << 20
	DefaultMaxCells     = 2500
	DefaultReadTimeout  = 30 * time.Second
	DefaultIdleTimeout  = 30 * time.Second
	DefaultMaxConns     = 256
	DefaultBudgetBodies = 32
	DefaultGrace        = 5 * time.Second
)

// minCharge is the least a request counts against Options.Budget: small
// bodies still cost their decoding and their answer.
const minCharge = 16 << 10

// maxHeaderBytes bounds a request's headers (net/http answers 431 past
// it; the listener makes that answer JSON).
const maxHeaderBytes = 64 << 10

// Options configure a server.
type Options struct {
	Kinds *kinds.Registry // the kinds the server reads, plays and generates (required)
	// Solver makes the SAT solvers; every request makes its own.
	Solver sat.Factory
	// SolverName names Solver's back-end in the answers' "solver", as the
	// command line's --solver does ("": not named).
	SolverName string
	// Timeout bounds each request's solving (0: DefaultTimeout).
	Timeout time.Duration
	// MaxBody bounds a request body in bytes (0: DefaultMaxBody).
	MaxBody int64
	// MaxCells bounds a puzzle's rows × columns (0: DefaultMaxCells).
	MaxCells int
	// Jobs is how many solver requests run at once; others wait their
	// turn within their timeout (0: the number of CPUs Go may use).
	Jobs int
	// Hosts, when non-empty, are the Host header names accepted (without
	// port); requests for others get 403.
	Hosts []string
	// ReadTimeout bounds reading a request: its headers, and its body
	// from the end of the headers (0: Timeout, at most
	// DefaultReadTimeout). A client slow to send is cut off.
	ReadTimeout time.Duration
	// IdleTimeout closes a keep-alive connection idle this long (0:
	// DefaultIdleTimeout).
	IdleTimeout time.Duration
	// MaxConns bounds the connections open at once (0:
	// DefaultMaxConns). At the cap, a quiet connection (idle, or silent
	// since it opened) is closed to let a new one in, the longest quiet
	// first; only when every one has a request under way does a new
	// connection wait in the listen backlog until one is answered.
	MaxConns int
	// MaxClientConns bounds the connections one client (remote IP
	// address) has open at once (0: half of MaxConns, at least 1). At the
	// cap, the client's own quiet connections give way; when all have a
	// request under way, its new one is answered 503 at once. So one
	// client cannot keep every place busy, and the clients of a loopback
	// server, which share 127.0.0.1, still get in beside idle ones.
	MaxClientConns int
	// Budget bounds the request bodies taken in at once, in bytes: each
	// POST counts its Content-Length (at least minCharge; MaxBody when it
	// sends none) from its start to its answer, and one that does not fit
	// is answered 503 at once (0: DefaultBudgetBodies × MaxBody).
	Budget int64
	// Grace is how long a shutdown (Serve's context ending) lets requests
	// under way finish before it cuts them with a 503 (0: DefaultGrace).
	// Requests waiting for a solving slot then run on Jobs more slots, so
	// that quick ones are answered beside long ones that hold the slots.
	Grace time.Duration
	// Log receives a line per failed request and caught panic (nil: none).
	Log io.Writer
}

// Server is the playground's HTTP handler.
type Server struct {
	opt Options
	log *log.Logger
	ex  examplesOnce // the bundled examples, read when first asked for
	// slots are the Jobs solving requests that may run at once; light
	// the Jobs other POSTs (parse, verify, shift parse and apply: work
	// in proportion to the body, the puzzles of a many-puzzle input
	// included) that may.
	slots, light chan struct{}
	// spare are the Jobs more slots that requests waiting for one of
	// slots or light take once draining is closed (a shutdown began).
	spare      chan struct{}
	draining   chan struct{}
	drainStart sync.Once
	// taken is what the requests under way count against Options.Budget.
	mu     sync.Mutex
	taken  int64
	routes map[string]*endpoint
}

// endpoint is one API path: its method, whether it solves (takes one of
// the solving slots rather than a light one), and what it does. Every
// POST runs under the timeout and takes a slot once its body is read.
type endpoint struct {
	method string
	solves bool
	serve  func(c *call) (any, error)
}

// New returns a server with opt's limits.
func New(opt Options) (*Server, error) {
	if opt.Solver == nil || opt.Kinds == nil {
		return nil, errors.New("serve: no solver factory or no kinds (Options.Solver, Options.Kinds)")
	}
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	if opt.MaxBody <= 0 {
		opt.MaxBody = DefaultMaxBody
	}
	if opt.MaxCells <= 0 {
		opt.MaxCells = DefaultMaxCells
	}
	if opt.Jobs <= 0 {
		opt.Jobs = runtime.GOMAXPROCS(0)
	}
	if opt.ReadTimeout <= 0 {
		opt.ReadTimeout = min(opt.Timeout, DefaultReadTimeout)
	}
	if opt.IdleTimeout <= 0 {
		opt.IdleTimeout = DefaultIdleTimeout
	}
	if opt.MaxConns <= 0 {
		opt.MaxConns = DefaultMaxConns
	}
	if opt.MaxClientConns <= 0 {
		opt.MaxClientConns = max(1, opt.MaxConns/2)
	}
	if opt.Budget <= 0 {
		opt.Budget = DefaultBudgetBodies * opt.MaxBody
	}
	if opt.Grace <= 0 {
		opt.Grace = DefaultGrace
	}
	w := opt.Log
	if w == nil {
		w = io.Discard
	}
	s := &Server{opt: opt, log: log.New(w, "serve: ", log.LstdFlags),
		slots: make(chan struct{}, opt.Jobs), light: make(chan struct{}, opt.Jobs),
		spare: make(chan struct{}, opt.Jobs), draining: make(chan struct{})}
	s.routes = map[string]*endpoint{
		"/api/kinds":       {method: http.MethodGet, serve: s.kinds},
		"/api/examples":    {method: http.MethodGet, serve: s.examples},
		"/api/parse":       {method: http.MethodPost, serve: onPuzzle(s.parse)},
		"/api/verify":      {method: http.MethodPost, serve: onPuzzle(s.verify)},
		"/api/hint":        {method: http.MethodPost, solves: true, serve: onPuzzle(s.hint)},
		"/api/solve":       {method: http.MethodPost, solves: true, serve: onPuzzle(s.solve)},
		"/api/check":       {method: http.MethodPost, solves: true, serve: onPuzzle(s.check)},
		"/api/grade":       {method: http.MethodPost, solves: true, serve: onPuzzle(s.grade)},
		"/api/backbone":    {method: http.MethodPost, solves: true, serve: onPuzzle(s.backbone)},
		"/api/count":       {method: http.MethodPost, solves: true, serve: s.count},
		"/api/generate":    {method: http.MethodPost, solves: true, serve: s.generate},
		"/api/edit":        {method: http.MethodPost, serve: s.edit},
		"/api/edit/open":   {method: http.MethodPost, solves: true, serve: onPuzzle(s.editOpen)},
		"/api/moves/parse": {method: http.MethodPost, serve: s.movesParse},
		"/api/moves/apply": {method: http.MethodPost, serve: s.movesApply},
		"/api/moves/solve": {method: http.MethodPost, solves: true, serve: s.movesSolve},
	}
	return s, nil
}

// Paths lists the API's paths, sorted (for documentation and tests).
func (s *Server) Paths() []string {
	var out []string
	for p := range s.routes {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// ServeHTTP answers the API under /api/ and the page's files elsewhere.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// The request, body included, must come within the read timeout
	// (the headers' own is the http.Server's): a client slow to send is
	// cut off. The deadline is lifted once the body is read (decode), or
	// net/http's watch on the quiet connection would end the request's
	// context with it.
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.opt.ReadTimeout))
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "no-referrer")
	defer func() {
		// A bug in a handler is a 500 for this request, never the end
		// of the server (net/http would only drop the connection).
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Printf("panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			writeError(w, http.StatusInternalServerError, fmt.Sprintf("internal error (please report): %v", v))
		}
	}()
	if !s.hostAllowed(r.Host) {
		writeError(w, http.StatusForbidden, fmt.Sprintf("host %q is not served here", r.Host))
		return
	}
	if ep, ok := s.routes[r.URL.Path]; ok {
		s.serveAPI(w, r, ep)
		return
	}
	if !strings.HasPrefix(r.URL.Path, "/api/") && serveStatic(w, r) {
		return
	}
	writeError(w, http.StatusNotFound, fmt.Sprintf("no such path: %s", r.URL.Path))
}

// hostAllowed checks the Host header against Options.Hosts.
func (s *Server) hostAllowed(host string) bool {
	if len(s.opt.Hosts) == 0 {
		return true
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return slices.Contains(s.opt.Hosts, strings.ToLower(host))
}

// call is one API request being answered.
type call struct {
	s      *Server
	ctx    context.Context
	w      http.ResponseWriter
	r      *http.Request
	events *eventStream // nil unless the client asked for events
	// pool: the slots the request takes one of once its body is read
	// (decode; nil: none); slot: the pool it holds one of (pool, or
	// Server.spare at a shutdown; nil: none).
	pool, slot chan struct{}
	// bodyRead is closed once decode has read the body (or failed to).
	bodyRead     chan struct{}
	bodyReadOnce sync.Once
}

// take counts n bytes against Options.Budget, if they fit.
func (s *Server) take(n int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.taken+n > s.opt.Budget {
		return false
	}
	s.taken += n
	return true
}

// give returns what take counted.
func (s *Server) give(n int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.taken -= n
}

// httpError is an error with the status it answers.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

// badRequest is a 400 with a message.
func badRequest(format string, args ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request, ep *endpoint) {
	if r.Method != ep.method && !(ep.method == http.MethodGet && r.Method == http.MethodHead) {
		w.Header().Set("Allow", ep.method)
		writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes %s, not %s", r.URL.Path, ep.method, r.Method))
		return
	}
	if r.Method == http.MethodPost {
		// Only JSON: a form or text/plain POST from another site's page
		// would not need the browser's CORS preflight.
		if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
			writeError(w, http.StatusUnsupportedMediaType, "send the request body as application/json")
			return
		}
		if r.ContentLength > s.opt.MaxBody {
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", s.opt.MaxBody))
			return
		}
		charge := r.ContentLength
		if charge < 0 {
			charge = s.opt.MaxBody
		}
		charge = max(charge, minCharge)
		if !s.take(charge) {
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusServiceUnavailable, "busy: too many requests under way, try again (serve --jobs)")
			return
		}
		defer s.give(charge)
		r.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxBody)
	}
	c := &call{s: s, ctx: r.Context(), w: w, r: r, bodyRead: make(chan struct{})}
	if accepts(r, "text/event-stream") {
		c.events = &eventStream{w: w}
	}
	defer c.events.close()
	if r.Method != http.MethodPost {
		v, err := ep.serve(c)
		s.answer(c, v, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opt.Timeout)
	defer cancel()
	c.ctx, c.pool = ctx, s.light
	if ep.solves {
		c.pool = s.slots
	}
	o := s.run(c, ep)
	if o.panicked != nil {
		if o.panicked == http.ErrAbortHandler {
			panic(o.panicked)
		}
		s.log.Printf("panic serving %s %s: %v\n%s", r.Method, r.URL.Path, o.panicked, o.stack)
		o.err = fmt.Errorf("internal error (please report): %v", o.panicked)
	}
	s.answer(c, o.v, o.err)
}

// outcome is what a POST's work came to.
type outcome struct {
	v        any
	err      error
	panicked any // the value of a panic, and where
	stack    []byte
}

// run does a POST's work in a goroutine of its own, which holds the
// request's slot, and waits for it; but when a shutdown cuts the request
// (the end of Options.Grace) it answers at once, without waiting for a
// solver slow to see its context end: Serve's return is not held up by
// it. The goroutine then ends on its own, its events no longer sent.
func (s *Server) run(c *call, ep *endpoint) outcome {
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		defer func() {
			if c.slot != nil {
				<-c.slot
			}
			if v := recover(); v != nil {
				o = outcome{panicked: v, stack: debug.Stack()}
			}
			done <- o
		}()
		o.v, o.err = ep.serve(c)
	}()
	select {
	case o := <-done:
		return o
	case <-c.r.Context().Done():
	}
	if !errors.Is(context.Cause(c.r.Context()), errShutdown) {
		return <-done // the client went away: the work stops with it
	}
	// The body may still be coming: reading it stops now, and nothing
	// touches the request once it is read.
	http.NewResponseController(c.w).SetReadDeadline(time.Now())
	select {
	case o := <-done:
		return o
	case <-c.bodyRead:
		return outcome{err: errShutdown}
	}
}

// answer writes v, or err when there is one or the request's time ran
// out.
func (s *Server) answer(c *call, v any, err error) {
	if err == nil {
		err = c.ctx.Err() // an answer cut short is no answer
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	if c.events != nil {
		c.events.end("result", v)
		return
	}
	writeJSON(c.w, http.StatusOK, v)
}

// fail answers err with its status: the httpError's own, 413 for a body
// over the limit, 400 for a body that is not the JSON wanted, 503 for the
// timeout, and 500 for anything else. A client that went away gets
// nothing.
func (s *Server) fail(c *call, err error) {
	status, msg := http.StatusInternalServerError, err.Error()
	var he *httpError
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(context.Cause(c.r.Context()), errShutdown):
		status, msg = http.StatusServiceUnavailable, "the server is shutting down: the request was cut (serve's grace period is over)"
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The body did not come within the read timeout.
		status, msg = http.StatusRequestTimeout, fmt.Sprintf("the request body did not come within %v", s.opt.ReadTimeout)
	case c.r.Context().Err() != nil:
		s.log.Printf("%s %s: client gone (%v)", c.r.Method, c.r.URL.Path, context.Cause(c.r.Context()))
		return
	case errors.As(err, &he):
		status = he.status
	case errors.As(err, &tooBig):
		status, msg = http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", tooBig.Limit)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled), c.ctx.Err() != nil:
		// Whatever wrapped it (or flattened it to text): a request whose
		// time is up is a 503, never a 500.
		status, msg = http.StatusServiceUnavailable, fmt.Sprintf("timed out after %v (serve --timeout)", s.opt.Timeout)
	}
	if status >= 500 {
		s.log.Printf("%s %s: %d %s", c.r.Method, c.r.URL.Path, status, msg)
	}
	if c.events != nil && c.events.endBegun("error", errorBody{Error: msg, Status: status}) {
		return
	}
	writeError(c.w, status, msg)
}

// decode reads the request body as one JSON value into v, rejecting
// unknown fields and trailing data.
func (c *call) decode(v any) error {
	defer c.bodyReadOnce.Do(func() { close(c.bodyRead) })
	if err := c.readBody(v); err != nil {
		return err
	}
	// The body is in: its read deadline goes (see serveAPI).
	http.NewResponseController(c.w).SetReadDeadline(time.Time{})
	c.bodyReadOnce.Do(func() { close(c.bodyRead) })
	if c.pool == nil {
		return nil
	}
	// A request waits for its turn only once its body is read: a client
	// slow to send holds no slot. Once a shutdown begins, no request
	// comes any more, and those waiting may take a spare slot: a quick
	// one is answered within the grace beside long ones holding the
	// slots (those it cannot save are cut at its end).
	select {
	case c.pool <- struct{}{}:
		c.slot = c.pool
		return nil
	case <-c.s.draining:
	case <-c.ctx.Done():
		return c.ctx.Err()
	}
	select {
	case c.pool <- struct{}{}:
		c.slot = c.pool
	case c.s.spare <- struct{}{}:
		c.slot = c.s.spare
	case <-c.ctx.Done():
		return c.ctx.Err()
	}
	return nil
}

// readBody reads the request body as one JSON value into v (decode).
func (c *call) readBody(v any) error {
	dec := json.NewDecoder(c.r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) || errors.Is(err, os.ErrDeadlineExceeded) {
			return err // over the limit; not sent in time
		}
		if errors.Is(err, io.EOF) {
			return badRequest("empty request body: want a JSON object")
		}
		return badRequest("malformed JSON body: %v", err)
	}
	if dec.More() {
		return badRequest("malformed JSON body: more than one value")
	}
	// Read to the end so that a body over the limit is reported as such
	// even when its first value was complete.
	_, err := io.Copy(io.Discard, c.r.Body)
	return err
}

// emit sends a progress event when the client asked for them.
func (c *call) emit(event string, v any) {
	if c.events != nil {
		c.events.send(event, v)
	}
}

type errorBody struct {
	Error  string `json:"error"`
	Status int    `json:"status,omitempty"`
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{Error: msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"cannot encode the answer"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

// accepts reports whether the request's Accept header names media type mt.
func accepts(r *http.Request, mt string) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		if t, _, err := mime.ParseMediaType(strings.TrimSpace(part)); err == nil && t == mt {
			return true
		}
	}
	return false
}

// eventStream writes server-sent events, one JSON value each. Progress
// callbacks may come from a solver's goroutines: sends are serialised.
type eventStream struct {
	mu      sync.Mutex
	w       http.ResponseWriter
	started bool
	// closed: the request is answered, and sends are dropped (a cut
	// request's work may go on for a while; see Server.run).
	closed bool
}

func (e *eventStream) send(event string, v any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.write(event, v)
}

// end sends the last event; later sends are dropped.
func (e *eventStream) end(event string, v any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.write(event, v)
	e.closed = true
}

// endBegun is end when the stream has begun, and reports whether it had;
// either way, later sends are dropped (the answer is then a plain one).
func (e *eventStream) endBegun(event string, v any) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.started {
		e.write(event, v)
	}
	e.closed = true
	return e.started
}

// write sends one event unless the stream is closed. Under e.mu.
func (e *eventStream) write(event string, v any) {
	if e.closed {
		return
	}
	if !e.started {
		h := e.w.Header()
		h.Set("Content-Type", "text/event-stream")
		h.Set("Cache-Control", "no-store")
		e.w.WriteHeader(http.StatusOK)
		e.started = true
	}
	data, err := json.Marshal(v)
	if err != nil {
		event, data = "error", []byte(`{"error":"cannot encode the event"}`)
	}
	fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", event, data)
	if f, ok := e.w.(http.Flusher); ok {
		f.Flush()
	}
}

// close drops the sends to come (nil: none).
func (e *eventStream) close() {
	if e == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.closed = true
}

// headerTimeout bounds reading a request's headers.
const headerTimeout = 10 * time.Second

// errShutdown is the cause of the contexts a shutdown cuts.
var errShutdown = errors.New("serve: shutting down")

// writeSlack is how much longer than the request's read and solve times
// an answer may take to write: a solver stops within about a second of its
// context, and its answer is then written.
const writeSlack = 10 * time.Second

// cutSlack is how long the requests cut at the end of a shutdown's grace
// have to write their 503 (they answer at once: Server.run) before their
// connections are closed.
const cutSlack = time.Second

// HTTPServer is the http.Server of s with its limits: the read timeouts
// (headers there, the body in ServeHTTP), a write timeout past the
// request's own, the idle timeout, the header size, and the hook that
// tells Serve's listener its connections' states. base is the context
// every request's derives from.
func (s *Server) HTTPServer(base context.Context) *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: min(s.opt.ReadTimeout, headerTimeout),
		WriteTimeout:      s.opt.ReadTimeout + s.opt.Timeout + writeSlack,
		IdleTimeout:       s.opt.IdleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return base },
		ConnState:         connState,
		ErrorLog:          s.log,
	}
}

// Serve answers on ln until ctx ends, then shuts down: it stops taking
// connections and closes the quiet ones, lets the requests under way
// finish for Options.Grace (those waiting for a slot run on spare ones),
// then cuts those still running, which answer 503 at once, and returns
// nil. At most Options.MaxConns connections are open at once, quiet ones
// giving way to new ones (connLimit), and net/http's own answers to
// requests it cannot read (400, 431) are JSON.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	base, cut := context.WithCancelCause(context.Background())
	defer cut(nil)
	srv := s.HTTPServer(base)
	lim := newConnLimit(ln, s.opt.MaxConns, s.opt.MaxClientConns)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(lim) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	s.drainStart.Do(func() { close(s.draining) })
	lim.drain()
	gctx, cancel := context.WithTimeout(context.Background(), s.opt.Grace)
	defer cancel()
	if err := srv.Shutdown(gctx); err != nil {
		// The grace is over: the requests still running are cut, and
		// answer 503 at once.
		cut(errShutdown)
		cctx, cancel := context.WithTimeout(context.Background(), cutSlack)
		defer cancel()
		if err := srv.Shutdown(cctx); err != nil {
			srv.Close()
		}
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
