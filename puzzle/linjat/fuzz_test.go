package linjat_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/linjat"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// FuzzParseSolution: a solution for a fixed puzzle reads into one value in
// range per unknown, or gives positioned errors; never a panic.
func FuzzParseSolution(f *testing.F) {
	p, err := linjat.ParseText("p", []byte("linjat\nsize 3 3\n3_.\n_2_\n.__\n"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte("3--\n_2-\n.__\n"))
	f.Add([]byte("solution\n3--\n|2-\n.|_\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := linjat.ParseSolution(p, "fuzz", data)
		if err != nil {
			if !srcpos.Positioned(err) {
				t.Fatalf("error %v (%T) is not positioned", err, err)
			}
			return
		}
		if err := puzzle.Fits(p, a); err != nil {
			t.Fatal(err)
		}
	})
}
