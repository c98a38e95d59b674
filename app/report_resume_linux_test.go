package app_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReportResumeAfterInterrupts: a mixed run of the report (every
// kind, malformed and non-unique entries, 80 Linjat levels) stopped twice
// by SIGINT once its journal has some more records, and resumed each
// time with --resume, ends with the same JSON lines as one uninterrupted
// run, times aside; each stopped run leaves the records it finished (its
// journal, every line whole) and says it is incomplete, and each
// resumed run keeps what the one before it finished. The waits are
// bounded by the journal's lines, never by the clock (hangLimit only
// catches a run that never stops).
func TestReportResumeAfterInterrupts(t *testing.T) {
	dir := t.TempDir()
	args := []string{
		"testdata/hostile", "testdata/arrows/2026-03-07", linjatLevels(t, 80),
		"testdata/shinro/playshinro-1.txt", "testdata/juosan/janko/6x6_1.in",
	}
	run := func(out string, extra ...string) *exec.Cmd {
		cmd := exec.Command(puzzlesat, append(append([]string{"report", "--jobs", "1", "-o", out}, extra...), args...)...)
		cmd.Dir = ".."
		cmd.Stderr = new(bytes.Buffer)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	wait := func(cmd *exec.Cmd) (int, string) {
		hang := time.AfterFunc(hangLimit, func() { cmd.Process.Kill() })
		defer hang.Stop()
		if err := cmd.Wait(); err != nil && cmd.ProcessState == nil {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), cmd.Stderr.(*bytes.Buffer).String()
	}
	whole := filepath.Join(dir, "whole.jsonl")
	wantCode, errs := wait(run(whole))
	if wantCode != 2 {
		t.Fatalf("uninterrupted run: exit %d, want 2 (malformed entries)\n%s", wantCode, errs)
	}
	total := len(reportFacts(t, whole))

	part := filepath.Join(dir, "part.jsonl")
	closing := regexp.MustCompile(`(?m)^puzzlesat: report: incomplete: interrupted after (\d+) of (\d+) puzzles`)
	resuming := regexp.MustCompile(`(?m)^report: resuming: (\d+) of (\d+) puzzles finished before`)
	kept := 0
	for round, extra := range [][]string{nil, {"--resume"}} {
		cmd := run(part, extra...)
		// Stop it once its journal holds 10 records more than it kept.
		deadline := time.Now().Add(hangLimit)
		for journalLines(part) < kept+10 {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("round %d: the journal never reached %d records", round+1, kept+10)
			}
			time.Sleep(5 * time.Millisecond)
		}
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		code, errs := wait(cmd)
		m := closing.FindStringSubmatch(errs)
		// Exit 2: a malformed entry among those finished outranks the
		// run being incomplete (3), as at --timeout.
		if code != 2 || m == nil {
			t.Fatalf("round %d: exit %d, stderr %q; want 2 and %q", round+1, code, clip(errs), closing)
		}
		if round > 0 {
			r := resuming.FindStringSubmatch(errs)
			if r == nil || r[1] != strconv.Itoa(kept) {
				t.Errorf("round %d: stderr %q; want it to resume from the %d finished before", round+1, clip(errs), kept)
			}
		}
		finished, _ := strconv.Atoi(m[1])
		recs := reportFacts(t, part)
		if len(recs) != finished || finished <= kept || finished >= total {
			t.Fatalf("round %d: %d records written, %d finished said, %d kept before, of %d", round+1, len(recs), finished, kept, total)
		}
		// What the next run keeps: all but the malformed entries, which
		// it reads again.
		kept = 0
		for _, r := range recs {
			if !strings.Contains(r, `"verdict":"malformed"`) {
				kept++
			}
		}
	}
	code, errs := wait(run(part, "--resume"))
	if r := resuming.FindStringSubmatch(errs); code != wantCode || r == nil || r[1] != strconv.Itoa(kept) {
		t.Fatalf("last round: exit %d, stderr %q; want %d, resuming from %d", code, clip(errs), wantCode, kept)
	}
	a, b := reportFacts(t, whole), reportFacts(t, part)
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("interrupted twice and resumed differs from one run:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// journalLines counts the whole lines of a journal (none when not there).
func journalLines(path string) int {
	data, _ := os.ReadFile(path)
	return bytes.Count(data, []byte("\n"))
}

// reportFacts are a report's JSON lines without the times, which differ
// run to run; every line must be whole.
func reportFacts(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for line := range strings.Lines(string(data)) {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil || !strings.HasSuffix(line, "\n") {
			t.Fatalf("%s: %v: %q", file, err, line)
		}
		delete(m, "ms")
		if c, ok := m["certificate"].(map[string]any); ok {
			delete(c, "check_ms")
		}
		b, _ := json.Marshal(m)
		out = append(out, string(b))
	}
	return out
}
