// Command puzzlesat-wasm is the playground's API compiled to WebAssembly
// (GOOS=js GOARCH=wasm) for the static build (make site, package
// serve/site): the page's Web Workers (worker.js) run it, and it answers
// each request the page would send to /api/ by calling serve.Server's
// ServeHTTP in-process, with no network. The answer goes back as messages:
// its status and content type, its body in chunks (a server-sent-events
// stream chunk by chunk, as the native server flushes it: the depth events
// of /api/moves/solve, the attempt events of /api/generate), then its end.
//
// Solving is gini's, in-process; the browser build has no external
// solvers and no gophersat (whose solves run in worker subprocesses).
// Built for any other platform the command only says what it is.
package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/serve"
)

// newServer is the playground's server as the browser runs it: gini, one
// solving request at a time (WebAssembly runs one thread; the page runs
// several workers instead), the native server's limits otherwise.
func newServer() (*serve.Server, error) {
	return serve.New(serve.Options{Kinds: kinds.Default(), Solver: gini.NewSolver, SolverName: "gini", Jobs: 1, Log: os.Stderr})
}

// request is one request of the page: what fetch would have sent.
type request struct {
	Method, Path, Body, Accept string
}

// message is one part of an answer: "head" (Status, Type) once, then
// "chunk" (Data) any number of times, then "end".
type message struct {
	Kind   string
	Status int
	Type   string
	Data   string
}

// handle answers req through h, sending the answer's parts in order. It
// returns once the answer has ended.
func handle(h http.Handler, req request, send func(message)) {
	w := &writer{header: http.Header{}, send: send}
	defer func() {
		if v := recover(); v != nil {
			// A panic ServeHTTP does not catch (http.ErrAbortHandler):
			// the answer ends as an error, never the worker.
			if !w.sent {
				w.header = http.Header{"Content-Type": {"application/json"}}
				w.status, w.buf = http.StatusInternalServerError, bytes.Buffer{}
				fmt.Fprintf(&w.buf, `{"error":%q}`, fmt.Sprintf("internal error (please report): %v", v))
			}
		}
		w.Flush()
		send(message{Kind: "end"})
	}()
	if !strings.HasPrefix(req.Path, "/api/") {
		req.Path = "/api/" + strings.TrimPrefix(req.Path, "/") // only the API is answered here
	}
	r, err := http.NewRequestWithContext(context.Background(), req.Method, "http://playground.invalid"+req.Path, strings.NewReader(req.Body))
	if err != nil {
		w.header.Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":%q}`, err.Error())
		return
	}
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		r.Header.Set("Content-Type", "application/json")
	}
	if req.Accept != "" {
		r.Header.Set("Accept", req.Accept)
	}
	h.ServeHTTP(w, r)
}

// writer is the http.ResponseWriter of one request: it keeps the body
// until a Flush (server-sent events flush each event) or the end, and sends
// what it kept as one chunk, after the head.
type writer struct {
	mu     sync.Mutex
	header http.Header
	status int
	buf    bytes.Buffer
	sent   bool // the head is sent
	send   func(message)
}

func (w *writer) Header() http.Header { return w.header }

func (w *writer) WriteHeader(status int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.status == 0 {
		w.status = status
	}
}

func (w *writer) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

// Flush sends the head, once, and the body kept since the last Flush.
func (w *writer) Flush() {
	w.WriteHeader(http.StatusOK)
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.sent {
		w.sent = true
		w.send(message{Kind: "head", Status: w.status, Type: w.header.Get("Content-Type")})
	}
	if w.buf.Len() > 0 {
		w.send(message{Kind: "chunk", Data: w.buf.String()})
		w.buf.Reset()
	}
}
