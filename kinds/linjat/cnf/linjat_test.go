package cnf

import (
	"reflect"
	"testing"

	lcorpus "github.com/puzzlesat/puzzlesat/kinds/linjat/corpus"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	"github.com/puzzlesat/puzzlesat/encode/satoracle"
	linjat "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// solutions enumerates up to max solutions of p (projected onto the
// placement selectors) with gini as the oracle, and decodes them.
func solutions(t testing.TB, p *linjat.Puzzle, cardName string, max int) []puzzle.Assignment {
	t.Helper()
	return satoracle.Solve(t, max, func(b *encode.Builder) (encode.Layout, error) { return Encode(b, p, Options{Card: cardName}) })
}

// TestCorpus: every graded level and tutorials 1-2 have exactly one
// solution, which Verify accepts; tutorial 3 has two.
func TestCorpus(t *testing.T) {
	for _, p := range lcorpus.Puzzles(t) {
		sols := solutions(t, p, "", 3)
		want := 1
		if p.Title == "tutorial/3" {
			want = 2
		}
		if len(sols) != want {
			t.Errorf("%s: %d solutions, want %d", p.Title, len(sols), want)
		}
		for _, a := range sols {
			if vs := p.Verify(a); vs != nil {
				t.Errorf("%s: SAT solution breaks the rules: %v\n%s", p.Title, vs, p.Draw(a))
			}
		}
	}
}

// TestEveryCardEncoding: the cardinality encoding does not change the
// solutions.
func TestEveryCardEncoding(t *testing.T) {
	var ps []*linjat.Puzzle
	for _, name := range []string{"tutorial/3", "easy/1", "hard/8", "expert/25"} {
		ps = append(ps, lcorpus.Level(t, name))
	}
	for _, name := range card.Names() {
		for _, p := range ps {
			want := solutions(t, p, "", 3)
			if got := solutions(t, p, name, 3); !reflect.DeepEqual(got, want) {
				t.Errorf("%s with %s: %v, want %v", p.Title, name, got, want)
			}
		}
	}
}

func TestSmall(t *testing.T) {
	tests := []struct {
		rows    string
		primary int
		want    []puzzle.Assignment
	}{
		// The 3 cannot cover both dots.
		{"3 .\n 2 \n.  ", 6, nil},
		// Only the 3 down reaches r3c1, only the 2 across reaches r2c3.
		{"3  \n 2.\n.  ", 6, []puzzle.Assignment{{1, 1}}},
		// No room for the 3.
		{"3\n.", 0, nil},
		// A 1 covers only itself.
		{"1 \n 1", 2, []puzzle.Assignment{{0, 0}}},
	}
	for _, tt := range tests {
		p := lcorpus.Rows(t, tt.rows)
		sols := solutions(t, p, "", 5)
		if !reflect.DeepEqual(sols, tt.want) {
			t.Errorf("%q: solutions %v, want %v", tt.rows, sols, tt.want)
		}
		s := satoracle.New(0)
		lay, err := Encode(encode.NewBuilder(s), p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(lay.Primary()); n != tt.primary {
			t.Errorf("%q: %d selectors, want %d", tt.rows, n, tt.primary)
		}
	}
}

func TestBadCard(t *testing.T) {
	p := lcorpus.Rows(t, "2.")
	if _, err := Encode(encode.NewBuilder(satoracle.New(0)), p, Options{Card: "nope"}); err == nil {
		t.Error("unknown cardinality encoding accepted")
	}
}
