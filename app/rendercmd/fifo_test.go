//go:build unix

package rendercmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fifo makes a named pipe in a fresh folder and writes the content of
// file into it from a goroutine, once, as `cmd > FIFO` would.
func fifo(t *testing.T, file string) string {
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

// within runs f, failing the test if it has not returned after a minute
// (an input opened a second time waits for a writer forever).
func within(t *testing.T, f func()) {
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

// TestFIFO: render reads its input once, so that a named pipe (or the
// /dev/fd/N of bash's <(cmd)) draws: a puzzle of a kind, and a shift
// puzzle, which render first tries to read as one.
func TestFIFO(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		args       []string
	}{
		{"linjat", linjatF + "#1", nil},
		{"juosan", janko, []string{"--solution"}},
		{"shift", swap, nil},
		{"shift --solution", swap, []string{"--solution"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file, sel, _ := strings.Cut(tc.file, "#")
			in := fifo(t, file)
			if sel != "" {
				in += "#" + sel
			}
			var code int
			var out, errs string
			within(t, func() { code, out, errs = run(t, "", append([]string{in}, tc.args...)...) })
			if code != 0 || !strings.HasPrefix(out, "<svg ") {
				t.Errorf("render FIFO: exit %d, stdout %.30q, stderr %q; want 0 and a picture", code, out, errs)
			}
		})
	}
}
