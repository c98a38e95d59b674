package model

import (
	"errors"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// TestErrors checks that bad input to each reader gives a positioned error
// that says what is wrong.
func TestErrors(t *testing.T) {
	canon := func(grid string) string { return "juosan\nsize 2 3\ngrid\n" + grid }
	answer := func(file string, data []byte) ([]*Puzzle, error) {
		p, err := New("", [][]int{{0, 0}, {0, 0}}, []int{-1})
		if err != nil {
			t.Fatal(err)
		}
		_, err = parseAnswer(file, data, p)
		return nil, err
	}
	readers := map[string]func(string, []byte) ([]*Puzzle, error){
		"in": inFormat.Parse, "canonical": canonicalFormat.Parse, "janko": jankoFormat.Parse,
		"playground": playgroundFormat.Parse, "puzzlink": readURLs, "answer": answer,
	}
	for _, tc := range []struct {
		name      string
		format    string
		in        string
		line, col int
		want      string
	}{
		{"in empty", "in", "", 1, 1, "empty input"},
		{"in size", "in", "2 201\n1\n-1\n", 1, 3, "columns \"201\""},
		{"in size zero", "in", "0 3\n1\n-1\n", 1, 1, "rows \"0\""},
		{"in size word", "in", "2 x\n1\n-1\n", 1, 3, "columns \"x\""},
		{"in r count", "in", "1 2\n2\n-1\n1 2\n", 3, 1, "1 entries, want 2"},
		{"in clue word", "in", "1 2\n1\n1.5\n1 1\n", 3, 1, "\"1.5\" is not an integer"},
		{"in negative clue", "in", "1 2\n1\n-3\n1 1\n", 3, 1, "-3 is negative"},
		{"in clue too big", "in", "1 2\n1\n3\n1 1\n", 3, 1, "number 3 is larger than the territory (2 cells)"},
		{"in ragged", "in", "2 2\n1\n-1\n1 1\n1\n", 5, 1, "row 2 has 1 labels, want 2"},
		{"in ragged long", "in", "2 2\n1\n-1\n1 1 1\n1 1\n", 4, 5, "row 1 has 3 labels"},
		{"in missing row", "in", "2 2\n1\n-1\n1 1\n", 5, 1, "want 2 rows of labels, found 1"},
		{"in extra row", "in", "1 2\n1\n-1\n1 1\n1 1\n", 5, 1, "want 1 rows of labels, found 2"},
		{"in label range", "in", "1 2\n2\n-1 -1\n1 3\n", 4, 3, "label \"3\""},
		{"in label zero", "in", "1 2\n2\n-1 -1\n0 1\n", 4, 1, "label \"0\""},
		{"in disconnected", "in", "1 3\n2\n-1 -1\n1 2 1\n", 4, 5, "territory 1 is not connected"},
		{"in unused clue", "in", "1 2\n2\n-1 1\n1 1\n", 3, 4, "territory 2, which has no cells"},
		{"in columns in runes", "in", "1 2\n1\n-1\n\u00a01\u00a0é\n", 4, 4, "label \"é\""},
		{"canon empty", "canonical", "# nothing\n", 1, 1, "empty input"},
		{"canon header", "canonical", "juosan x\n", 1, 1, "first line must be \"juosan\""},
		{"canon size", "canonical", "juosan\nsize 3 1000\n", 2, 8, "columns \"1000\""},
		{"canon ragged", "canonical", canon("a a a\na a\n"), 5, 3, "grid row 2 has 2 cells, want 3"},
		{"canon bad token", "canonical", canon("a a 1\na a a\n"), 4, 5, "cell \"1\""},
		{"canon bad number", "canonical", canon("a a a-1\na a a\n"), 4, 5, "\"-1\" after the label"},
		{"canon two numbers", "canonical", canon("a1 a a\na2 a a\n"), 5, 1, "territory a has a second number"},
		{"canon too big", "canonical", canon("a7 a a\na a a\n"), 4, 1, "number 7 is larger than the territory (6 cells)"},
		{"canon disconnected", "canonical", canon("a b a\nb b b\n"), 4, 5, "territory a is not connected"},
		{"canon missing rows", "canonical", canon("a a a\n"), 5, 1, "\"grid\" block: want 2 rows, have 1"},
		{"canon no grid", "canonical", "juosan\nsize 2 2\n", 3, 1, "missing \"grid\""},
		{"canon grid first", "canonical", "juosan\ngrid\na\n", 2, 1, "\"grid\" before \"size\""},
		{"canon unknown", "canonical", "juosan\nsize 1 1\ncolour red\n", 3, 1, "unknown line \"colour\""},
		{"canon solution", "canonical", canon("a a a\na a a\n") + "solution\n-|x\n---\n", 7, 3, "'x' is not a cell symbol"},
		{"canon solution ragged", "canonical", canon("a a a\na a a\n") + "solution\n-|\n---\n", 7, 1, "row 1 has 2 cells, want 3"},
		{"canon after end", "canonical", canon("a a a\na a a\n") + "end\nsize 1 1\n", 7, 1, "text after \"end\""},
		{"canon huge number", "canonical", canon("a99999999999999999999 a a\na a a\n"), 4, 1, "is not a number"},
		{"canon bom", "canonical", "\uFEFFjuosan\nsize 1 1\ngrid\n1\n", 4, 1, "cell \"1\""},
		{"janko empty", "janko", "", 1, 1, "empty input"},
		{"janko kind", "janko", "begin\npuzzle sudoku\n", 2, 1, "not a Juosan puzzle"},
		{"janko size", "janko", "begin\nsize 300\n", 2, 6, "size \"300\""},
		{"janko block first", "janko", "begin\nproblem\n", 2, 1, "before the size"},
		{"janko no areas", "janko", "size 1\nproblem\n-\nend\n", 5, 1, "missing \"areas\""},
		{"janko short block", "janko", "size 2\nproblem\n-\n", 4, 1, "\"problem\" block: want 2 rows, have 1"},
		{"janko two numbers", "janko", "size 2\nproblem\n1 2\n- -\nareas\na a\na a\n", 3, 3, "territory a has a second number"},
		{"janko bad number", "janko", "size 1\nproblem\nx\nareas\na\n", 3, 1, "problem cell \"x\""},
		{"janko ragged", "janko", "size 2\nproblem\n- -\n- -\nareas\na a\na\n", 7, 1, "areas row 2 has 1 labels"},
		{"url empty", "puzzlink", "", 1, 1, "empty input"},
		{"url kind", "puzzlink", "https://puzz.link/p?nurikabe/6/6/x", 1, 21, "kind \"nurikabe\""},
		{"url shape", "puzzlink", "juosan/6/6", 1, 8, "want juosan/COLS/ROWS/BODY"},
		{"url cols", "puzzlink", "juosan/0/6/x", 1, 8, "columns \"0\""},
		{"url rows", "puzzlink", "juosan/6/x/x", 1, 10, "rows \"x\""},
		{"url short", "puzzlink", "juosan/6/6/hh44aa0fo3u", 1, 23, "body too short"},
		{"url border char", "puzzlink", "juosan/6/6/hh44aa0fo3w017253334", 1, 22, "border character 'w'"},
		{"url number char", "puzzlink", "juosan/6/6/hh44aa0fo3u0!", 1, 24, "room number character '!'"},
		{"url too many", "puzzlink", "juosan/6/6/hh44aa0fo3u0172533341", 1, 32, "more room numbers than rooms (8)"},
		{"url truncated hex", "puzzlink", "juosan/6/6/hh44aa0fo3u0+1", 1, 24, "needs 3 hex digits"},
		{"url bad hex", "puzzlink", "juosan/6/6/hh44aa0fo3u0-1x", 1, 25, "\"1x\" is not 2 hex digits"},
		{"url number too big", "puzzlink", "juosan/6/6/hh44aa0fo3u09", 1, 24, "room 1 (first cell r1c1) has number 9 but only 2 cells"},
		{"url skip past end", "puzzlink", "juosan/6/6/hh44aa0fo3u0z", 1, 24, "room skip runs past the last room"},
		{"url two per line", "puzzlink", "juosan/1/1/ juosan/1/1/", 1, 13, "want one URL per line"},
		{"playground empty", "playground", " ", 1, 1, "empty input"},
		{"playground syntax", "playground", "[\n{\"m\": 1,}\n]", 2, 9, "invalid character '}'"},
		{"playground trailing", "playground", "[{\"m\":1,\"n\":1,\"r\":1,\"N\":[-1],\"R\":[[0]]}]\n[]", 2, 1, "after the JSON value"},
		{"playground empty list", "playground", "[ ]", 1, 1, "no puzzles"},
		{"playground unclosed", "playground", "[{\"m\": 1}", 1, 10, "unexpected end of input"},
		{"playground scalar", "playground", "3", 1, 1, "want a JSON array of puzzles or one puzzle object, have number 3"},
		{"playground not object", "playground", "[1]", 1, 2, "entry 1: want an object"},
		{"playground name", "playground", `[{"name":3}]`, 1, 2, "entry 1: \"name\" is not a string"},
		{"playground size", "playground", `[{"name":"x","m":201,"n":1,"r":1,"N":[-1],"R":[[0]]}]`, 1, 2, "entry 1 (x): \"m\" (rows) must be an integer in 1..200"},
		{"playground float", "playground", `[{"m":1,"n":1,"r":1,"N":[0.5],"R":[[0]]}]`, 1, 2, "N[0] = 0.5 is not an integer"},
		{"playground N count", "playground", `[{"m":1,"n":1,"r":2,"N":[1],"R":[[0]]}]`, 1, 2, "\"N\" has 1 numbers, want r = 2"},
		{"playground ragged", "playground", ` [{"m":2,"n":2,"r":1,"N":[-1],"R":[[0,0],[0]]}]`, 1, 3, "row 2 of \"R\" has 1 labels, want n = 2"},
		{"playground second", "playground", "[{\"m\":1,\"n\":1,\"r\":1,\"N\":[-1],\"R\":[[0]]},\n  {\"m\":0}]", 2, 3, "entry 2: \"m\" (rows)"},
		{"playground label", "playground", `{"m":1,"n":2,"r":1,"N":[-1],"R":[[0,1]]}`, 1, 1, "label 1 at r1c2 out of range 0..0"},
		{"playground disconnected", "playground", `{"m":1,"n":3,"r":2,"N":[-1,-1],"R":[[0,1,0]]}`, 1, 1, "territory 0 is not connected"},
		{"playground too big", "playground", `{"m":1,"n":3,"r":1,"N":[4],"R":[[0,0,0]]}`, 1, 1, "number 4 is larger than the territory (3 cells)"},
		{"answer empty", "answer", "", 1, 1, "empty input"},
		{"answer rows", "answer", "- -\n", 2, 1, "want 2 rows, found 1"},
		{"answer symbol", "answer", "- -\n- x\n", 2, 3, "'x' is not a cell symbol"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readers[tc.format]("f", []byte(tc.in))
			var list puzzle.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("have %T %v, want a puzzle.ErrorList with %q", err, err, tc.want)
			}
			e := list[0]
			if e.File != "f" || e.Line != tc.line || e.Col != tc.col || !strings.Contains(e.Msg, tc.want) {
				t.Errorf("have %v\nwant f:%d:%d: ...%s...", e, tc.line, tc.col, tc.want)
			}
		})
	}
}

// TestErrorsCollected: a reader reports every bad cell, not the first only.
func TestErrorsCollected(t *testing.T) {
	_, err := canonicalFormat.Parse("f", []byte("juosan\nsize 2 2\ngrid\n1 a\na 2\nsolution\n-x\nx-\n"))
	want := []string{"f:4:1: cell \"1\"", "f:5:3: cell \"2\"", "f:7:2: row 1: 'x'", "f:8:1: row 2: 'x'"}
	var list puzzle.ErrorList
	if !errors.As(err, &list) || len(list) != len(want) {
		t.Fatalf("have %v, want %d errors", err, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(list[i].Error(), w) {
			t.Errorf("error %d: have %v, want %s...", i, list[i], w)
		}
	}
}

func FuzzParseAnswer(f *testing.F) {
	f.Add([]byte("- - - - - |\n| - | - - |\n- | - | | -\n"))
	f.Add([]byte("h v\nv .\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := parseAnswer("f", data, nil)
		if err != nil {
			return
		}
		h, err := parseAnswer("g", []byte(FormatGrid(g)), nil)
		if err != nil || !h.Equal(g) {
			t.Fatalf("FormatGrid round trip: %v", err)
		}
	})
}
