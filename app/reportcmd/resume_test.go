package reportcmd_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/app/clitest"
)

// TestGradeTimeoutKeepsVerdict: a grade that runs out of its own budget
// (a budget no grade fits in, on a normal puzzle whose check is fast)
// leaves SAT's verdict and the redundant clues proven, and says "grade:
// timed out after N s" beside them, in the JSON, the page and the
// booklet; the exit says some work was cut short (3).
func TestGradeTimeoutKeepsVerdict(t *testing.T) {
	dir := t.TempDir()
	puzzle := "../../testdata/juosan/janko/6x6_1.in"
	whole := filepath.Join(dir, "whole.jsonl")
	if code, _, errs := clitest.RunWith(cmds, "", "report", "-o", whole, puzzle); code != 0 {
		t.Fatalf("whole run: exit %d\n%s", code, errs)
	}
	var full map[string]any
	data, _ := os.ReadFile(whole)
	if err := json.Unmarshal(data, &full); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{"cut.jsonl", "cut.html", "cut.pdf"} {
		path := filepath.Join(dir, out)
		code, _, errs := clitest.RunWith(cmds, "", "report", "--grade-timeout", "1ns", "--puzzle-timeout", "1h", "-o", path, puzzle)
		if code != 3 || !strings.Contains(errs, "(1 unique; 1 grade timed out)") {
			t.Errorf("%s: exit %d, want 3 (the grade cut short) and a summary saying so\n%s", out, code, errs)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch filepath.Ext(out) {
		case ".jsonl":
			var rec struct {
				Verdict   string
				Redundant json.RawMessage `json:"redundant_clues"`
				Grade     struct {
					Status   string
					TimedOut float64 `json:"timed_out_after_s"`
				}
			}
			if err := json.Unmarshal(data, &rec); err != nil {
				t.Fatal(err)
			}
			var red any
			json.Unmarshal(rec.Redundant, &red)
			got, _ := json.Marshal(red)
			want, _ := json.Marshal(full["redundant_clues"])
			if rec.Verdict != "unique" || rec.Grade.Status != "timeout" || rec.Grade.TimedOut != 1e-9 || string(got) != string(want) {
				t.Errorf("record %s; want unique, the redundant clues %s, grade timed out after 1e-9 s", data, want)
			}
		case ".html":
			if !strings.Contains(string(data), "grade: timed out after 1e-09 s") || !strings.Contains(string(data), "Unique: SAT proves") {
				t.Errorf("the page does not say the grade timed out beside the unique verdict")
			}
		case ".pdf":
			if len(data) == 0 {
				t.Errorf("empty booklet")
			}
		}
	}
}

// TestResumeKeepsFinished: --resume keeps the records of the journal that
// are this run's (same file, entry, fingerprint and run), passing over a
// last line cut short, and works out only the rest: the kept records come
// back as they were (their times too, set here to a mark no run takes),
// and the whole equals an uninterrupted run, times aside. A journal of
// another run (other options) is not kept.
func TestResumeKeepsFinished(t *testing.T) {
	dir := t.TempDir()
	single := filepath.Join(dir, "single.jsonl")
	if code, _, errs := clitest.RunWith(cmds, "", append([]string{"report", "-o", single}, subset...)...); code != 2 {
		t.Fatalf("single run: exit %d\n%s", code, errs)
	}
	data, err := os.ReadFile(single)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSpace(string(data)), "\n")
	const mark = 987654.5
	var journal strings.Builder
	kept := 0
	for _, line := range lines[:5] {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		if m["verdict"] != "malformed" && m["timed_out"] == nil {
			kept++ // a malformed entry is read again
		}
		m["ms"] = mark
		b, _ := json.Marshal(m)
		journal.Write(append(b, '\n'))
	}
	journal.WriteString(lines[5][:len(lines[5])/2]) // a line cut short
	resumed := filepath.Join(dir, "resumed.jsonl")
	if err := os.WriteFile(resumed, []byte(journal.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := clitest.RunWith(cmds, "", append([]string{"report", "--resume", "-o", resumed}, subset...)...)
	if code != 2 || !strings.Contains(errs, "resuming: "+itoa(kept)+" of 16 puzzles finished before") {
		t.Fatalf("--resume: exit %d, %s; want 2 and %d kept", code, errs, kept)
	}
	if a, b := facts(t, single), facts(t, resumed); strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("resumed differs from the single run:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	data, _ = os.ReadFile(resumed)
	if n := strings.Count(string(data), `"ms":987654.5`); n != kept {
		t.Errorf("%d records kept with their time from the journal, want %d (the well-formed ones of the first 5)", n, kept)
	}
	// Resumed with other options, nothing is kept: another run.
	code, _, errs = clitest.RunWith(cmds, "", append([]string{"report", "--resume", "--certify", "-o", resumed}, subset...)...)
	if code != 2 || !strings.Contains(errs, "resuming: 0 of 16") {
		t.Errorf("--resume --certify: exit %d, %s; want nothing kept", code, errs)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
