package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// connLimit is the listener of Serve: it keeps at most max connections
// open, and at most perClient of one client (remote IP address). A quiet
// connection, one without a request being answered (idle after one, or
// new and yet to send a whole request's headers), gives way to a new one
// rather than making it wait: at a cap, the one quiet the longest is
// closed, of the client holding the most connections (of the new one's
// client at its own cap). Only connections whose request is being
// answered ("busy") hold their place. A client whose connections are all
// busy at its cap is answered 503 at once; when every place is busy, a new
// connection waits in the listen backlog until one is answered or closed.
//
// Without giving way, 1000 idle or silent clients (or a client holding its
// keep-alive connections open) kept every other client out until a
// timeout closed them. A real request's headers come in one packet, so
// that one midway through its headers for longer than the others have
// been quiet is no better than quiet. Its connections answer JSON where
// net/http writes its own plain-text errors (see conn.Write).
type connLimit struct {
	net.Listener
	max, perClient int

	mu      sync.Mutex
	open    map[*conn]struct{}
	clients map[string]int // open connections per client
	// draining: the server shuts down; quiet connections are closed.
	draining bool
	// changed wakes an Accept waiting for a place: a connection closed
	// or went quiet.
	changed chan struct{}
	done    chan struct{}
	once    sync.Once
}

func newConnLimit(ln net.Listener, max, perClient int) *connLimit {
	return &connLimit{Listener: ln, max: max, perClient: min(perClient, max),
		open: map[*conn]struct{}{}, clients: map[string]int{},
		changed: make(chan struct{}, 1), done: make(chan struct{})}
}

// conn is an accepted connection as connLimit sees it.
type conn struct {
	net.Conn
	l      *connLimit
	client string
	// Under l.mu: its state (http.ConnState: new, active or idle), since
	// when, and whether it still counts.
	state http.ConnState
	since time.Time
	gone  bool
}

// Accept takes the next connection and finds it a place (admit).
func (l *connLimit) Accept() (net.Conn, error) {
	for {
		nc, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if c := l.admit(nc); c != nil {
			return c, nil
		}
	}
}

// admit counts nc as open once there is a place for it, closing a quiet
// connection to make one if need be. It returns nil when nc is refused
// (its client's connections are all busy), or the listener closed or
// draining.
func (l *connLimit) admit(nc net.Conn) *conn {
	client := clientOf(nc.RemoteAddr())
	l.mu.Lock()
	for {
		if l.draining {
			l.mu.Unlock()
			nc.Close()
			return nil
		}
		if n := l.clients[client]; n >= l.perClient {
			v := l.victim(client)
			if v == nil {
				l.mu.Unlock()
				refuse(nc, fmt.Sprintf("%s has %d requests under way, the most one client may: try again once one is answered", client, n))
				return nil
			}
			l.evict(v)
			continue
		}
		if len(l.open) >= l.max {
			if v := l.victim(""); v != nil {
				l.evict(v)
				continue
			}
			// Every place is busy: wait for one to close or go quiet.
			l.mu.Unlock()
			select {
			case <-l.changed:
			case <-l.done:
				nc.Close()
				return nil
			}
			l.mu.Lock()
			continue
		}
		c := &conn{Conn: nc, l: l, client: client, state: http.StateNew, since: time.Now()}
		l.open[c] = struct{}{}
		l.clients[client]++
		l.mu.Unlock()
		return c
	}
}

// clientOf is the client a remote address stands for: its IP address.
func clientOf(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP.String()
	}
	if h, _, err := net.SplitHostPort(a.String()); err == nil {
		return h
	}
	return a.String()
}

// quiet: c may give way, having no request being answered. Under l.mu.
func (c *conn) quiet() bool {
	return c.state == http.StateNew || c.state == http.StateIdle
}

// victim is the connection to close to make a place: a quiet one of
// client (any client when ""), of the client holding the most
// connections, quiet the longest; nil when every one is busy. Under l.mu.
func (l *connLimit) victim(client string) *conn {
	var best *conn
	bestHeld := 0
	for c := range l.open {
		if client != "" && c.client != client || !c.quiet() {
			continue
		}
		held := l.clients[c.client]
		if best == nil || held > bestHeld || held == bestHeld && c.since.Before(best.since) {
			best, bestHeld = c, held
		}
	}
	return best
}

// evict closes c and frees its place at once. Under l.mu.
func (l *connLimit) evict(c *conn) {
	l.forget(c)
	// net/http's reading of it fails, and it closes it again (a no-op).
	c.Conn.Close()
}

// forget stops counting c. Under l.mu.
func (l *connLimit) forget(c *conn) {
	if c.gone {
		return
	}
	c.gone = true
	delete(l.open, c)
	if l.clients[c.client]--; l.clients[c.client] <= 0 {
		delete(l.clients, c.client)
	}
	l.wake()
}

// wake tells an Accept waiting for a place to look again. Under l.mu.
func (l *connLimit) wake() {
	select {
	case l.changed <- struct{}{}:
	default:
	}
}

// setState follows net/http's state of c (http.Server.ConnState).
func (c *conn) setState(st http.ConnState) {
	l := c.l
	l.mu.Lock()
	defer l.mu.Unlock()
	switch st {
	case http.StateClosed, http.StateHijacked:
		l.forget(c)
		return
	}
	c.state, c.since = st, time.Now()
	if st == http.StateIdle && !c.gone {
		if l.draining {
			c.Conn.Close()
			l.forget(c)
			return
		}
		l.wake()
	}
}

// connState is the http.Server's ConnState hook: it tells connLimit's
// connections their state.
func connState(nc net.Conn, st http.ConnState) {
	if c, ok := nc.(*conn); ok {
		c.setState(st)
	}
}

// drain, at a shutdown, refuses new connections and closes the quiet ones
// (those midway through a request's headers too): only the requests being
// answered are let finish. (net/http's Shutdown would wait five seconds
// for a new connection's first request.)
func (l *connLimit) drain() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.draining = true
	for c := range l.open {
		if c.quiet() {
			l.evict(c)
		}
	}
}

func (l *connLimit) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// Close frees c's place, then closes it: its client, seeing it closed,
// may count on the place.
func (c *conn) Close() error {
	c.l.mu.Lock()
	c.l.forget(c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}

// refuse answers a connection it has no place for with a 503 JSON error,
// and closes it. The answer goes before the request is read: a fresh
// connection's send buffer takes it at once (the deadline only guards the
// accepting goroutine).
func refuse(nc net.Conn, msg string) {
	data, _ := json.Marshal(errorBody{Error: msg})
	nc.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	fmt.Fprintf(nc, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: %d\r\nRetry-After: 1\r\nConnection: close\r\n\r\n%s\n", len(data)+1, data)
	nc.Close()
}

// plainErrorHeaders are the headers net/http's own error answers have.
const plainErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// Write rewrites net/http's own error answers, written straight to the
// connection as one write ("HTTP/1.1 400 Bad Request" and the like, with
// these headers and a plain-text body), into a JSON error.
func (c *conn) Write(p []byte) (int, error) {
	if !bytes.HasPrefix(p, []byte("HTTP/1.")) || len(p) > 4096 {
		return c.Conn.Write(p)
	}
	status, body, ok := strings.Cut(string(p), plainErrorHeaders)
	if !ok || strings.Contains(status, "\n") || len(status) < len("HTTP/1.1 400") {
		return c.Conn.Write(p)
	}
	code, err := strconv.Atoi(status[9:12])
	if err != nil || code < 400 {
		return c.Conn.Write(p)
	}
	data, _ := json.Marshal(errorBody{Error: strings.TrimSpace(body)})
	data = append(data, '\n')
	out := fmt.Sprintf("%s\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", status, len(data), data)
	if _, err := io.WriteString(c.Conn, out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// CloseWrite lets net/http half-close the connection after its 431.
func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
