package serve

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/webtest"
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

// TestMaxConns: beyond Options.MaxConns open connections, the next waits
// unanswered until one closes, then is served.
func TestMaxConns(t *testing.T) {
	_, addr, _ := serving(t, Options{MaxConns: 2})
	var held []net.Conn
	for range 2 {
		c := dial(t, addr)
		// A full exchange: the server has accepted it.
		fmt.Fprintf(c, "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		if resp, _ := rawResponse(t, c, bufio.NewReader(c)); resp.StatusCode != http.StatusOK {
			t.Fatalf("have %d, want 200", resp.StatusCode)
		}
		held = append(held, c)
	}
	c := dial(t, addr) // the kernel's backlog takes it
	fmt.Fprintf(c, "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	rd := bufio.NewReader(c)
	c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if _, err := rd.Peek(1); err == nil {
		t.Fatal("a third connection was answered while two were open (MaxConns 2)")
	}
	held[0].Close()
	if resp, _ := rawResponse(t, c, rd); resp.StatusCode != http.StatusOK {
		t.Errorf("have %d once a place was free, want 200", resp.StatusCode)
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

// TestShutdownCuts: when Serve's context ends (SIGTERM, Ctrl-C), a request
// still solving after the grace period is cut with a 503 JSON error, and
// Serve returns nil; new connections are refused.
func TestShutdownCuts(t *testing.T) {
	var w watch
	_, addr, stop := serving(t, Options{Solver: w.factory, Grace: 100 * time.Millisecond})
	type answer struct {
		status int
		body   string
		err    error
	}
	got := make(chan answer, 1)
	go func() {
		resp, err := http.Post("http://"+addr+"/api/shift/solve", "application/json", strings.NewReader(`{"builtin": "reborn"}`))
		if err != nil {
			got <- answer{err: err}
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got <- answer{resp.StatusCode, string(body), nil}
	}()
	// Reborn's proof takes minutes: once a solve runs, the request is
	// under way, and stays so.
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
	if c, err := net.Dial("tcp", addr); err == nil {
		c.Close()
		t.Error("the server still takes connections after its shutdown")
	}
}

// TestBudget: parse, verify and the shift parse and apply take a slot of
// their own pool (Jobs at once) and count their bodies against
// Options.Budget: with the pool taken and the budget full, every further
// request is answered 503 with a JSON error at once, never queued without
// bound; those admitted are answered once a slot frees.
func TestBudget(t *testing.T) {
	s, ts := newTestServer(t, Options{Jobs: 1, Budget: 4 * minCharge})
	for _, path := range []string{"/api/parse", "/api/verify", "/api/shift/parse", "/api/shift/apply"} {
		t.Run(path, func(t *testing.T) {
			body := map[string]any{"example": "juosan-6x6_1"}
			if strings.HasPrefix(path, "/api/shift/") {
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
