package shinro_test

import (
	"strings"
	"testing"

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
		vars := p.Vars()
		if len(a) != len(vars) {
			t.Fatalf("%d values for %d unknowns", len(a), len(vars))
		}
		for i, v := range a {
			if v < -1 || v >= len(vars[i].Domain) {
				t.Fatalf("%s = %d, outside its %d values", vars[i].Name, v, len(vars[i].Domain))
			}
		}
	})
}
