// Package tailbuf keeps the end of what a child process writes to stderr,
// for the back-ends that run one (sat/ext runs a solver binary, sat/gophersat
// its workers) to quote in their errors: the end is where a failing process
// says why, and the bound keeps a chatty one from filling memory.
package tailbuf

import (
	"bytes"
	"sync"
)

// Buffer keeps the last Max bytes written to it. It is safe to read while
// the process still writes (a worker that fails mid-request).
type Buffer struct {
	Max int

	mu  sync.Mutex
	buf bytes.Buffer
}

// Write appends p, dropping what falls out of the last Max bytes.
func (t *Buffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if over := t.buf.Len() - t.Max; over > 0 {
		t.buf.Next(over)
	}
	return len(p), nil
}

// String returns the bytes kept.
func (t *Buffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
