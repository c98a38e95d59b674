// Package toymoves is a kind played by moves written for tests only, in
// one file, to prove that such a genre is one folder plus one line:
// Rotor, a toy permutation puzzle (a row of tokens to sort with three
// moves: rotate the row left "l", rotate it right "r", swap its first two
// tokens "s"). Its format, moves, goal and board are all here; it has no
// search, encoding or generator of its own, so it is proven shortest by
// the breadth-first search every moves kind has (kind.BreadthFirst) and
// scrambled by kind.Scramble. A test registers it with one line
// (kinds.Register(toymoves.Kind)), and shift solve, apply and scramble,
// render and the playground then answer for it with no edit anywhere
// else.
package toymoves

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/display"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// Name is the kind's name, and the first line of its format.
const Name = "rotor"

// Kind is Rotor's kind.
var Kind = &kind.Kind{
	Name:    Name,
	Doc:     "rotor (a test-only toy played by moves): sort a row of tokens by rotating it and swapping its first two",
	Formats: []string{"rotor (a line \"rotor\", then \"name NAME\" and \"start TOKEN...\")"},
	Outputs: []string{"rotor"},
	Play: &kind.Play{
		Mode:  kind.PlayMoves,
		HowTo: "Click a move (l rotates the row left, r right, s swaps its first two tokens); ask for the shortest solution.",
	},
	Moves: &kind.Moves{
		Detect:   detect,
		Parse:    Parse,
		Builtin:  builtin,
		Builtins: []string{"rotor:5", "rotor:N"},
		Bands:    []kind.MoveBand{{Name: "easy", Lo: 1, Hi: 2}, {Name: "medium", Lo: 3, Hi: 4}, {Name: "hard", Lo: 5, Hi: 6}},
		MaxMoves: 8,
	},
}

// moveNames are the moves: rotate left, rotate right, swap the first two.
var moveNames = []string{"l", "r", "s"}

// Puzzle is one Rotor puzzle: its tokens (sorted, a state's values index
// them) and its start. The goal is the tokens in sorted order.
type Puzzle struct {
	name   string
	tokens []string
	start  []int
}

// detect claims text whose first line is "rotor".
func detect(_ string, data []byte) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
	return strings.TrimSpace(first) == Name
}

// Parse reads a puzzle: "rotor", then "name NAME" (optional) and
// "start TOKEN..." (distinct tokens, two at least), a directive a line.
func Parse(file string, data []byte) (kind.MovesPuzzle, error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	p := &Puzzle{}
	seenHeader := false
	for i, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch {
		case !seenHeader:
			if f[0] != Name || len(f) != 1 {
				return nil, fmt.Errorf("%s:%d: want %q first", file, i+1, Name)
			}
			seenHeader = true
		case f[0] == "name":
			p.name = strings.Join(f[1:], " ")
		case f[0] == "start":
			tokens := f[1:]
			if len(tokens) < 2 {
				return nil, fmt.Errorf("%s:%d: want two tokens at least", file, i+1)
			}
			p.tokens = slices.Sorted(slices.Values(tokens))
			if len(slices.Compact(slices.Clone(p.tokens))) != len(tokens) {
				return nil, fmt.Errorf("%s:%d: a token repeats", file, i+1)
			}
			for _, tok := range tokens {
				p.start = append(p.start, slices.Index(p.tokens, tok))
			}
		default:
			return nil, fmt.Errorf("%s:%d: unknown directive %q (want name or start)", file, i+1, f[0])
		}
	}
	if p.start == nil {
		return nil, fmt.Errorf("%s: no start line", file)
	}
	return p, nil
}

// builtin is "rotor:N": N tokens 1..N, sorted.
func builtin(name string) (kind.MovesPuzzle, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(name, Name+":"))
	if !strings.HasPrefix(name, Name+":") || err != nil || n < 2 || n > 9 {
		return nil, fmt.Errorf("rotor: unknown built-in %q (want rotor:N, N 2..9)", name)
	}
	p := &Puzzle{name: name}
	for i := range n {
		p.tokens = append(p.tokens, strconv.Itoa(i+1))
		p.start = append(p.start, i)
	}
	return p, nil
}

func (p *Puzzle) Title() string { return p.name }

func (p *Puzzle) Named(name string) kind.MovesPuzzle {
	q := *p
	q.name = name
	return &q
}

func (p *Puzzle) Cells() int            { return len(p.start) }
func (p *Puzzle) CellName(c int) string { return "c" + strconv.Itoa(c+1) }
func (p *Puzzle) Values() []string      { return p.tokens }
func (p *Puzzle) MoveNames() []string   { return slices.Clone(moveNames) }

// Apply is s after move m: l moves every token one cell left (the first
// to the end), r one cell right, s swaps the first two.
func (p *Puzzle) Apply(s []int, m int) []int {
	n := len(s)
	t := make([]int, n)
	for i := range s {
		switch m {
		case 0:
			t[i] = s[(i+1)%n]
		case 1:
			t[i] = s[(i+n-1)%n]
		default:
			t[i] = s[i]
		}
	}
	if m == 2 {
		t[0], t[1] = s[1], s[0]
	}
	return t
}

func (p *Puzzle) Start() []int { return p.start }

func (p *Puzzle) From(s []int) kind.MovesPuzzle {
	q := *p
	q.start = slices.Clone(s)
	return &q
}

// Target is the tokens in order.
func (p *Puzzle) Target() []int {
	t := make([]int, len(p.start))
	for i := range t {
		t[i] = i
	}
	return t
}

func (p *Puzzle) IsGoal(s []int) bool { return slices.Equal(s, p.Target()) }

func (p *Puzzle) Replay(names []string) ([][]int, error) {
	s := slices.Clone(p.start)
	states := [][]int{s}
	for i, name := range names {
		m := slices.Index(moveNames, name)
		if m < 0 {
			return nil, fmt.Errorf("move %d: unknown move %q (have l, r, s)", i+1, name)
		}
		s = p.Apply(s, m)
		states = append(states, s)
	}
	return states, nil
}

func (p *Puzzle) Text() string {
	var b strings.Builder
	b.WriteString(Name + "\n")
	if p.name != "" {
		b.WriteString("name " + p.name + "\n")
	}
	b.WriteString("start " + p.FormatState(p.start))
	return b.String()
}

func (p *Puzzle) FormatState(s []int) string {
	labels := make([]string, len(s))
	for i, v := range s {
		labels[i] = p.tokens[v]
	}
	return strings.Join(labels, " ") + "\n"
}

// Layout is one line of cells.
func (p *Puzzle) Layout() [][]int {
	line := make([]int, len(p.start))
	for i := range line {
		line[i] = i
	}
	return [][]int{line}
}

func (p *Puzzle) Goal() any { return map[string][]int{"target": p.Target()} }

// Board draws a state: a round tile per cell with its token, the changed
// cells outlined.
func (p *Puzzle) Board(s []int, changed map[int]bool) *display.Board {
	b := &display.Board{Rows: 1, Cols: len(s)}
	for c, v := range s {
		x := float64(c)
		border := display.Muted
		if changed[c] {
			border = display.Alert
		}
		b.Clues = append(b.Clues,
			display.Item{Op: display.Circle, X: x + 0.5, Y: 0.5, R: 0.42, Color: display.Tone(v), Layer: display.Back},
			display.Item{Op: display.Circle, X: x + 0.5, Y: 0.5, R: 0.42, W: 0.05, Color: border, Layer: display.Under},
			display.Label(x+0.5, 0.5, p.tokens[v], 0.4, true, display.Ink, display.Clue))
	}
	return b
}
