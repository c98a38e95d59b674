// Package corpus is for tests only: it loads the Linjat corpus of testdata/
// into the kind's model, through internal/testcorpus, which finds it.
package corpus

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"

	linjat "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
)

// File is the Puzzles corpus: jsnell/linjat's level file (3 tutorial
// levels, then 25 each of easy, medium, hard and expert).
const File = "linjat/puzzles.json"

// Puzzles returns the Puzzles corpus's 103 levels, in file order.
func Puzzles(t testing.TB) []*linjat.Puzzle {
	t.Helper()
	ps, err := linjat.Parse("puzzles.json", testcorpus.Read(t, File))
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// Level returns the level of the corpus called name ("easy/3").
func Level(t testing.TB, name string) *linjat.Puzzle {
	t.Helper()
	for _, p := range Puzzles(t) {
		if p.Title == name {
			return p
		}
	}
	t.Fatalf("%s: no level %q", File, name)
	return nil
}

// Rows reads a puzzle written inline in a test as rows (' ' empty,
// '.' a dot, 1-9 a number), named "t".
func Rows(t testing.TB, rows string) *linjat.Puzzle {
	t.Helper()
	p, err := linjat.ParseRows("t", []byte(rows))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
