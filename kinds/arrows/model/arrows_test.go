package model_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	acorpus "github.com/puzzlesat/puzzlesat/kinds/arrows/corpus"

	arrows "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

func TestCorpusSolutionsVerify(t *testing.T) {
	for _, p := range acorpus.Puzzles(t) {
		if p.Solution == nil || p.Meta.Difficulty == "" {
			t.Errorf("%s: solution or metadata missing", p.Name())
			continue
		}
		if v := p.Verify(p.Solution); v != nil {
			t.Errorf("%s: solution violates %v", p.Name(), v)
		}
		if want := p.Meta.Arrows == "Diagonal"; p.Diagonal() != want {
			t.Errorf("%s: Diagonal() = %v, metadata says %q", p.Name(), p.Diagonal(), p.Meta.Arrows)
		}
	}
}

// parseOne reads data, which must hold exactly one puzzle, in the format
// Formats detects.
func parseOne(t *testing.T, name string, data []byte) *arrows.Puzzle {
	t.Helper()
	ps, err := arrows.Formats.Parse(arrows.Kind, name, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(ps) != 1 {
		t.Fatalf("%s: have %d puzzles, want 1", name, len(ps))
	}
	return ps[0]
}

func write(t *testing.T, format string, p *arrows.Puzzle) []byte {
	t.Helper()
	out, err := arrows.Formats.Write(format, []*arrows.Puzzle{p})
	if err != nil {
		t.Fatalf("write %s: %v", format, err)
	}
	return out
}

// TestRoundTrip: the box writer reproduces every reference puzzle.txt, and
// the canonical text reads back to the same puzzle; each is detected as
// its own format.
func TestRoundTrip(t *testing.T) {
	for _, dir := range acorpus.Dirs(t) {
		data, err := os.ReadFile(filepath.Join(dir, "puzzle.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if have := arrows.Formats.Detect("puzzle.txt", data); have != arrows.Box {
			t.Errorf("%s: detected %v, want box", dir, have)
		}
		p := parseOne(t, "puzzle.txt", data)
		box := write(t, "box", p)
		if strings.TrimSpace(string(box)) != strings.TrimSpace(string(data)) {
			t.Errorf("%s: box format differs:\nhave\n%s\nwant\n%s", dir, box, data)
		}
		canon := write(t, "", p)
		if have := arrows.Formats.Detect("canon", canon); have != arrows.Canonical {
			t.Errorf("%s: canonical text detected as %v", dir, have)
		}
		if again := write(t, "box", parseOne(t, "canon", canon)); string(again) != string(box) {
			t.Errorf("%s: canonical round trip changed the puzzle", dir)
		}
	}
}

func TestVerifyNamesWrongArrows(t *testing.T) {
	p := acorpus.Puzzle(t, "2026-01-24")
	a := slices.Clone(p.Solution)
	a[0] = 2 // r1c1 really holds 3
	var have []puzzle.Pos
	for _, v := range p.Verify(a) {
		if v.Rule == "count" {
			have = append(have, v.Cells[0])
		}
	}
	// r1c1 is wrong itself; arrows that see r1c1 may now count differently.
	if len(have) == 0 || have[0] != (puzzle.Pos{}) {
		t.Errorf("have wrong arrows %v, want r1c1 first", have)
	}
	for _, q := range have[1:] {
		if !slices.Contains(p.Ray(p.Index(q)), 0) {
			t.Errorf("%v named wrong but does not see r1c1", q)
		}
	}
}

// TestVerifyPartial: on a partial board an empty cell is named once, and
// an arrow only when it and every cell it sees are filled: of what a wrong
// value breaks on the full board, what involves the empty cell is left out.
func TestVerifyPartial(t *testing.T) {
	p := acorpus.Puzzle(t, "2026-01-24")
	wrong, empty := p.Index(puzzle.Pos{Row: 0, Col: 0}), p.Index(puzzle.Pos{Row: 3, Col: 0})
	a := slices.Clone(p.Solution)
	a[wrong] = (a[wrong] + 1) % p.NumValues()
	var want []string
	for _, v := range p.Verify(a) {
		if !slices.Contains(v.Cells, p.Pos(empty)) {
			want = append(want, fmt.Sprintf("%s@%v", v.Rule, v.Cells))
		}
	}
	want = append([]string{fmt.Sprintf("empty-cell@[%v]", p.Pos(empty))}, want...)
	a[empty] = -1
	var have []string
	for _, v := range p.Verify(a) {
		have = append(have, fmt.Sprintf("%s@%v", v.Rule, v.Cells))
	}
	if !slices.Equal(have, want) || len(want) < 2 {
		t.Errorf("have %v\nwant %v (and at least one arrow)", have, want)
	}
}

func TestIndexPos(t *testing.T) {
	p := parseOne(t, "row", []byte("arrows 2x3\n→ → ←\n↑ ↑ ↑\n"))
	for i := range p.Vars() {
		if have := p.Index(p.Pos(i)); have != i {
			t.Errorf("Index(Pos(%d)) = %d, want %d", i, have, i)
		}
	}
	tests := []struct {
		q    puzzle.Pos
		want int
	}{
		{puzzle.Pos{Row: 0, Col: 0}, 0},
		{puzzle.Pos{Row: 1, Col: 2}, 5},
		{puzzle.Pos{Row: 2, Col: 0}, -1},
		{puzzle.Pos{Row: 0, Col: 3}, -1},
		{puzzle.Pos{Row: -1, Col: 1}, -1},
	}
	for _, tt := range tests {
		if have := p.Index(tt.q); have != tt.want {
			t.Errorf("Index(%v) = %d, want %d", tt.q, have, tt.want)
		}
	}
}

// errorsOf renders every error of err as "line:col: message", or fails
// when err is not positioned.
func errorsOf(t *testing.T, err error) []string {
	t.Helper()
	var list srcpos.ErrorList
	var one *srcpos.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = srcpos.ErrorList{one}
	default:
		t.Fatalf("have %v, want positioned errors", err)
	}
	var out []string
	for _, e := range list {
		out = append(out, fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg))
	}
	return out
}

// matches reports whether every error has its want prefix, in order.
func matches(have, want []string) bool {
	if len(have) != len(want) {
		return false
	}
	for i := range have {
		if !strings.HasPrefix(have[i], want[i]) {
			return false
		}
	}
	return true
}

func TestParseErrors(t *testing.T) {
	big := "arrows 1x37\n" + strings.Repeat("← ", 37) + "\n"
	tests := []struct {
		name, in string
		want     []string // every error, as a prefix of "line:col: message"
	}{
		{"bad glyph", "+----+\n| x. |\n+----+\n", []string{`2:3: 'x' is not an arrow`}},
		{"bad value", "+----+\n| ↑z9 |\n+----+\n", []string{`2:3: bad value "z9"`}},
		{"every bad cell", "+----+----+\n| x. | ↑? |\n| ↑. | ↓! |\n+----+----+\n",
			[]string{`2:3: 'x' is not an arrow`, `2:8: bad value "?"`, `3:8: bad value "!"`}},
		{"columns in runes", "+----+----+\n| ↘. | ↘? |\n+----+----+\n", []string{`2:8: bad value "?"`}},
		{"ragged", "+----+----+\n| ↑. | ↓. |\n| ↑. |\n", []string{"3:1: row has 1 cells, first row has 2"}},
		{"junk line", "+----+\nhello\n| ↑? |\n", []string{"2:1: want a row", `3:3: bad value "?"`}},
		{"bad border", "+--x-+\n| ↑. |\n", []string{"1:4: separator line may hold only"}},
		{"no rows", "+----+\n", []string{"2:1: no grid rows"}},
		{"canon header", "arrows 3\n", []string{`1:8: bad size "3"`}},
		{"canon no header", "rows 1x1\n↑.\n", []string{`1:1: want header`}},
		{"canon extra word", "arrows 1x1 2\n↑.\n", []string{`1:12: want header`}},
		{"canon bad size still reads rows", "arrows 0x1\n↑?\n", []string{`1:8: bad size "0x1"`, `2:1: bad value "?"`}},
		{"canon cell", "arrows 1x2\n↑. q\n", []string{`2:4: 'q' is not an arrow`}},
		{"canon every cell", "arrows 2x2\n↑. q\nz ↓1\n", []string{`2:4: 'q' is not an arrow`, `3:1: 'z' is not an arrow`}},
		{"canon row length", "arrows 2x2\n↑. ↓.\n↑.\n", []string{"3:1: row has 1 cells, want 2"}},
		{"canon rows", "arrows 2x1\n↑.\n", []string{"3:1: 1 rows, want 2"}},
		{"canon rows no newline", "arrows 2x1\n↑.", []string{"2:3: 1 rows, want 2"}},
		{"canon more rows", "arrows 1x1\n↑.\n↓.\n↓.\n", []string{"3:1: more than 1 rows"}},
		{"given too big", "+----+\n| ↑5 |\n+----+\n", []string{"2:3: given 5 out of range 0..0"}},
		{"every given too big", "arrows 1x2\n→3 ←.\n# and\n", []string{"2:1: given 3 out of range 0..1"}},
		{"grid too big", big, []string{"2:73: grid 1x37 allows values above 35"}},
		{"bom", "\uFEFFarrows 1x1\n↑?\n", []string{`2:1: bad value "?"`}},
		{"combining mark after the arrow", "arrows 1x2\n→\u0301. ←.\n", []string{"2:1: combining mark U+0301 in the cell"}},
		{"combining mark after the value", "+----+\n| ↑.\u0301 |\n+----+\n", []string{"2:3: combining mark U+0301 in the cell"}},
		{"value too large", "arrows 1x2\n→100 ←.\n", []string{"2:1: value 100 too large (max 35)"}},
		{"not utf-8", "arrows 1x1\n↑\xff\n", []string{"2:2: input is not UTF-8"}},
		{"empty", "# nothing\n\n", []string{"1:1: empty input"}},
	}
	for _, tt := range tests {
		_, err := arrows.Parse("f", []byte(tt.in))
		if have := errorsOf(t, err); !matches(have, tt.want) {
			t.Errorf("%s: have %q, want %q", tt.name, have, tt.want)
		}
	}
}

// TestParseUndetected: input that no format claims, so that kind
// detection leaves it alone, still reads once the kind is known.
func TestParseUndetected(t *testing.T) {
	tests := []struct {
		name, in string
	}{
		{"comment before the header", "# a row\narrows 1x3\n→ → ←\n"},
		{"box without its top border", "| → | → | ← |\n+---+---+---+\n"},
	}
	for _, tt := range tests {
		if f := arrows.Formats.Detect("f", []byte(tt.in)); f != nil {
			t.Errorf("%s: detected as %s, want undetected", tt.name, f.Name)
		}
		ps, err := arrows.Parse("f", []byte(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if have := ps[0].CanonicalText(nil); have != "arrows 1x3\n→. →. ←.\n" {
			t.Errorf("%s: have %q", tt.name, have)
		}
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name, in string
		want     *puzzle.Format[*arrows.Puzzle]
	}{
		{"box", "+----+\n| ↑. |\n+----+\n", arrows.Box},
		{"box with bom", "\uFEFF+----+\n| ↑. |\n+----+\n", arrows.Box},
		{"box without arrows", "+----+\n| 3 |\n+----+\n", nil},
		{"canonical", "\n  arrows 1x1\n↑.\n", arrows.Canonical},
		{"other", "juosan 2x2\n", nil},
	}
	for _, tt := range tests {
		if have := arrows.Formats.Detect("f", []byte(tt.in)); have != tt.want {
			t.Errorf("%s: have %v, want %v", tt.name, have, tt.want)
		}
	}
}

func TestWriteHoldsOnePuzzle(t *testing.T) {
	p := parseOne(t, "row", []byte("arrows 1x2\n→ ←\n"))
	for _, f := range arrows.Formats.Writers() {
		if _, err := arrows.Formats.Write(f, []*arrows.Puzzle{p, p}); err == nil {
			t.Errorf("%s: wrote two puzzles into one file", f)
		}
	}
}

func TestMetadata(t *testing.T) {
	m, err := arrows.ParseMetadata("m", []byte("\uFEFF# reference\ndifficulty: Hard\r\nsize: \"6x6\"\nauthor: x\narrows: Diagonal\n"))
	if want := (arrows.Metadata{Difficulty: "Hard", Size: "6x6", Arrows: "Diagonal"}); err != nil || m != want {
		t.Errorf("have %+v %v, want %+v", m, err, want)
	}
	_, err = arrows.ParseMetadata("m", []byte("difficulty Hard\nsize: 6x6\n  arrows\n"))
	if have, want := errorsOf(t, err), []string{`1:1: want "key: value"`, `3:3: want "key: value"`}; !matches(have, want) {
		t.Errorf("have %q, want %q", have, want)
	}
}

func TestSolutionErrors(t *testing.T) {
	p := parseOne(t, "row", []byte("arrows 1x3\n→ → ←\n"))
	tests := []struct {
		name, in string
		want     []string
	}{
		{"good", "arrows 1x3\n→2 →1 ←2\n", nil},
		{"every bad cell", "arrows 1x3\n→2 ↓1 ←.\n", []string{"2:4: r1c2: solution arrow ↓, puzzle arrow →", "2:7: r1c3: solution cell is empty"}},
		{"size", "+----+\n| ↑0 |\n+----+\n", []string{"2:3: solution is 1x1, puzzle is 1x3"}},
		{"unreadable", "arrows 1x3\n→2 →1 x\n", []string{`2:7: 'x' is not an arrow`}},
	}
	for _, tt := range tests {
		a, err := p.ParseSolution("s", []byte(tt.in))
		if tt.want == nil {
			if err != nil || !slices.Equal(a, puzzle.Assignment{2, 1, 2}) {
				t.Errorf("%s: have %v %v, want [2 1 2]", tt.name, a, err)
			}
			continue
		}
		if have := errorsOf(t, err); !matches(have, tt.want) {
			t.Errorf("%s: have %q, want %q", tt.name, have, tt.want)
		}
	}
}

func TestLargeValues(t *testing.T) {
	// A 1x12 row of arrows pointing west: values up to 11 need two digits.
	p := parseOne(t, "wide", []byte("arrows 1x12\n"+strings.Repeat("← ", 12)))
	sol := puzzle.Assignment{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	if v := p.Verify(sol); v != nil {
		t.Fatalf("verify: %v", v)
	}
	back, err := p.ParseSolution("box", []byte(p.BoxText(sol)))
	if err != nil || !slices.Equal(back, sol) {
		t.Fatalf("have %v %v, want %v", back, err, sol)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"+----+\n| ↑. |\n+----+\n", "arrows 1x2\n↑. ↓3\n", "| ↘3 | ↙1 |\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := arrows.Parse("fuzz", data)
		if err != nil {
			return
		}
		out := ps[0].CanonicalText(nil)
		q, err := arrows.Parse("again", []byte(out))
		if err != nil {
			t.Fatalf("reparse of %q: %v", out, err)
		}
		if again := q[0].CanonicalText(nil); again != out {
			t.Fatalf("round trip changed %q to %q", out, again)
		}
	})
}
