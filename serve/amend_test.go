package serve

import (
	"bytes"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// clued reads text as a puzzle of kind k and answers its removable clues.
func clued(t *testing.T, k, text string) kind.Clued {
	t.Helper()
	kd, err := kinds.Default().Lookup(k)
	if err != nil {
		t.Fatal(err)
	}
	insts, err := kd.Parse("input", []byte(text), kind.Options{})
	if err != nil || len(insts) != 1 {
		t.Fatalf("%s: %d puzzles, %v; want one:\n%s", k, len(insts), err, text)
	}
	return insts[0].(kind.Clued)
}

// TestMinimizeRepair: /api/minimize and /api/repair answer the records
// of `minimize` and `repair --format json` for every example of every
// grid kind, and each edited puzzle is proven again here: the smaller
// puzzle is unique with the removed clues gone and the others kept; a
// puzzle the test breaks (clues taken away in reading order until it has
// several solutions) is repaired to a unique one holding every clue it
// had and the clues added; a puzzle with several solutions to begin with
// is repaired, or answered no-repair.
func TestMinimizeRepair(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	check := func(t *testing.T, text string) string {
		t.Helper()
		var ch answer.CheckRecord
		post(t, ts, "/api/check", map[string]any{"text": text}, &ch)
		return ch.Status
	}
	eachParsedExample(t, ts, func(ex example) bool { return ex.Kind != "shift" }, func(t *testing.T, ex example, b *board) {
		before := clued(t, ex.Kind, b.Text).Clues()
		if check(t, b.Text) == "multiple" {
			// Juosan's 5x5_1: every territory numbered by a solution SAT
			// finds still leaves several solutions.
			var rec answer.EditRecord
			post(t, ts, "/api/repair", map[string]any{"text": b.Text}, &rec)
			if rec.Status == answer.Repaired && check(t, rec.Puzzle) != "unique" || rec.Status != answer.Repaired && rec.Status != answer.NoRepair {
				t.Fatalf("repair: have %s, want a unique puzzle or no repair", rec.Status)
			}
			return
		}
		var min answer.EditRecord
		post(t, ts, "/api/minimize", map[string]any{"text": b.Text}, &min)
		if min.Status != answer.Minimized || min.Clues != len(before) || min.Proofs != len(before)+1 {
			t.Fatalf("minimize: have %s of %d clues in %d proofs, want minimized of %d in %d", min.Status, min.Clues, min.Proofs, len(before), len(before)+1)
		}
		if st := check(t, min.Puzzle); st != "unique" {
			t.Fatalf("the minimized puzzle is %s, want unique", st)
		}
		smaller := clued(t, ex.Kind, min.Puzzle)
		left := smaller.Clues()
		if len(left)+len(min.Removed) != len(before) {
			t.Errorf("minimize: %d clues left and %d removed of %d", len(left), len(min.Removed), len(before))
		}
		for _, c := range min.Removed {
			if !slices.Contains(before, c) || slices.Contains(left, c) {
				t.Errorf("removed %s at %v: not a clue of the input, or still in the smaller puzzle", c.Label, c.Cell)
			}
		}
		// The input without its clues in reading order until it has
		// several solutions (as amend's tests break a puzzle), repaired.
		cl := clued(t, ex.Kind, b.Text)
		var gone []int
		text := ""
		for _, c := range before {
			gone = append(gone, c.ID)
			less, err := cl.Without(gone...)
			if err != nil {
				t.Fatal(err)
			}
			if text, err = less.Format(""); err != nil {
				t.Fatal(err)
			}
			if check(t, text) == "multiple" {
				break
			}
		}
		var rep answer.EditRecord
		post(t, ts, "/api/repair", map[string]any{"text": text}, &rep)
		if rep.Status != answer.Repaired || len(rep.Added) == 0 {
			t.Fatalf("repair: have %s with %d added, want repaired with clues added", rep.Status, len(rep.Added))
		}
		if st := check(t, rep.Puzzle); st != "unique" {
			t.Fatalf("the repaired puzzle is %s, want unique", st)
		}
		got := clued(t, ex.Kind, rep.Puzzle).Clues()
		for _, c := range append(before[len(gone):], rep.Added...) {
			if !slices.ContainsFunc(got, func(g kind.Clue) bool { return g.Cell == c.Cell && g.Label == c.Label }) {
				t.Errorf("repair: clue %s at %v missing from the repaired puzzle", c.Label, c.Cell)
			}
		}
	})
}

// TestRepairConflict: an unsolvable puzzle (Juosan's 5x5_1 read by the
// majority rule) is answered status conflict with the clues to edit,
// which alone still have no solution.
func TestRepairConflict(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	text := readTestdata(t, "juosan/janko_instances.json")
	var rec answer.EditRecord
	post(t, ts, "/api/repair", map[string]any{"text": text, "select": "5x5_1", "options": map[string]string{"rule": "majority"}}, &rec)
	if rec.Status != answer.Conflict || len(rec.Conflict) == 0 || rec.Puzzle != "" {
		t.Fatalf("have %+v, want a conflict naming clues and no puzzle", rec)
	}
}

// TestAmendErrors: what minimize and repair cannot do is a 4xx or 503
// with a JSON error naming it.
func TestAmendErrors(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	_, slow := newTestServer(t, Options{Timeout: time.Millisecond})
	janko := readTestdata(t, "juosan/janko_instances.json")
	for _, tc := range []struct {
		name, path string
		body       any
		status     int
		want       string
	}{
		{"several solutions", "/api/minimize", map[string]any{"text": janko, "select": "5x5_1"}, 422, "multiple, not unique"},
		{"unsolvable", "/api/minimize", map[string]any{"text": janko, "select": "5x5_1", "options": map[string]string{"rule": "majority"}}, 422, "unsolvable"},
		{"no puzzle", "/api/repair", map[string]any{}, 400, "no puzzle"},
		{"unknown field", "/api/minimize", map[string]any{"text": janko, "band": "easy"}, 400, "unknown field"},
		{"a moves kind", "/api/minimize", map[string]any{"example": "shift-reborn"}, 400, "played by moves"},
		{"wrong method", "/api/repair", nil, 405, "takes POST"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			method := http.MethodPost
			if tc.body == nil {
				method = http.MethodGet
			}
			status, data := do(t, ts, method, tc.path, tc.body, nil)
			if status != tc.status || !bytes.Contains(data, []byte(`"error"`)) || !bytes.Contains(data, []byte(tc.want)) {
				t.Errorf("have %d %s, want %d naming %q", status, data, tc.status, tc.want)
			}
		})
	}
	status, data := do(t, slow, http.MethodPost, "/api/minimize", map[string]any{"text": readTestdata(t, "juosan/janko/10x10_1.in")}, nil)
	if status != http.StatusServiceUnavailable || !bytes.Contains(data, []byte("timed out")) {
		t.Errorf("minimize under a 1 ms timeout: have %d %s, want 503 timed out", status, data)
	}
}
