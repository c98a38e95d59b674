package linjat

import (
	"errors"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

const corpusFile = "../../testdata/linjat/puzzles.json"

func corpus(t testing.TB) []*Puzzle {
	t.Helper()
	data, err := os.ReadFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := ParseLevels("puzzles.json", data)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func TestCorpusLevels(t *testing.T) {
	ps := corpus(t)
	if len(ps) != 103 {
		t.Fatalf("have %d levels, want 103", len(ps))
	}
	count := map[string]int{}
	size := map[string][2]int{}
	for i, p := range ps {
		count[p.Group]++
		size[p.Group] = [2]int{p.Rows(), p.Cols()}
		if p.Index != i+1 {
			t.Errorf("%s: index %d, want %d", p.Title, p.Index, i+1)
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
	if e1.Ref.Score != 8 || e1.Ref.Classification["cover"] != (RefStat{Depth: 10, MaxWidth: 1}) {
		t.Errorf("easy/1 reference %+v", e1.Ref)
	}
	// String-valued numbers in the file ("score": "184") read as numbers.
	if ex := ps[len(ps)-1]; ex.Title != "expert/25" || ex.Ref.Score != 199 || ex.Ref.Classification["dep"].Depth != 3 {
		t.Errorf("last level %s reference %+v", ex.Title, ex.Ref)
	}
}

func TestSelect(t *testing.T) {
	ps := corpus(t)
	tests := []struct{ key, want string }{
		{"easy/3", "easy/3"},
		{"easy-3", "easy/3"},
		{"easy 3", "easy/3"},
		{"4", "easy/1"},
		{"103", "expert/25"},
		{"tutorial/3", "tutorial/3"},
		{"medium-25", "medium/25"},
	}
	for _, tt := range tests {
		p, err := Select(ps, tt.key)
		if err != nil || p.Title != tt.want {
			t.Errorf("Select(%q) = %v, %v; want %s", tt.key, p, err, tt.want)
		}
	}
	for _, bad := range []string{"easy/26", "104", "0", "nope", "hard-x"} {
		if p, err := Select(ps, bad); err == nil {
			t.Errorf("Select(%q) = %s, want an error", bad, p.Title)
		}
	}
}

// TestMessageEntriesKeepNumbers: a message without a puzzle is skipped but
// keeps its number, in its group and globally.
func TestMessageEntriesKeepNumbers(t *testing.T) {
	data := `{"easy": [{"puzzle": ["2 ."]}], "tutorial": [{"message": "hello"}, {"puzzle": [".2"], "message": "go"}]}`
	ps, err := ParseLevels("m.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.Title+"#"+strconv.Itoa(p.Index)+":"+p.Message)
	}
	want := []string{"tutorial/2#2:go", "easy/1#3:"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("have %v, want %v", got, want)
	}
	if _, err := Select(ps, "tutorial/1"); err == nil {
		t.Error("selecting a message-only entry should fail")
	}
}

func TestPlacements(t *testing.T) {
	p, err := ParseRows("t", []byte("3 .\n 2 \n1  "))
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

func TestVerify(t *testing.T) {
	p, err := ParseRows("t", []byte("3 .\n 2 \n.  "))
	if err != nil {
		t.Fatal(err)
	}
	pos := func(r, c int) puzzle.Pos { return puzzle.Pos{Row: r, Col: c} }
	tests := []struct {
		name  string
		lines []Line
		want  []string
	}{
		{"solved", []Line{{0, pos(0, 0), pos(0, 2)}, {1, pos(1, 1), pos(1, 2)}}, []string{RuleUncovered}},
		{"3 down", []Line{{0, pos(0, 0), pos(2, 0)}, {1, pos(1, 1), pos(1, 2)}}, []string{RuleUncovered}},
		{"short", []Line{{0, pos(0, 0), pos(0, 1)}, {1, pos(1, 1), pos(1, 2)}}, []string{RuleLength, RuleUncovered, RuleUncovered}},
		{"overlap and over number", []Line{{0, pos(0, 0), pos(2, 0)}, {1, pos(1, 0), pos(1, 1)}}, []string{RuleOverlap, RuleUncovered}},
		{"over number", []Line{{0, pos(0, 0), pos(0, 2)}, {1, pos(1, 1), pos(1, 2)}, {1, pos(0, 1), pos(1, 1)}}, []string{RuleOverlap, RuleUncovered, RuleTwoLines}},
		{"missing", []Line{{0, pos(0, 0), pos(0, 2)}}, []string{RuleNoLine, RuleUncovered}},
		{"bent", []Line{{0, pos(0, 0), pos(1, 1)}, {1, pos(1, 1), pos(1, 2)}}, []string{RuleNotStraight, RuleUncovered, RuleUncovered}},
		{"off grid", []Line{{0, pos(0, 0), pos(0, 2)}, {1, pos(1, 2), pos(1, 3)}}, []string{RuleMissNumber, RuleOffGrid, RuleUncovered}},
	}
	for _, tt := range tests {
		var got []string
		for _, v := range Verify(p, tt.lines) {
			got = append(got, v.Rule)
		}
		if !sameSet(got, tt.want) {
			t.Errorf("%s: have %v, want %v", tt.name, got, tt.want)
		}
	}
	// The 2 at r2c2 passing over the 3 at r1c1.
	q, _ := ParseRows("t", []byte("3  \n2  "))
	var got []string
	for _, v := range Verify(q, []Line{{0, pos(0, 0), pos(0, 2)}, {1, pos(0, 0), pos(1, 0)}}) {
		got = append(got, v.Rule)
	}
	if !sameSet(got, []string{RuleOverNumber}) {
		t.Errorf("over number: have %v", got)
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]int{}
	for _, x := range a {
		m[x]++
	}
	for _, x := range b {
		m[x]--
	}
	for _, n := range m {
		if n != 0 {
			return false
		}
	}
	return true
}

func TestDrawAndParseDrawing(t *testing.T) {
	p, err := ParseRows("t", []byte("3 .\n 2 \n.  "))
	if err != nil {
		t.Fatal(err)
	}
	a := puzzle.Assignment{1, 1} // 3 down, 2 right
	if vs := p.VerifyAssignment(a); vs == nil || vs[0].Rule != RuleUncovered {
		t.Fatalf("want the dot at r1c3 uncovered, have %v", vs)
	}
	a = puzzle.Assignment{0, 1}
	drawn := p.DrawAssignment(a)
	want := []string{"3--", " 2-", ".  "}
	if !reflect.DeepEqual(drawn, want) {
		t.Fatalf("Draw = %q, want %q", drawn, want)
	}
	back, err := ParseDrawing(p, "d", drawn, 1)
	if err != nil || !reflect.DeepEqual(back, a) {
		t.Errorf("ParseDrawing = %v, %v; want %v", back, err, a)
	}
	// A run shared by two numbers on one row is split by their lengths.
	q, _ := ParseRows("t", []byte("2..2"))
	got, err := ParseDrawing(q, "d", []string{"2--2"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if vs := q.VerifyAssignment(got); vs != nil {
		t.Errorf("shared run: %v", vs)
	}
	// A wrong drawing names the broken rules, positioned.
	_, err = ParseDrawing(p, "d", []string{"3-.", " 2-", ".  "}, 5)
	if err == nil || !strings.Contains(err.Error(), "d:5:1: wrong-length") {
		t.Errorf("wrong drawing: %v", err)
	}
}

func TestMalformed(t *testing.T) {
	rows := func(f string, data []byte) ([]*Puzzle, error) {
		p, err := ParseRows(f, data)
		return []*Puzzle{p}, err
	}
	tests := []struct {
		name, data, want string
		parse            func(string, []byte) ([]*Puzzle, error)
	}{
		{"rows bad char", "3 x\n 2 ", "f:1:3: want ' ' (empty), '.' (dot) or a number 1-9, have 'x'", rows},
		{"rows zero", "0 .", "f:1:1: a 0 cannot hold a line", rows},
		{"json syntax", `{"easy": [{"puzzle": ["2 ."]]}`, "f:1:29: JSON: invalid character ']'", nil},
		{"json row char", "{\"easy\": [\n{\"puzzle\": [\"2 .\", \"x..\"]}]}", "f:2:21: cell r2c1: want", nil},
		{"json ragged", `{"easy": [{"puzzle": ["2 .", ".."]}]}`, "f:1:30: row 2 has 2 cells, want 3", nil},
		{"json not rows", `{"easy": [{"puzzle": "2 ."}]}`, "f:1:22: puzzle: want an array of row strings", nil},
		{"json group", `{"easy": 3}`, `f:1:10: group "easy": want an array of levels`, ParseLevels},
		{"json score", `{"puzzle": ["2."], "score": "x"}`, "f:1:29: score: want a number", nil},
		{"json empty", `{"easy": [{"puzzle": []}]}`, "f:1:22: puzzle has no rows", nil},
		{"json no puzzle", `{"easy": [{"score": 3}]}`, "f:1:11: level has no puzzle", ParseLevels},
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
			parse = Parse
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
		want Format
	}{
		{"linjat\nsize 1 1\n1\n", TextFormat},
		{"# c\n\nlinjat\n", TextFormat},
		{`{"easy": [{"puzzle": ["2."]}]}`, LevelsFormat},
		{`[" 2."]`, LevelsFormat},
		{"3 .\n 2 \n", RowsFormat},
		{"...\n...\n", UnknownFormat},
		{"6 6\n1 2 3\n", UnknownFormat}, // numbers without a dot: another kind's grid
		{`{"grid": []}`, UnknownFormat},
		{"shinro\n", UnknownFormat},
		{"", UnknownFormat},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.data)); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", tt.data, got, tt.want)
		}
	}
}

func TestTextRoundTrip(t *testing.T) {
	ps := corpus(t)
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(FormatText(p))
	}
	qs, err := ParseTexts("all", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != len(ps) {
		t.Fatalf("%d puzzles, then %d", len(ps), len(qs))
	}
	for i := range ps {
		if qs[i].String() != ps[i].String() || qs[i].Title != ps[i].Title || qs[i].Index != ps[i].Index ||
			qs[i].Group != ps[i].Group || qs[i].Entry != ps[i].Entry || FormatText(qs[i]) != FormatText(ps[i]) {
			t.Errorf("%s: round trip differs:\n%s\n%s", ps[i].Title, FormatText(ps[i]), FormatText(qs[i]))
		}
	}
	// The level JSON round trip keeps the grids, groups and scores.
	data, err := FormatLevels(ps)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := ParseLevels("again", data)
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
	p, err := ParseText("s", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Solution, puzzle.Assignment{1, 1}) {
		t.Fatalf("solution %v", p.Solution)
	}
	if vs := p.VerifyAssignment(p.Solution); vs == nil {
		t.Error("the 3 down leaves r1c3 uncovered; Verify found nothing")
	}
	if got := FormatText(p); got != strings.TrimSuffix(text, "end\n") {
		t.Errorf("FormatText:\n%s", got)
	}
	sol, err := ParseSolution(p, "s", []byte(text))
	if err != nil || !reflect.DeepEqual(sol, p.Solution) {
		t.Errorf("ParseSolution = %v, %v", sol, err)
	}
}

func FuzzParseText(f *testing.F) {
	f.Add([]byte("linjat\nname small\nsize 3 3\n3_.\n_2_\n.__\nsolution\n3--\n_2-\n.__\n"))
	f.Add([]byte("linjat\nsize 1 4\n3..2\n"))
	ps := corpus(f)
	f.Add([]byte(FormatText(ps[50])))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ParseTexts("fuzz", data)
		if err != nil {
			return
		}
		var b strings.Builder
		for _, p := range ps {
			b.WriteString(FormatText(p))
		}
		qs, err := ParseTexts("again", []byte(b.String()))
		if err != nil {
			t.Fatalf("formatted puzzles do not parse: %v\n%s", err, b.String())
		}
		if len(qs) != len(ps) {
			t.Fatalf("%d puzzles, then %d", len(ps), len(qs))
		}
		for i := range ps {
			if FormatText(qs[i]) != FormatText(ps[i]) {
				t.Fatalf("round trip differs:\n%s\n%s", FormatText(ps[i]), FormatText(qs[i]))
			}
		}
	})
}

func FuzzParseLevels(f *testing.F) {
	f.Add([]byte(`{"easy": [{"puzzle": ["2 .", " 3."], "score": "7"}], "tutorial": [{"message": "x"}]}`))
	f.Add([]byte(`[" 2.", "3  "]`))
	f.Add([]byte(`[{"puzzle": ["1"]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ParseLevels("fuzz", data)
		if err != nil && len(ps) == 0 {
			return
		}
		out, err := FormatLevels(ps)
		if err != nil {
			t.Fatal(err)
		}
		qs, err := ParseLevels("again", out)
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
		p, err := ParseRows("fuzz", data)
		if err != nil {
			return
		}
		// Written with '_' for empty cells, rows read back exactly.
		text := strings.ReplaceAll(strings.Join(p.Rowstrings(), "\n"), " ", "_")
		q, err := ParseRows("again", []byte(text))
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
		p, err := Random(rng, 1+rng.IntN(10), 1+rng.IntN(10), 15, 6, 0.4)
		if err != nil {
			t.Fatal(err)
		}
		if vs := p.VerifyAssignment(p.Solution); vs != nil {
			t.Fatalf("planted solution broken: %v\n%s", vs, p)
		}
	}
	if _, err := Random(rng, 0, 3, 1, 3, 0); err == nil {
		t.Error("0 rows accepted")
	}
}

// TestDrawingSearchBounded: a drawing whose marks no choice of lines
// explains, with exponentially many partial choices, fails quickly.
func TestDrawingSearchBounded(t *testing.T) {
	row := strings.Repeat("-2-_", 40)
	p, err := ParseRows("t", []byte(strings.ReplaceAll(row, "-", "_")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseDrawing(p, "d", []string{row}, 1); err == nil {
		t.Error("an impossible drawing was accepted")
	}
}
