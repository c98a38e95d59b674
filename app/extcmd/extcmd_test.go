package extcmd_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/extcmd"
)

// fake is a stand-in for an external binary: it prints its arguments,
// copies standard input to output, complains on stderr and exits with the
// code its third argument names (the first is the command name).
const fake = `#!/bin/sh
echo "args: $*"
cat
echo "to stderr" >&2
exit "$3"
`

// fakeApp is puzzlesat with one command, fake, which runs the binary
// puzzlesat-fake.
func fakeApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return &cli.App{Name: "puzzlesat", Reader: stdin, Writer: stdout, ErrWriter: stderr,
		Commands:       []*cli.Command{extcmd.Command("fake", "a fake", "puzzlesat-fake")},
		ExitErrHandler: func(*cli.Context, error) {}}
}

// install makes script the binary puzzlesat-fake, first on PATH for the
// test.
func install(t *testing.T, script string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "puzzlesat-fake"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// startReady runs `puzzlesat fake` until ctx ends, once the binary's first
// line, "ready", has come: its output from there on, and the run's error
// when it returns.
func startReady(t *testing.T, ctx context.Context) (*bufio.Reader, <-chan error) {
	t.Helper()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- fakeApp(strings.NewReader(""), pw, io.Discard).RunContext(ctx, []string{"puzzlesat", "fake"})
		pw.Close()
	}()
	rd := bufio.NewReader(pr)
	if line, err := rd.ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("first line %q, %v; want ready", line, err)
	}
	return rd, done
}

func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := fakeApp(strings.NewReader(stdin), &out, &errOut).RunContext(context.Background(), append([]string{"puzzlesat"}, args...))
	var ec cli.ExitCoder
	switch {
	case err == nil:
	case errors.As(err, &ec):
		code = ec.ExitCode()
		errOut.WriteString(err.Error())
	default:
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

func TestCommand(t *testing.T) {
	install(t, fake)
	tests := []struct {
		args               []string
		stdin              string
		code               int
		stdout, stderrPart string
	}{
		{[]string{"fake", "x", "0", "--flag", "-"}, "input\n", 0, "args: fake x 0 --flag -\ninput\n", "to stderr"},
		{[]string{"fake", "y", "3"}, "", 3, "args: fake y 3\n", "to stderr"},
	}
	for _, tt := range tests {
		code, stdout, stderr := run(t, tt.stdin, tt.args...)
		if code != tt.code || stdout != tt.stdout || !strings.Contains(stderr, tt.stderrPart) {
			t.Errorf("%v: have exit %d, stdout %q, stderr %q; want %d, %q, stderr with %q",
				tt.args, code, stdout, stderr, tt.code, tt.stdout, tt.stderrPart)
		}
	}
}

// TestInterrupt: when the command's context ends (Ctrl-C), the binary is
// interrupted and answers for itself: one that stops cleanly on an
// interrupt (a server) exits 0, one that does not is interrupted anyway.
func TestInterrupt(t *testing.T) {
	// Stops cleanly on SIGINT; says it is ready first, so that the
	// interrupt is not sent before the trap is set.
	install(t, "#!/bin/sh\ntrap 'echo stopped; exit 0' INT\necho ready\nwhile :; do sleep 0.05; done\n")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rd, done := startReady(t, ctx)
	cancel()
	rest, _ := io.ReadAll(rd)
	if err := <-done; err != nil || string(rest) != "stopped\n" {
		t.Errorf("have %v after %q, want a clean stop after \"stopped\"", err, rest)
	}
}

func TestMissingBinary(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	code, _, stderr := run(t, "", "fake", "x")
	if code != 2 || !strings.Contains(stderr, "puzzlesat-fake is not installed") {
		t.Errorf("have exit %d, stderr %q; want 2 and a message saying puzzlesat-fake is not installed", code, stderr)
	}
}
