package testcorpus

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle/juosan"
)

// JuosanJankoCount is the number of janko.at puzzles in
// testdata/juosan/janko.
const JuosanJankoCount = 63

// JuosanJanko returns the janko.at puzzles of testdata/juosan/janko in file
// order, each read from its .in file and carrying the solution of the .ans
// file beside it; it fails the test unless all JuosanJankoCount read.
func JuosanJanko(t testing.TB) []*juosan.Puzzle {
	t.Helper()
	files := Glob(t, filepath.Join("juosan", "janko", "*.in"))
	if len(files) != JuosanJankoCount {
		t.Fatalf("have %d janko puzzles, want %d", len(files), JuosanJankoCount)
	}
	out := make([]*juosan.Puzzle, len(files))
	for i, f := range files {
		rel, err := filepath.Rel(Root(), f)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = JuosanOne(t, rel)
		ans := strings.TrimSuffix(rel, ".in") + ".ans"
		sol, err := out[i].ParseSolution(ans, Read(t, ans))
		if err != nil {
			t.Fatal(err)
		}
		out[i].Solution = sol
	}
	return out
}

// JuosanFile returns the puzzles of testdata/name (a path below testdata,
// which names them in errors) as juosan.Parse reads them, with its error:
// a file with some malformed entries gives the others and an error.
func JuosanFile(t testing.TB, name string) ([]*juosan.Puzzle, error) {
	t.Helper()
	return juosan.Parse(name, Read(t, name))
}

// JuosanOne returns the one puzzle of testdata/name, failing the test on
// any error.
func JuosanOne(t testing.TB, name string) *juosan.Puzzle {
	t.Helper()
	ps, err := JuosanFile(t, name)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 {
		t.Fatalf("%s: have %d puzzles, want 1", name, len(ps))
	}
	return ps[0]
}
