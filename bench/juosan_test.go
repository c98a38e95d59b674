package bench

import (
	"context"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
	"github.com/puzzlesat/puzzlesat/solve"
)

// BenchmarkJuosanCheck times `check` (encode, solve, prove unique) on every
// janko puzzle and the generated 30×45 ones, by size, per back-end,
// reporting the encoding's size. Per-puzzle medians and maxima, and the
// ratio to cadical, come from `puzzlesat bench --kind juosan`.
func BenchmarkJuosanCheck(b *testing.B) {
	cases, err := Corpus(kinds.Default(), "../testdata")
	if err != nil {
		b.Fatal(err)
	}
	bySize := map[string][]Case{}
	var sizes []string
	for _, c := range cases {
		if c.Kind != "juosan" {
			continue
		}
		if _, ok := bySize[c.Size]; !ok {
			sizes = append(sizes, c.Size)
		}
		bySize[c.Size] = append(bySize[c.Size], c)
	}
	for _, backend := range solvers.List() {
		solver := backend.Name
		for _, size := range sizes {
			group := bySize[size]
			b.Run(solver+"/"+size, func(b *testing.B) {
				f := &sat.Formula{}
				if _, err := group[0].Inst.Encode(encode.NewBuilder(f)); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(f.Vars), "vars")
				b.ReportMetric(float64(len(f.Clauses)), "clauses")
				b.ReportMetric(float64(len(group)), "puzzles")
				for i := 0; i < b.N; i++ {
					for _, c := range group {
						if _, err := solve.Check(context.Background(), c.Inst, backend.New, false); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}
