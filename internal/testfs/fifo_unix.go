//go:build unix

package testfs

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// FIFO makes a named pipe in a fresh folder and writes the content of
// file into it from a goroutine, once, as `cmd > FIFO` would; it skips the
// test where there are no named pipes.
func FIFO(t testing.TB, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "puzzle.fifo")
	if err := syscall.Mkfifo(name, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	go func() {
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.Write(data)
		f.Close()
	}()
	return name
}

// Within runs f, failing the test if it has not returned after a minute
// (an input opened a second time waits for a writer forever).
func Within(t testing.TB, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("still running after a minute: the input was opened again after it was read")
	}
}
