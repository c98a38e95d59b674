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

// LinjatLevel returns one level of the corpus by a linjat.Select key
// ("easy/3", "easy-3", an ordinal).
func LinjatLevel(t testing.TB, key string) *linjat.Puzzle {
	t.Helper()
	p, err := linjat.Select(Linjat(t), key)
	if err != nil {
		t.Fatal(err)
	}
	return p
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
