package testcorpus

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle/linjat"
)

// LinjatFile is the Linjat corpus: jsnell/linjat's level file (3 tutorial
// levels, then 25 each of easy, medium, hard and expert).
const LinjatFile = "linjat/puzzles.json"

// Linjat returns the Linjat corpus's 103 levels, in file order.
func Linjat(t testing.TB) []*linjat.Puzzle {
	t.Helper()
	ps, err := linjat.Parse("puzzles.json", Read(t, LinjatFile))
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// LinjatLevel returns the level of the corpus called name ("easy/3").
func LinjatLevel(t testing.TB, name string) *linjat.Puzzle {
	t.Helper()
	for _, p := range Linjat(t) {
		if p.Title == name {
			return p
		}
	}
	t.Fatalf("%s: no level %q", LinjatFile, name)
	return nil
}

// LinjatRows reads a puzzle written inline in a test as rows (' ' empty,
// '.' a dot, 1-9 a number), named "t".
func LinjatRows(t testing.TB, rows string) *linjat.Puzzle {
	t.Helper()
	p, err := linjat.ParseRows("t", []byte(rows))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
