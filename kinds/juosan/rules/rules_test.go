package rules

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/human"
	model "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// build makes an Input from rows of territory letters and a clue per
// letter (absent = unnumbered).
func build(t testing.TB, rows []string, clues map[byte]int, r model.Reading) *Input {
	t.Helper()
	ids := map[byte]int{}
	var clue []int
	region := make([][]int, len(rows))
	for i, row := range rows {
		for j := 0; j < len(row); j++ {
			id, ok := ids[row[j]]
			if !ok {
				id = len(clue)
				ids[row[j]] = id
				n, numbered := clues[row[j]]
				if !numbered {
					n = model.NoNumber
				}
				clue = append(clue, n)
			}
			region[i] = append(region[i], id)
		}
	}
	return newInput(t, "test", region, clue, r)
}

// newInput makes an Input from a territory map and clues under reading r.
func newInput(t testing.TB, name string, region [][]int, clue []int, r model.Reading) *Input {
	t.Helper()
	p, err := model.New(name, region, clue)
	if err != nil {
		t.Fatal(err)
	}
	in, err := New(p.WithReading(r))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// state reads rows of '-', '|' and '.' (open) as candidates.
func state(in *Input, rows ...string) []human.Cands {
	cs := in.Start()
	for i, row := range rows {
		for j, ch := range strings.ReplaceAll(row, " ", "") {
			switch ch {
			case '-':
				cs[in.at(i, j)] = human.Only(Dash)
			case '|':
				cs[in.at(i, j)] = human.Only(Bar)
			}
		}
	}
	return cs
}

// elims lists a rule's eliminations as "r1c2-" ("r1c2 loses -"), sorted;
// a contradiction shows as "contradiction".
func elims(in *Input, ds []human.Deduction) string {
	var out []string
	for _, d := range ds {
		if d.Contradiction {
			out = append(out, "contradiction")
		}
		for _, el := range d.Elims {
			out = append(out, fmt.Sprintf("%v%s", in.Pos(el.Var), symbol(el.Value)))
		}
	}
	sort.Strings(out)
	return strings.Join(slices.Compact(out), " ")
}

func rule(name string) *human.Rule {
	for _, r := range Rules() {
		if r.Name == name {
			return r
		}
	}
	panic("no rule " + name)
}

func TestRulesValidate(t *testing.T) {
	rs := Rules()
	if err := human.Validate(rs); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(rs); i++ {
		if rs[i].Level <= rs[i-1].Level {
			t.Errorf("rule %s (level %d) after %s (level %d): levels must rise", rs[i].Name, rs[i].Level, rs[i-1].Name, rs[i-1].Level)
		}
	}
}

func TestRuleExamples(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rule    string
		regions []string
		clues   map[byte]int
		reading model.Reading
		state   []string
		want    string
	}{
		{"pair column", "pair", []string{"a", "a", "a", "a"}, nil, model.Either, []string{".", "-", "-", "."}, "r1c1- r4c1-"},
		{"pair row", "pair", []string{"aaaa"}, nil, model.Either, []string{".||."}, "r1c1| r1c4|"},
		{"pair row, no column rule", "pair", []string{"aaaa"}, nil, model.Either, []string{".--."}, ""},
		{"pair breaks", "pair", []string{"aaa"}, nil, model.Either, []string{"|||"}, "r1c1| r1c3|"},
		{"gap column", "gap", []string{"a", "a", "a"}, nil, model.Either, []string{"-", ".", "-"}, "r2c1-"},
		{"gap row", "gap", []string{"aaa"}, nil, model.Either, []string{"|.|"}, "r1c2|"},
		{"gap needs both ends", "gap", []string{"aaa"}, nil, model.Either, []string{"|.-"}, ""},
		// Size 4, number 1: 1 or 3 `-` (Either).
		{"count: both counts open", "territory-count", []string{"aaaa"}, map[byte]int{'a': 1}, model.Either, []string{"--.."}, ""},
		{"count: full", "territory-count", []string{"aaaa"}, map[byte]int{'a': 1}, model.Either, []string{"---."}, "r1c4-"},
		{"count: exhausted", "territory-count", []string{"aaaa"}, map[byte]int{'a': 1}, model.Either, []string{"-|.."}, ""},
		{"count: one `-` and two `|`", "territory-count", []string{"aaaa"}, map[byte]int{'a': 1}, model.Either, []string{"-||."}, "r1c4-"},
		{"count: too many of both", "territory-count", []string{"aaaa"}, map[byte]int{'a': 1}, model.Either, []string{"--||"}, "contradiction"},
		{"count: majority, 2N < size", "territory-count", []string{"aaaa"}, map[byte]int{'a': 1}, model.Majority, []string{"...."}, "contradiction"},
		{"count: majority, 2N = size", "territory-count", []string{"aaaa"}, map[byte]int{'a': 2}, model.Majority, []string{"--.."}, "r1c3- r1c4-"},
		{"count: zero", "territory-count", []string{"aaa"}, map[byte]int{'a': 0}, model.Either, []string{"-.."}, "r1c2| r1c3|"},
		{"count: unnumbered", "territory-count", []string{"aab"}, map[byte]int{'a': 2}, model.Either, []string{"||."}, ""},
		// Size 3, number 3: all `-` or all `|`; `|||` breaks the row rule.
		{"runs: three in a row", "territory-runs", []string{"aaa"}, map[byte]int{'a': 3}, model.Either, []string{"..."}, "r1c1| r1c2| r1c3|"},
		{"runs: count alone sees nothing", "territory-count", []string{"aaa"}, map[byte]int{'a': 3}, model.Either, []string{"..."}, ""},
		// A 3×2 block with number 6: all `-` stacks three; all `|` is fine.
		{"runs: column", "territory-runs", []string{"aa", "aa", "aa"}, map[byte]int{'a': 6}, model.Either, []string{"..", "..", ".."}, "r1c1- r1c2- r2c1- r2c2- r3c1- r3c2-"},
		// A placed neighbour closes a window: b's `-` at r3c1 under a's
		// column, and a (number 2 of 2) is all `-` or all `|`.
		{"runs: placed neighbour", "territory-runs", []string{"a", "a", "b"}, map[byte]int{'a': 2}, model.Either, []string{".", ".", "-"}, "r1c1- r2c1-"},
		// An open neighbour's window is dropped.
		{"runs: open neighbour", "territory-runs", []string{"a", "a", "b"}, map[byte]int{'a': 2}, model.Either, []string{".", ".", "."}, ""},
	} {
		in := build(t, tc.regions, tc.clues, tc.reading)
		cs := state(in, tc.state...)
		have := elims(in, rule(tc.rule).Apply(&human.Pass{Puzzle: in, Cands: cs}))
		if have != tc.want {
			t.Errorf("%s: %s gives %q, want %q", tc.name, tc.rule, have, tc.want)
		}
	}
}

// TestPairsExample: a (column 1, number 3 of 3) cannot stack three `-`, so
// it is `|||`; then b (the 2×2 block, number 4) cannot be all `|` beside
// it. territory-runs needs two layers for this, territory-pairs one.
func TestPairsExample(t *testing.T) {
	in := build(t, []string{"abb", "abb", "a.."}, map[byte]int{'a': 3, 'b': 4}, model.Either)
	cs := in.Start()
	if have := elims(in, rule("territory-runs").Apply(&human.Pass{Puzzle: in, Cands: cs})); have != "r1c1- r2c1- r3c1-" {
		t.Fatalf("territory-runs on a: %q", have)
	}
	cs = state(in, "|..", "|..", "|..")
	if have := elims(in, rule("territory-runs").Apply(&human.Pass{Puzzle: in, Cands: cs})); have != "r1c2| r1c3| r2c2| r2c3|" {
		t.Errorf("territory-runs on b with a placed: %q", have)
	}
	cs = in.Start()
	if have := elims(in, rule("territory-pairs").Apply(&human.Pass{Puzzle: in, Cands: cs})); have != "r1c1- r1c2| r1c3| r2c1- r2c2| r2c3| r3c1-" {
		t.Errorf("territory-pairs from the start: %q", have)
	}
}

// --- brute force ------------------------------------------------------

// brute holds every solution of a small puzzle as a bit mask of `|` cells.
type brute struct {
	in   *Input
	sols []uint32
}

// solutions enumerates the fillings of a puzzle of at most 20 cells that
// keep the rules, checked from the rules' text (not with the package's
// windows or allowed counts).
func solutions(in *Input) []uint32 {
	p := in.Puzzle
	n := p.NumRows * p.NumCols
	var masks []uint32 // per territory
	for t := range p.Clue {
		var m uint32
		for _, q := range p.Cells(t) {
			m |= 1 << uint(p.Index(q))
		}
		masks = append(masks, m)
	}
	var sols []uint32
	for g := uint32(0); g < 1<<uint(n); g++ {
		ok := runsOK(in, g)
		for t, m := range masks {
			if !ok || p.Clue[t] < 0 {
				continue
			}
			bars := bits.OnesCount32(g & m)
			dashes := bits.OnesCount32(m) - bars
			switch in.Puzzle.Reading {
			case model.Either:
				ok = dashes == p.Clue[t] || bars == p.Clue[t]
			case model.Majority:
				ok = max(dashes, bars) == p.Clue[t]
			}
		}
		if ok {
			sols = append(sols, g)
		}
	}
	return sols
}

// runsOK checks the row and column rules on a grid given as a `|` mask.
func runsOK(in *Input, g uint32) bool {
	p := in.Puzzle
	n := p.NumRows * p.NumCols
	var rowMask uint32 = 1<<uint(p.NumCols) - 1
	for r := 0; r < p.NumRows; r++ {
		row := g >> uint(r*p.NumCols) & rowMask
		if row&(row>>1)&(row>>2) != 0 { // three `|` side by side
			return false
		}
	}
	dash := ^g & (1<<uint(n) - 1)
	return dash&(dash>>uint(p.NumCols))&(dash>>uint(2*p.NumCols)) == 0 // three `-` stacked
}

func value(g uint32, i int) int { return int(g >> uint(i) & 1) }

// consistent lists the solutions a state allows.
func (b *brute) consistent(cs []human.Cands) []uint32 {
	var bars, dashes uint32 // cells fixed to `|`, to `-`
	for i, c := range cs {
		switch {
		case !c.Has(Dash):
			bars |= 1 << uint(i)
		case !c.Has(Bar):
			dashes |= 1 << uint(i)
		}
	}
	var out []uint32
	for _, g := range b.sols {
		if g&bars == bars && g&dashes == 0 {
			out = append(out, g)
		}
	}
	return out
}

// sound checks a deduction against the solutions of the state it came from.
func (b *brute) sound(t *testing.T, what string, sols []uint32, d human.Deduction) {
	t.Helper()
	if d.Contradiction && len(sols) > 0 {
		t.Errorf("%s: claims a contradiction, but %d solutions remain: %s", what, len(sols), d.Reason)
	}
	var anyBar, anyDash uint32 // cells some solution fills with `|`, with `-`
	for _, g := range sols {
		anyBar |= g
		anyDash |= ^g
	}
	for _, el := range d.Elims {
		if (el.Value == Bar && anyBar>>uint(el.Var)&1 == 1) || (el.Value == Dash && anyDash>>uint(el.Var)&1 == 1) {
			t.Errorf("%s: eliminates %s at %v, which a solution has: %s", what, symbol(el.Value), b.in.Pos(el.Var), d.Reason)
		}
	}
}

// randomPuzzle makes a rows×cols puzzle with the random connected
// territories of model.Random and numbers (some unnumbered, some "?") that
// are random or, when planted, read off model.Random's grid, which keeps
// the run rules (so the puzzle has a solution).
func randomPuzzle(t testing.TB, rng *rand.Rand, rows, cols int, r model.Reading, planted bool) *Input {
	t.Helper()
	shape, g, err := model.Random(rng, rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	clue := make([]int, shape.NumRegions())
	for id := range clue {
		s, bars := shape.Size(id), 0
		for _, q := range shape.Cells(id) {
			if g[q.Row][q.Col] == model.Vert {
				bars++
			}
		}
		switch x := rng.IntN(10); {
		case x == 0:
			clue[id] = model.NoNumber
		case x == 1:
			clue[id] = model.Question
		case !planted:
			clue[id] = rng.IntN(s + 1)
		case r == model.Majority:
			clue[id] = max(bars, s-bars)
		case rng.IntN(2) == 0:
			clue[id] = bars
		default:
			clue[id] = s - bars
		}
	}
	return newInput(t, "random", shape.Region, clue, r)
}

// TestRulesSoundBruteForce applies every rule to random states of random
// small puzzles under both readings and checks each deduction against all
// solutions, then does the same for whole solves with trials.
func TestRulesSoundBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 0))
	shapes := [][2]int{{3, 4}, {4, 4}, {3, 5}, {4, 3}, {5, 3}}
	deductions, contradictions, solved, unique := 0, 0, 0, 0
	for n := range 100 {
		shape := shapes[n%len(shapes)]
		reading := []model.Reading{model.Either, model.Majority}[n%2]
		in := randomPuzzle(t, rng, shape[0], shape[1], reading, n%4 != 3)
		b := &brute{in: in, sols: solutions(in)}
		cells := shape[0] * shape[1]
		for trial := range 10 {
			cs := in.Start()
			// Reveal some cells of a solution (or random cells when there is
			// none, or every fourth time, to reach inconsistent states).
			var g uint32
			if len(b.sols) > 0 && trial%4 != 3 {
				g = b.sols[rng.IntN(len(b.sols))]
			} else {
				g = rng.Uint32()
			}
			for _, i := range rng.Perm(cells)[:rng.IntN(cells*3/4+1)] {
				cs[i] = human.Only(value(g, i))
			}
			sols := b.consistent(cs)
			for _, r := range Rules() {
				for _, d := range r.Apply(&human.Pass{Puzzle: in, Cands: cs}) {
					deductions++
					if d.Contradiction {
						contradictions++
					}
					b.sound(t, fmt.Sprintf("puzzle %d (%v) rule %s", n, reading, r.Name), sols, d)
				}
			}
			res, err := NewEngine(in, 2).Solve(context.Background(), in, cs)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range res.Steps {
				b.sound(t, fmt.Sprintf("puzzle %d (%v) solve step %d (%s)", n, reading, s.Index, s.Rule), sols,
					human.Deduction{Elims: s.Elims, Contradiction: s.Contradiction, Reason: s.Reason})
			}
			if len(sols) == 1 {
				unique++
			}
			if res.Status == human.StatusSolved {
				solved++
				if len(sols) != 1 || b.consistent(res.Cands)[0] != sols[0] {
					t.Errorf("puzzle %d: solved to a grid that is not the state's only solution (%d solutions)", n, len(sols))
				}
			}
		}
	}
	// The random states must exercise the rules, contradictions included.
	t.Logf("%d deductions, %d contradictions, %d solves, %d unique", deductions, contradictions, solved, unique)
	if deductions < 1000 || contradictions < 20 || solved < 10 {
		t.Errorf("only %d deductions, %d contradictions, %d solves: the test lost its teeth", deductions, contradictions, solved)
	}
}

// TestBruteForceOracle checks the test's own solution counter against the
// model's Verify and a known fact: an empty 4×4 grid has 6,510 solutions.
func TestBruteForceOracle(t *testing.T) {
	empty := build(t, []string{"aaaa", "aaaa", "aaaa", "aaaa"}, nil, model.Either)
	if n := len(solutions(empty)); n != 6510 {
		t.Errorf("empty 4×4: %d solutions, want 6510", n)
	}
	rng := rand.New(rand.NewPCG(3, 0))
	for n := range 10 {
		in := randomPuzzle(t, rng, 3, 4, []model.Reading{model.Either, model.Majority}[n%2], n%3 != 0)
		sols := solutions(in)
		valid := map[uint32]bool{}
		for _, g := range sols {
			valid[g] = true
		}
		for g := uint32(0); g < 1<<12; g++ {
			a := make(puzzle.Assignment, 12)
			for i := range a {
				a[i] = value(g, i)
			}
			if ok := len(in.Puzzle.Verify(a)) == 0; ok != valid[g] {
				t.Fatalf("puzzle %d grid %012b: Verify says %v, brute force %v", n, g, ok, valid[g])
			}
		}
	}
}
