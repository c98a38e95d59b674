package puzzlecmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/app/reportcmd"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// TestWalkDropsNothing: a folder walk never passes over a file it cannot
// read as a puzzle. Beside one good puzzle, a file meant as a puzzle that
// is not one (empty, cut short, binary, broken JSON) is a malformed entry
// named with its path and position, and check, crosscheck and report exit
// 2; the files passed over on purpose (of no puzzle kind, hidden) are
// counted in one closing line on stderr, and the exit stays 0.
func TestWalkDropsNothing(t *testing.T) {
	good, err := os.ReadFile("../../testdata/juosan/6x6_1.juosan")
	if err != nil {
		t.Fatal(err)
	}
	in, err := os.ReadFile(janko)
	if err != nil {
		t.Fatal(err)
	}
	cut := strings.Join(strings.SplitAfter(string(in), "\n")[:3], "") // size, count and clues; no rows
	tests := []struct {
		name, file, data string
		code             int
		err              string // what stderr (report: its records) says of it
	}{
		{"empty", "empty.juosan", "", 2, "empty.juosan:1:1: empty input"},
		{"cut .in", "cut.in", cut, 2, "cut.in:4:1: want 6 rows of labels, found 0"},
		{"binary json", "binary.json", "\x00\x01\x02\xff{}", 2, "binary.json:1:1: binary data"},
		{"cut json", "levels.json", `{"easy": [`, 2, "levels.json:1:11: JSON: unexpected end of input"},
		{"no kind", "README.md", "# notes\n", 0, "skipped 1 file in DIR: 1 of no puzzle kind"},
		{"hidden", ".hidden.juosan", "", 0, "skipped 1 file in DIR: 1 hidden"},
	}
	report := []*cli.Command{reportcmd.Command(kinds.Default())}
	for _, tt := range tests {
		dir := t.TempDir()
		for name, data := range map[string]string{"good.juosan": string(good), tt.file: tt.data} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want := strings.ReplaceAll(tt.err, "DIR", dir)
		out := filepath.Join(t.TempDir(), "r.jsonl")
		for _, run := range []struct {
			cmd      string
			cmds     []*cli.Command // nil: puzzlesat's own
			args     []string
			answered string // what says the good puzzle was answered
		}{
			{"check", nil, []string{"check", dir}, "good.juosan"},
			{"crosscheck", nil, []string{"crosscheck", "--solvers", "gini", dir}, "crosscheck: 1 puzzles"},
			{"report", report, []string{"report", "-o", out, dir}, "good.juosan"},
		} {
			t.Run(tt.name+"/"+run.cmd, func(t *testing.T) {
				code, stdout, stderr := clitest.RunWith(run.cmds, "", run.args...)
				said := stderr
				if run.cmd == "report" && tt.code != 0 {
					data, _ := os.ReadFile(out)
					said = string(data)
				}
				if code != tt.code || !strings.Contains(said, want) {
					t.Errorf("exit %d, want %d and %q said\nstdout:\n%s\nstderr:\n%s\nsaid:\n%s", code, tt.code, want, stdout, stderr, said)
				}
				if !strings.Contains(stdout+readIf(out), run.answered) {
					t.Errorf("the good puzzle is not answered:\n%s", stdout)
				}
			})
		}
	}
}

// readIf is the content of file, "" when there is none.
func readIf(file string) string {
	data, _ := os.ReadFile(file)
	return string(data)
}
