package puzzlecmd_test

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/kinds"
)

const juosan6 = "../../testdata/juosan/6x6_1.juosan"

// multiJuosan is 6x6_1 with three numbers wiped, its solution block kept:
// a puzzle of several solutions that carries its intended one.
func multiJuosan(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(juosan6)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.NewReplacer("b7", "b ", "d5", "d ", "c2", "c ").Replace(string(data))
	path := filepath.Join(t.TempDir(), "multi.juosan")
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestAmendCommands: minimize and repair from the command line, their
// exit codes and messages.
func TestAmendCommands(t *testing.T) {
	multi := multiJuosan(t)
	clitest.Test(t, []clitest.Case{
		{Name: "minimize", Args: []string{"minimize", juosan6}, Code: 0,
			Out: []string{"juosan\n", "grid"}, Err: []string{"removed 1 clue of 8: 3 r5c3", "maximal", "9 SAT proofs"}},
		{Name: "minimize selection", Args: []string{"minimize", linjatF + "#5"}, Code: 0,
			Err: []string{"removed 3 clues of 6", "written in the levels format"}},
		{Name: "minimize band", Args: []string{"minimize", "--band", "medium", juosan6}, Code: 0,
			Err: []string{"still in band medium"}},
		{Name: "minimize unknown band", Args: []string{"minimize", "--band", "nosuch", juosan6}, Code: 2,
			Err: []string{`unknown difficulty "nosuch"`}},
		{Name: "minimize not unique", Args: []string{"minimize", multi}, Code: 1,
			Err: []string{"multiple, not unique"}},
		{Name: "minimize stdin", Stdin: "not a puzzle", Args: []string{"minimize", "-"}, Code: 2,
			Err: []string{"cannot tell the puzzle kind"}},
		{Name: "minimize two", Args: []string{"minimize", juosan6, juosan6}, Code: 2,
			Err: []string{"give one puzzle"}},
		{Name: "minimize many", Args: []string{"minimize", linjatF}, Code: 2,
			Err: []string{"pick one with FILE#N"}},
		{Name: "repair", Args: []string{"repair", multi}, Code: 0,
			Out: []string{"a1 b7 b  b  b  c2"}, Err: []string{"added 3 clues from the intended solution: 7 r1c2, 2 r1c6, 5 r3c1", "band medium", "minimum (proven"}},
		{Name: "repair unique", Args: []string{"repair", juosan6}, Code: 0,
			Err: []string{"unique already: no clue added"}},
		{Name: "repair unsolvable", Args: []string{"repair", "--rule", "majority", play + "#5x5_1"}, Code: 1,
			Err: []string{"no solution;", "1 clue contradicts the rules on its own"}},
	})
}

// TestAmendReadBack: what minimize and repair write reads back as a
// unique puzzle (check exits 0), through stdout and through -o.
func TestAmendReadBack(t *testing.T) {
	multi := multiJuosan(t)
	for _, args := range [][]string{{"minimize", juosan6}, {"minimize", shinroF + "#5"}, {"minimize", arrowsDir}, {"repair", multi}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errs := clitest.Run("", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if code, _, errs := clitest.Run(out, "check", "-"); code != 0 {
				t.Fatalf("check of the output: exit %d: %s\n%s", code, errs, out)
			}
			file := filepath.Join(t.TempDir(), "out")
			code, stdout, errs := clitest.Run("", append(args, "-o", file)...)
			if code != 0 || stdout != "" {
				t.Fatalf("with -o: exit %d, stdout %q: %s", code, stdout, errs)
			}
			data, err := os.ReadFile(file)
			if err != nil || string(data) != out {
				t.Fatalf("-o wrote %q (%v), stdout gave %q", data, err, out)
			}
		})
	}
}

// TestAmendJSON: --format json is one record with the puzzle and the
// clues, which reads back.
func TestAmendJSON(t *testing.T) {
	multi := multiJuosan(t)
	for _, tc := range []struct {
		args   []string
		status string
		clues  string
	}{
		{[]string{"minimize", juosan6}, "minimized", "removed"},
		{[]string{"repair", multi}, "repaired", "added"},
	} {
		t.Run(tc.status, func(t *testing.T) {
			code, out, errs := clitest.Run("", append(tc.args, "--format", "json")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var rec map[string]any
			if err := json.Unmarshal([]byte(out), &rec); err != nil {
				t.Fatal(err)
			}
			list, _ := rec[tc.clues].([]any)
			if rec["status"] != tc.status || len(list) == 0 || rec["format"] != "canonical" {
				t.Fatalf("record %v", rec)
			}
			puzzle, _ := rec["puzzle"].(string)
			if code, _, errs := clitest.Run(puzzle, "check", "-"); code != 0 {
				t.Fatalf("check of the record's puzzle: exit %d: %s", code, errs)
			}
		})
	}
}

// TestAmendInterrupted: a run whose context has ended (Ctrl-C) writes
// nothing and exits 3.
func TestAmendInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, cmd := range []string{"minimize", "repair"} {
		var out strings.Builder
		code := app.Run(ctx, kinds.Default(), strings.NewReader(""), &out, io.Discard, []string{"puzzlesat", cmd, juosan6})
		if code != 3 || out.Len() != 0 {
			t.Errorf("%s: exit %d, stdout %q; want 3 and nothing", cmd, code, out.String())
		}
	}
}
