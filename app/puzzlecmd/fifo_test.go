//go:build unix

package puzzlecmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckFIFO: check reads a named pipe once, whole; a second open
// would wait for a writer forever, so the run has a minute to answer.
func TestCheckFIFO(t *testing.T) {
	data := readFile(t, janko)
	name := filepath.Join(t.TempDir(), "puzzle.fifo")
	if err := syscall.Mkfifo(name, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	go func() {
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString(data)
		f.Close()
	}()
	done := make(chan struct{})
	var code int
	var out, errs string
	go func() {
		defer close(done)
		code, out, errs = run(t, "", "check", name)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("check FIFO still running after a minute: the input was opened again after it was read")
	}
	if code != 0 || !strings.Contains(out, name+": unique") {
		t.Errorf("check FIFO: exit %d, stdout %q, stderr %q; want unique", code, out, errs)
	}
}
