// Package puzzletest holds checks that every kind's reader tests share, in
// the manner of testing/fstest: a kind's tests call them on its own puzzles
// and readers.
package puzzletest

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// FuzzSolution fuzzes the solution reader parse of the fixed puzzle p from
// seeds: whatever parse accepts is one value in range per unknown
// (puzzle.Fits), whatever it rejects is a positioned error; never a panic.
func FuzzSolution(f *testing.F, p puzzle.Problem, parse func(name string, data []byte) (puzzle.Assignment, error), seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := parse("fuzz", data)
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
