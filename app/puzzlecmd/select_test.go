package puzzlecmd_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
)

// Inputs with a malformed second entry, for the kinds that hold many
// puzzles in a file, and a malformed Arrows file (it holds one puzzle).
var (
	shinroGrid  = "[" + strings.Repeat("[0,0,0,0,0,0,0,0],", 7) + "[5,0,0,0,0,0,0,4]]"
	shinroMixed = `[{"index": 1, "grid": ` + shinroGrid + "},\n" + `{"index": 4, "grid": [[1]]},` + "\n" + `{"index": 7, "grid": ` + shinroGrid + `}]`
	linjatMixed = "{\"easy\": [{\"puzzle\": [\"2.\"]},\n{\"puzzle\": [\"2x\"]},\n{\"puzzle\": [\".2\"]}]}"
	arrowsBad   = "arrows 1x2\n→1 ←x\n"
)

// TestSelect: FILE#SEL means one thing for every kind (puzzle.Selection):
// #N the file's N-th entry counting malformed ones, whose errors name the
// same number (exit 2); #0 and past the end name the file's count (exit
// 2); other selections are names, then the kind's aliases; -#N selects
// from standard input.
func TestSelect(t *testing.T) {
	type selectCase struct {
		name  string
		stdin string
		arg   string
		code  int
		want  string // in stdout (the JSON record) when code < 2, else in stderr
	}
	tests := []selectCase{
		{"juosan #1", "", play + "#1", 1, `"name":"4x4_1 (easy).in"`},
		{"juosan #7", "", play + "#7", 0, `"name":"6x6_1 (medium).in"`},
		{"juosan malformed #6", "", play + "#6", 2, "janko_instances.json:1:601: entry 6 (5x5_3 (medium).in): label 6 at r4c5 out of range"},
		{"juosan malformed by name", "", play + "#5x5_3", 2, "entry 6 (5x5_3 (medium).in): label 6"},
		{"juosan no such name", "", play + "#7x7_9", 2, `no puzzle named "7x7_9" (the file holds 74 entries)`},
		{"juosan stdin", string(testcorpus.Read(t, "juosan", "janko_instances.json")), "-#7", 0, `"file":"<stdin>"`},
		{"juosan stdin malformed", string(testcorpus.Read(t, "juosan", "janko_instances.json")), "-#6", 2, "<stdin>:1:601: entry 6 (5x5_3 (medium).in)"},
		{"shinro #1", "", shinroF + "#1", 0, `"name":"playshinro 1"`},
		{"shinro #5", "", shinroF + "#5", 0, `"name":"playshinro 13"`},
		{"shinro stdin malformed", shinroMixed, "-#2", 2, "<stdin>:2:22: entry 2 (playshinro 4): want 8 grid rows, have 1"},
		{"shinro stdin", shinroMixed, "-#3", 0, `"name":"playshinro 7"`},
		{"linjat #1", "", linjatF + "#1", 0, `"name":"tutorial/1"`},
		{"linjat #4", "", linjatF + "#4", 0, `"name":"easy/1"`},
		{"linjat stdin malformed", linjatMixed, "-#2", 2, "<stdin>:2:15: entry 2 (easy/2): cell r1c2"},
		{"linjat stdin", linjatMixed, "-#3", 0, `"name":"easy/3"`},
		{"arrows #1", "", arrowsDir + "#1", 0, `"name":"2026-01-24"`},
		{"arrows stdin", string(testcorpus.Read(t, "arrows", "2026-01-24", "puzzle.txt")), "-#1", 0, `"status":"unique"`},
		{"arrows stdin malformed", arrowsBad, "-#1", 2, "<stdin>:2:4: given 33 out of range"},
	}
	// What every kind's file answers alike: #0 and past the end name the
	// file (base) and its count; a puzzle's name selects it, and so does
	// the kind's alias of that name.
	for _, f := range []struct {
		kind, path, base string
		entries          int
		name, alias      string // alias "": the kind has none
	}{
		{"juosan", play, "janko_instances.json", 74, "6x6_1 (medium).in", "6x6_1"},
		{"shinro", shinroF, "playshinro.json", 40, "playshinro 13", "playshinro-13"},
		{"linjat", linjatF, "puzzles.json", 103, "easy/3", "easy-3"},
		{"arrows", arrowsDir, "puzzle.txt", 1, "2026-01-24", ""},
	} {
		holds := fmt.Sprintf("(the file holds %s)", plural.N(f.entries, "entry", "entries"))
		past := f.entries + 1
		named := fmt.Sprintf(`"name":%q`, f.name)
		tests = append(tests,
			selectCase{f.kind + " #0", "", f.path + "#0", 2, f.base + ": no puzzle 0 " + holds},
			selectCase{f.kind + " past the end", "", f.path + "#" + strconv.Itoa(past), 2, fmt.Sprintf("%s: no puzzle %d %s", f.base, past, holds)},
			selectCase{f.kind + " name", "", f.path + "#" + f.name, 0, named})
		if f.alias != "" {
			tests = append(tests, selectCase{f.kind + " alias", "", f.path + "#" + f.alias, 0, named})
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, tt.stdin, "check", "--format", "json", tt.arg)
			have := out
			if tt.code >= 2 {
				have = errs
			}
			if code != tt.code || !strings.Contains(have, tt.want) {
				t.Errorf("check %s:\nhave exit %d, stdout %s, stderr %s\nwant exit %d with %s", tt.arg, code, out, errs, tt.code, tt.want)
			}
		})
	}
}
