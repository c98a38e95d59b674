package report_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/report"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestMovesReported: a folder of puzzles played by moves and grid
// puzzles is reported whole, each shift puzzle with its shortest
// solution and its proof as `shift solve` finds them: the moves replay
// from the start to a goal, none shorter exists (the exact search,
// asked here on its own, agrees on the length), and the JSON line, the
// page and the booklet's contents say so; read back with --from, the
// record draws again.
func TestMovesReported(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"../testdata/shift/swap.txt", "../testdata/shift/loopover-3x3-worst.txt", "../testdata/juosan/janko/6x6_1.in", "../testdata/shift/README.md"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reg := kinds.Default()
	items, skipped := report.Load(reg, []string{dir}, kind.Options{}, nil, nil)
	if len(items) != 3 || len(skipped) != 1 || !strings.Contains(skipped[0], "skipped 1 file") {
		t.Fatalf("want 3 puzzles (2 shift, 1 juosan) and the README skipped: %d items, %q", len(items), skipped)
	}
	recs, err := report.Gather(context.Background(), items, report.Options{EntryOptions: answer.EntryOptions{Kinds: reg, Solver: gini.NewSolver}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"swap": 1, "loopover-3x3-worst": 8}
	for _, r := range recs {
		if r.Kind != "shift" {
			if r.Verdict != report.Unique {
				t.Errorf("%s: %s, want unique", r.Label(), r.Verdict)
			}
			continue
		}
		s := r.Shortest
		if r.Verdict != report.Optimal || s == nil || r.Problem() {
			t.Fatalf("%s: verdict %s, shortest %+v: want optimal, no problem", r.Label(), r.Verdict, s)
		}
		k, p, err := answer.LoadMoves(reg, r.File, []byte(r.Puzzle))
		if err != nil {
			t.Fatal(err)
		}
		states, err := p.Replay(s.Moves)
		if err != nil || !p.IsGoal(states[len(states)-1]) {
			t.Errorf("%s: the moves %v do not reach a goal (%v)", r.Name, s.Moves, err)
		}
		if s.Length != len(s.Moves) || s.ProvedLowerBound != s.Length || !s.Proven || s.Length != want[r.Name] {
			t.Errorf("%s: %d moves %v, lower bound %d, proven %v; want %d, proven optimal", r.Name, s.Length, s.Moves, s.ProvedLowerBound, s.Proven, want[r.Name])
		}
		bfs, err := answer.ShortestSolution(context.Background(), k, p, answer.ShortestOptions{Method: answer.MethodSearch})
		if err != nil || len(bfs.Moves) != s.Length {
			t.Errorf("%s: the exact search alone finds %v (%v), the report %d moves", r.Name, bfs, err, s.Length)
		}
	}
	var jl bytes.Buffer
	if err := report.WriteJSON(&jl, recs); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(jl.String(), `"shortest":{"name":`); n != 2 {
		t.Errorf("%d JSON lines carry a shortest solution, want 2", n)
	}
	f := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(f, jl.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	back, err := report.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := report.WriteHTML(&page, back, report.Meta{Kinds: reg, Title: "moves"}); err != nil {
		t.Fatal(err)
	}
	var pdf bytes.Buffer
	booklet, err := report.WritePDF(&pdf, back, report.Meta{Kinds: reg, Title: "moves"}, report.DefaultPrint())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range back {
		if r.Shortest == nil {
			continue
		}
		for _, want := range []string{"Shortest solution: " + r.MovesNote(), "no solution has fewer than"} {
			if !strings.Contains(page.String(), want) {
				t.Errorf("the page does not say %q", want)
			}
		}
	}
	// Each shift puzzle's section draws the puzzle, and packs the strip
	// of its solution to draw when opened.
	sections := regexp.MustCompile(`(?s)<section class="puzzle" id="p\d+" data-verdict="optimal">.*?</section>`).FindAllString(page.String(), -1)
	if len(sections) != 2 {
		t.Fatalf("%d sections of optimal shift puzzles, want 2", len(sections))
	}
	for _, sec := range sections {
		if !strings.Contains(sec, `<svg class="pic"`) || !strings.Contains(sec, `<details class="solution" data-pic="H4sI`) || strings.Contains(sec, `class="err"`) {
			t.Errorf("a shift puzzle's section lacks its pictures or says an error:\n%.600s", sec)
		}
	}
	if len(booklet.Numbered) != 3 {
		t.Errorf("the booklet numbers %d puzzles, want 3 (the shift puzzles too)", len(booklet.Numbered))
	}
	if have, want := pdfPages(t, pdf.Bytes()), len(booklet.Pages); have != want {
		t.Errorf("the booklet has %d pages, its layout %d", have, want)
	}
}
