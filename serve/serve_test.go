package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// newTestServer starts a server on gini with opt's other settings.
func newTestServer(t *testing.T, opt Options) (*Server, *httptest.Server) {
	t.Helper()
	if opt.Solver == nil {
		opt.Solver = gini.NewSolver
	}
	if opt.Kinds == nil {
		opt.Kinds = kinds.Default()
	}
	var logs bytes.Buffer
	var mu sync.Mutex
	opt.Log = writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return logs.Write(p)
	})
	s, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		ts.Close()
		mu.Lock()
		defer mu.Unlock()
		if logs.Len() > 0 {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	return s, ts
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// do sends a request and decodes the JSON answer into out (when non-nil);
// it returns the status and the raw body.
func do(t *testing.T, ts *httptest.Server, method, path string, body any, out any) (int, []byte) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil && resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode, data
}

// post is do for a POST that must answer 200.
func post(t *testing.T, ts *httptest.Server, path string, body, out any) {
	t.Helper()
	if status, data := do(t, ts, http.MethodPost, path, body, out); status != http.StatusOK {
		t.Fatalf("POST %s: have %d %s, want 200", path, status, data)
	}
}

// oneExample per grid kind: the bundled example its corpus names for the
// tests (kind.Corpus.Example), small, so that the tests cover every kind
// quickly.
var oneExample = func() map[string]string {
	out := map[string]string{}
	for _, k := range kinds.Default().List() {
		if k.Corpus != nil && k.Corpus.Example != "" {
			out[k.Name] = k.Name + "-" + k.Corpus.Example
		}
	}
	return out
}()

// kindsInOrder are the grid kinds' names, sorted.
func kindsInOrder() []string { return kinds.Default().Names() }

// allKinds are the names of every kind, the grid kinds' then those played
// by moves, each sorted, as /api/kinds lists them.
func allKinds() []string {
	out := kindsInOrder()
	for _, k := range kinds.Default().Moves() {
		out = append(out, k.Name)
	}
	return out
}

// parsed opens an example through the API, as the page does.
func parsed(t *testing.T, ts *httptest.Server, id string) *board {
	t.Helper()
	var ans parseAnswer
	post(t, ts, "/api/parse", map[string]any{"example": id}, &ans)
	return ans.Puzzle
}

// solved opens an example and solves it through the API.
func solved(t *testing.T, ts *httptest.Server, id string) (*board, answer.SolveRecord) {
	t.Helper()
	b := parsed(t, ts, id)
	var sol answer.SolveRecord
	post(t, ts, "/api/solve", map[string]any{"text": b.Text}, &sol)
	if sol.Status != "solved" || len(sol.Values) != len(b.Vars) {
		t.Fatalf("solve: have %s with %d values, want solved with %d", sol.Status, len(sol.Values), len(b.Vars))
	}
	return b, sol
}

func TestKindsAndExamples(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	var ks struct {
		Kinds []kindJSON `json:"kinds"`
	}
	if status, data := do(t, ts, http.MethodGet, "/api/kinds", nil, &ks); status != http.StatusOK {
		t.Fatalf("GET /api/kinds: %d %s", status, data)
	}
	var names []string
	for _, k := range ks.Kinds {
		names = append(names, k.Name)
	}
	if want := allKinds(); !slices.Equal(names, want) {
		t.Errorf("kinds: have %v, want %v", names, want)
	}
	for _, k := range kindsInOrder() {
		if oneExample[k] == "" {
			t.Errorf("kind %s names no example for the tests (kind.Corpus.Example)", k)
		}
	}
	for _, k := range ks.Kinds {
		switch p := k.Play; {
		case p == nil || p.HowTo == "":
			t.Errorf("kind %s: no play data", k.Name)
		case p.Mode == kind.PlayMoves && (k.Moves == nil || k.Moves.API["parse"] == "" || k.Moves.API["apply"] == "" || k.Moves.API["solve"] == ""):
			t.Errorf("kind %s: played by moves without its endpoints: %v", k.Name, k.Moves)
		case p.Mode == kind.PlayCells && (p.Click == "" || p.Editor == nil || len(p.Editor.Tools) == 0):
			t.Errorf("kind %s: played in cells without a click or an editor", k.Name)
		}
	}
	var exs struct {
		Examples []example `json:"examples"`
	}
	do(t, ts, http.MethodGet, "/api/examples", nil, &exs)
	perKind := map[string]int{}
	for _, ex := range exs.Examples {
		perKind[ex.Kind]++
		if ex.Text == "" || ex.Name == "" {
			t.Errorf("example %s: empty text or name", ex.ID)
		}
	}
	for _, k := range allKinds() {
		if perKind[k] < 2 {
			t.Errorf("examples of %s: have %d, want at least 2", k, perKind[k])
		}
	}
}

// TestParse: every example parses, its board describes the puzzle, and
// its canonical text parses back to the same board.
func TestParse(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	grid := func(ex example) bool { return kinds.Default().MustFind(ex.Kind).Grid() }
	eachParsedExample(t, ts, grid, func(t *testing.T, ex example, b *board) {
		if b.Kind != ex.Kind || b.Rows != ex.Rows || b.Cols != ex.Cols || len(b.Vars) == 0 || len(b.Fixed) != len(b.Vars) {
			t.Fatalf("have %s %dx%d with %d unknowns, %d fixed; want %s %dx%d", b.Kind, b.Rows, b.Cols, len(b.Vars), len(b.Fixed), ex.Kind, ex.Rows, ex.Cols)
		}
		if d := b.Display; d == nil || d.Rows != b.Rows || d.Cols != b.Cols || len(d.Clues) == 0 || len(d.Unknowns) != len(b.Vars) {
			t.Fatalf("display: have %+v, want the board's clues and its %d unknowns", d, len(b.Vars))
		}
		for i, u := range b.Display.Unknowns {
			if u.Cell != b.Vars[i].Cell || len(u.Values) != len(b.Vars[i].Domain) || len(u.Marks) != len(b.Vars[i].Domain) {
				t.Fatalf("unknown %d: display at %v with %d values and %d marks, want %v with %d", i, u.Cell, len(u.Values), len(u.Marks), b.Vars[i].Cell, len(b.Vars[i].Domain))
			}
		}
		var again parseAnswer
		post(t, ts, "/api/parse", map[string]any{"text": b.Text}, &again)
		again.Puzzle.Name, b.Name = "", ""
		if have, want := mustJSON(t, again.Puzzle), mustJSON(t, b); have != want {
			t.Errorf("canonical text parsed back:\nhave %s\nwant %s", have, want)
		}
	})
}

// eachParsedExample runs test on every bundled example keep accepts, as a
// subtest named by the example, with the board ts parses the example to.
func eachParsedExample(t *testing.T, ts *httptest.Server, keep func(example) bool, test func(t *testing.T, ex example, b *board)) {
	t.Helper()
	exs, err := readExamples(kinds.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range exs {
		if keep(ex) {
			t.Run(ex.ID, func(t *testing.T) { test(t, ex, parsed(t, ts, ex.ID)) })
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestParseInputs: a puzz.link URL, a file of many puzzles with a
// selection, and an upload's name used for its extension only.
func TestParseInputs(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, tc := range []struct {
		name string
		req  map[string]any
		want string // kind and name
		many int    // entries listed
	}{
		{"puzz.link", map[string]any{"text": "https://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334"}, "juosan input", 0},
		// #13 is the 13th entry; a name selects by name (puzzle.Selection).
		{"select entry", map[string]any{"text": readTestdata(t, "shinro/playshinro.json"), "select": "13"}, "shinro playshinro 37", 0},
		{"select name", map[string]any{"text": readTestdata(t, "shinro/playshinro.json"), "select": "playshinro 13"}, "shinro playshinro 13", 0},
		{"first of many", map[string]any{"text": readTestdata(t, "linjat/puzzles.json")}, "linjat tutorial/1", 103},
		// A name that would make the Arrows reader look beside it, were it
		// used as a path: only ".txt" is taken from it.
		{"upload name", map[string]any{"text": readTestdata(t, "arrows/2026-01-24/puzzle.txt"), "name": "../arrows/2026-01-24/puzzle.txt"}, "arrows input.txt", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ans parseAnswer
			post(t, ts, "/api/parse", tc.req, &ans)
			if have := ans.Puzzle.Kind + " " + ans.Puzzle.Name; !strings.HasPrefix(have, tc.want) || len(ans.Entries) != tc.many {
				t.Errorf("have %q with %d entries, want %q with %d", have, len(ans.Entries), tc.want, tc.many)
			}
		})
	}
}

// TestSolveVerifyCheckGrade: for every kind, the SAT solution verifies as
// solved, an empty board has no fault, the puzzle is unique and the human
// solver grades it solved.
func TestSolveVerifyCheckGrade(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, kind := range kindsInOrder() {
		t.Run(kind, func(t *testing.T) {
			b, sol := solved(t, ts, oneExample[kind])
			var v answer.VerifyRecord
			post(t, ts, "/api/verify", map[string]any{"text": b.Text, "values": sol.Values}, &v)
			if !isTrue(v.Solved) || !v.Valid || len(v.Violations) != 0 {
				t.Errorf("verify(solution): have %+v, want solved", v)
			}
			post(t, ts, "/api/verify", map[string]any{"text": b.Text, "values": b.Fixed}, &v)
			if isTrue(v.Solved) || isTrue(v.Complete) || v.Solved == nil || v.Complete == nil || !v.Valid || len(v.Violations) != 0 || v.Faults == nil || len(*v.Faults) != 0 {
				t.Errorf("verify(empty board): have %+v, want open and no fault", v)
			}
			var ch answer.CheckRecord
			post(t, ts, "/api/check", map[string]any{"text": b.Text}, &ch)
			if ch.Status != "unique" || len(ch.Values) != len(b.Vars) || len(ch.Solution) == 0 || ch.SecondSolution != nil || ch.SecondValues != nil || len(ch.Differences) != 0 {
				t.Errorf("check: have %+v, want unique with the solution alone", ch)
			}
			var g answer.GradeRecord
			post(t, ts, "/api/grade", map[string]any{"text": b.Text}, &g)
			if g.Status != "solved" || g.SATStatus != "unique" || g.Steps == nil || len(*g.Steps) == 0 || g.Report.Steps != len(*g.Steps) || len(g.Solution) == 0 {
				t.Errorf("grade: have %+v, want solved, unique, the solution and the steps", g)
			}
			if g.Band == "" {
				t.Errorf("grade: no band for %s (every kind has generation metadata, and its example is in a band)", kind)
			}
		})
	}
}

// TestVerifyFaults: a wrong value is marked on a partial board.
func TestVerifyFaults(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	b := parsed(t, ts, "juosan-6x6_1")
	// Three '-' (value 0) stacked in column 1: wrong whatever the rest.
	vals := slices.Clone(b.Fixed)
	for r := range 3 {
		vals[r*b.Cols] = 0
	}
	var v answer.VerifyRecord
	post(t, ts, "/api/verify", map[string]any{"text": b.Text, "values": vals}, &v)
	want := []puzzle.Pos{{Row: 0, Col: 0}, {Row: 1, Col: 0}, {Row: 2, Col: 0}}
	if !slices.ContainsFunc(v.Violations, func(v puzzle.Violation) bool {
		return v.Rule == "three-horizontal-bars" && slices.Equal(v.Cells, want)
	}) || v.Faults == nil || !slices.Equal(*v.Faults, want) || v.Valid {
		t.Errorf("have %+v, want three-horizontal-bars at %v, and no other cell", v, want)
	}
}

// TestHint: from an empty board and from a board half filled from the
// solution, every kind's hint is a step with cells and eliminations that
// leave the solution's values; a board with a wrong value gets the cells
// that differ instead.
func TestHint(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, kind := range kindsInOrder() {
		t.Run(kind, func(t *testing.T) {
			b, sol := solved(t, ts, oneExample[kind])
			half := slices.Clone(b.Fixed)
			for i := range half {
				if i%2 == 0 {
					half[i] = sol.Values[i]
				}
			}
			for name, board := range map[string][]int{"empty": b.Fixed, "half": half} {
				var h answer.HintRecord
				post(t, ts, "/api/hint", map[string]any{"text": b.Text, "values": board}, &h)
				if h.Hint == nil || h.Hint.Rule == "" || h.Hint.Reason == "" || len(h.Hint.Elims) == 0 {
					t.Errorf("%s board: have %+v, want a step with eliminations", name, h)
					continue
				}
				for _, e := range h.Hint.Elims {
					if sol.Values[e.Var] == e.Value {
						t.Errorf("%s board: the hint eliminates %v = %s, the solution's value", name, e.Cell, e.Label)
					}
				}
				for i, v := range h.Forced {
					if sol.Values[i] != v {
						t.Errorf("%s board: the hint forces unknown %d to %d, the solution has %d", name, i, v, sol.Values[i])
					}
				}
			}
			// One wrong value among the half: a mistake, marked where it is.
			wrong := slices.Clone(half)
			i := slices.IndexFunc(wrong, func(v int) bool { return v >= 0 })
			for i >= 0 && b.Fixed[i] >= 0 {
				i++
			}
			wrong[i] = (sol.Values[i] + 1) % len(b.Vars[i].Domain)
			var h answer.HintRecord
			post(t, ts, "/api/hint", map[string]any{"text": b.Text, "values": wrong}, &h)
			if want := []puzzle.Pos{b.Vars[i].Cell}; !h.Mistake || !slices.Equal(h.Wrong, want) {
				t.Errorf("wrong value at %v: have %+v, want a mistake there", want, h)
			}
			var done answer.HintRecord
			post(t, ts, "/api/hint", map[string]any{"text": b.Text, "values": sol.Values}, &done)
			if !done.Solved || done.Hint != nil {
				t.Errorf("solved board: have %+v, want solved", done)
			}
		})
	}
}

// TestNonUnique: on puzzles with several solutions, where rules that
// assume a unique one may not hold, a hint and a grade still answer (a
// step that holds, or why there is none), never a server fault.
func TestNonUnique(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, text := range []string{"linjat\nsize 2 3\n2__\n___\n", "linjat\nsize 3 3\n2__\n_3_\n___\n", readTestdata(t, "juosan/janko_instances.json")} {
		var h answer.HintRecord
		post(t, ts, "/api/hint", map[string]any{"text": text}, &h)
		if h.Hint == nil && h.Message == "" {
			t.Errorf("hint on %.30q: have neither a step nor a message", text)
		}
		status, data := do(t, ts, http.MethodPost, "/api/grade", map[string]any{"text": text}, nil)
		if status != http.StatusOK && status != http.StatusUnprocessableEntity {
			t.Errorf("grade on %.30q: have %d %s, want 200 or 422", text, status, data)
		}
	}
}

// TestCheckMultiple: a puzzle with two solutions answers both and where
// they differ.
// TestKindOptions: a request sets a kind's own option by name; Juosan's
// "majority" reading makes its playground 5x5_1 unsolvable (as check
// --rule majority says), and the kinds list it with the page's labels.
func TestKindOptions(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	b := parsed(t, ts, "juosan-5x5_1")
	for _, tc := range []struct {
		options map[string]string
		want    string
	}{
		{nil, "multiple"},
		{map[string]string{"rule": "either"}, "multiple"},
		{map[string]string{"rule": "majority"}, "unsolvable"},
	} {
		var ch answer.CheckRecord
		post(t, ts, "/api/check", map[string]any{"text": b.Text, "options": tc.options}, &ch)
		if ch.Status != tc.want {
			t.Errorf("options %v: have %s, want %s", tc.options, ch.Status, tc.want)
		}
	}
	var ks struct {
		Kinds []kindJSON `json:"kinds"`
	}
	resp, err := ts.Client().Get(ts.URL + "/api/kinds")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&ks); err != nil {
		t.Fatal(err)
	}
	for _, k := range ks.Kinds {
		for _, f := range k.Flags {
			if len(f.Values) == 0 || len(f.Labels) != len(f.Values) || f.Label == "" {
				t.Errorf("%s's flag %+v: want values, a label and one label per value", k.Name, f)
			}
		}
		// The kind's own flags a request may set (those with values), in
		// its order.
		var want, have []string
		for _, f := range kinds.Default().MustFind(k.Name).Flags {
			if len(f.Values) > 0 {
				want = append(want, f.Name)
			}
		}
		for _, f := range k.Flags {
			have = append(have, f.Name)
		}
		if !slices.Equal(have, want) {
			t.Errorf("%s's flags %q, want %q", k.Name, have, want)
		}
	}
}

func TestCheckMultiple(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	b := parsed(t, ts, "juosan-5x5_1")
	var ch answer.CheckRecord
	post(t, ts, "/api/check", map[string]any{"text": b.Text}, &ch)
	if ch.Status != "multiple" || len(ch.Differences) == 0 || len(ch.Values) != len(b.Vars) || len(ch.SecondValues) != len(b.Vars) ||
		len(ch.Solution) != b.Rows || len(ch.SecondSolution) != b.Rows {
		t.Fatalf("have %+v, want multiple with two solutions and their differences", ch)
	}
	for _, d := range ch.Differences {
		// Cells from 1, as r1c1; one unknown per cell in Juosan.
		i := (d.Row-1)*b.Cols + d.Col - 1
		if ch.Values[i] == ch.SecondValues[i] || d.First == d.Second ||
			d.First != b.Vars[i].Domain[ch.Values[i]] || d.Second != b.Vars[i].Domain[ch.SecondValues[i]] {
			t.Errorf("difference %+v, but the solutions have %d and %d there", d, ch.Values[i], ch.SecondValues[i])
		}
	}
}

// TestGenerate: every kind whose corpus declares generation bands
// (kind.Corpus.Generate) makes a puzzle of its first quick band at its
// size, answered with its board, the same seed's, unique by /api/check.
func TestGenerate(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	n := 0
	for _, k := range kinds.Default().All() {
		if k.Corpus == nil {
			continue
		}
		i := slices.IndexFunc(k.Corpus.Generate, func(g kind.GenCase) bool { return !g.Slow })
		if i < 0 {
			continue
		}
		tc := k.Corpus.Generate[i]
		n++
		t.Run(k.Name, func(t *testing.T) {
			var g generateAnswer
			post(t, ts, "/api/generate", map[string]any{"kind": k.Name, "rows": tc.Rows, "cols": tc.Cols, "difficulty": tc.Band, "seed": "7"}, &g)
			if g.Board == nil || g.Board.Kind != k.Name || g.Board.Rows != tc.Rows || g.Board.Cols != tc.Cols || g.Difficulty != tc.Band || g.Seed != 7 || g.Puzzle != g.Board.Text || g.SatStatus != "unique" {
				t.Fatalf("have %+v, want a %s %dx%d %s of seed 7", g, tc.Band, tc.Rows, tc.Cols, k.Name)
			}
			var ch answer.CheckRecord
			post(t, ts, "/api/check", map[string]any{"text": g.Puzzle}, &ch)
			if ch.Status != "unique" {
				t.Errorf("the generated puzzle is %s, want unique", ch.Status)
			}
		})
	}
	if n == 0 {
		t.Error("no kind of the registry declares generation bands (kind.Corpus.Generate)")
	}
}

// TestShift: parse, apply and solve the bundled shift examples.
func TestShift(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	var parsedShift struct {
		Puzzle movesBoard `json:"puzzle"`
	}
	post(t, ts, "/api/moves/parse", map[string]any{"example": "shift-swap"}, &parsedShift)
	p := parsedShift.Puzzle
	if p.Name != "swap" || !slices.Equal(p.Moves, []string{"rot", "unrot", "ends"}) || p.IsGoal {
		t.Fatalf("have %+v, want swap's moves rot, unrot, ends and no goal at the start", p)
	}
	var ap movesApplyAnswer
	post(t, ts, "/api/moves/apply", map[string]any{"text": p.Text, "moves": []string{"unrot"}}, &ap)
	if len(ap.States) != 2 || !ap.Goal {
		t.Errorf("apply unrot: have %+v, want two states ending in the goal", ap)
	}
	var sol answer.ShortestRecord
	post(t, ts, "/api/moves/solve", map[string]any{"text": p.Text, "method": "sat"}, &sol)
	if sol.Status != "optimal" || !slices.Equal(sol.Moves, []string{"unrot"}) || sol.ProvedLowerBound != 1 || len(sol.Depths) != 2 {
		t.Errorf("solve: have %+v, want optimal [unrot] with depths 0 and 1", sol)
	}
	// From the state after ends (b a c) two moves, 0 and 1 refuted.
	post(t, ts, "/api/moves/solve", map[string]any{"text": p.Text, "moves": []string{"ends"}}, &sol)
	if sol.Status != "optimal" || len(sol.Moves) != 2 || sol.ProvedLowerBound != 2 {
		t.Errorf("solve after ends: have %+v, want two moves", sol)
	}
	post(t, ts, "/api/moves/parse", map[string]any{"builtin": "reborn"}, &parsedShift)
	if n := len(parsedShift.Puzzle.Moves); n != 18 {
		t.Errorf("reborn: have %d moves, want 18", n)
	}
}

// TestShiftSolveEvents: with Accept text/event-stream and method sat the
// solve sends, by SAT, one depth event per depth, in order, then the
// result; by the exact search, a bound event per lower bound it proves,
// rising to the optimum, then the result.
func TestShiftSolveEvents(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the search's tables
	_, ts := newTestServer(t, Options{})
	for _, tc := range []struct {
		method         string
		depths, bounds bool
	}{{"sat", true, false}, {"search", false, true}} {
		req, err := http.NewRequest(http.MethodPost, ts.URL+"/api/moves/solve",
			strings.NewReader(`{"example": "shift-loopover-3x3-worst", "method": "`+tc.method+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/event-stream")
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || ct != "text/event-stream" {
			t.Fatalf("%s: have %d %s, want 200 text/event-stream", tc.method, resp.StatusCode, ct)
		}
		var events []string
		var depths, bounds []int
		var result answer.ShortestRecord
		sc := bufio.NewScanner(resp.Body)
		var event string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
				events = append(events, event)
			case strings.HasPrefix(line, "data: "):
				data := []byte(strings.TrimPrefix(line, "data: "))
				var d struct{ K int }
				switch event {
				case "depth", "bound":
					if err := json.Unmarshal(data, &d); err != nil {
						t.Fatal(err)
					}
					if event == "depth" {
						depths = append(depths, d.K)
					} else {
						bounds = append(bounds, d.K)
					}
				case "result":
					if err := json.Unmarshal(data, &result); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		resp.Body.Close()
		if len(events) == 0 || events[len(events)-1] != "result" {
			t.Errorf("%s: have events %v, want the result last", tc.method, events)
		}
		if want := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}; tc.depths != (len(depths) > 0) || tc.depths && !slices.Equal(depths, want) {
			t.Errorf("%s: have depths %v, want %v: %v", tc.method, depths, tc.depths, want)
		}
		if rising := slices.IsSorted(bounds) && len(bounds) > 0 && bounds[len(bounds)-1] == 8; tc.bounds != (len(bounds) > 0) || tc.bounds && !rising {
			t.Errorf("%s: have bounds %v, want %v: rising to 8", tc.method, bounds, tc.bounds)
		}
		if result.Status != "optimal" || len(result.Moves) != 8 || len(result.States) != 9 {
			t.Errorf("%s: result: have %s with %d moves, want optimal with 8", tc.method, result.Status, len(result.Moves))
		}
	}
}

// TestShiftSolveCut: a shortest solution cut short by the request limit
// is a 503 that says the depths refuted so far.
func TestShiftSolveCut(t *testing.T) {
	_, ts := newTestServer(t, Options{Timeout: 3 * time.Second})
	status, data := do(t, ts, http.MethodPost, "/api/moves/solve", map[string]any{"builtin": "reborn", "method": "sat"}, nil)
	if status != http.StatusServiceUnavailable || !bytes.Contains(data, []byte("proven so far: no solution shorter than")) {
		t.Errorf("reborn cut short: have %d %s, want 503 saying what was proven", status, data)
	}
}

// TestBadRequests: what is wrong with a request is a 4xx with a JSON error
// naming it, and the server goes on serving.
func TestBadRequests(t *testing.T) {
	s, ts := newTestServer(t, Options{MaxBody: 4096, MaxCells: 50})
	// A route that panics, as a bug in a handler would.
	s.routes["/api/panic"] = &endpoint{method: http.MethodGet, serve: func(*call) (any, error) { panic("test bug") }}
	s.routes["/api/panic-post"] = &endpoint{method: http.MethodPost, solves: true, serve: func(c *call) (any, error) {
		var v any
		if err := c.decode(&v); err != nil {
			return nil, err
		}
		panic("test bug after the body")
	}}
	juosan := readTestdata(t, "juosan/6x6_1.juosan")
	for _, tc := range []struct {
		name, method, path string
		body               any
		status             int
		want               string // in the error message
	}{
		{"too large", "POST", "/api/parse", map[string]any{"text": strings.Repeat("x", 5000)}, 413, "over 4096 bytes"},
		{"malformed", "POST", "/api/parse", `{"text": `, 400, "malformed JSON"},
		{"not an object", "POST", "/api/parse", `[1, 2]`, 400, "malformed JSON"},
		{"two values", "POST", "/api/parse", `{} {}`, 400, "more than one value"},
		{"empty body", "POST", "/api/parse", ``, 400, "empty request body"},
		{"unknown field", "POST", "/api/parse", map[string]any{"txt": juosan}, 400, "unknown field"},
		{"no puzzle", "POST", "/api/parse", map[string]any{}, 400, "no puzzle"},
		{"unknown kind", "POST", "/api/parse", map[string]any{"text": juosan, "kind": "sudoku"}, 400, "sudoku"},
		{"undetected", "POST", "/api/parse", map[string]any{"text": "hello"}, 400, "kind"},
		{"parse error", "POST", "/api/parse", map[string]any{"text": "juosan\nsize 2 x\n"}, 400, "input:2:"},
		{"too big a puzzle", "POST", "/api/parse", map[string]any{"text": readTestdata(t, "juosan/janko/10x10_1.in")}, 400, "at most 50"},
		{"bad rule", "POST", "/api/check", map[string]any{"text": juosan, "options": map[string]string{"rule": "most"}}, 400, "unknown rule"},
		{"unknown option", "POST", "/api/check", map[string]any{"text": juosan, "options": map[string]string{"colour": "red"}}, 400, `"colour" is not an option a request sets`},
		{"a file option", "POST", "/api/generate", map[string]any{"kind": "arrows", "options": map[string]string{"rules": "/etc/passwd"}}, 400, `"rules" is not an option a request sets`},
		{"short board", "POST", "/api/verify", map[string]any{"text": juosan, "values": []int{0, 1}}, 400, "2 entries"},
		{"value out of domain", "POST", "/api/hint", map[string]any{"text": juosan, "values": append([]int{2}, make([]int, 35)...)}, 400, "values[0]"},
		{"unknown example", "POST", "/api/parse", map[string]any{"example": "../../etc/passwd"}, 400, "no example"},
		{"shift example for a kind", "POST", "/api/parse", map[string]any{"example": "shift-swap"}, 400, "shift puzzles are played by moves: use /api/moves/parse"},
		{"moves kind for a grid route", "POST", "/api/check", map[string]any{"text": "x", "kind": "shift"}, 400, "use /api/moves/parse"},
		{"grid example for moves", "POST", "/api/moves/parse", map[string]any{"example": "juosan-6x6_1"}, 400, "juosan puzzles are not played by moves: use /api/parse"},
		{"grid kind for moves", "POST", "/api/moves/parse", map[string]any{"kind": "juosan", "builtin": "reborn"}, 400, "use /api/parse"},
		{"unknown moves kind", "POST", "/api/moves/apply", map[string]any{"kind": "sudoku", "text": "x"}, 400, `unknown kind "sudoku"`},
		{"unknown move", "POST", "/api/moves/apply", map[string]any{"example": "shift-swap", "moves": []string{"spin"}}, 400, "spin"},
		{"count max 0", "POST", "/api/count", map[string]any{"text": juosan, "max": 0}, 400, "max 0"},
		{"count max huge", "POST", "/api/count", map[string]any{"text": juosan, "max": 1 << 30}, 400, "want 1 to 100000"},
		{"backbone parse error", "POST", "/api/backbone", map[string]any{"text": "juosan\nsize 2 x\n"}, 400, "input:2:"},
		{"max steps", "POST", "/api/moves/solve", map[string]any{"example": "shift-swap", "max_steps": 99}, 400, "max_steps"},
		{"generate unknown kind", "POST", "/api/generate", map[string]any{"kind": "sudoku"}, 400, `"sudoku" puzzles cannot be generated (kinds that can: `},
		{"generate huge", "POST", "/api/generate", map[string]any{"kind": "juosan", "rows": 40, "cols": 40}, 400, "at most 12x12"},
		{"generate band", "POST", "/api/generate", map[string]any{"kind": "juosan", "difficulty": "fiendish"}, 400, "fiendish"},
		{"unknown path", "GET", "/api/nothing", nil, 404, "no such path"},
		{"unknown file", "GET", "/secret.txt", nil, 404, "no such path"},
		{"path escape", "GET", "/static/../serve.go", nil, 404, "no such path"},
		{"wrong method", "GET", "/api/check", nil, 405, "takes POST"},
		{"wrong method GET-only", "POST", "/api/kinds", map[string]any{}, 405, "takes GET"},
		{"panic", "GET", "/api/panic", nil, 500, "test bug"},
		{"panic solving", "POST", "/api/panic-post", map[string]any{}, 500, "test bug after the body"},
		{"after the panics", "POST", "/api/parse", map[string]any{"example": "../x"}, 400, "no example"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, data := do(t, ts, tc.method, tc.path, tc.body, nil)
			var e errorBody
			if err := json.Unmarshal(data, &e); err != nil {
				t.Fatalf("have %d %q, want a JSON error body", status, data)
			}
			if status != tc.status || !strings.Contains(e.Error, tc.want) {
				t.Errorf("have %d %q, want %d with %q", status, e.Error, tc.status, tc.want)
			}
		})
	}
	// Not JSON: a form post.
	resp, err := ts.Client().Post(ts.URL+"/api/parse", "application/x-www-form-urlencoded", strings.NewReader("text=x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("form post: have %d, want 415", resp.StatusCode)
	}
	// And the server still serves.
	var ks map[string]any
	if status, _ := do(t, ts, http.MethodGet, "/api/kinds", nil, &ks); status != http.StatusOK {
		t.Errorf("after the bad requests: GET /api/kinds %d, want 200", status)
	}
	if status, data := do(t, ts, http.MethodGet, "/", nil, nil); status != http.StatusOK || !bytes.Contains(data, []byte("<html")) {
		t.Errorf("GET /: have %d %.40q, want the page", status, data)
	}
}

// TestHosts: with Hosts set, another Host header is refused.
func TestHosts(t *testing.T) {
	_, ts := newTestServer(t, Options{Hosts: []string{"127.0.0.1", "localhost"}})
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/kinds", nil)
	req.Host = "evil.example:80"
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("evil host: have %d, want 403", resp.StatusCode)
	}
	if status, _ := do(t, ts, http.MethodGet, "/api/kinds", nil, nil); status != http.StatusOK {
		t.Errorf("127.0.0.1: have %d, want 200", status)
	}
}

// TestTimeout: a solve over the server's timeout is a 503 naming it.
func TestTimeout(t *testing.T) {
	_, ts := newTestServer(t, Options{Timeout: 50 * time.Millisecond})
	status, data := do(t, ts, http.MethodPost, "/api/moves/solve", map[string]any{"builtin": "reborn"}, nil)
	if status != http.StatusServiceUnavailable || !bytes.Contains(data, []byte("timed out after 50ms")) {
		t.Errorf("have %d %s, want 503 timed out", status, data)
	}
}

// watched is a solver that counts its solves under way and those that
// ended by their context.
type watched struct {
	sat.Solver
	w *watch
}

type watch struct {
	running, cancelled atomic.Int64
}

func (w *watch) factory() (sat.Solver, error) {
	s, err := gini.NewSolver()
	return &watched{s, w}, err
}

func (s *watched) Solve(ctx context.Context, assumptions ...int) (sat.Status, error) {
	s.w.running.Add(1)
	defer s.w.running.Add(-1)
	// Every solve lasts until its context ends, as Reborn's deep ones do:
	// the client's going away is then always seen by a solve under way.
	<-ctx.Done()
	s.w.cancelled.Add(1)
	return sat.Unknown, ctx.Err()
}

// TestCancelledSolve: a client that goes away stops its solve: the
// handler returns long before the solve could end (Reborn's proof takes
// minutes on gini), and the solvers saw their context cancelled.
func TestCancelledSolve(t *testing.T) {
	var w watch
	s, err := New(Options{Kinds: kinds.Default(), Solver: w.factory})
	if err != nil {
		t.Fatal(err)
	}
	finished := make(chan struct{}, 2)
	ts := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		s.ServeHTTP(rw, r)
		if r.URL.Path == "/api/moves/solve" {
			finished <- struct{}{}
		}
	}))
	defer ts.Close()
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/api/moves/solve", strings.NewReader(`{"builtin": "reborn", "method": "sat"}`))
			req.Header.Set("Content-Type", "application/json")
			if stream {
				req.Header.Set("Accept", "text/event-stream")
			}
			// The client goes away while a solve runs (not between two,
			// which would leave no solve to see it).
			go func() {
				// A solve starts at once; the minute only catches a hang.
				for deadline := time.Now().Add(time.Minute); w.running.Load() == 0 && time.Now().Before(deadline); {
					time.Sleep(time.Millisecond)
				}
				time.Sleep(20 * time.Millisecond)
				cancel()
			}()
			if resp, err := ts.Client().Do(req); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			select {
			case <-finished:
			case <-time.After(time.Minute): // it returns at once; this catches a hang
				t.Fatal("the handler still runs a minute after its client went away")
			}
			if n := w.running.Load(); n != 0 {
				t.Errorf("%d solves still running after the handler returned", n)
			}
			if w.cancelled.Load() == 0 {
				t.Error("no solve saw its context cancelled")
			}
		})
	}
}

// TestConcurrent: requests at once each get their own solvers and the
// right answers.
func TestConcurrent(t *testing.T) {
	_, ts := newTestServer(t, Options{Jobs: 2})
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := []string{"juosan-6x6_1", "juosan-5x5_1"}[i%2]
			want := []string{"unique", "multiple"}[i%2]
			var ch answer.CheckRecord
			post(t, ts, "/api/check", map[string]any{"example": id}, &ch)
			if ch.Status != want {
				t.Errorf("%s: have %s, want %s", id, ch.Status, want)
			}
		}()
	}
	wg.Wait()
}

// readTestdata reads a corpus file (testdata/rel) as text.
func readTestdata(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(testcorpus.Path(rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// outOfTime is gini that answers every search with a deadline error of
// its own, wrapped, while the request's context is still live.
type outOfTime struct{ sat.Solver }

func (outOfTime) Solve(context.Context, ...int) (sat.Status, error) {
	return sat.Unknown, fmt.Errorf("back-end: %w", context.DeadlineExceeded)
}

// TestTimeoutWrapped: a timeout is a 503 with a JSON error whatever
// wrapped it: a back-end's own deadline under deepen's wrapping, and
// Reborn's text (testdata/shift/reborn.txt) under a tiny --timeout,
// several at once, as the issue found 500s among them.
func TestTimeoutWrapped(t *testing.T) {
	_, ts := newTestServer(t, Options{Solver: func() (sat.Solver, error) {
		s, err := gini.NewSolver()
		return outOfTime{s}, err
	}})
	status, data := do(t, ts, http.MethodPost, "/api/moves/solve", map[string]any{"builtin": "reborn", "method": "sat"}, nil)
	var e errorBody
	if status != http.StatusServiceUnavailable || json.Unmarshal(data, &e) != nil || e.Error == "" {
		t.Errorf("back-end deadline: have %d %s, want 503 with a JSON error", status, data)
	}

	_, ts = newTestServer(t, Options{Timeout: 30 * time.Millisecond, Jobs: 4})
	text := readTestdata(t, "shift/reborn.txt")
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, data := do(t, ts, http.MethodPost, "/api/moves/solve", map[string]any{"text": text}, nil)
			var e errorBody
			if status != http.StatusServiceUnavailable || json.Unmarshal(data, &e) != nil || !strings.Contains(e.Error, "timed out") {
				t.Errorf("reborn.txt, --timeout 30ms: have %d %s, want 503 timed out", status, data)
			}
		}()
	}
	wg.Wait()
}

// TestGenerateMoves: each kind played by moves scrambles its first
// built-in (named, or by default) into a puzzle of its first band,
// answered as its text, the same for the same seed (a string), which
// /api/moves/parse opens.
func TestGenerateMoves(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	ks := kinds.Default().Moves()
	if len(ks) == 0 {
		t.Fatal("no kind of the registry is played by moves")
	}
	for _, k := range ks {
		t.Run(k.Name, func(t *testing.T) {
			band := k.Moves.Bands[0].Name
			var a, b generateAnswer
			req := map[string]any{"kind": k.Name, "builtin": k.Moves.Builtins[0], "difficulty": band, "seed": "18446744073709551557"}
			post(t, ts, "/api/generate", req, &a)
			delete(req, "builtin")
			post(t, ts, "/api/generate", req, &b)
			if a.Puzzle == "" || a.Board != nil || a.Difficulty != band || a.Seed != 18446744073709551557 {
				t.Fatalf("have %+v, want a %s %s puzzle of the seed", a, band, k.Name)
			}
			if a.Puzzle != b.Puzzle {
				t.Errorf("the same seed made two puzzles (its first built-in named, and by default):\n%s\n%s", a.Puzzle, b.Puzzle)
			}
			var p struct {
				Puzzle movesBoard `json:"puzzle"`
			}
			post(t, ts, "/api/moves/parse", map[string]any{"text": a.Puzzle}, &p)
			if k.Moves.URL == nil {
				return
			}
			if !strings.HasPrefix(p.Puzzle.URL, k.Name+"/") {
				t.Errorf("the puzzle's url %q, want %s/…", p.Puzzle.URL, k.Name)
			}
			post(t, ts, "/api/moves/parse", map[string]any{"text": "http://127.0.0.1:8080/?" + p.Puzzle.URL + "#p=x"}, &p)
		})
	}
}

// isTrue is a *bool that is set and true.
func isTrue(b *bool) bool { return b != nil && *b }
