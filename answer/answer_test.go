package answer_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestLoad: the load every front end runs — detection, selection, every
// puzzle, malformed entries beside the others, kinds played by moves
// refused with the command that answers them — on each file of every
// kind's sample and pictures (kind.Corpus), against what the kind's own
// reader says of it.
func TestLoad(t *testing.T) {
	type loadCase struct {
		name, kind, sel, file string
		puzzles               int
		partial               bool
		kindWant, err         string
	}
	var tests []loadCase
	partials := 0
	for _, k := range kinds.Default().All() {
		if k.Corpus == nil {
			continue
		}
		var files []string
		for _, pc := range k.Corpus.Pictures {
			files = append(files, pc.File)
		}
		seen := map[string]bool{}
		for _, s := range append(slices.Clone(k.Corpus.Sample), files...) {
			file, sel, _ := strings.Cut(s, "#")
			path := testcorpus.Path(file)
			if st, err := os.Stat(path); err == nil && st.IsDir() && k.Folder != nil {
				path = filepath.Join(path, k.Folder.File)
			}
			if k.Parse == nil { // played by moves
				tests = append(tests,
					loadCase{name: s + " detected", file: path, err: "this is a " + k.Name + " puzzle: use puzzlesat shift solve"},
					loadCase{name: s + " named", kind: k.Name, file: path, err: k.Name + " puzzles are played by moves"})
				continue
			}
			if sel != "" {
				tests = append(tests, loadCase{name: s, sel: sel, file: path, puzzles: 1, kindWant: k.Name})
			}
			if seen[path] {
				continue
			}
			seen[path] = true
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			insts, err := k.Parse(path, data, kind.Options{})
			var partial *kind.PartialError
			if err != nil && !errors.As(err, &partial) {
				t.Fatalf("%s: %v", s, err)
			}
			if partial != nil {
				partials++
			}
			tests = append(tests,
				loadCase{name: file + " every entry", file: path, puzzles: len(insts), partial: partial != nil, kindWant: k.Name},
				loadCase{name: file + " named kind", kind: k.Name, file: path, puzzles: len(insts), partial: partial != nil, kindWant: k.Name},
				loadCase{name: file + " no such entry", file: path, sel: "99999", err: "no puzzle 99999"})
		}
	}
	if len(tests) == 0 || partials == 0 {
		t.Fatalf("the kinds' samples give %d loads, %d with malformed entries; want both (kind.Corpus.Sample)", len(tests), partials)
	}
	tests = append(tests, loadCase{name: "unknown kind", kind: "sudoku", file: tests[0].file, err: `unknown kind "sudoku"`})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := os.ReadFile(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			l, err := answer.Load(kinds.Default(), tt.kind, tt.file, data, tt.sel, kind.Options{})
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("have %v, want an error saying %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if l.Kind.Name != tt.kindWant || len(l.Puzzles) != tt.puzzles || (l.Partial != nil) != tt.partial {
				t.Errorf("have %s with %d puzzles (partial %v), want %s with %d (partial %v)",
					l.Kind.Name, len(l.Puzzles), l.Partial, tt.kindWant, tt.puzzles, tt.partial)
			}
		})
	}
}

// TestShortestSolution: every method proves the same optimum; auto says
// which proof won; a bad method is refused before any work.
func TestShortestSolution(t *testing.T) {
	data, err := os.ReadFile(testcorpus.Path("shift", "loopover-3x3-worst.txt"))
	if err != nil {
		t.Fatal(err)
	}
	k, p, err := answer.LoadMoves(kinds.Default(), "loopover-3x3-worst.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range answer.Methods(k) {
		res, err := answer.ShortestSolution(context.Background(), k, p, answer.ShortestOptions{Method: m, NewSolver: gini.NewSolver})
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if res.Status != kind.Optimal || len(res.Moves) != 8 || res.LowerBound != 8 || res.Proof == "" {
			t.Errorf("%s: have %s in %d moves (lower bound %d, proof %q), want optimal in 8", m, res.Status, len(res.Moves), res.LowerBound, res.Proof)
		}
		if m == answer.MethodSAT && len(res.Depths) != 9 {
			t.Errorf("sat: %d depths, want 0..8", len(res.Depths))
		}
	}
	if _, err := answer.ShortestSolution(context.Background(), k, p, answer.ShortestOptions{Method: "guess"}); err == nil {
		t.Error("method guess: no error")
	}
}

// TestPrepare: what each picture shows of a puzzle with two solutions.
func TestPrepare(t *testing.T) {
	name, data := filepath.Join("hostile", "one-broken.juosan"), testcorpus.Read(t, "hostile", "one-broken.juosan")
	l, err := answer.Load(kinds.Default(), "", name, data, "", kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	inst := l.Puzzles[0]
	ctx := context.Background()
	fig, err := answer.Prepare(ctx, inst, answer.Second, gini.NewSolver)
	if err != nil || fig.Values == nil || fig.Second == nil || slices.Equal(fig.Values, fig.Second) || !strings.Contains(fig.Caption, "they differ in") {
		t.Errorf("second: have %+v, %v; want two different solutions and where they differ", fig, err)
	}
	fig, err = answer.Prepare(ctx, inst, answer.Backbone, gini.NewSolver)
	if err != nil || !fig.Grey || !slices.Contains(fig.Values, -1) {
		t.Errorf("backbone: have %+v, %v; want the open cells grey", fig, err)
	}
	if _, err := answer.Prepare(ctx, inst, answer.Mode(99), gini.NewSolver); err == nil {
		t.Error("mode 99: no error")
	}
	one, _ := answer.Load(kinds.Default(), "", "6x6_1.in", testcorpus.Read(t, "juosan", "janko", "6x6_1.in"), "", kind.Options{})
	if _, err := answer.Prepare(ctx, one.Puzzles[0], answer.Second, gini.NewSolver); !errors.Is(err, answer.ErrUnique) {
		t.Errorf("second of a unique puzzle: have %v, want ErrUnique", err)
	}
}

// TestRecordBestFound: an unsettled answer's record carries the best
// solution found by name, with its length, as not proven; a settled one
// says it is proven and has no best found.
func TestRecordBestFound(t *testing.T) {
	data, err := os.ReadFile(testcorpus.Path("shift", "loopover-3x3-worst.txt"))
	if err != nil {
		t.Fatal(err)
	}
	k, p, err := answer.LoadMoves(kinds.Default(), "loopover-3x3-worst.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	res, err := answer.ShortestSolution(context.Background(), k, p, answer.ShortestOptions{Method: answer.MethodSearch})
	if err != nil || res.Status != kind.Optimal {
		t.Fatalf("%v %v", res, err)
	}
	names := p.MoveNames()
	var want []string
	for _, m := range res.Moves {
		want = append(want, names[m])
	}
	tests := []struct {
		name      string
		res       *answer.Shortest
		proven    bool
		bestFound []string
	}{
		{"optimal", res, true, nil},
		{"stopped with a best found", &answer.Shortest{Status: kind.Unknown, LowerBound: 6, BestFound: res.Moves}, false, want},
		{"stopped with nothing", &answer.Shortest{Status: kind.Unknown, LowerBound: 6}, false, nil},
	}
	for _, tc := range tests {
		r := answer.Record(tc.res, p, answer.MethodSearch, 30, 0)
		if r.Proven != tc.proven || !slices.Equal(r.BestFound, tc.bestFound) || r.BestLength != len(tc.bestFound) {
			t.Errorf("%s: proven %v, best found %v (%d)", tc.name, r.Proven, r.BestFound, r.BestLength)
		}
	}
	states, err := p.Replay(want)
	if err != nil || !p.IsGoal(states[len(states)-1]) {
		t.Errorf("the best found does not replay to the goal: %v", err)
	}
}
