package shinro

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

const corpusFile = "../../testdata/shinro/playshinro.json"

func loadCorpus(t testing.TB) []*Puzzle {
	t.Helper()
	data, err := os.ReadFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := ParsePlayshinro(corpusFile, data)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func TestCorpusParses(t *testing.T) {
	ps := loadCorpus(t)
	if len(ps) != 40 {
		t.Fatalf("have %d puzzles, want 40", len(ps))
	}
	for _, p := range ps {
		if p.Rows() != 8 || p.Cols() != 8 || p.Total != 12 {
			t.Errorf("%s: have %dx%d with %d stones, want 8x8 with 12", p.Title, p.Rows(), p.Cols(), p.Total)
		}
		if vs := Verify(p, p.Solution); vs != nil {
			t.Errorf("%s: stored solution breaks %v", p.Title, vs)
		}
		if p.Difficulty < 0 || p.Difficulty > 1 {
			t.Errorf("%s: difficulty %v not in [0,1]", p.Title, p.Difficulty)
		}
		if have, want := p.NumVars(), 64-len(p.ArrowCells()); have != want {
			t.Errorf("%s: %d unknowns, want %d", p.Title, have, want)
		}
		if vs := p.VerifyAssignment(p.AssignmentOf(p.Solution)); vs != nil {
			t.Errorf("%s: assignment of the solution breaks %v", p.Title, vs)
		}
	}
	p, err := FindNumber(ps, 118)
	if err != nil || p.Difficulty != 0.814529915 {
		t.Errorf("FindNumber(118): have %v, %v; want difficulty 0.814529915", p, err)
	}
	if _, err := FindNumber(ps, 2); err == nil {
		t.Errorf("FindNumber(2): have no error, want one (no such index)")
	}
}

func TestVarsRowMajor(t *testing.T) {
	p := loadCorpus(t)[0]
	prev := puzzle.Pos{Row: -1}
	for i, v := range p.Vars() {
		if p.IsArrow(v.Pos) || p.Index(v.Pos) != i || p.VarPos(i) != v.Pos {
			t.Fatalf("var %d at %v: index %d, arrow %v", i, v.Pos, p.Index(v.Pos), p.IsArrow(v.Pos))
		}
		if v.Pos.Row < prev.Row || (v.Pos.Row == prev.Row && v.Pos.Col <= prev.Col) {
			t.Fatalf("var %d at %v after %v: not row-major", i, v.Pos, prev)
		}
		prev = v.Pos
	}
}

func TestTextRoundTrip(t *testing.T) {
	for _, p := range loadCorpus(t) {
		text := FormatText(p)
		q, err := ParseText("x", []byte(text))
		if err != nil {
			t.Fatalf("%s: %v\n%s", p.Title, err, text)
		}
		if !samePuzzle(p, q) {
			t.Fatalf("%s: round trip differs:\n%s\n%s", p.Title, text, FormatText(q))
		}
		s, err := ParseStones(p, "sol", []byte(FormatStones(p, p.Solution)))
		if err != nil || !reflect.DeepEqual(s, p.Solution) {
			t.Fatalf("%s: ParseStones(FormatStones) = %v, %v", p.Title, s, err)
		}
	}
	data, err := FormatPlayshinro(loadCorpus(t))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := ParsePlayshinro("again", data)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range loadCorpus(t) {
		if !samePuzzle(p, ps[i]) {
			t.Fatalf("%s: playshinro round trip differs", p.Title)
		}
	}
}

func samePuzzle(a, b *Puzzle) bool {
	return a.Title == b.Title && a.Number == b.Number && a.Difficulty == b.Difficulty &&
		reflect.DeepEqual(a.Arrows, b.Arrows) && reflect.DeepEqual(a.RowCounts, b.RowCounts) &&
		reflect.DeepEqual(a.ColCounts, b.ColCounts) && a.Total == b.Total && reflect.DeepEqual(a.Solution, b.Solution)
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
	if _, err := ParseText("small", []byte(small)); err == nil || !strings.Contains(err.Error(), "small:6:10") {
		t.Fatalf("have %v, want an error at small:6:10", err)
	}
	good := strings.Replace(small, "6 . . *", "6 . . .", 1)
	p, err := ParseText("small", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	packed := strings.NewReplacer("1  6 . . .", "1 6...", "1  . . 4 .", "1 ..←.", "1  9 . . .", "1 ↗...").Replace(good)
	q, err := ParseText("packed", []byte(packed+"solution\n..*.\n*.4.\n...*\nend\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Arrows, q.Arrows) {
		t.Fatalf("packed arrows %v, want %v", q.Arrows, p.Arrows)
	}
	if vs := Verify(q, q.Solution); vs != nil {
		t.Fatalf("solution breaks %v", vs)
	}
	if p.Title != "" || p.Number != 0 || p.Difficulty != -1 {
		t.Errorf("defaults: have %q %d %v", p.Title, p.Number, p.Difficulty)
	}
}

func TestVerifyNamesEveryRule(t *testing.T) {
	p, err := ParseText("small", []byte(strings.Replace(small, "6 . . *", "6 . . .", 1)))
	if err != nil {
		t.Fatal(err)
	}
	// Stones: one on the arrow r1c1, one at r3c2 (column 2 wants 0);
	// the arrow at r2c3 (W) sees r2c1..r2c2: none; total 2, want 3.
	s := Stones{
		{true, false, false, false},
		{false, false, false, false},
		{false, true, false, false},
	}
	var have []string
	for _, v := range Verify(p, s) {
		have = append(have, fmt.Sprintf("%s@%v", v.Rule, v.Cells))
	}
	want := []string{
		"row-count@[]", "col-count@[r3c2]", "col-count@[]", "col-count@[]",
		"stone-on-arrow@[r1c1]", "arrow-sees-no-stone@[r1c1]", "arrow-sees-no-stone@[r2c3]",
		"arrow-sees-no-stone@[r3c1]", "stone-total@[]",
	}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("have %v\nwant %v", have, want)
	}
	if vs := Verify(p, s[:2]); len(vs) != 1 || vs[0].Rule != RuleShape {
		t.Errorf("short grid: have %v, want one shape violation", vs)
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
		{"col sum", strings.Replace(good, "cols: 1 0 1 1", "cols: 1 1 1 1", 1), "x:5: column counts add up to 4"},
		{"row sum", strings.Replace(good, "1  . . 4 .", "2  . . 4 .", 1), "x:4: row counts add up to 4"},
		{"row too full", strings.Replace(good, "1  . . 4 .", "4  . . 4 .", 1), "x:7:1: row 2 count 4 exceeds its 3"},
		{"short row", strings.Replace(good, "1  . . 4 .", "1  . . 4", 1), "x:7:4: row 2 has 3 cells, want 4"},
		{"7 rows of 8", "shinro\nsize 8 8\nstones 0\ncols 0 0 0 0 0 0 0 0\n" + strings.Repeat("0 ........\n", 7), "x:12: grid has 7 rows, want 8"},
		{"bad cell", strings.Replace(good, "1  . . 4 .", "1  . . 5 .", 1), "x:7:8: cell r2c3: \"5\""},
		{"arrow off grid", strings.Replace(good, "1  9 . . .", "1  1 . . .", 1), "x:8:4: cell r3c1: arrow 1 points off the grid"},
		{"negative row", strings.Replace(good, "1  9 . . .", "-1  9 . . .", 1), "x:8:1: row 3: want a row count"},
		{"trailing", good + "junk\n", "x:9:1: unexpected line"},
		{"bad solution", good + "solution\n...*\n*.6.\n..*.\n", "x:11:3: solution cell r2c3"},
		{"short solution", good + "solution\n...*\n", "x:11: solution has 1 rows, want 3"},
		{"nan difficulty", "shinro\ndifficulty NaN\n", `x:2:12: difficulty "NaN" is not a fraction`},
		{"unknown keyword", "shinro\nsizes 3 3\n", `x:2:1: unknown keyword "sizes"`},
		{"not utf8", "shinro\n\xff\n", "not UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseText("x", []byte(tc.input))
			if !errContains(err, tc.want) {
				t.Errorf("have %v, want an error containing %q", err, tc.want)
			}
		})
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
	for _, tc := range []struct {
		name, input, want string
	}{
		{"syntax", `[{"index": 1,, }]`, "x:1:14: JSON"},
		{"eof", `[{"index": 1`, "x:1:13: JSON: unexpected end"},
		{"not array", `"hello"`, "x:1:1: want a JSON array"},
		{"no grid", `[{"index": 1}]`, "x:1:2: puzzle has no grid"},
		{"7x8", `[{"index": 3, "grid": ` + grid()[:len(grid())-len(row)-3] + `]}]`, "x:1:23: grid has 7 rows, want 8"},
		{"8x7", `[{"index": 3, "grid": ` + grid("[0,0,0,0,0,0,0]") + `}]`, "x:1:24: grid row 1 has 7 cells, want 8"},
		{"bad code", `[{"grid": ` + grid("[0,0,0,0,0,0,0,0]", "[0,10,0,0,0,0,0,0]") + `}]`, "x:2:4: grid cell r2c2: want a code 0-9"},
		{"off grid", `[{"grid": ` + grid("[0,0,8,0,0,0,0,0]") + `}]`, "x:1:17: grid cell r1c3: arrow 8 points off the grid"},
		{"bad index", `[{"index": -2, "grid": ` + grid() + `}]`, "x:1:12: index: want a positive integer"},
		{"bad difficulty", `[{"difficulty": "hard", "grid": ` + grid() + `}]`, `x:1:17: difficulty: want a fraction`},
		{"dup index", `[{"index": 1, "grid": ` + grid() + "},\n" + `{"index": 1, "grid": ` + grid() + `}]`, "x:9:1: puzzle index 1 repeats"},
		{"trailing", `[{"grid": ` + grid() + `}] x`, "x:8:22: unexpected data"},
		{"empty array", `[]`, "x:1:1: no puzzles"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePlayshinro("x", []byte(tc.input))
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
	arrows := [][]Dir{{None, W}, {None, None}}
	if _, err := New("ok", arrows, []int{0, 1}, []int{1, 0}, 1); err != nil {
		t.Errorf("valid puzzle: %v", err)
	}
	for _, tc := range []struct {
		name       string
		arrows     [][]Dir
		rows, cols []int
		total      int
	}{
		{"off grid", [][]Dir{{None, E}, {None, None}}, []int{0, 1}, []int{1, 0}, 1},
		{"ragged", [][]Dir{{None}, {None, None}}, []int{0, 1}, []int{1, 0}, 1},
		{"sum", [][]Dir{{None, None}, {None, None}}, []int{1, 1}, []int{1, 0}, 2},
		{"negative", [][]Dir{{None, None}, {None, None}}, []int{-1, 1}, []int{0, 0}, 0},
	} {
		if _, err := New(tc.name, tc.arrows, tc.rows, tc.cols, tc.total); err == nil {
			t.Errorf("%s: have no error, want one", tc.name)
		}
	}
}

func TestDetectAndParse(t *testing.T) {
	ps := loadCorpus(t)
	text, err := FormatAs(ps[:3], TextFormat)
	if err != nil {
		t.Fatal(err)
	}
	js, err := FormatAs(ps[:3], PlayshinroFormat)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data string
		want Format
	}{
		{"text", "# comment\n\nshinro\n", TextFormat},
		{"many texts", text, TextFormat},
		{"playshinro", js, PlayshinroFormat},
		{"other json", `[{"name": "4x4_1", "R": []}]`, UnknownFormat},
		{"empty", "  \n", UnknownFormat},
		{"other text", "juosan\n", UnknownFormat},
	} {
		if have := Detect([]byte(tc.data)); have != tc.want {
			t.Errorf("%s: Detect = %v, want %v", tc.name, have, tc.want)
		}
	}
	for _, data := range []string{text, js} {
		got, err := Parse("x", []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 {
			t.Fatalf("have %d puzzles, want 3", len(got))
		}
		for i := range got {
			if !samePuzzle(got[i], ps[i]) {
				t.Errorf("puzzle %d differs after %v", i, Detect([]byte(data)))
			}
		}
	}
	if _, err := ParseText("x", []byte(text)); !errContains(err, "want one puzzle, have 3") {
		t.Errorf("ParseText of three puzzles: have %v", err)
	}
	if _, err := Parse("x", []byte("hello\n")); !errContains(err, "x:1:1: not a Shinro file") {
		t.Errorf("Parse of other text: have %v", err)
	}
	for _, f := range []Format{TextFormat, PlayshinroFormat} {
		if have, err := ParseFormatName(f.String()); err != nil || have != f {
			t.Errorf("ParseFormatName(%q) = %v, %v", f.String(), have, err)
		}
	}
	if _, err := ParseFormatName("janko"); err == nil {
		t.Errorf("ParseFormatName(janko): want an error")
	}
	noSol := *ps[0]
	noSol.Solution = nil
	if _, err := FormatAs([]*Puzzle{&noSol}, PlayshinroFormat); err == nil {
		t.Errorf("playshinro without a solution: want an error")
	}
}

func TestParseSolution(t *testing.T) {
	ps := loadCorpus(t)
	p := ps[0]
	for _, tc := range []struct {
		name, data string
	}{
		{"bare", FormatStones(p, p.Solution)},
		{"canonical", FormatText(p)},
	} {
		s, err := ParseSolution(p, tc.name, []byte(tc.data))
		if err != nil || !reflect.DeepEqual(s, p.Solution) {
			t.Errorf("%s: have %v, %v", tc.name, s, err)
		}
	}
	js, err := FormatPlayshinro(ps[:1])
	if err != nil {
		t.Fatal(err)
	}
	if s, err := ParseSolution(p, "js", js); err != nil || !reflect.DeepEqual(s, p.Solution) {
		t.Errorf("playshinro: have %v, %v", s, err)
	}
	if _, err := ParseSolution(p, "other", []byte(FormatText(ps[1]))); !errContains(err, "differs from the puzzle's") {
		t.Errorf("another puzzle's solution: have %v", err)
	}
	if _, err := ParseSolution(p, "short", []byte("* . .\n")); !errContains(err, "short:2: solution has 1 rows, want 8") {
		t.Errorf("short grid: have %v", err)
	}
}

func TestPartialPlayshinro(t *testing.T) {
	row := "[0,0,0,0,0,0,0,0]"
	good := "[" + strings.TrimSuffix(strings.Repeat(row+",", 7)+"[5,0,0,0,0,0,0,4]", ",") + "]"
	data := `[{"index": 1, "grid": ` + good + `}, {"index": 2, "grid": [[1]]}, {"index": 3, "grid": ` + good + `}]`
	ps, err := ParsePlayshinro("x", []byte(data))
	if !errContains(err, "grid row 1 has 1 cells") {
		t.Errorf("have %v, want the bad entry's error", err)
	}
	if len(ps) != 2 || ps[0].Number != 1 || ps[1].Number != 3 {
		t.Errorf("have %d puzzles, want the good entries 1 and 3", len(ps))
	}
}

func FuzzParseText(f *testing.F) {
	f.Add([]byte(small))
	f.Add([]byte(strings.Replace(small, "6 . . *", "6 . . .", 1) + "solution\n..*.\n*.4.\n...*\n"))
	data, err := os.ReadFile(corpusFile)
	if err != nil {
		f.Fatal(err)
	}
	ps, err := ParsePlayshinro(corpusFile, data)
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(FormatText(ps[0])))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ParseTexts("fuzz", data)
		if err != nil {
			return
		}
		text, err := FormatAs(ps, TextFormat)
		if err != nil {
			t.Fatal(err)
		}
		qs, err := ParseTexts("again", []byte(text))
		if err != nil {
			t.Fatalf("formatted puzzles do not parse: %v\n%s", err, text)
		}
		if len(qs) != len(ps) {
			t.Fatalf("%d puzzles, then %d", len(ps), len(qs))
		}
		for i := range ps {
			if !samePuzzle(ps[i], qs[i]) || FormatText(qs[i]) != FormatText(ps[i]) {
				t.Fatalf("round trip differs:\n%s\n%s", FormatText(ps[i]), FormatText(qs[i]))
			}
		}
	})
}

func FuzzParsePlayshinro(f *testing.F) {
	// Small seeds keep the fuzzer's minimisation fast; one corpus puzzle
	// written compactly stands for the whole file.
	data, err := os.ReadFile(corpusFile)
	if err != nil {
		f.Fatal(err)
	}
	ps, err := ParsePlayshinro(corpusFile, data)
	if err != nil {
		f.Fatal(err)
	}
	one, err := FormatPlayshinro(ps[:1])
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(strings.Join(strings.Fields(string(one)), "")))
	f.Add([]byte(`{"index": 7, "grid": [[0,5],[6,0]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ParsePlayshinro("fuzz", data)
		if err != nil {
			return
		}
		for _, p := range ps {
			q, err := ParseText("again", []byte(FormatText(p)))
			if err != nil {
				t.Fatalf("formatted puzzle does not parse: %v\n%s", err, FormatText(p))
			}
			if !samePuzzle(p, q) {
				t.Fatalf("round trip differs:\n%s\n%s", FormatText(p), FormatText(q))
			}
		}
	})
}

func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 0))
	for i := 0; i < 200; i++ {
		rows, cols := 1+rng.IntN(12), 1+rng.IntN(12)
		stones := rng.IntN(rows*cols + 1)
		p, err := Random(rng, rows, cols, stones, rng.IntN(rows*cols+1))
		if err != nil {
			t.Fatal(err)
		}
		if vs := Verify(p, p.Solution); vs != nil {
			t.Fatalf("random puzzle breaks %v:\n%s", vs, FormatText(p))
		}
		if p.Total != stones {
			t.Fatalf("total %d, want %d", p.Total, stones)
		}
		q, err := ParseText("r", []byte(FormatText(p)))
		if err != nil || !samePuzzle(p, q) {
			t.Fatalf("round trip: %v\n%s", err, FormatText(p))
		}
	}
	if _, err := Random(rng, 0, 3, 0, 0); err == nil {
		t.Errorf("0x3: want an error")
	}
}
