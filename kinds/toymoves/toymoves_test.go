package toymoves_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/app/generatecmd"
	"github.com/puzzlesat/puzzlesat/app/rendercmd"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/toymoves"
)

// TestMain registers the toy moves kind with its one line: nothing else
// in puzzlesat names it.
func TestMain(m *testing.M) {
	kinds.Register(toymoves.Kind)
	os.Exit(m.Run())
}

var (
	toy  = filepath.Join("testdata", "toy.rotor")
	swap = filepath.Join("testdata", "swap.rotor")
)

// TestToyMovesThroughTheCommands: the toy, registered and nothing more,
// is solved, replayed and scrambled by the shift commands a user runs.
func TestToyMovesThroughTheCommands(t *testing.T) {
	if err := kinds.Validate(); err != nil {
		t.Fatal(err)
	}
	clitest.Test(t, []clitest.Case{
		{Name: "solve", Args: []string{"shift", "solve", swap}, Code: 0, Out: []string{"swap: optimal, 1 move", "moves: s", "proof: no solution has fewer than 1 move (by exact search)"}},
		{Name: "apply", Args: []string{"shift", "apply", swap, "s"}, Code: 0, Out: []string{"goal reached in 1 move", "1 2 3"}},
		{Name: "apply short", Args: []string{"shift", "apply", swap, "l"}, Code: 1, Out: []string{"not a goal state after 1 move"}},
		{Name: "bad move", Args: []string{"shift", "apply", swap, "x"}, Code: 2, Err: []string{`unknown move "x"`}},
		{Name: "builtin", Args: []string{"shift", "solve", "--builtin", "rotor:4"}, Code: 0, Out: []string{"optimal, 0 moves"}},
		{Name: "no sat", Args: []string{"shift", "solve", "--method", "sat", swap}, Code: 2, Err: []string{`unknown --method "sat" (want search)`}},
		{Name: "no cubes", Args: []string{"shift", "cubes", "--depth", "1", swap}, Code: 2, Err: []string{"rotor puzzles are not split into cubes"}},
		{Name: "stdin", Stdin: "rotor\nstart b a\n", Args: []string{"shift", "solve", "-"}, Code: 0, Out: []string{"optimal, 1 move"}},
		{Name: "bad", Stdin: "rotor\nstart a a\n", Args: []string{"shift", "solve", "-"}, Code: 2, Err: []string{"a token repeats"}},
	})
}

// TestToyMovesProvenShortest: shift solve's answer on the toy replays to
// the goal, and no sequence one move shorter does (every one of them
// tried here, apart from the search that proved it).
func TestToyMovesProvenShortest(t *testing.T) {
	code, out, errs := clitest.Run("", "shift", "solve", "--format", "json", toy)
	if code != 0 {
		t.Fatalf("shift solve: exit %d: %s", code, errs)
	}
	var rec answer.ShortestRecord
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Status != "optimal" || rec.Length != len(rec.Moves) || rec.ProvedLowerBound != rec.Length || rec.Proof != "search" {
		t.Fatalf("record %+v: want optimal, proven by the search down to its length", rec)
	}
	data, err := os.ReadFile(toy)
	if err != nil {
		t.Fatal(err)
	}
	k, p, err := answer.LoadMoves(toy, data)
	if err != nil || k != toymoves.Kind {
		t.Fatalf("LoadMoves: %v, kind %v", err, k)
	}
	states, err := p.Replay(rec.Moves)
	if err != nil || !p.IsGoal(states[len(states)-1]) {
		t.Fatalf("the moves %v do not reach the goal (%v)", rec.Moves, err)
	}
	if rec.Length < 2 {
		t.Fatalf("the toy's optimum is %d moves: pick a harder start", rec.Length)
	}
	// Every sequence of Length-1 moves, odometer style.
	names := p.MoveNames()
	seq := make([]int, rec.Length-1)
	for {
		s := p.Start()
		for _, m := range seq {
			s = p.Apply(s, m)
		}
		if p.IsGoal(s) {
			t.Fatalf("%v reaches the goal in %d moves, under the proven %d", seq, len(seq), rec.Length)
		}
		i := 0
		for ; i < len(seq) && seq[i] == len(names)-1; i++ {
			seq[i] = 0
		}
		if i == len(seq) {
			break
		}
		seq[i]++
	}
}

// TestToyMovesScrambled: scramble writes the toy's text, which solve
// reads back, its optimum within the moves made.
func TestToyMovesScrambled(t *testing.T) {
	code, out, errs := clitest.Run("", "shift", "scramble", "--builtin", "rotor:5", "--moves", "6", "--seed", "3")
	if code != 0 || !strings.HasPrefix(out, "# 6 random moves from a goal state (seed 3): ") {
		t.Fatalf("scramble: exit %d: %s%s", code, out, errs)
	}
	code, solved, errs := clitest.Run(out, "shift", "solve", "--format", "json", "-")
	if code != 0 {
		t.Fatalf("solve the scramble: exit %d: %s", code, errs)
	}
	var rec answer.ShortestRecord
	if err := json.Unmarshal([]byte(solved), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Name != "rotor:5-scramble-6-3" || rec.Length > 6 {
		t.Errorf("the scramble %q solved in %d moves, want its name and at most 6", rec.Name, rec.Length)
	}
}

// TestToyMovesRendered: render draws the toy's board, every state of its
// shortest solution a panel.
func TestToyMovesRendered(t *testing.T) {
	cmds := []*cli.Command{rendercmd.Command()}
	// tone0 is the first token's colour: one tile of it a panel.
	const tone0 = `fill="#fde2b8"`
	for _, tc := range []struct {
		args   []string
		panels int
	}{
		{[]string{swap}, 2},               // the start and the target
		{[]string{"--solution", swap}, 2}, // the start and one move
		{[]string{"--solution", toy}, 0},  // every state of the solution: counted below
	} {
		out := filepath.Join(t.TempDir(), "toy.svg")
		code, _, errs := clitest.RunWith(cmds, "", append(append([]string{"render"}, tc.args...), "-o", out)...)
		if code != 0 {
			t.Fatalf("render %v: exit %d: %s", tc.args, code, errs)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		want := tc.panels
		if want == 0 {
			_, solved, _ := clitest.Run("", "shift", "solve", toy)
			moves, _, _ := strings.Cut(strings.SplitN(solved, "moves: ", 2)[1], "\n")
			want = len(strings.Fields(moves)) + 1
		}
		if n := strings.Count(string(data), tone0); n != want {
			t.Errorf("render %v: %d tiles of the first token, want %d panels", tc.args, n, want)
		}
	}
	if !slices.Contains(kinds.Moves(), toymoves.Kind) {
		t.Error("the toy is not among the moves kinds")
	}
}

// TestToyMovesGenerated: generate makes toy puzzles of a band, scrambled
// and proven breadth-first, each of them solved again by shift solve in
// its band's moves.
func TestToyMovesGenerated(t *testing.T) {
	code, out, errs := clitest.RunWith([]*cli.Command{generatecmd.Command()}, "",
		"generate", "--kind", "rotor", "--puzzle", "rotor:5", "--difficulty", "medium", "--count", "3", "--seed", "2")
	if code != 0 {
		t.Fatalf("generate: exit %d: %s", code, errs)
	}
	// The puzzles, a blank line apart (what each is goes to stderr).
	var puzzles []string
	for _, block := range strings.Split(out, "\n\n") {
		if strings.TrimSpace(block) != "" {
			puzzles = append(puzzles, block+"\n")
		}
	}
	if len(puzzles) != 3 {
		t.Fatalf("generate wrote %d puzzles, want 3:\n%s", len(puzzles), out)
	}
	for i, text := range puzzles {
		code, solved, errs := clitest.Run(text, "shift", "solve", "--format", "json", "-")
		if code != 0 {
			t.Fatalf("puzzle %d: shift solve: exit %d: %s\n%s", i, code, errs, text)
		}
		var rec answer.ShortestRecord
		if err := json.Unmarshal([]byte(solved), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Length < 3 || rec.Length > 4 {
			t.Errorf("puzzle %d: optimum %d moves, want medium's 3..4\n%s", i, rec.Length, text)
		}
	}
}
