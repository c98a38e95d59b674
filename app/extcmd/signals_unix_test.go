//go:build unix

package extcmd_test

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/extcmd"
)

// TestForwardSignals: every signal of extcmd.Forwarded that puzzlesat gets
// is passed on to the binary, which answers for itself (here: prints it,
// and exits 0 on SIGTERM). The signals go to this test's own process,
// where Run has taken them.
func TestForwardSignals(t *testing.T) {
	dir := t.TempDir()
	script := "#!/bin/sh\n" +
		"trap 'echo HUP' HUP\ntrap 'echo QUIT' QUIT\ntrap 'echo INT' INT\ntrap 'echo TERM; exit 0' TERM\n" +
		"echo ready\nwhile :; do sleep 0.05; done\n"
	if err := os.WriteFile(filepath.Join(dir, "puzzlesat-fake"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	pr, pw := io.Pipe()
	a := &cli.App{Name: "puzzlesat", Reader: strings.NewReader(""), Writer: pw, ErrWriter: io.Discard,
		Commands:       []*cli.Command{extcmd.Command("fake", "a fake", "puzzlesat-fake")},
		ExitErrHandler: func(*cli.Context, error) {}}
	done := make(chan error, 1)
	go func() {
		done <- a.RunContext(context.Background(), []string{"puzzlesat", "fake"})
		pw.Close()
	}()
	rd := bufio.NewReader(pr)
	if line, err := rd.ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("first line %q, %v; want ready", line, err)
	}
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
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "puzzlesat-fake"), []byte("#!/bin/sh\nkill -TERM $$\nsleep 5\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	if code, _, stderr := run(t, "", "fake"); code != 128+int(syscall.SIGTERM) {
		t.Errorf("have exit %d (%q), want %d", code, stderr, 128+int(syscall.SIGTERM))
	}
}
