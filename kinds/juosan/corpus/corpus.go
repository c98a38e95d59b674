// Package corpus is for tests only: it loads the Juosan corpus of testdata/
// into the kind's model, through internal/testcorpus, which finds it.
package corpus

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"

	juosan "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
)

// JankoCount is the number of janko.at puzzles in
// testdata/juosan/janko.
const JankoCount = 63

// Janko returns the janko.at puzzles of testdata/juosan/janko in file
// order, each read from its .in file and carrying the solution of the .ans
// file beside it; it fails the test unless all JankoCount read.
func Janko(t testing.TB) []*juosan.Puzzle {
	t.Helper()
	files := testcorpus.Glob(t, filepath.Join("juosan", "janko", "*.in"))
	if len(files) != JankoCount {
		t.Fatalf("have %d janko puzzles, want %d", len(files), JankoCount)
	}
	out := make([]*juosan.Puzzle, len(files))
	for i, f := range files {
		rel, err := filepath.Rel(testcorpus.Root(), f)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = One(t, rel)
		ans := strings.TrimSuffix(rel, ".in") + ".ans"
		sol, err := out[i].ParseSolution(ans, testcorpus.Read(t, ans))
		if err != nil {
			t.Fatal(err)
		}
		out[i].Solution = sol
	}
	return out
}

// File returns the puzzles of testdata/name (a path below testdata,
// which names them in errors) as juosan.Parse reads them, with its error:
// a file with some malformed entries gives the others and an error.
func File(t testing.TB, name string) ([]*juosan.Puzzle, error) {
	t.Helper()
	return juosan.Parse(name, testcorpus.Read(t, name))
}

// One returns the one puzzle of testdata/name, failing the test on
// any error.
func One(t testing.TB, name string) *juosan.Puzzle {
	t.Helper()
	ps, err := File(t, name)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 {
		t.Fatalf("%s: have %d puzzles, want 1", name, len(ps))
	}
	return ps[0]
}
