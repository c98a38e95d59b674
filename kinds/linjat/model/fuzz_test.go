package model_test

import (
	"testing"

	linjat "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
)

// FuzzParseSolution: a solution for a fixed puzzle reads into one value in
// range per unknown, or gives positioned errors; never a panic.
func FuzzParseSolution(f *testing.F) {
	p, err := linjat.ParseText("p", []byte("linjat\nsize 3 3\n3_.\n_2_\n.__\n"))
	if err != nil {
		f.Fatal(err)
	}
	puzzletest.FuzzSolution(f, p, func(name string, data []byte) (puzzle.Assignment, error) {
		return linjat.ParseSolution(p, name, data)
	}, "3--\n_2-\n.__\n", "solution\n3--\n|2-\n.|_\n")
}
