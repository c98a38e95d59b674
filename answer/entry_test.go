package answer_test

import (
	"context"
	"os"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// loadOne reads the corpus file as one puzzle of either sort, as the
// report does: a puzzle played by moves when a kind played by moves
// detects it, else a grid kind's first puzzle.
func loadOne(t *testing.T, file string) *answer.One {
	t.Helper()
	path := testcorpus.Path(file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	reg := kinds.Default()
	if reg.DetectMoves(path, data) != nil {
		k, p, err := answer.LoadMoves(reg, path, data)
		if err != nil {
			t.Fatal(err)
		}
		return &answer.One{Kind: k, Moves: p}
	}
	l, err := answer.Load(reg, "", path, data, "", kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return &answer.One{Kind: l.Kind, Grid: l.Puzzles[0]}
}

// TestEntry: the report's one question, asked of puzzles of both sorts,
// answers each sort's facts (a grid puzzle's verdict, grade, redundant
// clues and differences; a moves puzzle's proven shortest solution), its
// place and address in its file, and, asked when the time has run out
// already, a timeout record and no error.
func TestEntry(t *testing.T) {
	for _, tc := range []struct {
		file, verdict string
		place         int
		address       string // the address's suffix after the file
		unique        bool   // grade, redundant clues and a solution as values
		differences   bool
		moves         int // the proven shortest solution's length (-1: none)
	}{
		{file: "juosan/janko/6x6_1.in", verdict: answer.Unique, place: 1, address: "#1", unique: true, moves: -1},
		{file: "hostile/one-broken.juosan", verdict: answer.Multiple, place: 1, address: "#1", differences: true, moves: -1},
		{file: "shift/swap.txt", verdict: answer.Optimal, place: 1, moves: 1},
		{file: "shift/loopover-3x3-worst.txt", verdict: answer.Optimal, place: 1, moves: 8},
	} {
		t.Run(tc.file, func(t *testing.T) {
			o := loadOne(t, tc.file)
			path := testcorpus.Path(tc.file)
			if o.Place() != tc.place || o.Address(path) != path+tc.address {
				t.Errorf("place %d, address %q; want %d, %q", o.Place(), o.Address(path), tc.place, path+tc.address)
			}
			opt := answer.EntryOptions{Solver: gini.NewSolver, Kinds: kinds.Default()}
			r, err := answer.Entry(context.Background(), o, opt)
			if err != nil || r.Verdict != tc.verdict || r.Error != "" || r.TimedOut {
				t.Fatalf("verdict %q, error %v, record's %q, timed out %v; want %q, whole", r.Verdict, err, r.Error, r.TimedOut, tc.verdict)
			}
			if r.Kind != o.Kind.Name || r.Entry != tc.place || r.Puzzle == "" {
				t.Errorf("kind %q, entry %d, puzzle %q: want %s, %d and its text", r.Kind, r.Entry, r.Puzzle, o.Kind.Name, tc.place)
			}
			if have := r.Grade != nil && r.Redundant != nil && r.Solution != nil; have != tc.unique {
				t.Errorf("grade %v, redundant clues %v, values %v: want them %v", r.Grade, r.Redundant, r.Solution, tc.unique)
			}
			if have := len(r.Differences) > 0 && r.Second != nil; have != tc.differences {
				t.Errorf("differences %v, second values %v: want them %v", r.Differences, r.Second, tc.differences)
			}
			switch {
			case tc.moves < 0 && r.Shortest != nil:
				t.Errorf("a grid puzzle with a shortest solution: %+v", r.Shortest)
			case tc.moves >= 0 && (r.Shortest == nil || !r.Shortest.Proven || r.Shortest.Length != tc.moves || r.Shortest.States != nil):
				t.Errorf("shortest %+v: want %d moves proven, no states", r.Shortest, tc.moves)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			r, err = answer.Entry(ctx, o, opt)
			if err != nil || r.Verdict != answer.Timeout || !r.TimedOut || r.Error == "" {
				t.Errorf("asked with no time: verdict %q, timed out %v, error %v, record's %q; want timeout, said so", r.Verdict, r.TimedOut, err, r.Error)
			}
		})
	}
}
