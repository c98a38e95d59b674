//go:build unix

package extcmd_test

import (
	"context"
	"os"
	"syscall"
	"testing"
)

// TestForwardSignals: every signal of extcmd.Forwarded that puzzlesat gets
// is passed on to the binary, which answers for itself (here: prints it,
// and exits 0 on SIGTERM). The signals go to this test's own process,
// where Run has taken them.
func TestForwardSignals(t *testing.T) {
	install(t, "#!/bin/sh\n"+
		"trap 'echo HUP' HUP\ntrap 'echo QUIT' QUIT\ntrap 'echo INT' INT\ntrap 'echo TERM; exit 0' TERM\n"+
		"echo ready\nwhile :; do sleep 0.05; done\n")
	rd, done := startReady(t, context.Background())
	for _, tc := range []struct {
		sig  syscall.Signal
		want string
	}{{syscall.SIGHUP, "HUP"}, {syscall.SIGQUIT, "QUIT"}, {syscall.SIGINT, "INT"}, {syscall.SIGTERM, "TERM"}} {
		sig, want := tc.sig, tc.want
		if err := syscall.Kill(os.Getpid(), sig); err != nil {
			t.Fatal(err)
		}
		if line, err := rd.ReadString('\n'); err != nil || line != want+"\n" {
			t.Fatalf("after %v: the binary printed %q, %v; want %q", sig, line, err, want)
		}
	}
	if err := <-done; err != nil {
		t.Errorf("have %v, want a clean stop after SIGTERM", err)
	}
}

// TestSignalledExit: a binary killed by signal N makes the command exit
// 128+N, as a shell reports it, not 255.
func TestSignalledExit(t *testing.T) {
	install(t, "#!/bin/sh\nkill -TERM $$\nsleep 5\n")
	if code, _, stderr := run(t, "", "fake"); code != 128+int(syscall.SIGTERM) {
		t.Errorf("have exit %d (%q), want %d", code, stderr, 128+int(syscall.SIGTERM))
	}
}
