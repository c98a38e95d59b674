package model_test

import (
	"strings"
	"testing"

	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
)

// FuzzParseSolution: a solution for a fixed puzzle reads into one value in
// range per unknown, or gives positioned errors; never a panic.
func FuzzParseSolution(f *testing.F) {
	p, err := shinro.ParseText("p", []byte(strings.Replace(small, "6 . . *", "6 . . .", 1)))
	if err != nil {
		f.Fatal(err)
	}
	puzzletest.FuzzSolution(f, p, func(name string, data []byte) (puzzle.Assignment, error) {
		return shinro.ParseSolution(p, name, data)
	}, "..*.\n*.4.\n...*\n", "solution\n6 . * .\n. * 4 .\n9 . . *\n")
}
