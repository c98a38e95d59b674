package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/webtest"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// serving runs a test server's Serve on a loopback port until the test
// ends (or stop is called) and returns its address and stop, which waits
// for Serve's end.
func serving(t *testing.T, opt Options) (s *Server, addr string, stop func() error) {
	t.Helper()
	s, _ = newTestServer(t, opt)
	addr, stop = webtest.Serving(t, s)
	return s, addr, stop
}

// dial opens a connection to addr, closed when the test ends.
func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// rawResponse reads one HTTP response from c, failing the test when none
// comes within 10 s.
func rawResponse(t *testing.T, c net.Conn, rd *bufio.Reader) (*http.Response, string) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(rd, nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(body)
}

// isJSONError: the answer is a JSON {"error": ...}.
func isJSONError(resp *http.Response, body string) bool {
	var e errorBody
	return strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") &&
		json.Unmarshal([]byte(body), &e) == nil && e.Error != ""
}

// closedBy: the server closes c (a read ends in EOF or a reset) within
// 10 s, with nothing more than an error answer before.
func closedBy(t *testing.T, c net.Conn) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatal("the connection is still open 10 s on")
	}
}

// TestSlowBody: a client that sends its body slowly is cut off at the
// read timeout, with a 408, and the connection closed.
func TestSlowBody(t *testing.T) {
	_, addr, _ := serving(t, Options{ReadTimeout: 200 * time.Millisecond})
	c := dial(t, addr)
	fmt.Fprintf(c, "POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
	rd := bufio.NewReader(c)
	resp, body := rawResponse(t, c, rd)
	if resp.StatusCode != http.StatusRequestTimeout || !isJSONError(resp, body) {
		t.Errorf("have %d %s, want 408 with a JSON error", resp.StatusCode, body)
	}
	closedBy(t, c)
}

// TestIdleClosed: a keep-alive connection left idle is closed at the idle
// timeout.
func TestIdleClosed(t *testing.T) {
	_, addr, _ := serving(t, Options{IdleTimeout: 200 * time.Millisecond})
	c := dial(t, addr)
	fmt.Fprintf(c, "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	rd := bufio.NewReader(c)
	if resp, body := rawResponse(t, c, rd); resp.StatusCode != http.StatusOK || resp.Close {
		t.Fatalf("have %d (close %v) %.80s, want 200 on a kept connection", resp.StatusCode, resp.Close, body)
	}
	closedBy(t, c)
}

// dialFrom opens a connection to addr from 127.0.0.n, another client
// than 127.0.0.1 (all of 127.0.0.0/8 is this machine on Linux).
func dialFrom(t *testing.T, addr string, n byte) net.Conn {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("clients on 127.0.0.2 and on need Linux, where all of 127.0.0.0/8 is loopback")
	}
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, n)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// busy makes c a connection whose request is under way: its headers are
// read, its body is still coming.
func busy(c net.Conn) net.Conn {
	fmt.Fprintf(c, "POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
	return c
}

// answered: a request sent on c now is answered 200.
func answered(t *testing.T, c net.Conn) {
	t.Helper()
	fmt.Fprintf(c, "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	if resp, body := rawResponse(t, c, bufio.NewReader(c)); resp.StatusCode != http.StatusOK {
		t.Fatalf("have %d %.80s, want 200", resp.StatusCode, body)
	}
}

// TestMaxConns: beyond Options.MaxConns open connections, all with a
// request under way, the next (of a client below its own cap) waits
// unanswered until one closes, then is served.
func TestMaxConns(t *testing.T) {
	s, addr, _ := serving(t, Options{MaxConns: 2})
	held := []net.Conn{busy(dial(t, addr)), busy(dialFrom(t, addr, 2))}
	// Both are under way once the budget counts them.
	for s.charged() < 2*minCharge {
		time.Sleep(time.Millisecond)
	}
	c := dialFrom(t, addr, 3) // the kernel's backlog takes it
	fmt.Fprintf(c, "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	rd := bufio.NewReader(c)
	c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if _, err := rd.Peek(1); err == nil {
		t.Fatal("a third connection was answered while two were busy (MaxConns 2)")
	}
	held[0].Close()
	if resp, _ := rawResponse(t, c, rd); resp.StatusCode != http.StatusOK {
		t.Errorf("have %d once a place was free, want 200", resp.StatusCode)
	}
}

// charged is what the requests under way count against the budget.
func (s *Server) charged() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.taken
}

// quietConns is how many quiet connections TestBesideQuietConns holds: a
// few times the default MaxConns, as an idle crowd would.
const quietConns = 1000

// quietHang is how long TestBesideQuietConns waits for its answer, only to
// catch a hang: the answer takes milliseconds. A server whose quiet
// connections do not give way answers after a timeout has closed enough
// of them: never with an idle timeout of an hour; after 30 s for silent
// ones and half-sent headers, three rounds of 256 cut by the 10 s header
// timeout.
const quietHang = 20 * time.Second

// TestBesideQuietConns: beside 1000 connections that do nothing (idle
// after a request, silent since they opened, or stopped midway through
// their headers), all from 127.0.0.1 as the one real client, a request on
// a new connection is answered, and right: the longest quiet connections
// gave way to it, the newest still serve. Before, they held every place
// (MaxConns 256) until a timeout closed them, and the request waited in
// the listen backlog behind them: the idle timeout here is an hour.
func TestBesideQuietConns(t *testing.T) {
	webtest.FileLimit(t, 2*quietConns+256)
	for _, tc := range []struct {
		name string
		// open makes a connection quiet; finish then makes it send a
		// whole request.
		open, finish string
	}{
		{"idle", "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"},
		{"silent", "", "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"},
		{"half-sent headers", "GET /api/kinds HTTP/1.1\r\nHo", "st: 127.0.0.1\r\n\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, addr, _ := serving(t, Options{IdleTimeout: time.Hour})
			conns := make([]net.Conn, quietConns)
			readers := make([]*bufio.Reader, quietConns)
			answering := tc.name == "idle"
			for i := range conns {
				c := dial(t, addr)
				conns[i], readers[i] = c, bufio.NewReader(c)
				io.WriteString(c, tc.open)
				if answering {
					// A connection is idle once answered. A server
					// that makes new connections wait answers none past
					// its cap: the rest are left unanswered.
					c.SetReadDeadline(time.Now().Add(5 * time.Second))
					resp, err := http.ReadResponse(readers[i], nil)
					if err == nil {
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
					}
					var ne net.Error
					answering = !errors.As(err, &ne) || !ne.Timeout()
				}
			}
			// The server has seen the last of them once it answers
			// (or reads) after it: a request on one more connection.
			ans := make(chan checkAnswer, 1)
			go func() { ans <- postCheck(addr) }()
			var a checkAnswer
			select {
			case a = <-ans:
			case <-time.After(quietHang):
				t.Fatalf("/api/check beside %d %s connections: no answer in %v", quietConns, tc.name, quietHang)
			}
			if a.err != nil || a.status != http.StatusOK || a.Status != "unique" {
				t.Fatalf("/api/check beside %d %s connections: have %d %q (%v), want 200 unique", quietConns, tc.name, a.status, a.Status, a.err)
			}
			t.Logf("/api/check beside %d %s connections answered in %v", quietConns, tc.name, a.took)
			// The first connection gave way; the last still serves.
			closedBy(t, conns[0])
			last := conns[quietConns-1]
			io.WriteString(last, tc.finish)
			if resp, body := rawResponse(t, last, readers[quietConns-1]); resp.StatusCode != http.StatusOK {
				t.Errorf("the newest %s connection: have %d %.80s, want 200", tc.name, resp.StatusCode, body)
			}
		})
	}
}

// checkAnswer is the answer to postCheck.
type checkAnswer struct {
	status int
	Status string `json:"status"`
	took   time.Duration
	err    error
}

// postCheck asks addr to check the bundled example juosan-6x6_1 on a
// connection of its own, as curl would.
func postCheck(addr string) checkAnswer {
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true, Proxy: nil}}
	t0 := time.Now()
	resp, err := client.Post("http://"+addr+"/api/check", "application/json", strings.NewReader(`{"example": "juosan-6x6_1"}`))
	if err != nil {
		return checkAnswer{err: err}
	}
	defer resp.Body.Close()
	a := checkAnswer{status: resp.StatusCode}
	a.err = json.NewDecoder(resp.Body).Decode(&a)
	a.took = time.Since(t0)
	return a
}

// TestClientCap: one client (IP address) keeps at most MaxClientConns
// connections busy; its next is answered 503 with a JSON error at once,
// while another client still gets in and is served, and the first is
// served again once one of its requests ends.
func TestClientCap(t *testing.T) {
	s, addr, _ := serving(t, Options{MaxConns: 8, MaxClientConns: 2})
	a1, a2 := busy(dial(t, addr)), busy(dial(t, addr))
	for s.charged() < 2*minCharge {
		time.Sleep(time.Millisecond)
	}
	c := dial(t, addr)
	fmt.Fprintf(c, "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	resp, body := rawResponse(t, c, bufio.NewReader(c))
	if resp.StatusCode != http.StatusServiceUnavailable || !isJSONError(resp, body) || !strings.Contains(body, "127.0.0.1") {
		t.Errorf("a third busy connection of 127.0.0.1: have %d %.80s, want 503 with a JSON error naming the client", resp.StatusCode, body)
	}
	answered(t, dialFrom(t, addr, 2))
	// One ends (its body cut short: a 400), and the server closes it.
	a1.(*net.TCPConn).CloseWrite()
	closedBy(t, a1)
	answered(t, dial(t, addr))
	a2.Close()
}

// TestQuietGiveWayFairly: at MaxConns, the quiet connection that gives
// way is the one quiet the longest of the client holding the most, even
// when another client's has been idle longer. connLimit alone, told the
// connections' states as net/http would.
func TestQuietGiveWayFairly(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lim := newConnLimit(ln, 4, 3)
	defer lim.Close()
	addr := ln.Addr().String()
	accept := func(state http.ConnState) *conn {
		t.Helper()
		nc, err := lim.Accept()
		if err != nil {
			t.Fatal(err)
		}
		c := nc.(*conn)
		t.Cleanup(func() { c.Close() })
		c.setState(state)
		return c
	}
	dialFrom(t, addr, 2)
	other := accept(http.StateIdle) // idle the longest, but its client's only one
	var many []*conn
	for range 3 {
		dial(t, addr)
		many = append(many, accept(http.StateIdle))
	}
	many[0].setState(http.StateActive) // busy: it holds its place
	dialFrom(t, addr, 3)
	accept(http.StateNew)
	lim.mu.Lock()
	defer lim.mu.Unlock()
	for _, tc := range []struct {
		name string
		c    *conn
		open bool
	}{{"127.0.0.2's idle one", other, true}, {"127.0.0.1's busy one", many[0], true}, {"127.0.0.1's idle the longest", many[1], false}, {"127.0.0.1's newest", many[2], true}} {
		if _, open := lim.open[tc.c]; open != tc.open {
			t.Errorf("%s: open %v, want %v", tc.name, open, tc.open)
		}
	}
}

// TestNetHTTPErrorsAsJSON: the answers net/http writes itself, to
// requests it cannot read, are JSON errors too.
func TestNetHTTPErrorsAsJSON(t *testing.T) {
	_, addr, _ := serving(t, Options{})
	for _, tc := range []struct {
		name, req string
		status    int
	}{
		{"headers too large", "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + strings.Repeat("x", 2*maxHeaderBytes) + "\r\n\r\n", http.StatusRequestHeaderFieldsTooLarge},
		{"malformed request line", "GARBAGE\r\n\r\n", http.StatusBadRequest},
		{"malformed header", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon\r\n\r\n", http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := dial(t, addr)
			go io.WriteString(c, tc.req)
			resp, body := rawResponse(t, c, bufio.NewReader(c))
			if resp.StatusCode != tc.status || !isJSONError(resp, body) {
				t.Errorf("have %d %q %s, want %d with a JSON error", resp.StatusCode, resp.Header.Get("Content-Type"), body, tc.status)
			}
		})
	}
}

// stubborn is a solver that starts, and sees its context end, only when
// released, as a solver deep in a search may take seconds to.
type stubborn struct {
	sat.Solver
	running *atomic.Int64
	release chan struct{}
}

func (s *stubborn) Solve(ctx context.Context, assumptions ...int) (sat.Status, error) {
	s.running.Add(1)
	defer s.running.Add(-1)
	<-s.release
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	return s.Solver.Solve(ctx, assumptions...)
}

// postTo sends body to addr's path and reads the answer.
func postTo(addr, path, body string) (status int, data string, err error) {
	resp, err := http.Post("http://"+addr+path, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

// TestShutdownCuts: when Serve's context ends (SIGTERM, Ctrl-C), a request
// still solving after the grace period is cut with a 503 JSON error, and
// Serve returns nil; new connections are refused. The 503 and Serve's
// return do not wait for the solver to stop: one slow to see its context
// end (stubborn) is still solving when both have come.
func TestShutdownCuts(t *testing.T) {
	for _, tc := range []struct {
		name             string
		stubborn, events bool
	}{{"solver stops", false, false}, {"solver slow to stop", true, false}, {"solver slow to stop, events asked", true, true}} {
		t.Run(tc.name, func(t *testing.T) {
			var w watch
			release := make(chan struct{})
			defer close(release)
			factory := w.factory
			if tc.stubborn {
				factory = func() (sat.Solver, error) {
					s, err := gini.NewSolver()
					return &stubborn{s, &w.running, release}, err
				}
			}
			_, addr, stop := serving(t, Options{Solver: factory, Grace: 100 * time.Millisecond})
			type answer struct {
				status int
				body   string
				err    error
			}
			got := make(chan answer, 1)
			go func() {
				// By SAT: the exact search settles Reborn in half a second.
				req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/moves/solve", strings.NewReader(`{"builtin": "reborn", "method": "sat"}`))
				req.Header.Set("Content-Type", "application/json")
				if tc.events {
					// No depth is decided: the stream has not begun, and
					// the answer is a plain one.
					req.Header.Set("Accept", "text/event-stream")
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					got <- answer{err: err}
					return
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				got <- answer{resp.StatusCode, string(body), err}
			}()
			// Reborn's proof by SAT takes minutes: once a solve runs, the
			// request is under way, and stays so.
			for w.running.Load() == 0 {
				time.Sleep(5 * time.Millisecond)
			}
			if err := stop(); err != nil {
				t.Errorf("Serve: %v, want nil", err)
			}
			a := <-got
			var e errorBody
			if a.err != nil || a.status != http.StatusServiceUnavailable || json.Unmarshal([]byte(a.body), &e) != nil || !strings.Contains(e.Error, "shutting down") {
				t.Errorf("have %d %s (%v), want 503 with a JSON error saying the server is shutting down", a.status, a.body, a.err)
			}
			if tc.stubborn && w.running.Load() == 0 {
				t.Error("the stubborn solver stopped before its release")
			}
			if c, err := net.Dial("tcp", addr); err == nil {
				c.Close()
				t.Error("the server still takes connections after its shutdown")
			}
		})
	}
}

// TestShutdownServesQueued: requests waiting for the one solving slot
// (Jobs 1) when a shutdown begins are answered within the grace, and
// right, although the request holding the slot runs on: they take spare
// slots. Before, they waited for the slot until the grace's end cut them
// with a 503.
func TestShutdownServesQueued(t *testing.T) {
	var running atomic.Int64
	release := make(chan struct{})
	var made atomic.Int64
	factory := func() (sat.Solver, error) {
		s, err := gini.NewSolver()
		if made.Add(1) == 1 {
			// The first request's solver holds the slot until released.
			return &stubborn{s, &running, release}, err
		}
		return s, err
	}
	// The grace is only there to cut a hang: every request here ends long
	// before it.
	s, addr, stop := serving(t, Options{Solver: factory, Jobs: 1, Grace: time.Minute})
	long := make(chan error, 1)
	go func() {
		status, body, err := postTo(addr, "/api/check", `{"example": "juosan-6x6_1"}`)
		if err == nil && (status != http.StatusOK || !strings.Contains(body, `"unique"`)) {
			err = fmt.Errorf("have %d %.80s, want 200 unique", status, body)
		}
		long <- err
	}()
	for running.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	const queued = 3
	quick := make(chan checkAnswer, queued)
	for range queued {
		go func() { quick <- postCheck(addr) }()
	}
	// All are under way (the budget counts them), the quick ones waiting
	// for the slot.
	for s.charged() < (1+queued)*minCharge {
		time.Sleep(time.Millisecond)
	}
	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	for range queued {
		var a checkAnswer
		select {
		case a = <-quick:
		case <-time.After(30 * time.Second):
			// Only a hang: a quick check takes milliseconds.
			t.Fatal("a request queued at the shutdown: no answer in 30 s")
		}
		if a.err != nil || a.status != http.StatusOK || a.Status != "unique" {
			t.Errorf("a request queued at the shutdown: have %d %q (%v), want 200 unique", a.status, a.Status, a.err)
		}
	}
	close(release)
	if err := <-long; err != nil {
		t.Errorf("the request holding the slot: %v", err)
	}
	if err := <-stopped; err != nil {
		t.Errorf("Serve: %v, want nil", err)
	}
}

// TestBudget: parse, verify and the shift parse and apply take a slot of
// their own pool (Jobs at once) and count their bodies against
// Options.Budget: with the pool taken and the budget full, every further
// request is answered 503 with a JSON error at once, never queued without
// bound; those admitted are answered once a slot frees.
func TestBudget(t *testing.T) {
	s, ts := newTestServer(t, Options{Jobs: 1, Budget: 4 * minCharge})
	for _, path := range []string{"/api/parse", "/api/verify", "/api/moves/parse", "/api/moves/apply"} {
		t.Run(path, func(t *testing.T) {
			body := map[string]any{"example": "juosan-6x6_1"}
			if strings.HasPrefix(path, "/api/moves/") {
				body = map[string]any{"builtin": "reborn"}
			}
			s.light <- struct{}{} // the one light slot is taken
			const n = 12
			statuses := make(chan int, n)
			for range n {
				go func() {
					status, data := do(t, ts, http.MethodPost, path, body, nil)
					var e errorBody
					if status != http.StatusOK && json.Unmarshal(data, &e) != nil {
						t.Errorf("have %d %s, want a JSON error", status, data)
					}
					statuses <- status
				}()
			}
			// 4 fit the budget and wait for the slot; the other 8 are
			// turned away.
			for range n - 4 {
				if st := <-statuses; st != http.StatusServiceUnavailable {
					t.Fatalf("have %d, want 503 while the budget is full", st)
				}
			}
			<-s.light
			for range 4 {
				if st := <-statuses; st != http.StatusOK {
					t.Errorf("have %d, want 200 once the slot is free", st)
				}
			}
		})
	}
}
