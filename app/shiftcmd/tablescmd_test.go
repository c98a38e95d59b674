package shiftcmd_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
)

// TestTablesCommand: `shift tables` builds a puzzle's tables into an
// empty cache folder (exit 0), reads them back checked the next time,
// says when a puzzle keeps none, refuses bad input (exit 2), and stops at
// its --timeout (exit 3) before Loopover 5×5's minutes-long table.
func TestTablesCommand(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	type table struct {
		Name, File, Status string
		Bytes, Entries     int
	}
	var rec struct {
		Name   string  `json:"name"`
		Tables []table `json:"tables"`
	}
	for i, want := range []string{"built", "loaded"} {
		code, out, stderr := run(t, "", "tables", "--builtin", "loopover:3x3", "--format", "json")
		if code != 0 {
			t.Fatalf("run %d: exit %d: %s", i, code, stderr)
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		if len(rec.Tables) != 3 {
			t.Fatalf("run %d: %+v, want three tables (rows, columns, tiles)", i, rec)
		}
		for _, tb := range rec.Tables {
			if tb.Status != want || tb.Entries == 0 || !strings.HasPrefix(tb.File, cache) {
				t.Errorf("run %d: %+v, want %s in %s", i, tb, want, cache)
			}
			if _, err := os.Stat(tb.File); err != nil {
				t.Error(err)
			}
		}
	}
	tests := []struct {
		name string
		args []string
		code int
		want string // in standard output, or standard error when the exit is not 0
	}{
		{"no tables", []string{"tables", filepath.Join(testdata, "swap.txt")}, 0, "keeps no table"},
		{"no puzzle", []string{"tables"}, 2, "want a puzzle FILE"},
		{"bad built-in", []string{"tables", "--builtin", "loopover:0x9"}, 2, "loopover"},
		{"timeout", []string{"tables", "--builtin", "loopover:5x5", "--timeout", "100ms", "--quiet"}, 3, "not built"},
	}
	for _, tt := range tests {
		code, out, stderr := run(t, "", tt.args...)
		if tt.code != 0 {
			out = stderr
		}
		if code != tt.code || !strings.Contains(out, tt.want) {
			t.Errorf("%s: exit %d, want %d with %q in\n%s", tt.name, code, tt.code, tt.want, out)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(cache, "puzzlesat", "tables", "*")); len(files) != 3 {
		t.Errorf("cache holds %v, want the three 3x3 tables (no partial 5x5 one)", files)
	}
}

// TestSolveDeadlineBeforeTable: a 5×5 solve whose walking-distance table
// is not in the cache builds it under its --timeout; when the deadline
// comes first it exits 3 as any run cut short, with what SAT and the beam
// found, and says which table it lacked and how to build it.
func TestSolveDeadlineBeforeTable(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	code, puz, _ := run(t, "", "scramble", "--builtin", "loopover:5x5", "--moves", "12", "--seed", "3")
	if code != 0 {
		t.Fatal("scramble failed")
	}
	code, out, stderr := run(t, puz, "solve", "-", "--method", "search", "--timeout", "300ms", "--format", "json")
	var res answer.ShortestRecord
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if code != 3 || res.Status != "unknown" || len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "shift tables") ||
		!strings.Contains(stderr, "22069251 count matrices") {
		t.Errorf("exit %d, %+v\n%s", code, res, stderr)
	}
}
