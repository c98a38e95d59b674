package model_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	jcorpus "github.com/puzzlesat/puzzlesat/kinds/juosan/corpus"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	juosan "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

var readings = []juosan.Reading{juosan.Either, juosan.Majority}

// parse reads data, failing the test on any error.
func parse(t testing.TB, name, data string) []*juosan.Puzzle {
	t.Helper()
	ps, err := juosan.Parse(name, []byte(data))
	if err != nil {
		t.Fatalf("Parse(%s): %v", name, err)
	}
	return ps
}

// parseOne reads the one puzzle of data, failing the test on any error.
func parseOne(t testing.TB, name, data string) *juosan.Puzzle {
	t.Helper()
	ps := parse(t, name, data)
	if len(ps) != 1 {
		t.Fatalf("Parse(%s): have %d puzzles, want 1", name, len(ps))
	}
	return ps[0]
}

// write writes p in the format called name.
func write(t testing.TB, name string, p *juosan.Puzzle) string {
	t.Helper()
	out, err := juosan.Formats.Write(name, []*juosan.Puzzle{p})
	if err != nil {
		t.Fatalf("Write(%s): %v", name, err)
	}
	return string(out)
}

func TestJankoCorpus(t *testing.T) {
	for _, p := range jcorpus.Janko(t) {
		for _, rd := range readings {
			if vs := p.WithReading(rd).Verify(p.Solution); len(vs) != 0 {
				t.Errorf("%s (%v): solution breaks rules: %v", p.Name(), rd, vs)
			}
		}
		if err := p.Validate(); err != nil {
			t.Errorf("%s: Validate: %v", p.Name(), err)
		}
		// Every writer's output reads back as the same puzzle; the
		// canonical format keeps the name and the solution too.
		for _, f := range juosan.Formats.Writers() {
			q := parseOne(t, "x", write(t, f, p))
			if !q.Equal(p) {
				t.Errorf("%s: %s round trip changed the puzzle", p.Name(), f)
			}
			if f == "canonical" && (q.Name() != p.Name() || !slices.Equal(q.Solution, p.Solution)) {
				t.Errorf("%s: canonical round trip: have name %q, solution %v", p.Name(), q.Name(), q.Solution)
			}
		}
		g, err := p.GridOf(p.Solution)
		if err != nil {
			t.Fatal(err)
		}
		if a, err := p.ParseSolution("x.ans", []byte(juosan.FormatGrid(g))); err != nil || !slices.Equal(a, p.Solution) {
			t.Errorf("%s: FormatGrid round trip: err %v", p.Name(), err)
		}
	}
}

// TestSameJanko51: janko.at #51 in four formats is one puzzle with one
// solution.
func TestSameJanko51(t *testing.T) {
	want := jcorpus.One(t, "juosan/janko/6x6_1.in")
	a, err := want.ParseSolution("6x6_1.ans", testcorpus.Read(t, "juosan", "janko", "6x6_1.ans"))
	if err != nil {
		t.Fatal(err)
	}
	want.Solution = a
	for _, file := range []string{"janko051.txt", "6x6_1.juosan"} {
		p := jcorpus.One(t, "juosan/"+file)
		if !p.Equal(want) {
			t.Errorf("%s: have\n%s\nwant\n%s", file, strings.Join(p.Draw(nil), "\n"), strings.Join(want.Draw(nil), "\n"))
		}
		if !slices.Equal(p.Solution, want.Solution) {
			t.Errorf("%s: solution have\n%s\nwant\n%s", file, strings.Join(p.Draw(p.Solution), "\n"), strings.Join(want.Draw(want.Solution), "\n"))
		}
	}
	if p := parseOne(t, "", "https://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334"); !p.Equal(want) || p.Solution != nil {
		t.Errorf("URL: have\n%s", strings.Join(p.Draw(nil), "\n"))
	}
}

func TestPuzzlinkVectors(t *testing.T) {
	ps, err := jcorpus.File(t, "juosan/puzzlink.txt")
	if err != nil {
		t.Fatal(err)
	}
	janko51 := jcorpus.One(t, "juosan/janko/6x6_1.in")
	pz := jcorpus.One(t, "juosan/pzprjs.juosan")
	want := []struct {
		p    *juosan.Puzzle
		name string
		body string
	}{
		{janko51, "puzzlink:3", "juosan/6/6/hh44aa0fo3u017253334"},
		{pz, "puzzlink:6", "juosan/5/5/8mdnvues132g213g22g"},
	}
	if len(ps) != len(want) {
		t.Fatalf("have %d URLs, want %d", len(ps), len(want))
	}
	for i, w := range want {
		if !ps[i].Equal(w.p) || ps[i].Name() != w.name {
			t.Errorf("URL %d (%s): have\n%swant %s\n%s", i+1, ps[i].Name(), juosan.FormatCanonical(ps[i]), w.name, juosan.FormatCanonical(w.p))
		}
		if have := juosan.URLBody(ps[i]); have != w.body {
			t.Errorf("URL %d re-encoded: have %s, want %s", i+1, have, w.body)
		}
		if have := write(t, "puzzlink", w.p); have != "https://puzz.link/p?"+w.body+"\n" {
			t.Errorf("puzzlink writer: have %q", have)
		}
	}
	for _, rd := range readings {
		if vs := pz.WithReading(rd).Verify(pz.Solution); len(vs) != 0 {
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
		"\uFEFFhttps://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334\r\n",
	} {
		if p := parseOne(t, "", u); !p.Equal(janko51) {
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
		{39999, "*6c6f"}, {juosan.Question, "."},
	} {
		// One room of 200×200 cells, so any number up to 40000 fits.
		region := make([][]int, juosan.MaxSize)
		for r := range region {
			region[r] = make([]int, juosan.MaxSize)
		}
		p, err := juosan.New("", region, []int{tc.clue})
		if err != nil {
			t.Fatal(err)
		}
		body := juosan.URLBody(p)
		if !strings.HasSuffix(body, "/"+tc.code) && !strings.HasSuffix(body, "0"+tc.code) {
			t.Errorf("clue %d: have body ending %q, want %q", tc.clue, body[len(body)-8:], tc.code)
		}
		if q := parseOne(t, "", body); q.Clue[0] != tc.clue {
			t.Errorf("clue %d: decoded %d", tc.clue, q.Clue[0])
		}
	}
	// "@" is another spelling of "%".
	if _, err := juosan.Parse("", []byte("juosan/1/1/@001")); err == nil || !strings.Contains(err.Error(), "number 8193") {
		t.Errorf("@ clue: have %v, want number 8193 rejected as larger than the room", err)
	}
}

// TestURLSkips: skips of up to 20 rooms.
func TestURLSkips(t *testing.T) {
	// 1×25 with walls everywhere: 25 rooms; numbers on rooms 0 and 24.
	region := [][]int{make([]int, 25)}
	clue := make([]int, 25)
	for i := range region[0] {
		region[0][i] = i
		clue[i] = juosan.NoNumber
	}
	clue[0], clue[24] = 1, 0
	p, err := juosan.New("", region, clue)
	if err != nil {
		t.Fatal(err)
	}
	want := "juosan/25/1/vvvvu1zi0"
	if have := juosan.URLBody(p); have != want {
		t.Errorf("have %s, want %s", have, want)
	}
	if q := parseOne(t, "", want); !q.Equal(p) {
		t.Errorf("decode %s: another puzzle", want)
	}
}

func TestPlayground(t *testing.T) {
	ps, err := jcorpus.File(t, "juosan/janko_instances.json")
	if len(ps) != 73 {
		t.Errorf("have %d well-formed puzzles, want 73", len(ps))
	}
	var list puzzle.ErrorList
	if !errors.As(err, &list) || len(list) != 1 {
		t.Fatalf("have error %v, want one error for 5x5_3", err)
	}
	for _, s := range []string{"entry 6 (5x5_3 (medium).in)", "label 6", "0..5"} {
		if !strings.Contains(list[0].Msg, s) {
			t.Errorf("error %q does not mention %q", list[0].Msg, s)
		}
	}
	if e := list[0]; e.File != "juosan/janko_instances.json" || e.Line != 1 || e.Col != 601 {
		t.Errorf("error position: have %s:%d:%d, want juosan/janko_instances.json:1:601 (the entry's '{')", e.File, e.Line, e.Col)
	}
	if p := ps[0]; p.Name() != "4x4_1 (easy).in" || p.NumRows != 4 || p.NumRegions() != 4 {
		t.Errorf("first entry: have %q %d×%d with %d territories", p.Name(), p.NumRows, p.NumCols, p.NumRegions())
	}
	// Puzzles present in both collections are the same.
	byName := map[string]*juosan.Puzzle{}
	for _, p := range ps {
		byName[strings.Fields(p.Name())[0]] = p
	}
	both := 0
	for _, c := range jcorpus.Janko(t) {
		if p, ok := byName[c.Name()]; ok {
			both++
			if !p.Equal(c) {
				t.Errorf("%s: playground and .in differ", c.Name())
			}
		}
	}
	if both != jcorpus.JankoCount {
		t.Errorf("have %d puzzles in both collections, want %d", both, jcorpus.JankoCount)
	}
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		file string
		want string // format name; "" for none
	}{
		{"janko/6x6_1.in", "in"},
		{"janko/6x6_1.ans", ""},
		{"janko_instances.json", "playground"},
		{"janko051.txt", "janko"},
		{"6x6_1.juosan", "canonical"},
		{"pzprjs.juosan", "canonical"},
		{"puzzlink.txt", "puzzlink"},
	} {
		data := testcorpus.Read(t, "juosan", tc.file)
		have := ""
		if f := juosan.Formats.Detect(tc.file, data); f != nil {
			have = f.Name
		}
		if have != tc.want {
			t.Errorf("Detect(%s): have %q, want %q", tc.file, have, tc.want)
		}
		ps, err := juosan.Parse(tc.file, data)
		if tc.want == "" {
			if err == nil || !strings.Contains(err.Error(), "solution grid, not a puzzle") {
				t.Errorf("Parse(%s): have %v, want the solution grid rejected", tc.file, err)
			}
			continue
		}
		if len(ps) == 0 {
			t.Errorf("Parse(%s): no puzzles (err %v)", tc.file, err)
		}
	}
	for _, tc := range []struct{ in, format, want string }{
		{"", "", "cannot tell the Juosan format"},
		{"  \n", "", "cannot tell the Juosan format"},
		{"hello world\n", "", "cannot tell the Juosan format"},
		{"# only a comment\n", "", "cannot tell the Juosan format"},
		// JSON of another kind is not detected, but Parse says what it lacks.
		{`[{"index": 1}]`, "", `"m" (rows) must be an integer`},
		// janko.at text ignores header lines it does not know.
		{"6 6\nbegin\npuzzle juosan\n", "janko", "missing \"areas\""},
		// A URL list's comments may hold anything.
		{"juosan/1/1/0\nproblem\n", "puzzlink", `kind "problem"`},
	} {
		have := ""
		if f := juosan.Formats.Detect("f", []byte(tc.in)); f != nil {
			have = f.Name
		}
		if have != tc.format {
			t.Errorf("Detect(%q): have %q, want %q", tc.in, have, tc.format)
		}
		if _, err := juosan.Parse("f", []byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q): have %v, want an error with %q", tc.in, err, tc.want)
		}
	}
	// At most one format accepts each file.
	files := append(testcorpus.Glob(t, "juosan/*.*"), testcorpus.Glob(t, "juosan/janko/*")...)
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var hits []string
		for _, f := range juosan.Formats {
			if f.Detect != nil && f.Detect(file, data) {
				hits = append(hits, f.Name)
			}
		}
		if len(hits) > 1 {
			t.Errorf("%s: detected as %v", file, hits)
		}
	}
}

func TestFormatLists(t *testing.T) {
	if have, want := strings.Join(juosan.Formats.Readers(), ", "), "canonical, in, playground, janko, puzzlink"; have != want {
		t.Errorf("Readers: have %s, want %s", have, want)
	}
	if have, want := strings.Join(juosan.Formats.Writers(), ", "), "canonical, puzzlink, in"; have != want {
		t.Errorf("Writers: have %s, want %s", have, want)
	}
	p := parseOne(t, "", "juosan/1/1/0")
	for _, tc := range []struct {
		format string
		ps     []*juosan.Puzzle
		want   string
	}{
		{"janko", []*juosan.Puzzle{p}, "read-only"},
		{"pdf", []*juosan.Puzzle{p}, "unknown format"},
		{"canonical", []*juosan.Puzzle{p, p}, "holds one puzzle, not 2"},
		{"in", nil, "holds one puzzle, not 0"},
	} {
		if _, err := juosan.Formats.Write(tc.format, tc.ps); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Write(%s, %d puzzles): have %v, want an error with %q", tc.format, len(tc.ps), err, tc.want)
		}
	}
	if have, err := juosan.Formats.Write("puzzlink", []*juosan.Puzzle{p, p}); err != nil || string(have) != strings.Repeat("https://puzz.link/p?juosan/1/1/0\n", 2) {
		t.Errorf("two URLs: have %q, %v", have, err)
	}
}

func TestNewAndValidate(t *testing.T) {
	// New renumbers in reading order and carries the clues along.
	p, err := juosan.New("x", [][]int{{2, 2, 0}, {1, 1, 0}}, []int{1, -1, 2})
	if err != nil {
		t.Fatal(err)
	}
	wantRegion := [][]int{{0, 0, 1}, {2, 2, 1}}
	wantClue := []int{2, 1, -1}
	q := &juosan.Puzzle{NumRows: 2, NumCols: 3, Region: wantRegion, Clue: wantClue}
	if !p.Equal(q) {
		t.Errorf("have %v %v, want %v %v", p.Region, p.Clue, wantRegion, wantClue)
	}
	if p.Equal(q.WithReading(juosan.Majority)) {
		t.Error("Equal ignores the reading")
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
		if _, err := juosan.New("", tc.region, tc.clue); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: have %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if err := p.WithReading(7).Validate(); err == nil || !strings.Contains(err.Error(), "reading") {
		t.Errorf("reading 7: have %v, want an unknown reading", err)
	}
}

func TestVerify(t *testing.T) {
	// A territory of 6 cells numbered 2 above an unnumbered one of 3.
	p, err := juosan.New("", [][]int{
		{0, 0, 0},
		{0, 0, 0},
		{1, 1, 1},
	}, []int{2, juosan.NoNumber})
	if err != nil {
		t.Fatal(err)
	}
	grid := func(rows ...string) puzzle.Assignment {
		a, err := p.ParseSolution("", []byte(strings.Join(rows, "\n")))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	type want struct {
		rule  string
		cells string
	}
	for _, tc := range []struct {
		name string
		a    puzzle.Assignment
		rd   juosan.Reading
		want []want
	}{
		{"solved either", grid("-||", "|-|", "-|-"), juosan.Either, nil},
		{"minority count", grid("-||", "|-|", "-|-"), juosan.Majority, []want{{juosan.RuleTerritoryCount, "r1c1,r1c2,r1c3,r2c1,r2c2,r2c3"}}},
		{"three bars in a column", grid("-||", "-||", "-|-"), juosan.Either, []want{{juosan.RuleThreeHorizBars, "r1c1,r2c1,r3c1"}}},
		{"three bars in a row", grid("-||", "|-|", "|||"), juosan.Either, []want{{juosan.RuleThreeVertBars, "r3c1,r3c2,r3c3"}}},
		{"empty cells", grid("-.|", "|-|", "-|."), juosan.Either, []want{{juosan.RuleEmptyCell, "r1c2"}, {juosan.RuleEmptyCell, "r3c3"}}},
		{"partial count impossible", grid("---", "-.-", "|-|"), juosan.Either, []want{{juosan.RuleEmptyCell, "r2c2"}, {juosan.RuleTerritoryCount, "r1c1,r1c2,r1c3,r2c1,r2c2,r2c3"}}},
		{"wrong size", puzzle.Assignment{0}, juosan.Either, []want{{juosan.RuleGridSize, ""}}},
	} {
		var have []want
		for _, v := range p.WithReading(tc.rd).Verify(tc.a) {
			var cells []string
			for _, c := range v.Cells {
				cells = append(cells, c.String())
			}
			have = append(have, want{v.Rule, strings.Join(cells, ",")})
		}
		if !slices.Equal(have, tc.want) {
			t.Errorf("%s: have %v, want %v", tc.name, have, tc.want)
		}
	}
}

func TestModel(t *testing.T) {
	p := jcorpus.One(t, "juosan/janko/6x6_1.in")
	if p.Kind() != "juosan" || p.Name() != "6x6_1" || p.Rows() != 6 || p.Cols() != 6 || p.Head().Title != "6x6_1" {
		t.Errorf("have %s %s %d×%d", p.Kind(), p.Name(), p.Rows(), p.Cols())
	}
	vs := p.Vars()
	if len(vs) != 36 || vs[7].Name != "r2c2" || vs[7].Pos != (puzzle.Pos{Row: 1, Col: 1}) ||
		strings.Join(vs[7].Domain, "") != "-|" || p.Index(vs[7].Pos) != 7 || p.Pos(7) != vs[7].Pos {
		t.Errorf("Vars: have %d, [7] = %+v", len(vs), vs[7])
	}
	for _, q := range []puzzle.Pos{{Row: -1}, {Row: 6}, {Col: 6}, {Col: -1}} {
		if i := p.Index(q); i != -1 {
			t.Errorf("Index(%v) off the grid: have %d, want -1", q, i)
		}
	}
	a, err := p.ParseSolution("6x6_1.ans", testcorpus.Read(t, "juosan", "janko", "6x6_1.ans"))
	if err != nil {
		t.Fatal(err)
	}
	if a[0] != 0 || a[5] != 1 {
		t.Errorf("solution: have %v", a[:6])
	}
	g, err := p.GridOf(a)
	if err != nil || !slices.Equal(g.Assignment(), a) {
		t.Errorf("GridOf(a).Assignment() differs: %v", err)
	}
	if _, err := p.GridOf(a[:3]); err == nil {
		t.Error("GridOf of a short assignment: no error")
	}
	partial := slices.Clone(a)
	partial[1] = -1
	for _, tc := range []struct {
		a    puzzle.Assignment
		want []string
	}{
		{nil, append([]string{"juosan", "name 6x6_1", "size 6 6", "grid"}, "a1 b7 b  b  b  c2")},
		{partial, []string{"- . - - - |", "| - | - - |"}},
		{a[:3], []string{"juosan: assignment has 3 values, want 36"}},
	} {
		if have := p.Draw(tc.a); len(have) < len(tc.want) || !slices.Equal(have[:len(tc.want)], tc.want) {
			t.Errorf("Draw(%v): have %q, want it to start %q", tc.a, have, tc.want)
		}
	}
}

// TestParseSolution: a solution is read from a .ans grid or from the
// solution block of a canonical or janko.at file, and must fit the puzzle.
func TestParseSolution(t *testing.T) {
	p := jcorpus.One(t, "juosan/janko/6x6_1.in")
	want, err := p.ParseSolution("6x6_1.ans", testcorpus.Read(t, "juosan", "janko", "6x6_1.ans"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"6x6_1.juosan", "janko051.txt"} {
		if a, err := p.ParseSolution(file, testcorpus.Read(t, "juosan", file)); err != nil || !slices.Equal(a, want) {
			t.Errorf("%s: have %v, %v", file, a, err)
		}
	}
	for _, tc := range []struct {
		name, in, want string
	}{
		{"no block", "juosan\nsize 6 6\ngrid\n" + strings.Repeat("a a a a a a\n", 6), "no solution block"},
		{"size", "juosan\nsize 1 2\ngrid\na a\nsolution\n--\n", "solution is 1x2, puzzle is 6x6"},
		{"rows", "- -\n", "want 6 rows, found 1"},
		{"puzzle error", "juosan\nsize 1 1\ngrid\n1\n", "cell \"1\""},
	} {
		if _, err := p.ParseSolution("f", []byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: have %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	p, g, err := juosan.Random(rng, 30, 45)
	if err != nil {
		t.Fatal(err)
	}
	if p.NumRows != 30 || p.NumCols != 45 || !g.Full() {
		t.Fatalf("have %d×%d, full %v", p.NumRows, p.NumCols, g.Full())
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, rd := range readings {
		if vs := p.WithReading(rd).Verify(g.Assignment()); len(vs) != 0 {
			t.Errorf("%v: %v", rd, vs[0])
		}
	}
	q, _, err := juosan.Random(rand.New(rand.NewPCG(1, 2)), 30, 45)
	if err != nil || !q.Equal(p) {
		t.Errorf("same seed, different puzzle (err %v)", err)
	}
	if r := parseOne(t, "", juosan.FormatURL(p)); !r.Equal(p) {
		t.Error("URL round trip changed the puzzle")
	}
	if _, _, err := juosan.Random(rng, 0, 5); err == nil {
		t.Error("Random(0×5): no error")
	}
}

func TestLabel(t *testing.T) {
	for i, want := range map[int]string{0: "a", 25: "z", 26: "aa", 27: "ab", 51: "az", 52: "ba", 701: "zz", 702: "aaa"} {
		if have := juosan.Label(i); have != want {
			t.Errorf("Label(%d): have %q, want %q", i, have, want)
		}
	}
}

func TestQuestionClue(t *testing.T) {
	p := parseOne(t, "", "juosan\nsize 1 3\ngrid\na? a b\n")
	if p.Clue[0] != juosan.Question || p.Numbered(0) {
		t.Errorf("have clue %d", p.Clue[0])
	}
	if have := juosan.URLBody(p); have != "juosan/3/1/8.g" {
		t.Errorf("URL: have %s", have)
	}
	for _, rd := range readings {
		if vs := p.WithReading(rd).Verify(puzzle.Assignment{0, 0, 1}); len(vs) != 0 {
			t.Errorf("%v: a ? clue constrains: %v", rd, vs)
		}
	}
}
