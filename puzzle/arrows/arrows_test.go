package arrows

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

func corpusDirs(t testing.TB) []string {
	t.Helper()
	dirs, err := filepath.Glob("../../testdata/arrows/20*")
	if err != nil || len(dirs) != 23 {
		t.Fatalf("corpus: have %d folders (%v), want 23", len(dirs), err)
	}
	return dirs
}

func TestCorpusSolutionsVerify(t *testing.T) {
	for _, dir := range corpusDirs(t) {
		p, err := ReadDir(dir)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		if p.Solution == nil || p.Meta.Difficulty == "" {
			t.Errorf("%s: solution or metadata missing", dir)
			continue
		}
		if v := p.Verify(p.Assignment(p.Solution)); v != nil {
			t.Errorf("%s: solution violates %v", dir, v)
		}
		if want := p.Meta.Arrows == "Diagonal"; p.Diagonal() != want {
			t.Errorf("%s: Diagonal() = %v, metadata says %q", dir, p.Diagonal(), p.Meta.Arrows)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, dir := range corpusDirs(t) {
		data, err := os.ReadFile(filepath.Join(dir, "puzzle.txt"))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Parse("puzzle.txt", data)
		if err != nil {
			t.Fatal(err)
		}
		box, _ := p.Format(FormatBox, nil)
		if strings.TrimSpace(box) != strings.TrimSpace(string(data)) {
			t.Errorf("%s: box format differs:\nhave\n%s\nwant\n%s", dir, box, data)
		}
		canon, err := p.Format(FormatCanonical, nil)
		if err != nil {
			t.Fatal(err)
		}
		q, err := Parse("canon", []byte(canon))
		if err != nil {
			t.Fatalf("%s: reparse canonical: %v\n%s", dir, err, canon)
		}
		again, _ := q.Format(FormatBox, nil)
		if again != box {
			t.Errorf("%s: canonical round trip changed the puzzle", dir)
		}
	}
}

func TestVerifyNamesWrongArrows(t *testing.T) {
	p, err := ReadDir("../../testdata/arrows/2026-01-24")
	if err != nil {
		t.Fatal(err)
	}
	a := p.Assignment(p.Solution)
	a[0] = 2 // r1c1 really holds 3
	var have []string
	for _, v := range p.Verify(a) {
		if v.Rule == "count" {
			have = append(have, v.Cells[0].String())
		}
	}
	// r1c1 is wrong itself; arrows that see r1c1 may now count differently.
	if len(have) == 0 || have[0] != "r1c1" {
		t.Errorf("have wrong arrows %v, want r1c1 first", have)
	}
	for _, c := range have {
		i := -1
		for j, v := range p.Vars() {
			if v.Name == c {
				i = j
			}
		}
		if i != 0 && !contains(p.Ray(i), 0) {
			t.Errorf("%s named wrong but does not see r1c1", c)
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in  string
		line, col int
		msg       string
	}{
		{"bad glyph", "+----+\n| x. |\n+----+\n", 2, 3, "not an arrow"},
		{"bad value", "+----+\n| ↑z9 |\n+----+\n", 2, 3, "bad value"},
		{"ragged", "+----+----+\n| ↑. | ↓. |\n| ↑. |\n", 3, 1, "row has 1 cells"},
		{"junk line", "+----+\nhello\n", 2, 1, "want a row"},
		{"canon header", "arrows 3\n", 1, 8, "bad size"},
		{"canon cell", "arrows 1x2\n↑. q\n", 2, 4, "not an arrow"},
		{"canon rows", "arrows 2x1\n↑.\n", 3, 0, "1 rows, want 2"},
		{"given too big", "+----+\n| ↑5 |\n+----+\n", 0, 0, "out of range"},
	}
	for _, tt := range tests {
		_, err := Parse("f", []byte(tt.in))
		pe, ok := err.(*puzzle.Error)
		if !ok {
			t.Errorf("%s: have %v, want *puzzle.Error", tt.name, err)
			continue
		}
		if pe.Line != tt.line || (tt.col > 0 && pe.Col != tt.col) || !strings.Contains(pe.Msg, tt.msg) {
			t.Errorf("%s: have %d:%d %q, want %d:%d %q", tt.name, pe.Line, pe.Col, pe.Msg, tt.line, tt.col, tt.msg)
		}
	}
}

func TestLargeValues(t *testing.T) {
	// A 1x12 row of arrows pointing west: values up to 11 need two digits.
	var b strings.Builder
	b.WriteString("arrows 1x12\n")
	for c := 0; c < 12; c++ {
		b.WriteString("← ")
	}
	p, err := Parse("wide", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	sol := [][]int{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}}
	if v := p.Verify(p.Assignment(sol)); v != nil {
		t.Fatalf("verify: %v", v)
	}
	box, _ := p.Format(FormatBox, sol)
	back, err := ParseSolution(p, "box", []byte(box))
	if err != nil || back[0][11] != 11 {
		t.Fatalf("have %v %v, want 11 at the end", back, err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"+----+\n| ↑. |\n+----+\n", "arrows 1x2\n↑. ↓3\n", "| ↘3 | ↙1 |\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("fuzz", data)
		if err != nil {
			return
		}
		out, err := p.Format(FormatCanonical, nil)
		if err != nil {
			t.Fatal(err)
		}
		q, err := Parse("again", []byte(out))
		if err != nil {
			t.Fatalf("reparse of %q: %v", out, err)
		}
		if again, _ := q.Format(FormatCanonical, nil); again != out {
			t.Fatalf("round trip changed %q to %q", out, again)
		}
	})
}
