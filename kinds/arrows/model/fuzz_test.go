package model_test

import (
	"testing"

	arrows "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// FuzzParseMetadata: metadata.yaml reads or gives positioned errors;
// never a panic.
func FuzzParseMetadata(f *testing.F) {
	f.Add([]byte("difficulty: Hard\nsize: 6x6\narrows: 36\n"))
	f.Add([]byte("# comment\n\nsize 6x6\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := arrows.ParseMetadata("fuzz", data); err != nil && !srcpos.Positioned(err) {
			t.Fatalf("error %v (%T) is not positioned", err, err)
		}
	})
}

// FuzzParseSolution: a solution for a fixed puzzle reads into one value in
// range per unknown, or gives positioned errors; never a panic.
func FuzzParseSolution(f *testing.F) {
	ps, err := arrows.Parse("p", []byte("arrows 2x2\n→. ↙.\n↑. ↖.\n"))
	if err != nil {
		f.Fatal(err)
	}
	puzzletest.FuzzSolution(f, ps[0], ps[0].ParseSolution,
		"arrows 2x2\n→1 ↙1\n↑1 ↖1\n",
		"+----+----+\n| →1 | ↙1 |\n+----+----+\n| ↑1 | ↖1 |\n+----+----+\n")
}
