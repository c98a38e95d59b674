package shinro_test

import (
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/shinro"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// FuzzParseSolution: a solution for a fixed puzzle reads into one value in
// range per unknown, or gives positioned errors; never a panic.
func FuzzParseSolution(f *testing.F) {
	p, err := shinro.ParseText("p", []byte(strings.Replace(small, "6 . . *", "6 . . .", 1)))
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte("..*.\n*.4.\n...*\n"))
	f.Add([]byte("solution\n6 . * .\n. * 4 .\n9 . . *\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := shinro.ParseSolution(p, "fuzz", data)
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
