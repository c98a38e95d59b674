package servecmd_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/internal/clitest"
)

func TestBadFlags(t *testing.T) {
	clitest.Test(t, []clitest.Case{
		{Name: "argument", Args: []string{"serve", "x"}, Code: 2, Err: []string{"takes no arguments"}},
		{Name: "solver", Args: []string{"serve", "--solver", "nosuch"}, Code: 2, Err: []string{"unknown solver"}},
		{Name: "timeout", Args: []string{"serve", "--timeout", "0s"}, Code: 2, Err: []string{"must be positive"}},
		{Name: "address", Args: []string{"serve", "--addr", "256.0.0.1:1"}, Code: 2, Err: []string{"cannot listen"}},
	})
}

// TestServe runs `puzzlesat serve` on a free loopback port, asks it for
// the kinds and the page, and stops it by its context, as Ctrl-C does.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	code := make(chan int, 1)
	var stderr strings.Builder
	go func() {
		code <- app.Run(ctx, strings.NewReader(""), pw, &stderr, []string{"puzzlesat", "serve", "--addr", "127.0.0.1:0"})
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
	cancel()
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("exit code %d, want 0 (stderr %s)", c, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve still runs 10 s after its context ended")
	}
}
