package servecmd_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/servecmd"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// run runs `puzzlesat serve ARGS` in-process, as cmd/puzzlesat-serve does.
func run(ctx context.Context, stdout, stderr io.Writer, args ...string) int {
	return app.RunWith(ctx, kinds.Default(), strings.NewReader(""), stdout, stderr, append([]string{"puzzlesat", "serve"}, args...), []*cli.Command{servecmd.Command()})
}

func TestBadFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"argument", []string{"x"}, "takes no arguments"},
		{"solver", []string{"--solver", "nosuch"}, "unknown solver"},
		{"timeout", []string{"--timeout", "0s"}, "must be positive"},
		{"address", []string{"--addr", "256.0.0.1:1"}, "cannot listen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr strings.Builder
			if code := run(context.Background(), io.Discard, &stderr, tc.args...); code != 2 || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("have exit %d and %q, want 2 and %q", code, stderr.String(), tc.want)
			}
		})
	}
}

// lockedBuffer is stderr shared between the server and the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServe runs `puzzlesat serve` on a free port, asks it for the kinds
// and the page, and stops it by its context, as Ctrl-C does. On loopback
// it says nothing on stderr; beyond it, it warns.
func TestServe(t *testing.T) {
	for _, tc := range []struct {
		addr, warn string
	}{
		{"127.0.0.1:0", ""},
		{"0.0.0.0:0", "warning: serving on 0.0.0.0, beyond this machine"},
	} {
		t.Run(tc.addr, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			pr, pw := io.Pipe()
			code := make(chan int, 1)
			var stderr lockedBuffer
			go func() {
				code <- run(ctx, pw, &stderr, "--addr", tc.addr)
				pw.Close()
			}()
			line, err := bufio.NewReader(pr).ReadString('\n')
			if err != nil {
				t.Fatalf("no first line: %v (stderr %s)", err, stderr.String())
			}
			go io.Copy(io.Discard, pr)
			url := regexp.MustCompile(`http://\S+/`).FindString(line)
			if url == "" {
				t.Fatalf("first line %q names no URL", line)
			}
			for _, path := range []string{"api/kinds", "", "app.js"} {
				resp, err := http.Get(url + path)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Errorf("GET /%s: %d, want 200", path, resp.StatusCode)
				}
			}
			if have := stderr.String(); (tc.warn == "") != (have == "") || !strings.Contains(have, tc.warn) {
				t.Errorf("stderr %q, want %q", have, tc.warn)
			}
			cancel()
			select {
			case c := <-code:
				if c != 0 {
					t.Errorf("exit code %d, want 0 (stderr %s)", c, stderr.String())
				}
			case <-time.After(time.Minute): // nothing is under way: it stops at once; this catches a hang
				t.Fatal("serve still runs a minute after its context ended")
			}
		})
	}
}
