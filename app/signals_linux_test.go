package app_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/proctest"
)

// hangLimit bounds a stopped run: its only job is to catch a command that
// does not stop (it went on for 30 s and more before), never to time one
// that does.
const hangLimit = 60 * time.Second

var signals = []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}

// TestSignalStopsBatch: SIGINT (Ctrl-C) or SIGTERM to a puzzle command at
// work on a file of 100000 puzzles stops it between two puzzles: stdout
// holds the answers of the puzzles finished, each whole and in order (a
// puzzle cut short gets none, never a "timeout" one), stderr says how many
// and the FILE#N it stopped at, and the exit is 3. (Before, check took
// SIGINT as every remaining puzzle's timeout and went on writing them;
// SIGTERM killed it.)
func TestSignalStopsBatch(t *testing.T) {
	file := linjatLevels(t, 100000)
	closing := regexp.MustCompile(`(?m)^puzzlesat: interrupted after (\d+) of (.+)'s puzzles; stopped at (.+)#(\d+) \(easy/(\d+)\)$`)
	url := regexp.MustCompile(`^linjat/6/9/\S+$`)
	for _, args := range [][]string{
		{"check", "--format", "json"}, {"solve", "--format", "json"}, {"grade", "--format", "json"},
		{"backbone", "--format", "json"}, {"count", "--format", "json"}, {"convert", "--to", "url"},
	} {
		for _, sig := range signals {
			t.Run(args[0]+"/"+sig.String(), func(t *testing.T) {
				r := stopRun(t, sig, true, append(args, file)...)
				m := closing.FindStringSubmatch(r.stderr)
				if r.code != 3 || m == nil || strings.Contains(r.stderr, "timed out") {
					t.Fatalf("have exit %d, stderr %q; want exit 3 and a closing line %q", r.code, clip(r.stderr), closing)
				}
				k, _ := strconv.Atoi(m[1])
				if m[2] != file || m[3] != file || m[4] != strconv.Itoa(k+1) || m[5] != m[4] {
					t.Errorf("closing line %q: want %d of %s's puzzles, stopped at %s#%d", m[0], k, file, file, k+1)
				}
				lines := strings.SplitAfter(r.stdout, "\n")
				if last := lines[len(lines)-1]; last != "" {
					t.Errorf("stdout ends in a cut line %q", last)
				}
				lines = lines[:len(lines)-1]
				if len(lines) != k {
					t.Errorf("%d answers on stdout, want the %d finished", len(lines), k)
				}
				for i, line := range lines {
					if args[0] == "convert" {
						if !url.MatchString(strings.TrimSuffix(line, "\n")) {
							t.Fatalf("line %d: %q is not a Linjat URL", i+1, line)
						}
						continue
					}
					var rec struct{ Name, Status string }
					if err := json.Unmarshal([]byte(line), &rec); err != nil {
						t.Fatalf("line %d: %v: %q", i+1, err, line)
					}
					if rec.Name != fmt.Sprintf("easy/%d", i+1) || rec.Status == "timeout" {
						t.Fatalf("line %d answers %s with %q; want easy/%d, finished", i+1, rec.Name, rec.Status, i+1)
					}
				}
			})
		}
	}
}

// TestSignalStopsWhole: SIGINT or SIGTERM to the commands that run
// binaries of their own (generate, render, report: app/extcmd) or write
// their answer at the end (crosscheck) reaches the binary, which stops and
// is waited for: what was finished is written (generate's puzzles, report's
// records marked incomplete, crosscheck's outcomes), never what was cut,
// stderr says how far the run came, the exit is 3 (the binary's, passed
// on), and no process is left. Ctrl-C reaches the binary twice, from the
// terminal and from puzzlesat: that is still one request to stop. (Before, SIGTERM killed generate, render
// and report at once; report wrote the puzzles not worked on as timed out.)
func TestSignalStopsWhole(t *testing.T) {
	file := linjatLevels(t, 2000)
	picture := filepath.Join(t.TempDir(), "slow.svg")
	// A solve that takes minutes (Reborn's now takes half a second): a
	// 5×5 Loopover scramble of 20 moves.
	slow := filepath.Join(t.TempDir(), "loopover-5x5.txt")
	scramble, err := exec.Command(puzzlesat, "shift", "scramble", "--builtin", "loopover:5x5", "--moves", "20", "--seed", "201").Output()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(slow, scramble, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		args      []string
		firstLine bool
		closing   *regexp.Regexp // its first group is the count of records
		records   bool           // stdout is JSON lines, as many as closing counts
	}{
		{"generate", []string{"generate", "--kind", "shinro", "--size", "5x5", "--count", "100000", "--format", "json"}, true,
			regexp.MustCompile(`(?m)^puzzlesat: interrupted after \d+ ms: (\d+) of 100000 puzzles found and written$`), true},
		{"render", []string{"render", "--solution", slow, "-o", picture}, false,
			regexp.MustCompile(`(?m)^puzzlesat: interrupted before the picture was ready$`), false},
		{"report", []string{"report", "--jobs", "1", "-o", "-", file}, false,
			regexp.MustCompile(`(?m)^puzzlesat: report: incomplete: interrupted after (\d+) of 2000 puzzles; the first not finished is ` + regexp.QuoteMeta(file) + `#\d+$`), true},
		{"crosscheck", []string{"crosscheck", "--jobs", "1", "--format", "json", file}, false,
			regexp.MustCompile(`(?m)^puzzlesat: crosscheck: interrupted after (\d+) of 2000 puzzles; stopped at ` + regexp.QuoteMeta(file) + `#easy/\d+$`), true},
	} {
		for _, to := range []struct {
			name  string
			sig   syscall.Signal
			group bool
		}{{"SIGINT", syscall.SIGINT, false}, {"SIGTERM", syscall.SIGTERM, false}, {"Ctrl-C", syscall.SIGINT, true}} {
			t.Run(tc.name+"/"+to.name, func(t *testing.T) {
				r := stopRunTo(t, to.sig, to.group, tc.firstLine, tc.args...)
				m := tc.closing.FindStringSubmatch(r.stderr)
				if r.code != 3 || m == nil {
					t.Fatalf("have exit %d, stderr %q; want exit 3 and %q", r.code, clip(r.stderr), tc.closing)
				}
				// Generous, to catch a child left running: an idle gophersat
				// worker ends when its stdin does, a moment after puzzlesat.
				deadline := time.Now().Add(20 * time.Second)
				for _, kid := range r.children {
					for proctest.Alive(kid) && time.Now().Before(deadline) {
						time.Sleep(20 * time.Millisecond)
					}
					if proctest.Alive(kid) {
						st, _ := proctest.Read(kid)
						cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", kid))
						t.Errorf("child %d (%q, %+v) still runs after puzzlesat ended", kid, cmdline, st)
						syscall.Kill(kid, syscall.SIGKILL)
					}
				}
				if _, err := os.Stat(picture); !os.IsNotExist(err) {
					t.Errorf("%s: %v; want no picture", picture, err)
				}
				if !tc.records {
					return
				}
				k, _ := strconv.Atoi(m[1])
				n := 0
				for line := range strings.Lines(r.stdout) {
					var rec map[string]any
					if err := json.Unmarshal([]byte(line), &rec); err != nil || !strings.HasSuffix(line, "\n") {
						t.Fatalf("record %d: %v: %q", n+1, err, line)
					}
					if _, ok := rec["summary"]; ok {
						continue // crosscheck's last line
					}
					if rec["verdict"] == "timeout" || rec["status"] == "timeout" {
						t.Errorf("record %d is a puzzle cut short: %q", n+1, line)
					}
					n++
				}
				if n != k {
					t.Errorf("%d records on stdout, want the %d finished", n, k)
				}
			})
		}
	}
}

// linjatLevels writes a jsnell/linjat levels file of n puzzles, the easy
// levels of testdata/linjat/puzzles.json over and over, and returns its
// path: puzzle k is entry k, named easy/k.
func linjatLevels(t *testing.T, n int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "linjat", "puzzles.json"))
	if err != nil {
		t.Fatal(err)
	}
	var levels map[string][]struct {
		Puzzle []string `json:"puzzle"`
	}
	if err := json.Unmarshal(data, &levels); err != nil {
		t.Fatal(err)
	}
	easy := levels["easy"]
	var b bytes.Buffer
	b.WriteString(`{"easy": [`)
	for k := range n {
		if k > 0 {
			b.WriteString(",\n")
		}
		rows, _ := json.Marshal(easy[k%len(easy)].Puzzle)
		fmt.Fprintf(&b, `{"puzzle": %s}`, rows)
	}
	b.WriteString("]}\n")
	file := filepath.Join(t.TempDir(), "levels.json")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// stopped is what a run stopped by a signal left: its exit code, stdout
// and stderr, and the processes it had started (alive or not).
type stopped struct {
	code           int
	stdout, stderr string
	children       []int
}

// stopRun starts puzzlesat with args, waits until it is at work — its
// first line on stdout, or, for a command that writes only at the end
// (firstLine false), a second of CPU time of it and its children — sends
// it sig, and returns what the run left once it has ended.
func stopRun(t *testing.T, sig syscall.Signal, firstLine bool, args ...string) stopped {
	return stopRunTo(t, sig, false, firstLine, args...)
}

// stopRunTo is stopRun sending the signal to the run's process group
// when group is set, as a terminal sends Ctrl-C: puzzlesat and every
// process it started get it.
func stopRunTo(t *testing.T, sig syscall.Signal, group, firstLine bool, args ...string) stopped {
	t.Helper()
	cmd := exec.Command(puzzlesat, args...)
	cmd.Dir = ".." // paths are the repository's
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: group}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	hang := time.AfterFunc(hangLimit, func() { cmd.Process.Kill() })
	defer hang.Stop()
	out := bufio.NewReader(pipe)
	var first string
	if firstLine {
		if first, err = out.ReadString('\n'); err != nil {
			t.Fatalf("puzzlesat %s: no first line (%v); stderr %q", strings.Join(args, " "), err, stderr.String())
		}
	}
	// Read stdout from here on, so that the run never waits on it.
	rest := make(chan string)
	go func() {
		b, _ := io.ReadAll(out)
		rest <- string(b)
	}()
	for !firstLine && cpu(pid) < time.Second {
		if st, ok := proctest.Read(pid); !ok || st.State == "Z" {
			t.Fatalf("puzzlesat %s ended before it was at work; stderr %q", strings.Join(args, " "), stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	res := stopped{}
	for _, k := range proctest.Children(pid) {
		res.children = append(res.children, k.PID)
	}
	to := pid
	if group {
		to = -pid
	}
	if err := syscall.Kill(to, sig); err != nil {
		t.Fatal(err)
	}
	res.stdout = first + <-rest
	if err := cmd.Wait(); err != nil && cmd.ProcessState == nil {
		t.Fatal(err)
	}
	res.code, res.stderr = cmd.ProcessState.ExitCode(), stderr.String()
	return res
}

// cpu is the CPU time process pid and its children have run, those it
// has waited for included (crosscheck's external solvers live for
// milliseconds each: on a busy machine the live ones alone took a minute
// to reach a second).
func cpu(pid int) time.Duration {
	s, _ := proctest.Read(pid)
	d := s.CPU + s.ReapedCPU
	for _, k := range proctest.Children(pid) {
		d += k.CPU
	}
	return d
}

// TestSecondSignalEnds: a second SIGINT, a second or more after the first
// (interrupt's repeatGap), ends a run that has not stopped yet at once —
// here one reading a standard input that never ends — by the signal, or
// with exit 130 when puzzlesat was started with SIGINT ignored (a
// background job of a script), which the first one is caught despite.
func TestSecondSignalEnds(t *testing.T) {
	for _, ignored := range []bool{false, true} {
		t.Run(fmt.Sprintf("ignored=%v", ignored), func(t *testing.T) {
			cmd := exec.Command(puzzlesat, "check", "-")
			if ignored {
				cmd = exec.Command("sh", "-c", `trap "" INT; exec "$0" check -`, puzzlesat)
			}
			stdin, err := cmd.StdinPipe() // never written, never closed
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			hang := time.AfterFunc(hangLimit, func() { cmd.Process.Kill() })
			defer hang.Stop()
			// At work: a thread of it reads standard input (the sh has
			// become puzzlesat), which comes after the signals are caught.
			for !readingStdin(cmd.Process.Pid) {
				time.Sleep(10 * time.Millisecond)
			}
			cmd.Process.Signal(syscall.SIGINT)
			time.Sleep(1500 * time.Millisecond) // past the gap of a repeated request
			if st, ok := proctest.Read(cmd.Process.Pid); !ok || st.State == "Z" {
				t.Fatal("the first SIGINT ended the run: it was not caught")
			}
			cmd.Process.Signal(syscall.SIGINT)
			cmd.Wait()
			ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
			switch {
			case !ignored && !(ws.Signaled() && ws.Signal() == syscall.SIGINT):
				t.Errorf("have %v, want the end by SIGINT", cmd.ProcessState)
			case ignored && ws.ExitStatus() != 130:
				t.Errorf("have %v, want exit 130", cmd.ProcessState)
			}
		})
	}
}

// readingStdin reports whether a thread of process pid is in read(2) on
// file descriptor 0 (/proc/PID/task/TID/syscall: the call's number, 0 for
// read on x86-64 and arm64's 63, then its first argument).
func readingStdin(pid int) bool {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/syscall", pid))
	for _, task := range tasks {
		b, _ := os.ReadFile(task)
		if f := strings.Fields(string(b)); len(f) > 1 && (f[0] == "0" || f[0] == "63") && f[1] == "0x0" {
			return true
		}
	}
	return false
}
