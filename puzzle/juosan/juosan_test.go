package juosan

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

const testdata = "../../testdata/juosan"

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdata, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// jankoCase is one janko test case with its solution.
type jankoCase struct {
	name string
	p    *Puzzle
	sol  Grid
}

func loadJanko(t testing.TB) []jankoCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(testdata, "janko", "*.in"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var out []jankoCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParseIn(f, data)
		if err != nil {
			t.Fatalf("ParseIn: %v", err)
		}
		ans := strings.TrimSuffix(f, ".in") + ".ans"
		adata, err := os.ReadFile(ans)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := ParseAnswer(ans, adata, p)
		if err != nil {
			t.Fatalf("ParseAnswer: %v", err)
		}
		out = append(out, jankoCase{p.Name, p, sol})
	}
	return out
}

func TestJankoCorpus(t *testing.T) {
	cases := loadJanko(t)
	if len(cases) != 63 {
		t.Fatalf("have %d janko puzzles, want 63", len(cases))
	}
	for _, c := range cases {
		for _, rd := range []Reading{Either, Majority} {
			if vs := Verify(c.p, c.sol, rd); len(vs) != 0 {
				t.Errorf("%s (%v): solution breaks rules: %v", c.name, rd, vs)
			}
		}
		if err := c.p.Validate(); err != nil {
			t.Errorf("%s: Validate: %v", c.name, err)
		}
		// Every writer's output reads back as the same puzzle.
		q, err := ParseIn("x.in", []byte(FormatIn(c.p)))
		if err != nil || !q.Equal(c.p) {
			t.Errorf("%s: FormatIn round trip: err %v, equal %v", c.name, err, err == nil && q.Equal(c.p))
		}
		q, g, err := ParseCanonical("x", []byte(FormatCanonical(c.p, c.sol)))
		if err != nil || !q.Equal(c.p) || !g.Equal(c.sol) || q.Name != c.p.Name {
			t.Errorf("%s: canonical round trip: err %v", c.name, err)
		}
		q, err = ParseURL("", []byte(FormatURL(c.p)))
		if err != nil || !q.Equal(c.p) {
			t.Errorf("%s: URL round trip: err %v", c.name, err)
		}
		g, err = ParseAnswer("x.ans", []byte(FormatGrid(c.sol)), c.p)
		if err != nil || !g.Equal(c.sol) {
			t.Errorf("%s: FormatGrid round trip: err %v", c.name, err)
		}
	}
}

func TestJankoTextExample(t *testing.T) {
	want, err := ParseIn("6x6_1.in", readFile(t, "janko/6x6_1.in"))
	if err != nil {
		t.Fatal(err)
	}
	wantSol, err := ParseAnswer("6x6_1.ans", readFile(t, "janko/6x6_1.ans"), want)
	if err != nil {
		t.Fatal(err)
	}
	if want.Name != "6x6_1" {
		t.Errorf("name: have %q, want 6x6_1", want.Name)
	}
	for _, tc := range []struct {
		file  string
		parse func(string, []byte) (*Puzzle, Grid, error)
	}{
		{"janko051.txt", ParseJanko},
		{"6x6_1.juosan", ParseCanonical},
	} {
		p, sol, err := tc.parse(tc.file, readFile(t, tc.file))
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if !p.Equal(want) {
			t.Errorf("%s: have\n%s\nwant\n%s", tc.file, FormatCanonical(p, nil), FormatCanonical(want, nil))
		}
		if !sol.Equal(wantSol) {
			t.Errorf("%s: solution have\n%swant\n%s", tc.file, FormatGrid(sol), FormatGrid(wantSol))
		}
	}
}

func TestPuzzlinkVectors(t *testing.T) {
	ps, err := ParseURLs("puzzlink.txt", readFile(t, "puzzlink.txt"))
	if err != nil {
		t.Fatal(err)
	}
	janko51, err := ParseIn("6x6_1.in", readFile(t, "janko/6x6_1.in"))
	if err != nil {
		t.Fatal(err)
	}
	pz, pzSol, err := ParseCanonical("pzprjs.juosan", readFile(t, "pzprjs.juosan"))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		p    *Puzzle
		body string
	}{
		{janko51, "juosan/6/6/hh44aa0fo3u017253334"},
		{pz, "juosan/5/5/8mdnvues132g213g22g"},
	}
	if len(ps) != len(want) {
		t.Fatalf("have %d URLs, want %d", len(ps), len(want))
	}
	for i, w := range want {
		if !ps[i].Equal(w.p) {
			t.Errorf("URL %d: have\n%swant\n%s", i+1, FormatCanonical(ps[i], nil), FormatCanonical(w.p, nil))
		}
		if have := URLBody(ps[i]); have != w.body {
			t.Errorf("URL %d re-encoded: have %s, want %s", i+1, have, w.body)
		}
		if have := FormatURL(w.p); have != "https://puzz.link/p?"+w.body {
			t.Errorf("FormatURL: have %s", have)
		}
	}
	for _, rd := range []Reading{Either, Majority} {
		if vs := Verify(pz, pzSol, rd); len(vs) != 0 {
			t.Errorf("pzprjs answer (%v): %v", rd, vs)
		}
	}
	// Every spelling of the URL decodes to the same puzzle.
	for _, u := range []string{
		"https://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334",
		"http://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334",
		"puzz.link/p?juosan/6/6/hh44aa0fo3u017253334",
		"http://pzv.jp/p.html?juosan/6/6/hh44aa0fo3u017253334",
		"juosan/6/6/hh44aa0fo3u017253334",
		"  https://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334/ \n",
		"# a comment\nhttps://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334\n",
	} {
		p, err := ParseURL("", []byte(u))
		if err != nil {
			t.Errorf("%q: %v", u, err)
			continue
		}
		if !p.Equal(janko51) {
			t.Errorf("%q: decodes to another puzzle", u)
		}
	}
}

// TestURLNumbers checks every room-number encoding both ways.
func TestURLNumbers(t *testing.T) {
	for _, tc := range []struct {
		clue int
		code string
	}{
		{0, "0"}, {15, "f"}, {16, "-10"}, {255, "-ff"}, {256, "+100"}, {4095, "+fff"},
		{4096, "=000"}, {8191, "=fff"}, {8192, "%000"}, {12239, "%fcf"}, {12240, "*0000"},
		{39999, "*6c6f"}, {Question, "."},
	} {
		// One room of 200×200 cells, so any number up to 40000 fits.
		region := make([][]int, MaxSize)
		for r := range region {
			region[r] = make([]int, MaxSize)
		}
		p, err := New("", region, []int{tc.clue})
		if err != nil {
			t.Fatal(err)
		}
		body := URLBody(p)
		if !strings.HasSuffix(body, "/"+tc.code) && !strings.HasSuffix(body, "0"+tc.code) {
			t.Errorf("clue %d: have body ending %q, want %q", tc.clue, body[len(body)-8:], tc.code)
		}
		q, err := ParseURL("", []byte(body))
		if err != nil {
			t.Fatalf("clue %d: %v", tc.clue, err)
		}
		if q.Clue[0] != tc.clue {
			t.Errorf("clue %d: decoded %d", tc.clue, q.Clue[0])
		}
	}
	// "@" is another spelling of "%"; skips of up to 20 rooms.
	if _, err := ParseURL("", []byte("juosan/1/1/@001")); err == nil || !strings.Contains(err.Error(), "number 8193") {
		t.Errorf("@ clue: have %v, want number 8193 rejected as larger than the room", err)
	}
}

func TestURLSkips(t *testing.T) {
	// 1×25 with walls everywhere: 25 rooms; numbers on rooms 0 and 24.
	region := [][]int{make([]int, 25)}
	clue := make([]int, 25)
	for i := range region[0] {
		region[0][i] = i
		clue[i] = NoNumber
	}
	clue[0], clue[24] = 1, 0
	p, err := New("", region, clue)
	if err != nil {
		t.Fatal(err)
	}
	want := "juosan/25/1/vvvvu1zi0"
	if have := URLBody(p); have != want {
		t.Errorf("have %s, want %s", have, want)
	}
	q, err := ParseURL("", []byte(want))
	if err != nil || !q.Equal(p) {
		t.Errorf("decode %s: err %v", want, err)
	}
}

func TestPlayground(t *testing.T) {
	data := readFile(t, "janko_instances.json")
	ps, err := ParsePlaygroundJSON("janko_instances.json", data)
	if len(ps) != 73 {
		t.Errorf("have %d well-formed puzzles, want 73", len(ps))
	}
	list, ok := err.(puzzle.ErrorList)
	if !ok || len(list) != 1 {
		t.Fatalf("have error %v, want one error for 5x5_3", err)
	}
	for _, s := range []string{"5x5_3 (medium).in", "label 6", "0..5"} {
		if !strings.Contains(list[0].Msg, s) {
			t.Errorf("error %q does not mention %q", list[0].Msg, s)
		}
	}
	if list[0].File != "janko_instances.json" || list[0].Line != 1 || list[0].Col < 2 {
		t.Errorf("error position: have %s:%d:%d", list[0].File, list[0].Line, list[0].Col)
	}
	if _, err := PlaygroundEntry("j.json", data, "5x5_3"); err == nil || !strings.Contains(err.Error(), "label 6") {
		t.Errorf("PlaygroundEntry(5x5_3): have %v, want the label-6 error", err)
	}
	for _, name := range []string{"4x4_1 (easy).in", "4x4_1"} {
		p, err := PlaygroundEntry("j.json", data, name)
		if err != nil || p.Name != "4x4_1 (easy).in" || p.Rows != 4 || p.NumRegions() != 4 {
			t.Errorf("PlaygroundEntry(%q): have %v, %v", name, p, err)
		}
	}
	if _, err := PlaygroundEntry("j.json", data, "nope"); err == nil {
		t.Error("PlaygroundEntry(nope): no error")
	}
	// Puzzles present in both collections are the same.
	insts, _ := Parse("janko_instances.json", data)
	both := 0
	for _, c := range loadJanko(t) {
		in, ok := Find(insts, c.name)
		if !ok {
			continue
		}
		both++
		if !in.Puzzle.Equal(c.p) {
			t.Errorf("%s: playground and .in differ", c.name)
		}
	}
	if both != 63 {
		t.Errorf("have %d puzzles in both collections, want 63", both)
	}
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		file string
		want Format
	}{
		{"janko/6x6_1.in", InFormat},
		{"janko/6x6_1.ans", AnswerFormat},
		{"janko_instances.json", PlaygroundFormat},
		{"janko051.txt", JankoFormat},
		{"6x6_1.juosan", CanonicalFormat},
		{"puzzlink.txt", URLFormat},
	} {
		if have := Detect(readFile(t, tc.file)); have != tc.want {
			t.Errorf("Detect(%s): have %v, want %v", tc.file, have, tc.want)
		}
		insts, err := Parse(tc.file, readFile(t, tc.file))
		if tc.want == AnswerFormat {
			if err == nil {
				t.Errorf("Parse(%s): no error for a solution grid", tc.file)
			}
			continue
		}
		if len(insts) == 0 {
			t.Errorf("Parse(%s): no puzzles (err %v)", tc.file, err)
		}
		f, err := ParseFormatName(tc.want.String())
		if err != nil || f != tc.want {
			t.Errorf("ParseFormatName(%v): have %v, %v", tc.want, f, err)
		}
	}
	for _, s := range []string{"", "  \n", "hello world\n", "# only a comment\n"} {
		if have := Detect([]byte(s)); have != UnknownFormat {
			t.Errorf("Detect(%q): have %v, want unknown", s, have)
		}
		if _, err := Parse("f", []byte(s)); err == nil {
			t.Errorf("Parse(%q): no error", s)
		}
	}
}

// TestErrors checks that bad input gives a positioned error that says
// what is wrong.
func TestErrors(t *testing.T) {
	canon := func(grid string) string { return "juosan\nsize 2 3\ngrid\n" + grid }
	for _, tc := range []struct {
		name      string
		format    Format
		in        string
		line, col int
		want      string
	}{
		{"in empty", InFormat, "", 1, 0, "empty input"},
		{"in size", InFormat, "2 201\n1\n-1\n", 1, 3, "columns \"201\""},
		{"in size zero", InFormat, "0 3\n1\n-1\n", 1, 1, "rows \"0\""},
		{"in size word", InFormat, "2 x\n1\n-1\n", 1, 3, "columns \"x\""},
		{"in r count", InFormat, "1 2\n2\n-1\n1 2\n", 3, 1, "1 entries, want 2"},
		{"in clue word", InFormat, "1 2\n1\n1.5\n1 1\n", 3, 1, "\"1.5\" is not an integer"},
		{"in negative clue", InFormat, "1 2\n1\n-3\n1 1\n", 3, 1, "-3 is negative"},
		{"in clue too big", InFormat, "1 2\n1\n3\n1 1\n", 3, 1, "number 3 is larger than the territory (2 cells)"},
		{"in ragged", InFormat, "2 2\n1\n-1\n1 1\n1\n", 5, 1, "row 2 has 1 labels, want 2"},
		{"in ragged long", InFormat, "2 2\n1\n-1\n1 1 1\n1 1\n", 4, 5, "row 1 has 3 labels"},
		{"in missing row", InFormat, "2 2\n1\n-1\n1 1\n", 5, 0, "found 1 rows of labels, want 2"},
		{"in label range", InFormat, "1 2\n2\n-1 -1\n1 3\n", 4, 3, "label \"3\""},
		{"in label zero", InFormat, "1 2\n2\n-1 -1\n0 1\n", 4, 1, "label \"0\""},
		{"in disconnected", InFormat, "1 3\n2\n-1 -1\n1 2 1\n", 4, 5, "territory 1 is not connected"},
		{"in unused clue", InFormat, "1 2\n2\n-1 1\n1 1\n", 3, 4, "territory 2, which has no cells"},
		{"canon empty", CanonicalFormat, "# nothing\n", 1, 0, "empty input"},
		{"canon header", CanonicalFormat, "juosan x\n", 1, 1, "first line must be \"juosan\""},
		{"canon size", CanonicalFormat, "juosan\nsize 3 1000\n", 2, 8, "columns \"1000\""},
		{"canon ragged", CanonicalFormat, canon("a a a\na a\n"), 5, 3, "grid row 2 has 2 cells, want 3"},
		{"canon bad token", CanonicalFormat, canon("a a 1\na a a\n"), 4, 5, "cell \"1\""},
		{"canon bad number", CanonicalFormat, canon("a a a-1\na a a\n"), 4, 5, "\"-1\" after the label"},
		{"canon two numbers", CanonicalFormat, canon("a1 a a\na2 a a\n"), 5, 1, "territory a has a second number"},
		{"canon too big", CanonicalFormat, canon("a7 a a\na a a\n"), 4, 1, "number 7 is larger than the territory (6 cells)"},
		{"canon disconnected", CanonicalFormat, canon("a b a\nb b b\n"), 4, 5, "territory a is not connected"},
		{"canon missing rows", CanonicalFormat, canon("a a a\n"), 5, 0, "\"grid\" block has 1 rows, want 2"},
		{"canon no grid", CanonicalFormat, "juosan\nsize 2 2\n", 3, 0, "missing \"grid\""},
		{"canon grid first", CanonicalFormat, "juosan\ngrid\na\n", 2, 1, "\"grid\" before \"size\""},
		{"canon unknown", CanonicalFormat, "juosan\nsize 1 1\ncolour red\n", 3, 1, "unknown line \"colour\""},
		{"canon solution", CanonicalFormat, canon("a a a\na a a\n") + "solution\n-|x\n---\n", 7, 3, "'x' is not a cell symbol"},
		{"canon solution ragged", CanonicalFormat, canon("a a a\na a a\n") + "solution\n-|\n---\n", 7, 1, "row 1 has 2 cells, want 3"},
		{"canon after end", CanonicalFormat, canon("a a a\na a a\n") + "end\nsize 1 1\n", 7, 1, "text after \"end\""},
		{"canon huge number", CanonicalFormat, canon("a99999999999999999999 a a\na a a\n"), 4, 1, "is not a number"},
		{"janko empty", JankoFormat, "", 1, 0, "empty input"},
		{"janko kind", JankoFormat, "begin\npuzzle sudoku\n", 2, 1, "not a Juosan puzzle"},
		{"janko size", JankoFormat, "begin\nsize 300\n", 2, 6, "size \"300\""},
		{"janko block first", JankoFormat, "begin\nproblem\n", 2, 1, "before the size"},
		{"janko no areas", JankoFormat, "size 1\nproblem\n-\nend\n", 5, 0, "missing \"areas\""},
		{"janko two numbers", JankoFormat, "size 2\nproblem\n1 2\n- -\nareas\na a\na a\n", 3, 3, "territory a has a second number"},
		{"janko bad number", JankoFormat, "size 1\nproblem\nx\nareas\na\n", 3, 1, "problem cell \"x\""},
		{"janko ragged", JankoFormat, "size 2\nproblem\n- -\n- -\nareas\na a\na\n", 7, 1, "areas row 2 has 1 labels"},
		{"url empty", URLFormat, "", 1, 0, "empty input"},
		{"url kind", URLFormat, "https://puzz.link/p?nurikabe/6/6/x", 1, 21, "kind \"nurikabe\""},
		{"url shape", URLFormat, "juosan/6/6", 1, 8, "want juosan/COLS/ROWS/BODY"},
		{"url cols", URLFormat, "juosan/0/6/x", 1, 8, "columns \"0\""},
		{"url rows", URLFormat, "juosan/6/x/x", 1, 10, "rows \"x\""},
		{"url short", URLFormat, "juosan/6/6/hh44aa0fo3u", 1, 23, "body too short"},
		{"url border char", URLFormat, "juosan/6/6/hh44aa0fo3w017253334", 1, 22, "border character 'w'"},
		{"url number char", URLFormat, "juosan/6/6/hh44aa0fo3u0!", 1, 24, "room number character '!'"},
		{"url too many", URLFormat, "juosan/6/6/hh44aa0fo3u0172533341", 1, 32, "more room numbers than rooms (8)"},
		{"url truncated hex", URLFormat, "juosan/6/6/hh44aa0fo3u0+1", 1, 24, "needs 3 hex digits"},
		{"url bad hex", URLFormat, "juosan/6/6/hh44aa0fo3u0-1x", 1, 25, "\"1x\" is not 2 hex digits"},
		{"url number too big", URLFormat, "juosan/6/6/hh44aa0fo3u09", 1, 24, "room 1 (first cell r1c1) has number 9 but only 2 cells"},
		{"url skip past end", URLFormat, "juosan/6/6/hh44aa0fo3u0z", 1, 24, "room skip runs past the last room"},
		{"url two per line", URLFormat, "juosan/1/1/ juosan/1/1/", 1, 13, "want one URL per line"},
		{"playground empty", PlaygroundFormat, " ", 1, 1, "empty input"},
		{"playground syntax", PlaygroundFormat, "[\n{\"m\": 1,}\n]", 2, 9, "bad JSON"},
		{"playground trailing", PlaygroundFormat, "[]\n[]", 2, 1, "after top-level value"},
		{"playground not object", PlaygroundFormat, "[1]", 1, 2, "entry 1: want an object"},
		{"playground size", PlaygroundFormat, `[{"name":"x","m":201,"n":1,"r":1,"N":[-1],"R":[[0]]}]`, 1, 2, "entry 1 (x): \"m\" (rows) must be an integer in 1..200"},
		{"playground float", PlaygroundFormat, `[{"m":1,"n":1,"r":1,"N":[0.5],"R":[[0]]}]`, 1, 2, "N[0] = 0.5 is not an integer"},
		{"playground N count", PlaygroundFormat, `[{"m":1,"n":1,"r":2,"N":[1],"R":[[0]]}]`, 1, 2, "\"N\" has 1 numbers, want r = 2"},
		{"playground ragged", PlaygroundFormat, ` [{"m":2,"n":2,"r":1,"N":[-1],"R":[[0,0],[0]]}]`, 1, 3, "row 2 of \"R\" has 1 labels, want n = 2"},
		{"playground label", PlaygroundFormat, `{"m":1,"n":2,"r":1,"N":[-1],"R":[[0,1]]}`, 1, 1, "label 1 at r1c2 out of range 0..0"},
		{"playground disconnected", PlaygroundFormat, `{"m":1,"n":3,"r":2,"N":[-1,-1],"R":[[0,1,0]]}`, 1, 1, "territory 0 is not connected"},
		{"playground too big", PlaygroundFormat, `{"m":1,"n":3,"r":1,"N":[4],"R":[[0,0,0]]}`, 1, 1, "number 4 is larger than the territory (3 cells)"},
		{"answer empty", AnswerFormat, "", 1, 0, "empty input"},
		{"answer rows", AnswerFormat, "- -\n", 2, 0, "found 1 rows, want 2"},
		{"answer symbol", AnswerFormat, "- -\n- x\n", 2, 3, "'x' is not a cell symbol"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.format == AnswerFormat {
				p, perr := New("", [][]int{{0, 0}, {0, 0}}, []int{-1})
				if perr != nil {
					t.Fatal(perr)
				}
				_, err = ParseAnswer("f", []byte(tc.in), p)
			} else {
				_, err = ParseAs("f", []byte(tc.in), tc.format)
			}
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			list, ok := err.(puzzle.ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("have %T %v, want a puzzle.ErrorList", err, err)
			}
			e := list[0]
			if e.File != "f" || e.Line != tc.line || e.Col != tc.col || !strings.Contains(e.Msg, tc.want) {
				t.Errorf("have %v\nwant f:%d:%d: ...%s...", e, tc.line, tc.col, tc.want)
			}
		})
	}
}

func TestNewAndValidate(t *testing.T) {
	// New renumbers in reading order and carries the clues along.
	p, err := New("x", [][]int{{2, 2, 0}, {1, 1, 0}}, []int{1, -1, 2})
	if err != nil {
		t.Fatal(err)
	}
	wantRegion := [][]int{{0, 0, 1}, {2, 2, 1}}
	wantClue := []int{2, 1, -1}
	q := &Puzzle{Rows: 2, Cols: 3, Region: wantRegion, Clue: wantClue}
	if !p.Equal(q) {
		t.Errorf("have %v %v, want %v %v", p.Region, p.Clue, wantRegion, wantClue)
	}
	if have := p.Cells(1); len(have) != 2 || have[0] != (puzzle.Pos{Row: 0, Col: 2}) || have[1] != (puzzle.Pos{Row: 1, Col: 2}) {
		t.Errorf("Cells(1): have %v", have)
	}
	if have := q.Cells(1); len(have) != 2 || q.Size(2) != 2 {
		t.Errorf("literal Cells(1): have %v", have)
	}
	for _, tc := range []struct {
		name   string
		region [][]int
		clue   []int
		want   string
	}{
		{"empty", nil, nil, "size 0×0"},
		{"ragged", [][]int{{0, 0}, {0}}, []int{-1}, "row 2 has 1 cells"},
		{"range", [][]int{{0, 1}}, []int{-1}, "index 1"},
		{"unused", [][]int{{0, 0}}, []int{-1, -1}, "territory 1 has no cells"},
		{"clue", [][]int{{0, 0}}, []int{3}, "number 3"},
		{"negative", [][]int{{0, 0}}, []int{-3}, "number -3"},
		{"split", [][]int{{0, 1, 0}}, []int{-1, -1}, "territory 0 is not connected"},
	} {
		if _, err := New("", tc.region, tc.clue); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: have %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

func TestVerify(t *testing.T) {
	// A territory of 6 cells numbered 2 above an unnumbered one of 3.
	p, err := New("", [][]int{
		{0, 0, 0},
		{0, 0, 0},
		{1, 1, 1},
	}, []int{2, NoNumber})
	if err != nil {
		t.Fatal(err)
	}
	grid := func(rows ...string) Grid {
		g, err := ParseAnswer("", []byte(strings.Join(rows, "\n")), p)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	type want struct {
		rule  string
		cells string
	}
	for _, tc := range []struct {
		name string
		g    Grid
		rd   Reading
		want []want
	}{
		{"solved either", grid("-||", "|-|", "-|-"), Either, nil},
		{"minority count", grid("-||", "|-|", "-|-"), Majority, []want{{RuleTerritoryCount, "r1c1,r1c2,r1c3,r2c1,r2c2,r2c3"}}},
		{"three bars in a column", grid("-||", "-||", "-|-"), Either, []want{{RuleThreeHorizBars, "r1c1,r2c1,r3c1"}}},
		{"three bars in a row", grid("-||", "|-|", "|||"), Either, []want{{RuleThreeVertBars, "r3c1,r3c2,r3c3"}}},
		{"empty cells", grid("-.|", "|-|", "-|."), Either, []want{{RuleEmptyCell, "r1c2"}, {RuleEmptyCell, "r3c3"}}},
		{"partial count impossible", grid("---", "-.-", "|-|"), Either, []want{{RuleEmptyCell, "r2c2"}, {RuleTerritoryCount, "r1c1,r1c2,r1c3,r2c1,r2c2,r2c3"}}},
		{"wrong size", Grid{{Horiz}}, Either, []want{{RuleGridSize, ""}}},
	} {
		vs := Verify(p, tc.g, tc.rd)
		var have []want
		for _, v := range vs {
			var cells []string
			for _, c := range v.Cells {
				cells = append(cells, c.String())
			}
			have = append(have, want{v.Rule, strings.Join(cells, ",")})
		}
		if len(have) != len(tc.want) {
			t.Errorf("%s: have %v, want %v", tc.name, have, tc.want)
			continue
		}
		for i := range have {
			if have[i] != tc.want[i] {
				t.Errorf("%s: violation %d: have %v, want %v", tc.name, i, have[i], tc.want[i])
			}
		}
		if Solved(p, tc.g, tc.rd) != (len(tc.want) == 0) {
			t.Errorf("%s: Solved disagrees with Verify", tc.name)
		}
	}
}

func TestProblem(t *testing.T) {
	p, err := ParseIn("6x6_1.in", readFile(t, "janko/6x6_1.in"))
	if err != nil {
		t.Fatal(err)
	}
	pr := p.Problem()
	if pr.Kind() != "juosan" || pr.Name() != "6x6_1" || pr.Rows() != 6 || pr.Cols() != 6 {
		t.Errorf("have %s %s %d×%d", pr.Kind(), pr.Name(), pr.Rows(), pr.Cols())
	}
	vs := pr.Vars()
	if len(vs) != 36 || vs[7].Name != "r2c2" || vs[7].Pos != (puzzle.Pos{Row: 1, Col: 1}) ||
		strings.Join(vs[7].Domain, "") != "-|" || p.VarIndex(vs[7].Pos) != 7 || p.PosOf(7) != vs[7].Pos {
		t.Errorf("Vars: have %d, [7] = %+v", len(vs), vs[7])
	}
	sol, err := ParseAnswer("6x6_1.ans", readFile(t, "janko/6x6_1.ans"), p)
	if err != nil {
		t.Fatal(err)
	}
	a := sol.Assignment()
	if a[0] != 0 || a[5] != 1 {
		t.Errorf("Assignment: have %v", a[:6])
	}
	g, err := p.GridOf(a)
	if err != nil || !g.Equal(sol) {
		t.Errorf("GridOf(Assignment) differs: %v", err)
	}
	if _, err := p.GridOf(a[:3]); err == nil {
		t.Error("GridOf of a short assignment: no error")
	}
}

func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	p, g, err := Random(rng, 30, 45)
	if err != nil {
		t.Fatal(err)
	}
	if p.Rows != 30 || p.Cols != 45 || !g.Full() {
		t.Fatalf("have %d×%d, full %v", p.Rows, p.Cols, g.Full())
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, rd := range []Reading{Either, Majority} {
		if vs := Verify(p, g, rd); len(vs) != 0 {
			t.Errorf("%v: %v", rd, vs[0])
		}
	}
	q, _, err := Random(rand.New(rand.NewPCG(1, 2)), 30, 45)
	if err != nil || !q.Equal(p) {
		t.Errorf("same seed, different puzzle (err %v)", err)
	}
	r, err := ParseURL("", []byte(FormatURL(p)))
	if err != nil || !r.Equal(p) {
		t.Errorf("URL round trip: %v", err)
	}
	if _, _, err := Random(rng, 0, 5); err == nil {
		t.Error("Random(0×5): no error")
	}
}

func TestLabel(t *testing.T) {
	for i, want := range map[int]string{0: "a", 25: "z", 26: "aa", 27: "ab", 51: "az", 52: "ba", 701: "zz", 702: "aaa"} {
		if have := Label(i); have != want {
			t.Errorf("Label(%d): have %q, want %q", i, have, want)
		}
	}
}

func TestQuestionClue(t *testing.T) {
	p, _, err := ParseCanonical("", []byte("juosan\nsize 1 3\ngrid\na? a b\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Clue[0] != Question || p.Numbered(0) {
		t.Errorf("have clue %d", p.Clue[0])
	}
	if have := URLBody(p); have != "juosan/3/1/8.g" {
		t.Errorf("URL: have %s", have)
	}
	g := Grid{{Horiz, Horiz, Vert}}
	for _, rd := range []Reading{Either, Majority} {
		if vs := Verify(p, g, rd); len(vs) != 0 {
			t.Errorf("%v: a ? clue constrains: %v", rd, vs)
		}
	}
}
