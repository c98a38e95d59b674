package model

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/srcpos"
)

func readTestdata(t *testing.T, name string) (*Puzzle, error) {
	t.Helper()
	path := filepath.Join("..", "..", "..", "testdata", "shift", name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Parse(name, data)
}

// rebornSolution is an 11-move solution of Reborn (found by the exact
// search; the tests check it, not trust it).
var rebornSolution = strings.Fields("c3d r1l r2r r3l c3d c5u r1l r1l c5u c4u r1l")

func TestRebornModel(t *testing.T) {
	p := Reborn()
	if got, want := p.NumCells(), 18; got != want {
		t.Errorf("cells: have %d, want %d", got, want)
	}
	if got, want := len(p.Moves), 18; got != want {
		t.Errorf("moves: have %d, want %d", got, want)
	}
	var names []string
	for _, m := range p.Moves {
		names = append(names, m.Name)
	}
	want := "c1u c1d c2u c2d c3u c3d c4u c4d c5u c5d c6u c6d r1l r1r r2l r2r r3l r3r"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("move names: have %s, want %s", got, want)
	}
	if got, want := len(p.Goal.Sums), 16; got != want {
		t.Errorf("sums: have %d, want %d", got, want)
	}
	if p.IsGoal(p.Start) {
		t.Error("the start is a goal state")
	}
	if got := p.FormatState(p.Start); got != RebornPicture {
		t.Errorf("start drawn as\n%s want\n%s", got, RebornPicture)
	}
}

func TestMoveSemantics(t *testing.T) {
	p := Reborn()
	tests := []struct {
		move string
		want string
	}{
		// c1u: every token of column 1 one cell up, the top one to the bottom.
		{"c1u", "5 9 6 . 1 2 5\n2 8 3 . 7 7 9\n4 4 1 . 6 3 8\n"},
		{"c1d", "2 9 6 . 1 2 5\n4 8 3 . 7 7 9\n5 4 1 . 6 3 8\n"},
		// c4 is the first column of the right grid.
		{"c4u", "4 9 6 . 7 2 5\n5 8 3 . 6 7 9\n2 4 1 . 1 3 8\n"},
		// r1l: row 1 one cell left across both grids, the first to the end.
		{"r1l", "9 6 1 . 2 5 4\n5 8 3 . 7 7 9\n2 4 1 . 6 3 8\n"},
		{"r3r", "4 9 6 . 1 2 5\n5 8 3 . 7 7 9\n8 2 4 . 1 6 3\n"},
	}
	for _, tt := range tests {
		states, err := p.Replay([]string{tt.move})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.FormatState(states[1]); got != tt.want {
			t.Errorf("%s: have\n%s want\n%s", tt.move, got, tt.want)
		}
	}
}

func TestRebornSolutionReplays(t *testing.T) {
	p := Reborn()
	states, err := p.Replay(rebornSolution)
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsGoal(states[len(states)-1]) {
		t.Errorf("the 11 moves end in\n%s which is not a goal state", p.FormatState(states[len(states)-1]))
	}
	for i, s := range states[:len(states)-1] {
		if p.IsGoal(s) {
			t.Errorf("state %d is already a goal", i)
		}
	}
	if _, err := p.Replay([]string{"c1u", "x9"}); err == nil || !strings.Contains(err.Error(), `unknown move "x9"`) {
		t.Errorf("unknown move: have %v", err)
	}
}

func TestRebornGoalStates(t *testing.T) {
	p := Reborn()
	goals, ok := p.GoalStates(1000, 10_000_000)
	if !ok {
		t.Fatal("goal enumeration gave up")
	}
	if got, want := len(goals), 64; got != want {
		t.Fatalf("goal states: have %d, want %d (pairs of Lo Shu squares)", got, want)
	}
	for _, g := range goals {
		if !p.IsGoal(g) {
			t.Fatalf("not a goal: %v", g)
		}
		// Each grid holds 1..9 once and 5 in the centre.
		for grid := 0; grid < 2; grid++ {
			seen := map[int]bool{}
			for r := 0; r < 3; r++ {
				for c := 0; c < 3; c++ {
					seen[g[p.Picture.Lines[r][grid*4+c]]] = true
				}
			}
			if len(seen) != 9 {
				t.Errorf("grid %d of %v repeats a digit", grid, g)
			}
			if centre := p.Values[g[p.Picture.Lines[1][grid*4+1]]]; centre != "5" {
				t.Errorf("grid %d centre is %s", grid, centre)
			}
		}
	}
	if _, ok := p.GoalStates(10, 10_000_000); ok {
		t.Error("GoalStates(limit 10) did not give up on 64 arrangements")
	}
}

func TestParseTestdata(t *testing.T) {
	tests := []struct {
		file   string
		cells  int
		moves  int
		sums   int
		target bool
	}{
		{"reborn.txt", 18, 18, 16, false},
		{"reborn-picture.txt", 18, 18, 16, false},
		{"swap.txt", 3, 3, 0, true},
	}
	for _, tt := range tests {
		p, err := readTestdata(t, tt.file)
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		if p.NumCells() != tt.cells || len(p.Moves) != tt.moves || len(p.Goal.Sums) != tt.sums || (p.Goal.Target != nil) != tt.target {
			t.Errorf("%s: have %d cells, %d moves, %d sums, target %v; want %d, %d, %d, %v", tt.file,
				p.NumCells(), len(p.Moves), len(p.Goal.Sums), p.Goal.Target != nil, tt.cells, tt.moves, tt.sums, tt.target)
		}
	}
	// reborn.txt and the bare picture are the same puzzle as Reborn().
	for _, f := range []string{"reborn.txt", "reborn-picture.txt"} {
		p, _ := readTestdata(t, f)
		p.Name = "reborn"
		if got, want := Format(p), Format(Reborn()); got != want {
			t.Errorf("%s formats as\n%s want\n%s", f, got, want)
		}
	}
	// swap.txt: rot moves r1c1 → r1c2 → r1c3 → r1c1; unrot is its inverse.
	p, _ := readTestdata(t, "swap.txt")
	states, err := p.Replay([]string{"rot"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.FormatState(states[1]), "b c a\n"; got != want {
		t.Errorf("rot: have %q, want %q", got, want)
	}
	states, _ = p.Replay([]string{"unrot"})
	if !p.IsGoal(states[1]) {
		t.Errorf("unrot does not solve swap.txt: %q", p.FormatState(states[1]))
	}
}

func TestFormatRoundTrip(t *testing.T) {
	lo, err := Loopover(3, 4)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := readTestdata(t, "swap.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*Puzzle{Reborn(), lo, sw} {
		text := Format(p)
		q, err := Parse("roundtrip", []byte(text))
		if err != nil {
			t.Fatalf("%s: reparse: %v\n%s", p.Name, err, text)
		}
		if got := Format(q); got != text {
			t.Errorf("%s: round trip changed\n%s into\n%s", p.Name, text, got)
		}
		if fmt.Sprint(q.Start) != fmt.Sprint(p.Start) || len(q.Moves) != len(p.Moves) {
			t.Errorf("%s: start or moves differ after the round trip", p.Name)
		}
		for i := range p.Moves {
			if fmt.Sprint(q.Moves[i]) != fmt.Sprint(p.Moves[i]) {
				t.Errorf("%s: move %d: have %v, want %v", p.Name, i, q.Moves[i], p.Moves[i])
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		line, col int
		msg       string
	}{
		{"no start", "moves rows\n", 1, 1, "no start picture"},
		{"no moves", "start\n1 2\ntarget\n2 1\n", 5, 1, "no moves"},
		{"no goal", "start\n1 2\nmoves rows\n", 1, 1, "no goal"},
		{"bad kind", "start\n1 2\nmoves diagonals\n", 3, 7, `unknown kind "diagonals"`},
		{"bad cell", "start\n1 2\nmoves rows\nsum 3 r1c1 x\n", 4, 12, `bad cell "x"`},
		{"unclosed", "start\n1 2 3\nmove x (r1c1 r1c2\n", 3, 8, "unclosed parenthesis"},
		{"cell twice", "start\n1 2 3\nmove x (r1c1 r1c2)(r1c2 r1c3)\n", 3, 20, "cell r1c2 is in two cycles"},
		{"star in start", "start\n1 *\n", 2, 3, `"*" is only allowed in the target`},
		{"target shape", "start\n1 2\ntarget\n1 2 1\nmoves rows\n", 4, 1, "target line has 3 entries"},
		{"target value", "start\n1 2\ntarget\n1 1\nmoves rows\n", 3, 1, `uses "1" more often`},
		{"sum not int", "start\na b\nmoves rows\nsum 3 r1c1 r1c2\n", 1, 1, "is not an integer"},
		{"magic block", "start\n1 2\n3\nmoves rows\nmagic 3 r1c1 2\n", 5, 9, "needs cell r2c2"},
		{"magic size", "start\n1 2\nmoves rows\nmagic 3 r1c1 99999999999\n", 4, 14, "not an integer from 1"},
		{"duplicate move", "start\n1 2\ntarget\n2 1\nmoves rows rows\n", 5, 1, `duplicate move name "r1l"`},
		{"bare picture", "1 2 . 3\n4 5 . 6\n", 1, 1, "want 2 tokens"},
		{"bare sum", "1 2 . 3 4\n5 6 . 7 9\n", 1, 1, "not a multiple of 4"},
		{"bare one line", "\n1 . 2\n", 2, 1, "want N ≥ 2 lines"},
		{"empty", "# nothing\n", 1, 1, "empty input"},
		{"byte order mark", "\uFEFFstart\n1 2\nmoves diagonals\n", 3, 7, `unknown kind "diagonals"`},
	}
	for _, tt := range tests {
		_, err := Parse("in.txt", []byte(tt.text))
		var pe *srcpos.Error
		if !errors.As(err, &pe) {
			t.Errorf("%s: have %v, want a *srcpos.Error", tt.name, err)
			continue
		}
		if pe.Line != tt.line || pe.Col != tt.col || !strings.Contains(pe.Msg, tt.msg) {
			t.Errorf("%s: have %d:%d %q, want %d:%d containing %q", tt.name, pe.Line, pe.Col, pe.Msg, tt.line, tt.col, tt.msg)
		}
		if pe.File != "in.txt" {
			t.Errorf("%s: file %q", tt.name, pe.File)
		}
	}
}

func TestParseBadTestdata(t *testing.T) {
	tests := []struct {
		file      string
		line, col int
		msg       string
	}{
		{"bad-token.txt", 5, 17, "no cell r9c9"},
		{"bad-target.txt", 4, 3, `"3" does not occur in the start`},
		{"bad-cycle.txt", 5, 8, "unclosed parenthesis"},
	}
	for _, tt := range tests {
		_, err := readTestdata(t, tt.file)
		var pe *srcpos.Error
		if !errors.As(err, &pe) || pe.Line != tt.line || pe.Col != tt.col || !strings.Contains(pe.Msg, tt.msg) {
			t.Errorf("%s: have %v, want line %d col %d %q", tt.file, err, tt.line, tt.col, tt.msg)
		}
	}
}

func TestBuiltin(t *testing.T) {
	for _, name := range []string{"reborn", "loopover:2x2", "loopover:3x3", "loopover:2x3", "loopover4x4"} {
		p, err := Builtin(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := p.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, name := range []string{"rebirth", "loopover:3", "loopover:0x5", "loopover:axb"} {
		if _, err := Builtin(name); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	lo, _ := Loopover(2, 3)
	if !lo.IsGoal(lo.Start) || len(lo.Moves) != 10 {
		t.Errorf("loopover 2x3: start is goal %v, %d moves (want true, 10)", lo.IsGoal(lo.Start), len(lo.Moves))
	}
}

// bfsDistances is the exact distance of every state reachable from the
// start using all moves, by plain breadth-first search.
func bfsDistances(p *Puzzle) map[string]int {
	key := func(s []int) string { return fmt.Sprint(s) }
	dist := map[string]int{key(p.Start): 0}
	layer := [][]int{p.Start}
	for d := 1; len(layer) > 0; d++ {
		var next [][]int
		for _, s := range layer {
			for _, m := range p.Moves {
				t := m.Apply(s)
				if _, ok := dist[key(t)]; !ok {
					dist[key(t)] = d
					next = append(next, t)
				}
			}
		}
		layer = next
	}
	return dist
}

// canonDistances is the length of the shortest canonical word reaching
// each state: breadth-first over (state, last moves) pairs, taking only
// moves the table allows.
func canonDistances(p *Puzzle, c *Canon) map[string]int {
	type node struct {
		s    []int
		hist []int
	}
	key := func(s []int) string { return fmt.Sprint(s) }
	dist := map[string]int{key(p.Start): 0}
	seen := map[string]bool{}
	layer := []node{{p.Start, nil}}
	for d := 1; len(layer) > 0; d++ {
		var next []node
		for _, n := range layer {
			for m, mv := range p.Moves {
				if !c.Allows(n.hist, m) {
					continue
				}
				t := mv.Apply(n.s)
				h := append(append([]int(nil), n.hist...), m)
				if len(h) > c.MaxLen-1 {
					h = h[len(h)-(c.MaxLen-1):]
				}
				k := key(t) + fmt.Sprint(h)
				if seen[k] {
					continue
				}
				seen[k] = true
				if _, ok := dist[key(t)]; !ok {
					dist[key(t)] = d
				}
				next = append(next, node{t, h})
			}
		}
		layer = next
	}
	return dist
}

func TestCanonKeepsShortestWords(t *testing.T) {
	lo22, _ := Loopover(2, 2)
	lo23, _ := Loopover(2, 3)
	sw, _ := readTestdata(t, "swap.txt")
	for _, p := range []*Puzzle{lo22, lo23, sw} {
		want := bfsDistances(p)
		for _, w := range []int{1, 2, 3, 4} {
			c := NewCanon(p, w)
			got := canonDistances(p, c)
			if len(got) != len(want) {
				t.Errorf("%s window %d: canonical words reach %d states, all words %d", p.Name, w, len(got), len(want))
			}
			for k, d := range want {
				if got[k] != d {
					t.Errorf("%s window %d: state %s at distance %d, shortest canonical word %d", p.Name, w, k, d, got[k])
					break
				}
			}
		}
	}
	lo22.Name = "loopover-2x2"
	if got, want := len(bfsDistances(lo22)), 24; got != want {
		t.Errorf("loopover 2x2 reaches %d states, want %d", got, want)
	}
}

func TestCanonReborn(t *testing.T) {
	p := Reborn()
	c := NewCanon(p, 3)
	idx := func(names string) []int {
		var out []int
		for _, n := range strings.Fields(names) {
			m, ok := p.MoveIndex(n)
			if !ok {
				t.Fatalf("no move %s", n)
			}
			out = append(out, m)
		}
		return out
	}
	tests := []struct {
		word    string
		allowed bool
	}{
		{"c1u c2u", true},
		{"c2u c1u", false}, // commuting, out of order
		{"c1u c1d", false}, // inverse
		{"c1u c1u", false}, // twice up is once down
		{"c4u c1u", false}, // other grid's column commutes too
		{"r1l r1l", true},
		{"r1r r1r", true},
		{"r1l r1l r1l", true},
		{"r1r r1r r1r", false}, // half turn: spelled r1l r1l r1l
		{"r2l r1l", false},
		{"r1l c1u", true},
		{"c1u r1l c1d", true},
	}
	for _, tt := range tests {
		w := idx(tt.word)
		if got := c.Allows(w[:len(w)-1], w[len(w)-1]); got != tt.allowed {
			t.Errorf("%s: allowed %v, want %v", tt.word, got, tt.allowed)
		}
	}
	for m := range p.Moves {
		if !c.Usable(m) {
			t.Errorf("move %s unusable", p.Moves[m].Name)
		}
	}
	// On 2x2 Loopover left and right are one permutation: one is dropped.
	lo, _ := Loopover(2, 2)
	cl := NewCanon(lo, 2)
	usable := 0
	for m := range lo.Moves {
		if cl.Usable(m) {
			usable++
		}
	}
	if usable != 4 {
		t.Errorf("loopover 2x2: %d usable moves, want 4", usable)
	}
}

func TestLayering(t *testing.T) {
	p := Reborn()
	L := NewLayering(p, NewCanon(p, 1))
	if got, want := L.String(), "9 families in 2 types: [0: c1 c2 c3 c4 c5 c6] [1: r1 r2 r3]"; got != want {
		t.Errorf("have %s, want %s", got, want)
	}
	for _, F := range L.Families {
		want := "[0 1 1]"
		if strings.HasPrefix(F.Name, "r") {
			want = "[0 1 2 3 2 1]"
		}
		if got := fmt.Sprint(F.Cost); got != want {
			t.Errorf("%s costs %s, want %s", F.Name, got, want)
		}
		// Each word makes its power.
		for pw, w := range F.Word {
			s := identity(p.NumCells())
			for _, m := range w {
				s = p.Moves[m].Apply(s)
			}
			if fmt.Sprint(s) != fmt.Sprint(F.Powers[pw]) {
				t.Errorf("%s power %d: word %v makes %v", F.Name, pw, w, s)
			}
		}
	}
	if got, want := L.LayersFor(11), 12; got != want {
		t.Errorf("layers for 11 moves: have %d, want %d", got, want)
	}
}

func TestScramble(t *testing.T) {
	p := Reborn()
	a, ma, err := Scramble(p, 9, rand.New(rand.NewPCG(7, 7)))
	if err != nil {
		t.Fatal(err)
	}
	b, mb, _ := Scramble(p, 9, rand.New(rand.NewPCG(7, 7)))
	if fmt.Sprint(a.Start) != fmt.Sprint(b.Start) || fmt.Sprint(ma) != fmt.Sprint(mb) {
		t.Error("same seed, different scrambles")
	}
	if len(ma) != 9 {
		t.Errorf("%d moves, want 9", len(ma))
	}
	// Undoing the scramble (inverse moves, reversed) reaches a goal.
	inv := map[byte]byte{'u': 'd', 'd': 'u', 'l': 'r', 'r': 'l'}
	var undo []string
	for i := len(ma) - 1; i >= 0; i-- {
		n := ma[i]
		undo = append(undo, n[:len(n)-1]+string(inv[n[len(n)-1]]))
	}
	states, err := a.Replay(undo)
	if err != nil {
		t.Fatal(err)
	}
	if !a.IsGoal(states[len(states)-1]) {
		t.Error("undoing the scramble does not reach a goal")
	}
	if _, _, err := Scramble(p, -1, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("negative move count accepted")
	}
}

func ExampleParse() {
	p, err := Parse("example", []byte(`name tiny
start
2 1
target
1 2
moves rows
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	states, _ := p.Replay([]string{"r1l"})
	fmt.Print(p.FormatState(states[1]))
	fmt.Println(p.IsGoal(states[1]))
	// Output:
	// 1 2
	// true
}

// TestCanonTable: the table that answers Allows for windows of up to 3
// moves agrees with the forbidden words on every history of up to 4 moves
// (the last two are what matter).
func TestCanonTable(t *testing.T) {
	lo, _ := Loopover(3, 3)
	for _, p := range []*Puzzle{Reborn(), lo} {
		c := NewCanon(p, 3)
		if c.allowed == nil {
			t.Fatalf("%s: no table", p.Name)
		}
		nm := len(p.Moves)
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 20000; i++ {
			hist := make([]int, rng.IntN(5))
			for j := range hist {
				hist[j] = rng.IntN(nm)
			}
			next := rng.IntN(nm)
			if have, want := c.Allows(hist, next), c.allowedByMap(hist, next); have != want {
				t.Fatalf("%s: Allows(%v, %d) = %v by table, %v by the words", p.Name, hist, next, have, want)
			}
		}
	}
}
