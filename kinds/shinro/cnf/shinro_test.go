package cnf

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	scorpus "github.com/puzzlesat/puzzlesat/kinds/shinro/corpus"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	"github.com/puzzlesat/puzzlesat/encode/satoracle"
	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

// solutions enumerates up to limit solutions of p with gini as the
// oracle, told apart by the layout's primary variables only.
func solutions(t testing.TB, p *shinro.Puzzle, opt Options, limit int) []puzzle.Assignment {
	t.Helper()
	return satoracle.Solve(t, limit, func(b *encode.Builder) (encode.Layout, error) { return Encode(b, p, opt) })
}

func TestCorpusUnique(t *testing.T) {
	for _, p := range scorpus.Puzzles(t) {
		sols := solutions(t, p, Options{}, 2)
		if len(sols) != 1 {
			t.Errorf("%s: %d solutions, want 1", p.Title, len(sols))
			continue
		}
		if !reflect.DeepEqual(sols[0], p.Solution) {
			t.Errorf("%s: solution differs from the stored stones:\n%s", p.Title, shinro.FormatStones(p, p.StonesOf(sols[0])))
		}
		if vs := p.Verify(sols[0]); vs != nil {
			t.Errorf("%s: SAT solution breaks %v", p.Title, vs)
		}
	}
}

// TestEveryCardEncoding solves a few corpus puzzles with every registered
// cardinality encoding that gives Exactly, with and without the total.
func TestEveryCardEncoding(t *testing.T) {
	ps := scorpus.Puzzles(t)
	for _, enc := range card.All {
		for _, p := range []*shinro.Puzzle{ps[0], ps[20], ps[39]} {
			for _, noTotal := range []bool{false, true} {
				name := fmt.Sprintf("%s/%s/nototal=%v", enc.Name, p.Title, noTotal)
				sols := solutions(t, p, Options{Card: enc.Name, NoTotal: noTotal}, 2)
				if len(sols) != 1 || !reflect.DeepEqual(sols[0], p.Solution) {
					t.Errorf("%s: have %d solutions (first equal to the stones: %v), want the stored one only",
						name, len(sols), len(sols) > 0 && reflect.DeepEqual(sols[0], p.Solution))
				}
			}
		}
	}
}

const tiny = `shinro
size 2 3
stones 2
cols: 1 0 1
1  6 . .
1  . . .
`

func TestArrowClauses(t *testing.T) {
	p, err := shinro.ParseText("tiny", []byte(tiny))
	if err != nil {
		t.Fatal(err)
	}
	// Unknowns: r1c2 r1c3 r2c1 r2c2 r2c3 (the arrow r1c1 has none).
	var f sat.Formula
	b := encode.NewBuilder(&f)
	lay, err := Encode(b, p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if have := len(lay.Lits); have != 5 {
		t.Fatalf("layout has %d unknowns, want 5", have)
	}
	r1c2, _ := b.Lookup("r1c2")
	r1c3, _ := b.Lookup("r1c3")
	want := []int{r1c2, r1c3}
	found := false
	for _, c := range f.Clauses {
		if reflect.DeepEqual(c, want) {
			found = true
		}
	}
	if !found {
		t.Errorf("no arrow clause %v among %v", want, f.Clauses)
	}
	if _, ok := b.Lookup("r1c1"); ok {
		t.Errorf("the arrow cell r1c1 has a variable")
	}
	// Solutions: row 1 one stone on r1c3 (column 2 holds none), row 2 one
	// stone in column 1 or 3, columns 1 and 3 one each: r1c3 + r2c1.
	sols := solutions(t, p, Options{}, 3)
	if want := (puzzle.Assignment{0, 1, 1, 0, 0}); len(sols) != 1 || !reflect.DeepEqual(sols[0], want) {
		t.Errorf("have %v, want the single solution r1c3, r2c1 (%v)", sols, want)
	}
}

func TestNoTotalIsSmaller(t *testing.T) {
	p := scorpus.Puzzles(t)[0]
	count := func(opt Options) int {
		var f sat.Formula
		b := encode.NewBuilder(&f)
		if _, err := Encode(b, p, opt); err != nil {
			t.Fatal(err)
		}
		if b.Clauses() != len(f.Clauses) {
			t.Fatalf("builder counted %d clauses, formula has %d", b.Clauses(), len(f.Clauses))
		}
		return len(f.Clauses)
	}
	with, without := count(Options{}), count(Options{NoTotal: true})
	if without >= with {
		t.Errorf("clauses without the total %d, with %d: want fewer without", without, with)
	}
}

func TestArrowsOnlyRayIsUnsat(t *testing.T) {
	// The arrow at r1c1 points east at r1c2, another arrow (pointing
	// south): its ray has no cell for a stone.
	p, err := shinro.ParseText("x", []byte("shinro\nsize 2 2\nstones 1\ncols: 1 0\n0 62\n1 ..\n"))
	if err != nil {
		t.Fatal(err)
	}
	if sols := solutions(t, p, Options{}, 1); len(sols) != 0 {
		t.Errorf("have %v, want no solution", sols)
	}
}

func TestUnknownCard(t *testing.T) {
	p := scorpus.Puzzles(t)[0]
	var f sat.Formula
	_, err := Encode(encode.NewBuilder(&f), p, Options{Card: "nosuch"})
	if err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("have %v, want an unknown-encoding error", err)
	}
}

// TestRandomPlanted: the planted solution of random puzzles satisfies the
// encoding under every cardinality encoding, and every solution found
// passes Verify.
func TestRandomPlanted(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 0))
	for i := 0; i < 60; i++ {
		rows, cols := 1+rng.IntN(8), 1+rng.IntN(8)
		p, err := shinro.Random(rng, rows, cols, rng.IntN(rows*cols/2+1), rng.IntN(rows*cols/2+1))
		if err != nil {
			t.Fatal(err)
		}
		enc := card.All[i%len(card.All)]
		c := satoracle.New(0)
		lay, err := Encode(encode.NewBuilder(c), p, Options{Card: enc.Name})
		if err != nil {
			t.Fatal(err)
		}
		var assume []int
		for v, val := range p.Solution {
			assume = append(assume, lay.Lits[v][val])
		}
		if !c.Sat(assume...) {
			t.Fatalf("%s: planted solution rejected:\n%s", enc.Name, shinro.FormatText(p))
		}
		for _, s := range solutions(t, p, Options{Card: enc.Name}, 5) {
			if vs := p.Verify(s); vs != nil {
				t.Fatalf("%s: solution breaks %v:\n%s", enc.Name, vs, shinro.FormatText(p))
			}
		}
	}
}
