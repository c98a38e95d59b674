package app_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/proctest"
)

// TestNoOrphans: `puzzlesat serve` runs puzzlesat-serve as its child; when
// puzzlesat is stopped (SIGTERM, as systemd, Docker and Kubernetes stop a
// process) or killed (SIGKILL), the child goes too, and stops answering
// on its port. Stopped, puzzlesat waits for the child's clean shutdown and
// exits with its status, 0.
func TestNoOrphans(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			// puzzlesat is the binary TestMain built, puzzlesat-serve
			// beside it.
			cmd := exec.Command(puzzlesat, "serve", "--addr", "127.0.0.1:0")
			addr := startServing(t, cmd)
			child := childOf(t, cmd.Process.Pid)
			defer func() {
				if proctest.Alive(child) {
					syscall.Kill(child, syscall.SIGKILL)
				}
			}()
			if !answers(addr) {
				t.Fatalf("nothing answers on %s", addr)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			switch code := cmd.ProcessState.ExitCode(); {
			case sig == syscall.SIGTERM && code != 0:
				t.Errorf("puzzlesat stopped by SIGTERM: exit %d (%v), want 0 (the child's clean shutdown)", code, err)
			}
			// The child drains (nothing is under way) and exits at once;
			// the two minutes only catch a hang.
			deadline := time.Now().Add(2 * time.Minute)
			for proctest.Alive(child) && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			if proctest.Alive(child) {
				t.Fatalf("puzzlesat-serve (pid %d) still runs 2 minutes after its parent got %v", child, sig)
			}
			if answers(addr) {
				t.Errorf("%s still answers after puzzlesat got %v", addr, sig)
			}
		})
	}
}

// startServing starts cmd, a playground server, and returns the address
// its first line names; the test kills it when it ends.
func startServing(t *testing.T, cmd *exec.Cmd) string {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	line, err := bufio.NewReader(out).ReadString('\n')
	m := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`).FindStringSubmatch(line)
	if err != nil || m == nil {
		t.Fatalf("first line %q, %v; want the playground's address", line, err)
	}
	return m[1]
}

// childOf is the one child process of pid (the child is started before
// the address is printed, so it is there).
func childOf(t *testing.T, pid int) int {
	t.Helper()
	var kids []int
	for _, kid := range proctest.Children(pid) {
		kids = append(kids, kid.PID)
	}
	if len(kids) != 1 {
		t.Fatalf("pid %d has children %v, want one (puzzlesat-serve)", pid, kids)
	}
	return kids[0]
}

// answers reports whether something accepts a connection on addr.
func answers(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, 2*time.Second)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// TestServeDrainsOnSIGTERM: SIGTERM to puzzlesat-serve drains it as Ctrl-C
// does: a request under way (Reborn's proof by SAT, minutes long, streamed) is
// cut after --grace with a 503 JSON error event, and the server exits 0.
func TestServeDrainsOnSIGTERM(t *testing.T) {
	cmd := exec.Command(filepath.Join(filepath.Dir(puzzlesat), "puzzlesat-serve"), "--addr", "127.0.0.1:0", "--grace", "200ms")
	addr := startServing(t, cmd)
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/moves/solve", strings.NewReader(`{"builtin": "reborn", "method": "sat"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := bufio.NewReader(resp.Body)
	// The first depth event: the solve is under way.
	for {
		line, err := events.ReadString('\n')
		if err != nil {
			t.Fatalf("no depth event: %v", err)
		}
		if line == "event: depth\n" {
			break
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(events)
	_, last, _ := strings.Cut(string(rest), "event: error\ndata: ")
	var e struct {
		Error  string `json:"error"`
		Status int    `json:"status"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSpace(last)), &e); err != nil || e.Status != http.StatusServiceUnavailable {
		t.Errorf("after SIGTERM the stream ended with %q; want an error event with status 503", rest)
	}
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("puzzlesat-serve exit %d (%v) after SIGTERM, want 0", code, err)
	}
}
