package model_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	scorpus "github.com/puzzlesat/puzzlesat/kinds/shinro/corpus"

	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// format returns the format called name, failing the test when there is
// none.
func format(t testing.TB, name string) *puzzle.Format[*shinro.Puzzle] {
	t.Helper()
	f, err := shinro.Formats.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// write writes ps in the format called name.
func write(t testing.TB, name string, ps []*shinro.Puzzle) string {
	t.Helper()
	data, err := shinro.Formats.Write(name, ps)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestCorpusParses(t *testing.T) {
	ps := scorpus.Puzzles(t)
	if len(ps) != 40 {
		t.Fatalf("have %d puzzles, want 40", len(ps))
	}
	for _, p := range ps {
		if p.Rows() != 8 || p.Cols() != 8 || p.Total != 12 {
			t.Errorf("%s: have %dx%d with %d stones, want 8x8 with 12", p.Title, p.Rows(), p.Cols(), p.Total)
		}
		if vs := p.Verify(p.Solution); vs != nil {
			t.Errorf("%s: stored solution breaks %v", p.Title, vs)
		}
		if p.Difficulty < 0 || p.Difficulty > 1 {
			t.Errorf("%s: difficulty %v not in [0,1]", p.Title, p.Difficulty)
		}
		if have, want := p.NumVars(), 64-len(p.ArrowCells()); have != want {
			t.Errorf("%s: %d unknowns, want %d", p.Title, have, want)
		}
		if have := p.AssignmentOf(p.StonesOf(p.Solution)); !reflect.DeepEqual(have, p.Solution) {
			t.Errorf("%s: the solution through StonesOf and AssignmentOf is %v, want %v", p.Title, have, p.Solution)
		}
	}
	p, err := shinro.FindNumber(ps, 118)
	if err != nil || p.Difficulty != 0.814529915 {
		t.Errorf("shinro.FindNumber(118): have %v, %v; want difficulty 0.814529915", p, err)
	}
	if _, err := shinro.FindNumber(ps, 2); err == nil {
		t.Errorf("shinro.FindNumber(2): have no error, want one (no such index)")
	}
}

// TestPosIndex: the unknowns are the non-arrow cells, row-major; Pos and
// Index are inverse, and Index is -1 on arrows and off the grid.
func TestPosIndex(t *testing.T) {
	p := scorpus.Puzzles(t)[0]
	prev := puzzle.Pos{Row: -1}
	for i, v := range p.Vars() {
		if p.IsArrow(v.Pos) || p.Index(v.Pos) != i || p.Pos(i) != v.Pos {
			t.Fatalf("var %d at %v: have index %d, Pos %v, arrow %v; want index %d, Pos %v, no arrow", i, v.Pos, p.Index(v.Pos), p.Pos(i), p.IsArrow(v.Pos), i, v.Pos)
		}
		if v.Pos.Row < prev.Row || (v.Pos.Row == prev.Row && v.Pos.Col <= prev.Col) {
			t.Fatalf("var %d at %v after %v: not row-major", i, v.Pos, prev)
		}
		prev = v.Pos
	}
	for _, q := range append(p.ArrowCells(), puzzle.Pos{Row: -1}, puzzle.Pos{Row: 0, Col: 8}) {
		if have := p.Index(q); have != -1 {
			t.Errorf("Index(%v) = %d, want -1", q, have)
		}
	}
}

func TestTextRoundTrip(t *testing.T) {
	for _, p := range scorpus.Puzzles(t) {
		text := shinro.FormatText(p)
		q, err := shinro.ParseText("x", []byte(text))
		if err != nil {
			t.Fatalf("%s: %v\n%s", p.Title, err, text)
		}
		if !samePuzzle(p, q) {
			t.Fatalf("%s: round trip differs:\n%s\n%s", p.Title, text, shinro.FormatText(q))
		}
		a, err := shinro.ParseSolution(p, "sol", []byte(shinro.FormatStones(p, p.StonesOf(p.Solution))))
		if err != nil || !reflect.DeepEqual(a, p.Solution) {
			t.Fatalf("%s: shinro.ParseSolution(shinro.FormatStones) = %v, %v; want %v", p.Title, a, err, p.Solution)
		}
	}
	ps, err := shinro.Parse("again", []byte(write(t, "playshinro", scorpus.Puzzles(t))))
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range scorpus.Puzzles(t) {
		if !samePuzzle(p, ps[i]) {
			t.Fatalf("%s: playshinro round trip differs", p.Title)
		}
	}
}

func samePuzzle(a, b *shinro.Puzzle) bool {
	// Entry is where a puzzle was read, not what it is.
	return a.Title == b.Title && reflect.DeepEqual(a.Solution, b.Solution) && a.Number == b.Number && a.Difficulty == b.Difficulty &&
		reflect.DeepEqual(a.Arrows, b.Arrows) && reflect.DeepEqual(a.RowCounts, b.RowCounts) &&
		reflect.DeepEqual(a.ColCounts, b.ColCounts) && a.Total == b.Total
}

const small = `shinro
# a 3x4 example
size 3 4
stones 3
cols: 1 0 1 1
1  6 . . *
1  . . 4 .
1  9 . . .
`

func TestTextForms(t *testing.T) {
	// '*' is not a puzzle cell: only the solution block holds stones.
	if _, err := shinro.ParseText("small", []byte(small)); err == nil || !strings.Contains(err.Error(), "small:6:10") {
		t.Fatalf("have %v, want an error at small:6:10", err)
	}
	good := strings.Replace(small, "6 . . *", "6 . . .", 1)
	p, err := shinro.ParseText("small", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	packed := strings.NewReplacer("1  6 . . .", "1 6...", "1  . . 4 .", "1 ..←.", "1  9 . . .", "1 ↗...").Replace(good)
	q, err := shinro.ParseText("packed", []byte(packed+"solution\n..*.\n*.4.\n...*\nend\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Arrows, q.Arrows) {
		t.Fatalf("packed arrows %v, want %v", q.Arrows, p.Arrows)
	}
	if vs := q.Verify(q.Solution); vs != nil {
		t.Fatalf("solution breaks %v", vs)
	}
	if p.Title != "" || p.Number != 0 || p.Difficulty != -1 || p.Solution != nil {
		t.Errorf("defaults: have %q %d %v %v, want \"\" 0 -1 []", p.Title, p.Number, p.Difficulty, p.Solution)
	}
	// A byte order mark, CRLF line ends and a name holding '#'.
	crlf := "\ufeff" + strings.ReplaceAll(strings.Replace(good, "shinro\n", "shinro\nname #7 of 9\n", 1), "\n", "\r\n")
	ps, err := shinro.Parse("crlf", []byte(crlf))
	if err != nil || len(ps) != 1 || ps[0].Title != "#7 of 9" || !reflect.DeepEqual(ps[0].Arrows, p.Arrows) {
		t.Errorf("BOM and CRLF: have %v, %v; want the small puzzle named \"#7 of 9\"", ps, err)
	}
}

func TestVerifyNamesEveryRule(t *testing.T) {
	p, err := shinro.ParseText("small", []byte(strings.Replace(small, "6 . . *", "6 . . .", 1)))
	if err != nil {
		t.Fatal(err)
	}
	// One stone, at r3c2: rows 1 and 2 want one each, column 2 wants none
	// and columns 1, 3 and 4 one each; no arrow sees it (r3c1 points NE
	// at r2c2, r1c3); the total wants 3.
	a := p.AssignmentOf(shinro.Stones{
		{false, false, false, false},
		{false, false, false, false},
		{false, true, false, false},
	})
	// cells reads an assignment of the unknowns in reading order: '*' a
	// stone, '.' empty, '?' undecided.
	cells := func(s string) puzzle.Assignment {
		out := make(puzzle.Assignment, len(s))
		for i, c := range s {
			out[i] = map[rune]int{'.': shinro.Empty, '*': shinro.Stone, '?': -1}[c]
		}
		return out
	}
	for _, tc := range []struct {
		name string
		a    puzzle.Assignment
		want []string
	}{
		{"solved", p.AssignmentOf(shinro.Stones{
			{false, false, true, false},
			{true, false, false, false},
			{false, false, false, true},
		}), nil},
		{"every rule", a, []string{
			"row-count@[]", "row-count@[]", "col-count@[]", "col-count@[r3c2]", "col-count@[]", "col-count@[]",
			"arrow-sees-no-stone@[r1c1]", "arrow-sees-no-stone@[r2c3]", "arrow-sees-no-stone@[r3c1]", "stone-total@[]",
		}},
		{"short", a[:3], []string{"shape@[]"}},
		{"bad value", append(puzzle.Assignment{2}, a[1:]...), []string{"shape@[r1c2]"}},
		// Partial boards: undecided cells (-1) are named once each, and
		// a rule only when no decision of them could meet it.
		{"undecided", cells("?????????"), []string{
			"empty-cell@[r1c2]", "empty-cell@[r1c3]", "empty-cell@[r1c4]", "empty-cell@[r2c1]", "empty-cell@[r2c2]",
			"empty-cell@[r2c4]", "empty-cell@[r3c2]", "empty-cell@[r3c3]", "empty-cell@[r3c4]",
		}},
		{"too many already", cells("**???????"), []string{
			"empty-cell@[r1c4]", "empty-cell@[r2c1]", "empty-cell@[r2c2]", "empty-cell@[r2c4]", "empty-cell@[r3c2]",
			"empty-cell@[r3c3]", "empty-cell@[r3c4]", "row-count@[r1c2 r1c3]", "col-count@[r1c2]",
		}},
		{"too few for good", cells("...??????"), []string{
			"empty-cell@[r2c1]", "empty-cell@[r2c2]", "empty-cell@[r2c4]", "empty-cell@[r3c2]", "empty-cell@[r3c3]",
			"empty-cell@[r3c4]", "row-count@[]", "arrow-sees-no-stone@[r1c1]",
		}},
	} {
		var have []string
		for _, v := range p.Verify(tc.a) {
			have = append(have, fmt.Sprintf("%s@%v", v.Rule, v.Cells))
		}
		if !reflect.DeepEqual(have, tc.want) {
			t.Errorf("%s: have %v\nwant %v", tc.name, have, tc.want)
		}
	}
}

func TestMalformedText(t *testing.T) {
	good := strings.Replace(small, "6 . . *", "6 . . .", 1)
	for _, tc := range []struct {
		name, input, want string
	}{
		{"header", "shinr\n", "x:1:1: want the header"},
		{"empty", "", "x:1:1: want the header"},
		{"no size", "shinro\nstones 1\ncols: 1\n1 .\n", "missing size"},
		{"bad size", "shinro\nsize 3 x\n", `x:2:8: "x" is not a number`},
		{"huge size", "shinro\nsize 3000 3\n", "x:2:6: size 3000x3"},
		{"cols count", strings.Replace(good, "cols: 1 0 1 1", "cols: 1 0 1", 1), "x:5:7: want 4 numbers, have 3"},
		{"col sum", strings.Replace(good, "cols: 1 0 1 1", "cols: 1 1 1 1", 1), "x:5:1: column counts add up to 4"},
		{"row sum", strings.Replace(good, "1  . . 4 .", "2  . . 4 .", 1), "x:4:1: row counts add up to 4"},
		{"row too full", strings.Replace(good, "1  . . 4 .", "4  . . 4 .", 1), "x:7:1: row 2 count 4 exceeds its 3"},
		{"short row", strings.Replace(good, "1  . . 4 .", "1  . . 4", 1), "x:7:4: row 2 has 3 cells, want 4"},
		{"7 rows of 8", "shinro\nsize 8 8\nstones 0\ncols 0 0 0 0 0 0 0 0\n" + strings.Repeat("0 ........\n", 7), "x:12:1: want 8 grid rows, have 7"},
		{"bad cell", strings.Replace(good, "1  . . 4 .", "1  . . 5 .", 1), "x:7:8: cell r2c3: \"5\""},
		{"arrow off grid", strings.Replace(good, "1  9 . . .", "1  1 . . .", 1), "x:8:4: cell r3c1: arrow 1 points off the grid"},
		{"negative row", strings.Replace(good, "1  9 . . .", "-1  9 . . .", 1), "x:8:1: row 3: want a row count"},
		{"trailing", good + "junk\n", "x:9:1: unexpected line"},
		{"bad solution", good + "solution\n...*\n*.6.\n..*.\n", "x:11:3: solution cell r2c3"},
		{"short solution", good + "solution\n...*\n", "x:11:1: want 3 solution rows, have 1"},
		{"nan difficulty", "shinro\ndifficulty NaN\n", `x:2:12: difficulty "NaN" is not a fraction`},
		{"unknown keyword", "shinro\nsizes 3 3\n", `x:2:1: unknown keyword "sizes"`},
		{"columns in runes", "shinro\nname ↑↑\nsize 1 2\nstones 1\ncols: 1 0\n1 ↑ x\n", `x:6:5: cell r1c2: "x"`},
		{"not utf8", "shinro\n\xff\n", "not UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := shinro.ParseText("x", []byte(tc.input))
			if !errContains(err, tc.want) {
				t.Errorf("have %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestErrorsCollected: a reader reports every error of its input, not the
// first only.
func TestErrorsCollected(t *testing.T) {
	_, err := shinro.ParseText("x", []byte("shinro\nsize 3 x\nstones y\nlabel z\n"))
	want := []string{`x:2:8: "x"`, `x:3:8: "y"`, `x:4:1: unknown keyword "label"`, "x:5:1: missing size", "x:5:1: missing stones", "x:5:1: missing cols"}
	l, ok := err.(puzzle.ErrorList)
	if !ok || len(l) != len(want) {
		t.Fatalf("have %v, want %d positioned errors", err, len(want))
	}
	for i, w := range want {
		if !strings.Contains(l[i].Error(), w) {
			t.Errorf("error %d: have %v, want one containing %q", i, l[i], w)
		}
	}
}

func TestMalformedPlayshinro(t *testing.T) {
	row := "[0,0,0,0,0,0,0,0]"
	grid := func(rows ...string) string {
		for len(rows) < 8 {
			rows = append(rows, row)
		}
		return "[" + strings.Join(rows, ",\n") + "]"
	}
	playshinro := format(t, "playshinro")
	for _, tc := range []struct {
		name, input, want string
	}{
		{"syntax", `[{"index": 1,, }]`, "x:1:14: JSON"},
		{"eof", `[{"index": 1`, "x:1:13: JSON: unexpected end"},
		{"not array", `"hello"`, "x:1:1: want a JSON array"},
		{"no grid", `[{"index": 1}]`, "x:1:2: entry 1 (playshinro 1): puzzle has no grid"},
		{"7x8", `[{"index": 3, "grid": ` + grid()[:len(grid())-len(row)-3] + `]}]`, "x:1:23: entry 1 (playshinro 3): want 8 grid rows, have 7"},
		{"8x7", `[{"index": 3, "grid": ` + grid("[0,0,0,0,0,0,0]") + `}]`, "x:1:24: entry 1 (playshinro 3): grid row 1 has 7 cells, want 8"},
		{"bad code", `[{"grid": ` + grid("[0,0,0,0,0,0,0,0]", "[0,10,0,0,0,0,0,0]") + `}]`, "x:2:4: entry 1 (playshinro 1): grid cell r2c2: want a code 0-9"},
		{"off grid", `[{"grid": ` + grid("[0,0,8,0,0,0,0,0]") + `}]`, "x:1:17: entry 1 (playshinro 1): grid cell r1c3: arrow 8 points off the grid"},
		{"bad index", `[{"index": -2, "grid": ` + grid() + `}]`, "x:1:12: entry 1: index: want a positive integer"},
		{"bad difficulty", `[{"difficulty": "hard", "grid": ` + grid() + `}]`, `x:1:17: entry 1 (playshinro 1): difficulty: want a fraction`},
		{"trailing", `[{"grid": ` + grid() + `}] x`, "x:8:22: unexpected data"},
		{"empty array", `[]`, "x:1:1: no puzzles"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := playshinro.Parse("x", []byte(tc.input))
			if !errContains(err, tc.want) {
				t.Errorf("have %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// errContains reports whether err, or one error of an ErrorList, contains
// want.
func errContains(err error, want string) bool {
	if err == nil {
		return false
	}
	if l, ok := err.(puzzle.ErrorList); ok {
		for _, e := range l {
			if strings.Contains(e.Error(), want) {
				return true
			}
		}
		return false
	}
	return strings.Contains(err.Error(), want)
}

func TestNewChecks(t *testing.T) {
	arrows := [][]shinro.Dir{{shinro.None, shinro.W}, {shinro.None, shinro.None}}
	if _, err := shinro.New("ok", arrows, []int{0, 1}, []int{1, 0}, 1); err != nil {
		t.Errorf("valid puzzle: %v", err)
	}
	for _, tc := range []struct {
		name       string
		arrows     [][]shinro.Dir
		rows, cols []int
		total      int
	}{
		{"off grid", [][]shinro.Dir{{shinro.None, shinro.E}, {shinro.None, shinro.None}}, []int{0, 1}, []int{1, 0}, 1},
		{"ragged", [][]shinro.Dir{{shinro.None}, {shinro.None, shinro.None}}, []int{0, 1}, []int{1, 0}, 1},
		{"sum", [][]shinro.Dir{{shinro.None, shinro.None}, {shinro.None, shinro.None}}, []int{1, 1}, []int{1, 0}, 2},
		{"negative", [][]shinro.Dir{{shinro.None, shinro.None}, {shinro.None, shinro.None}}, []int{-1, 1}, []int{0, 0}, 0},
	} {
		if _, err := shinro.New(tc.name, tc.arrows, tc.rows, tc.cols, tc.total); err == nil {
			t.Errorf("%s: have no error, want one", tc.name)
		}
	}
}

func TestDetectAndParse(t *testing.T) {
	ps := scorpus.Puzzles(t)
	text, js := write(t, "canonical", ps[:3]), write(t, "playshinro", ps[:3])
	for _, tc := range []struct {
		name, data, want string
	}{
		{"text", "# comment\n\nshinro\n", "canonical"},
		{"many texts", text, "canonical"},
		{"playshinro", js, "playshinro"},
		{"playshinro with a BOM", "\ufeff" + js, "playshinro"},
		{"other json", `[{"name": "4x4_1", "R": []}]`, ""},
		{"empty", "  \n", ""},
		{"other text", "juosan\n", ""},
	} {
		have := ""
		if f := shinro.Formats.Detect("x", []byte(tc.data)); f != nil {
			have = f.Name
		}
		if have != tc.want {
			t.Errorf("%s: Detect = %q, want %q", tc.name, have, tc.want)
		}
	}
	for _, data := range []string{text, js} {
		got, err := shinro.Parse("x", []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 {
			t.Fatalf("have %d puzzles, want 3", len(got))
		}
		for i := range got {
			if !samePuzzle(got[i], ps[i]) {
				t.Errorf("puzzle %d differs after %s", i, shinro.Formats.Detect("x", []byte(data)).Name)
			}
		}
	}
	if _, err := shinro.ParseText("x", []byte(text)); !errContains(err, "want one puzzle, have 3") {
		t.Errorf("shinro.ParseText of three puzzles: have %v", err)
	}
	if _, err := shinro.Parse("x", []byte("hello\n")); !errContains(err, "x:1:1: not a shinro puzzle") {
		t.Errorf("shinro.Parse of other text: have %v", err)
	}
	if have, want := shinro.Formats.Readers(), []string{"canonical", "playshinro", "url"}; !reflect.DeepEqual(have, want) {
		t.Errorf("Readers() = %v, want %v", have, want)
	}
	if have, want := shinro.Formats.Writers(), []string{"canonical", "playshinro", "url"}; !reflect.DeepEqual(have, want) {
		t.Errorf("Writers() = %v, want %v", have, want)
	}
	if canon, err := shinro.Formats.Write("", ps[:3]); err != nil || string(canon) != text {
		t.Errorf("Write(\"\") is not the canonical text: %v", err)
	}
	if _, err := shinro.Formats.Write("janko", ps[:1]); err == nil {
		t.Errorf("Write(janko): want an error")
	}
	noSol := *ps[0]
	noSol.Solution = nil
	if _, err := shinro.Formats.Write("playshinro", []*shinro.Puzzle{&noSol}); err == nil {
		t.Errorf("playshinro without a solution: want an error")
	}
}

func TestParseSolution(t *testing.T) {
	ps := scorpus.Puzzles(t)
	p := ps[0]
	for _, tc := range []struct {
		name, data string
	}{
		{"bare", shinro.FormatStones(p, p.StonesOf(p.Solution))},
		{"bare with solution and end lines", "solution\n" + shinro.FormatStones(p, p.StonesOf(p.Solution)) + "end\n"},
		{"canonical", shinro.FormatText(p)},
		{"playshinro", write(t, "playshinro", ps[:1])},
	} {
		a, err := shinro.ParseSolution(p, tc.name, []byte(tc.data))
		if err != nil || !reflect.DeepEqual(a, p.Solution) {
			t.Errorf("%s: have %v, %v; want %v", tc.name, a, err, p.Solution)
		}
	}
	for _, tc := range []struct {
		name, data, want string
	}{
		{"other", shinro.FormatText(ps[1]), "differs from the puzzle's"},
		{"short", "* . .\n", "short:2:1: want 8 solution rows, have 1"},
		{"two puzzles", write(t, "canonical", ps[:2]), "want one puzzle with a solution, have 2"},
		{"no solution", strings.Split(shinro.FormatText(p), "solution\n")[0], "no solution block"},
	} {
		if _, err := shinro.ParseSolution(p, tc.name, []byte(tc.data)); !errContains(err, tc.want) {
			t.Errorf("%s: have %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

func TestPartialPlayshinro(t *testing.T) {
	row := "[0,0,0,0,0,0,0,0]"
	good := "[" + strings.TrimSuffix(strings.Repeat(row+",", 7)+"[5,0,0,0,0,0,0,4]", ",") + "]"
	data := `[{"index": 1, "grid": ` + good + `}, {"index": 2, "grid": [[1]]}, {"index": 3, "grid": ` + good + `}]`
	ps, err := shinro.Parse("x", []byte(data))
	if !errContains(err, "entry 2 (playshinro 2): grid row 1 has 1 cells") {
		t.Errorf("have %v, want the bad entry's error, naming it", err)
	}
	if len(ps) != 2 || ps[0].Number != 1 || ps[1].Number != 3 || ps[0].Entry != 1 || ps[1].Entry != 3 {
		t.Errorf("have %d puzzles, want the good entries 1 and 3", len(ps))
	}
}

// TestPlayshinroNumbering: a puzzle without an index takes its entry
// number, malformed entries counted; indexes may repeat (only entry
// numbers must not), and each puzzle knows its entry.
func TestPlayshinroNumbering(t *testing.T) {
	row := "[0,0,0,0,0,0,0,0]"
	good := "[" + strings.TrimSuffix(strings.Repeat(row+",", 7)+"[5,0,0,0,0,0,0,4]", ",") + "]"
	data := `[{"index": 7, "grid": ` + good + `}, {"grid": [[1]]}, {"index": 7, "grid": ` + good + `}, {"grid": ` + good + `}]`
	ps, _ := shinro.Parse("x", []byte(data))
	var have []string
	for _, p := range ps {
		have = append(have, fmt.Sprintf("%d:%s", p.Entry, p.Title))
	}
	if want := []string{"1:playshinro 7", "3:playshinro 7", "4:playshinro 4"}; !reflect.DeepEqual(have, want) {
		t.Errorf("have %v, want %v", have, want)
	}
}

func FuzzParseText(f *testing.F) {
	f.Add([]byte(small))
	f.Add([]byte(strings.Replace(small, "6 . . *", "6 . . .", 1) + "solution\n..*.\n*.4.\n...*\n"))
	f.Add([]byte(shinro.FormatText(scorpus.Puzzles(f)[0])))
	canonical := format(f, "canonical")
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := canonical.Parse("fuzz", data)
		if err != nil {
			return
		}
		text := write(t, "canonical", ps)
		qs, err := canonical.Parse("again", []byte(text))
		if err != nil {
			t.Fatalf("formatted puzzles do not parse: %v\n%s", err, text)
		}
		if len(qs) != len(ps) {
			t.Fatalf("%d puzzles, then %d", len(ps), len(qs))
		}
		for i := range ps {
			if !samePuzzle(ps[i], qs[i]) || shinro.FormatText(qs[i]) != shinro.FormatText(ps[i]) {
				t.Fatalf("round trip differs:\n%s\n%s", shinro.FormatText(ps[i]), shinro.FormatText(qs[i]))
			}
		}
	})
}

func FuzzParsePlayshinro(f *testing.F) {
	// Small seeds keep the fuzzer's minimisation fast; one corpus puzzle
	// written compactly stands for the whole file.
	one := write(f, "playshinro", scorpus.Puzzles(f)[:1])
	f.Add([]byte(strings.Join(strings.Fields(one), "")))
	f.Add([]byte(`{"index": 7, "grid": [[0,5],[6,0]]}`))
	playshinro := format(f, "playshinro")
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := playshinro.Parse("fuzz", data)
		if err != nil {
			return
		}
		for _, p := range ps {
			q, err := shinro.ParseText("again", []byte(shinro.FormatText(p)))
			if err != nil {
				t.Fatalf("formatted puzzle does not parse: %v\n%s", err, shinro.FormatText(p))
			}
			if !samePuzzle(p, q) {
				t.Fatalf("round trip differs:\n%s\n%s", shinro.FormatText(p), shinro.FormatText(q))
			}
		}
	})
}

func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 0))
	for i := 0; i < 200; i++ {
		rows, cols := 1+rng.IntN(12), 1+rng.IntN(12)
		stones := rng.IntN(rows*cols + 1)
		p, err := shinro.Random(rng, rows, cols, stones, rng.IntN(rows*cols+1))
		if err != nil {
			t.Fatal(err)
		}
		if vs := p.Verify(p.Solution); vs != nil {
			t.Fatalf("random puzzle breaks %v:\n%s", vs, shinro.FormatText(p))
		}
		if p.Total != stones {
			t.Fatalf("total %d, want %d", p.Total, stones)
		}
		q, err := shinro.ParseText("r", []byte(shinro.FormatText(p)))
		if err != nil || !samePuzzle(p, q) {
			t.Fatalf("round trip: %v\n%s", err, shinro.FormatText(p))
		}
	}
	if _, err := shinro.Random(rng, 0, 3, 0, 0); err == nil {
		t.Errorf("0x3: want an error")
	}
}
