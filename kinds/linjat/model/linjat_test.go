package model_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	lcorpus "github.com/puzzlesat/puzzlesat/kinds/linjat/corpus"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	linjat "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

func TestCorpusLevels(t *testing.T) {
	ps := lcorpus.Puzzles(t)
	if len(ps) != 103 {
		t.Fatalf("have %d levels, want 103", len(ps))
	}
	count := map[string]int{}
	size := map[string][2]int{}
	for i, p := range ps {
		count[p.Group]++
		size[p.Group] = [2]int{p.Rows(), p.Cols()}
		if p.Ordinal != i+1 {
			t.Errorf("%s: ordinal %d, want %d", p.Title, p.Ordinal, i+1)
		}
		if p.Group != "tutorial" && (p.Ref == nil || p.Ref.Score <= 0 || p.Ref.Classification["all"].Depth == 0) {
			t.Errorf("%s: reference classification missing: %+v", p.Title, p.Ref)
		}
		for j := range p.Numbers() {
			if n := len(p.Placements(j)); n == 0 || n > 2*p.Numbers()[j].N {
				t.Errorf("%s: number %d has %d placements", p.Title, j, n)
			}
		}
	}
	want := map[string]int{"tutorial": 3, "easy": 25, "medium": 25, "hard": 25, "expert": 25}
	if !reflect.DeepEqual(count, want) {
		t.Errorf("groups %v, want %v", count, want)
	}
	wantSize := map[string][2]int{"easy": {9, 6}, "medium": {10, 7}, "hard": {11, 8}, "expert": {13, 9}}
	for g, s := range wantSize {
		if size[g] != s {
			t.Errorf("%s levels are %v, want %v", g, size[g], s)
		}
	}
	// Easy #1 as the file gives it.
	e1 := ps[3]
	if e1.Title != "easy/1" || e1.String() != " 4 .2.\n   .2.\n      \n ..3 5\n      \n     .\n     .\n   . 3\n   3 ." {
		t.Errorf("easy/1 reads as %s:\n%s", e1.Title, e1)
	}
	if e1.Ref.Score != 8 || e1.Ref.Classification["cover"] != (linjat.RefStat{Depth: 10, MaxWidth: 1}) {
		t.Errorf("easy/1 reference %+v", e1.Ref)
	}
	// String-valued numbers in the file ("score": "184") read as numbers.
	if ex := lcorpus.Level(t, "expert/25"); ex.Ref.Score != 199 || ex.Ref.Classification["dep"].Depth != 3 {
		t.Errorf("%s reference %+v", ex.Title, ex.Ref)
	}
}

// TestSelect: a level is selected by its entry number in file order
// (the corpus holds tutorial, easy, expert, medium, hard), its name, or
// its alias GROUP-I; the selection reads the file only up to the level.
func TestSelect(t *testing.T) {
	data := testcorpus.Read(t, lcorpus.File)
	levels, _ := linjat.Formats.Lookup("levels")
	tests := []struct{ sel, want string }{
		{"easy/3", "easy/3"},
		{"easy-3", "easy/3"},
		{"4", "easy/1"},
		{"29", "expert/1"},
		{"103", "hard/25"},
		{"tutorial/3", "tutorial/3"},
		{"medium-25", "medium/25"},
		{"name=easy/3", "easy/3"},
		{"easy/26", `puzzles.json: no puzzle named "easy/26" (the file holds 103 entries)`},
		{"104", "puzzles.json: no puzzle 104 (the file holds 103 entries)"},
		{"0", "puzzles.json: no puzzle 0 (the file holds 103 entries)"},
		{"easy 3", `no puzzle named "easy 3"`},
		{"hard-x", `no puzzle named "hard-x"`},
	}
	for _, tt := range tests {
		p, err := levels.Select("puzzles.json", data, puzzle.ParseSelection(tt.sel, linjat.Aliases))
		var have string
		if err != nil {
			have = err.Error()
		} else {
			have = p.Title
		}
		if !strings.Contains(have, tt.want) {
			t.Errorf("#%s: have %q, want %q", tt.sel, have, tt.want)
		}
	}
}

// TestMessageEntriesKeepNumbers: a message without a puzzle is skipped but
// keeps its number, in its group and in the file; selecting it is an
// error.
func TestMessageEntriesKeepNumbers(t *testing.T) {
	data := `{"easy": [{"puzzle": ["2 ."]}], "tutorial": [{"message": "hello"}, {"puzzle": [".2"], "message": "go"}]}`
	ps, err := linjat.ParseLevels("m.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, p := range ps {
		have = append(have, p.Title+"#"+strconv.Itoa(p.Entry)+"#"+strconv.Itoa(p.Ordinal)+":"+p.Message)
	}
	want := []string{"easy/1#1#1:", "tutorial/2#3#3:go"}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("have %v, want %v", have, want)
	}
	levels, _ := linjat.Formats.Lookup("levels")
	for _, sel := range []string{"2", "tutorial/1"} {
		_, err := levels.Select("m.json", []byte(data), puzzle.ParseSelection(sel, linjat.Aliases))
		if want := "m.json: entry 2 (tutorial/1) holds no puzzle"; err == nil || err.Error() != want {
			t.Errorf("#%s: have %v, want %s", sel, err, want)
		}
	}
}

func TestPlacements(t *testing.T) {
	p, err := linjat.ParseRows("t", []byte("3 .\n 2 \n1  "))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range p.Vars() {
		got = append(got, v.Name+" "+strings.Join(v.Domain, " "))
	}
	want := []string{
		"r1c1 h:c1-c3", // down would cross the 1
		"r2c2 h:c1-c2 h:c2-c3 v:r1-r2 v:r2-r3",
		"r3c1 r3c1",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("vars\nhave %q\nwant %q", got, want)
	}
}

func TestDrawAndParseDrawing(t *testing.T) {
	p, err := linjat.ParseRows("t", []byte("3 .\n 2 \n.  "))
	if err != nil {
		t.Fatal(err)
	}
	a := puzzle.Assignment{1, 1} // 3 down, 2 right
	if vs := p.Verify(a); vs == nil || vs[0].Rule != linjat.RuleUncovered {
		t.Fatalf("want the dot at r1c3 uncovered, have %v", vs)
	}
	a = puzzle.Assignment{0, 1}
	drawn := p.Draw(a)
	want := []string{"3--", " 2-", ".  "}
	if !reflect.DeepEqual(drawn, want) {
		t.Fatalf("Draw = %q, want %q", drawn, want)
	}
	back, err := linjat.ParseDrawing(p, "d", drawn, 1)
	if err != nil || !reflect.DeepEqual(back, a) {
		t.Errorf("linjat.ParseDrawing = %v, %v; want %v", back, err, a)
	}
	// A run shared by two numbers on one row is split by their lengths.
	q, _ := linjat.ParseRows("t", []byte("2..2"))
	got, err := linjat.ParseDrawing(q, "d", []string{"2--2"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if vs := q.Verify(got); vs != nil {
		t.Errorf("shared run: %v", vs)
	}
	// A wrong drawing names the broken rules, positioned.
	_, err = linjat.ParseDrawing(p, "d", []string{"3-.", " 2-", ".  "}, 5)
	if err == nil || !strings.Contains(err.Error(), "d:5:1: wrong-length") {
		t.Errorf("wrong drawing: %v", err)
	}
}

func TestMalformed(t *testing.T) {
	rows := func(f string, data []byte) ([]*linjat.Puzzle, error) {
		p, err := linjat.ParseRows(f, data)
		return []*linjat.Puzzle{p}, err
	}
	tests := []struct {
		name, data, want string
		parse            func(string, []byte) ([]*linjat.Puzzle, error)
	}{
		{"rows bad char", "3 x\n 2 ", "f:1:3: want ' ' (empty), '.' (dot) or a number 1-9, have 'x'", rows},
		{"rows zero", "0 .", "f:1:1: a 0 cannot hold a line", rows},
		{"json syntax", `{"easy": [{"puzzle": ["2 ."]]}`, "f:1:29: JSON: invalid character ']'", nil},
		{"json row char", "{\"easy\": [\n{\"puzzle\": [\"2 .\", \"x..\"]}]}", "f:2:21: entry 1 (easy/1): cell r2c1: want", nil},
		{"json ragged", `{"easy": [{"puzzle": ["2 .", ".."]}]}`, "f:1:30: entry 1 (easy/1): row 2 has 2 cells, want 3", nil},
		{"json not rows", `{"easy": [{"puzzle": "2 ."}]}`, "f:1:22: entry 1 (easy/1): puzzle: want an array of row strings", nil},
		{"json group", `{"easy": 3}`, `f:1:10: group "easy": want an array of levels`, linjat.ParseLevels},
		{"json score", `{"puzzle": ["2."], "score": "x"}`, "f:1:29: score: want a number", nil},
		{"json empty", `{"easy": [{"puzzle": []}]}`, "f:1:22: entry 1 (easy/1): puzzle has no rows", nil},
		{"json no puzzle", `{"easy": [{"score": 3}]}`, "f:1:11: entry 1 (easy/1): level has no puzzle", linjat.ParseLevels},
		{"json trailing", `["2."] x`, "f:1:8: unexpected data", nil},
		{"text size", "linjat\nsize 2\n2.\n..\n", "f:2:6: size: want two positive integers", nil},
		{"text short", "linjat\nsize 3 2\n2.\n", "f:3:1: grid has 1 rows, want 3", nil},
		{"text wide", "linjat\nsize 1 2\n2..\n", "f:3:3: row 1 has 3 cells, want 2", nil},
		{"text cell", "linjat\nsize 1 2\n2x\n", "f:3:2: want ' ' (empty)", nil},
		{"text keyword", "linjat\nnope\n", `f:2:1: want a keyword`, nil},
		{"text start", "hello\n", `f:1:1: not a Linjat file`, nil},
		{"text index", "linjat\nindex -2\n", "f:2:7: index: want a positive integer", nil},
		{"text solution", "linjat\nsize 1 3\n2._\nsolution\n2-x\n", "f:5:3: cell r1c3: want ' ', '.', '-' or '|'", nil},
		{"text bad solution", "linjat\nsize 1 3\n2._\nsolution\n2._\n", "f:5:1: wrong-length", nil},
	}
	for _, tt := range tests {
		parse := tt.parse
		if parse == nil {
			parse = linjat.Parse
		}
		_, err := parse("f", []byte(tt.data))
		if err == nil {
			t.Errorf("%s: no error, want %q", tt.name, tt.want)
			continue
		}
		var el puzzle.ErrorList
		var e1 *puzzle.Error
		if !errors.As(err, &el) && !errors.As(err, &e1) {
			t.Errorf("%s: error %T is not positioned", tt.name, err)
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s:\nhave %v\nwant %s", tt.name, err, tt.want)
		}
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		data string
		want string // the format's name, "" for none
	}{
		{"linjat\nsize 1 1\n1\n", "canonical"},
		{"# c\n\nlinjat\n", "canonical"},
		{"\ufefflinjat\nsize 1 1\n1\n", "canonical"}, // a byte order mark
		{`{"easy": [{"puzzle": ["2."]}]}`, "levels"},
		{`[" 2."]`, "levels"},
		{"3 .\n 2 \n", "rows"},
		{"3 .\r\n 2 \r\n", "rows"},
		{"...\n...\n", ""},
		{"6 6\n1 2 3\n", ""},             // numbers without a dot: another kind's grid
		{`{"grid": []}`, ""},             // Shinro's JSON
		{`[{"R": [[0]], "N": [1]}]`, ""}, // Juosan's playground JSON
		{"shinro\n", ""},
		{"", ""},
	}
	for _, tt := range tests {
		have := ""
		if f := linjat.Formats.Detect("f", []byte(tt.data)); f != nil {
			have = f.Name
		}
		if have != tt.want {
			t.Errorf("Detect(%q): have %q, want %q", tt.data, have, tt.want)
		}
	}
}

// TestFormats: the formats are listed as the kinds command has always
// listed them, and every writer's output reads back as the same puzzle.
func TestFormats(t *testing.T) {
	if have, want := strings.Join(linjat.Formats.Readers(), " "), "canonical levels rows url"; have != want {
		t.Errorf("readers: have %s, want %s", have, want)
	}
	if have, want := strings.Join(linjat.Formats.Writers(), " "), "canonical levels rows url"; have != want {
		t.Errorf("writers: have %s, want %s", have, want)
	}
	p := lcorpus.Level(t, "medium/7")
	for _, name := range linjat.Formats.Writers() {
		data, err := linjat.Formats.Write(name, []*linjat.Puzzle{p})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if f := linjat.Formats.Detect("f", data); f == nil || f.Name != name {
			t.Errorf("%s: written data detected as %v", name, f)
		}
		qs, err := linjat.Parse("f", data)
		if err != nil || len(qs) != 1 {
			t.Fatalf("%s: read back %d puzzles, %v", name, len(qs), err)
		}
		if have, want := qs[0].String(), p.String(); have != want {
			t.Errorf("%s: read back\n%s\nwant\n%s", name, have, want)
		}
	}
	if _, err := linjat.Formats.Write("rows", lcorpus.Puzzles(t)[:2]); err == nil {
		t.Error("rows wrote two puzzles")
	}
}

// TestModel: Pos and Index name the numbers' cells both ways, and the
// header carries the title and the solution read.
func TestModel(t *testing.T) {
	var m puzzle.Model = lcorpus.Level(t, "expert/25")
	for i, v := range m.Vars() {
		if q := m.Pos(i); q != v.Pos || m.Index(q) != i {
			t.Errorf("unknown %d: Pos %v (var at %v), Index %d", i, q, v.Pos, m.Index(q))
		}
	}
	empty := 0
	for r := range m.Rows() {
		for c := range m.Cols() {
			if m.Index(puzzle.Pos{Row: r, Col: c}) < 0 {
				empty++
			}
		}
	}
	if have, want := empty, m.Rows()*m.Cols()-len(m.Vars()); have != want {
		t.Errorf("%d cells hold no unknown, want %d", have, want)
	}
	if m.Index(puzzle.Pos{Row: -1, Col: 0}) != -1 || m.Index(puzzle.Pos{Row: 0, Col: m.Cols()}) != -1 {
		t.Error("Index off the grid is not -1")
	}
	if have := m.Head().Name(); have != "expert/25" {
		t.Errorf("title %q, want expert/25", have)
	}
}

// TestEveryErrorReported: a canonical file with several bad puzzles
// reports each, and the good puzzles among them are still read.
func TestEveryErrorReported(t *testing.T) {
	data := "" +
		"linjat\nname a\nsize 1 2\n2.\n" + // good
		"linjat\nindex x\nscore y\nsize 1 2\n2.\n" + // two header errors
		"linjat\nsize 2 3\n2x.\n.éx\n" + // bad cells, columns in runes
		"linjat\nname b\nsize 1 2\n2.\nsolution\n2.\n" + // a 2 without its line
		"hello\n" + // not a puzzle
		"linjat\nname c\nsize 1 2\n2.\nsolution\n2-\nend\n" // good
	ps, err := linjat.ParseTexts("f", []byte(data))
	var names []string
	for _, p := range ps {
		names = append(names, p.Title)
	}
	if have, want := strings.Join(names, " "), "a c"; have != want {
		t.Errorf("puzzles read: have %q, want %q", have, want)
	}
	var el puzzle.ErrorList
	if !errors.As(err, &el) {
		t.Fatalf("error %v is not a list", err)
	}
	var have []string
	for _, e := range el {
		have = append(have, strconv.Itoa(e.Line)+":"+strconv.Itoa(e.Col))
	}
	want := []string{"6:7", "7:7", "12:2", "13:2", "13:3", "19:1", "19:2", "20:1"}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("error positions: have %v, want %v\n%v", have, want, err)
	}
}

func TestTextRoundTrip(t *testing.T) {
	ps := lcorpus.Puzzles(t)
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(linjat.FormatText(p))
	}
	qs, err := linjat.ParseTexts("all", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != len(ps) {
		t.Fatalf("%d puzzles, then %d", len(ps), len(qs))
	}
	for i := range ps {
		if qs[i].String() != ps[i].String() || qs[i].Title != ps[i].Title || qs[i].Ordinal != ps[i].Ordinal ||
			qs[i].Group != ps[i].Group || qs[i].Level != ps[i].Level || linjat.FormatText(qs[i]) != linjat.FormatText(ps[i]) {
			t.Errorf("%s: round trip differs:\n%s\n%s", ps[i].Title, linjat.FormatText(ps[i]), linjat.FormatText(qs[i]))
		}
	}
	// The level JSON round trip keeps the grids, groups and scores.
	data, err := linjat.FormatLevels(ps)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := linjat.ParseLevels("again", data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ps {
		if rs[i].String() != ps[i].String() || rs[i].Title != ps[i].Title || !reflect.DeepEqual(rs[i].Ref, ps[i].Ref) {
			t.Errorf("%s: JSON round trip differs", ps[i].Title)
		}
	}
}

func TestSolutionBlock(t *testing.T) {
	text := "linjat\nname small\nsize 3 3\n3_.\n_2_\n.__\nsolution\n3_.\n|2-\n|__\nend\n"
	p, err := linjat.ParseText("s", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Solution, puzzle.Assignment{1, 1}) {
		t.Fatalf("solution %v", p.Solution)
	}
	if vs := p.Verify(p.Solution); vs == nil {
		t.Error("the 3 down leaves r1c3 uncovered; Verify found nothing")
	}
	if got := linjat.FormatText(p); got != strings.TrimSuffix(text, "end\n") {
		t.Errorf("linjat.FormatText:\n%s", got)
	}
	sol, err := linjat.ParseSolution(p, "s", []byte(text))
	if err != nil || !reflect.DeepEqual(sol, p.Solution) {
		t.Errorf("linjat.ParseSolution = %v, %v", sol, err)
	}
}

func FuzzParseText(f *testing.F) {
	f.Add([]byte("linjat\nname small\nsize 3 3\n3_.\n_2_\n.__\nsolution\n3--\n_2-\n.__\n"))
	f.Add([]byte("linjat\nsize 1 4\n3..2\n"))
	ps := lcorpus.Puzzles(f)
	f.Add([]byte(linjat.FormatText(ps[50])))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := linjat.ParseTexts("fuzz", data)
		if err != nil {
			return
		}
		var b strings.Builder
		for _, p := range ps {
			b.WriteString(linjat.FormatText(p))
		}
		qs, err := linjat.ParseTexts("again", []byte(b.String()))
		if err != nil {
			t.Fatalf("formatted puzzles do not parse: %v\n%s", err, b.String())
		}
		if len(qs) != len(ps) {
			t.Fatalf("%d puzzles, then %d", len(ps), len(qs))
		}
		for i := range ps {
			if linjat.FormatText(qs[i]) != linjat.FormatText(ps[i]) {
				t.Fatalf("round trip differs:\n%s\n%s", linjat.FormatText(ps[i]), linjat.FormatText(qs[i]))
			}
		}
	})
}

func FuzzParseLevels(f *testing.F) {
	f.Add([]byte(`{"easy": [{"puzzle": ["2 .", " 3."], "score": "7"}], "tutorial": [{"message": "x"}]}`))
	f.Add([]byte(`[" 2.", "3  "]`))
	f.Add([]byte(`[{"puzzle": ["1"]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := linjat.ParseLevels("fuzz", data)
		if err != nil && len(ps) == 0 {
			return
		}
		out, err := linjat.FormatLevels(ps)
		if err != nil {
			t.Fatal(err)
		}
		qs, err := linjat.ParseLevels("again", out)
		if err != nil || len(qs) != len(ps) {
			t.Fatalf("formatted levels do not parse back: %v\n%s", err, out)
		}
		for i := range ps {
			if qs[i].String() != ps[i].String() {
				t.Fatalf("grid differs:\n%s\n%s", ps[i], qs[i])
			}
		}
	})
}

func FuzzParseRows(f *testing.F) {
	f.Add([]byte("3 .\n 2 \n.  "))
	f.Add([]byte("_4_.2.\n___.2."))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := linjat.ParseRows("fuzz", data)
		if err != nil {
			return
		}
		// Written with '_' for empty cells, rows read back exactly.
		text := strings.ReplaceAll(strings.Join(p.Rowstrings(), "\n"), " ", "_")
		q, err := linjat.ParseRows("again", []byte(text))
		if err != nil {
			t.Fatalf("rows do not parse back: %v", err)
		}
		if q.String() != p.String() {
			t.Fatalf("rows differ:\n%q\n%q", p, q)
		}
	})
}

func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 0))
	for range 200 {
		p, err := linjat.Random(rng, 1+rng.IntN(10), 1+rng.IntN(10), 15, 6, 0.4)
		if err != nil {
			t.Fatal(err)
		}
		if vs := p.Verify(p.Solution); vs != nil {
			t.Fatalf("planted solution broken: %v\n%s", vs, p)
		}
	}
	if _, err := linjat.Random(rng, 0, 3, 1, 3, 0); err == nil {
		t.Error("0 rows accepted")
	}
}

// TestDrawingSearchBounded: a drawing whose marks no choice of lines
// explains, with exponentially many partial choices, fails quickly.
func TestDrawingSearchBounded(t *testing.T) {
	row := strings.Repeat("-2-_", 40)
	p, err := linjat.ParseRows("t", []byte(strings.ReplaceAll(row, "-", "_")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := linjat.ParseDrawing(p, "d", []string{row}, 1); err == nil {
		t.Error("an impossible drawing was accepted")
	}
}

// TestWith: a cell changed by With gives the puzzle New gives for the
// changed grid (the placements shared are the ones New computes), and With
// refuses numbers, values other than a dot or empty, and cells off the grid.
func TestWith(t *testing.T) {
	p, err := linjat.ParseRows("t", []byte("3 .\n 2 \n1  "))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		q       puzzle.Pos
		v       int8
		wantErr string
	}{
		{"dot", puzzle.Pos{Row: 2, Col: 2}, linjat.Dot, ""},
		{"clear a dot", puzzle.Pos{Row: 0, Col: 2}, linjat.Empty, ""},
		{"a number", puzzle.Pos{Row: 1, Col: 1}, linjat.Dot, "holds a number"},
		{"a value", puzzle.Pos{Row: 2, Col: 2}, 4, "sets a dot or an empty cell"},
		{"off the grid", puzzle.Pos{Row: 3, Col: 0}, linjat.Dot, "off the 3x3 grid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			have, err := p.With(tc.q, tc.v)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("have error %v, want one with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g := p.Grid()
			g[tc.q.Row][tc.q.Col] = tc.v
			want, err := linjat.New("t", g)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(have.Grid(), want.Grid()) || !reflect.DeepEqual(have.Vars(), want.Vars()) ||
				!reflect.DeepEqual(have.Dots(), want.Dots()) {
				t.Errorf("have %v (dots %v), want %v (dots %v)", have.Grid(), have.Dots(), want.Grid(), want.Dots())
			}
			if p.Cell(tc.q) == int(tc.v) {
				t.Errorf("With changed its receiver at %v", tc.q)
			}
		})
	}
}
