package app_test

import (
	"bufio"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// TestMainCatchesInterrupt: Ctrl-C ends the command's context, and the
// command stops with its own report and exit code instead of being killed
// by the signal.
func TestMainCatchesInterrupt(t *testing.T) {
	// puzzlesat is the binary TestMain built.
	cmd := exec.Command(puzzlesat, "shift", "solve", "--builtin", "reborn", "--method", "sat")
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The first depth's line says the run is under way (Ctrl-C is caught
	// from the first line written: package interrupt's OnWrite).
	stderr := bufio.NewReader(pipe)
	first, err := stderr.ReadString('\n')
	if err != nil {
		t.Fatalf("no progress line: %v", err)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(stderr)
	err = cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	if out := first + string(rest); code != 3 || !strings.Contains(out, "interrupted: stopped before an answer") {
		t.Errorf("have exit %d (%v), stderr %q; want exit 3 and %q", code, err, out, "interrupted: stopped before an answer")
	}
}
