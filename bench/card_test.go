package bench

import (
	"fmt"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
)

// cardCounter is an encode.Adder that only counts, so the benchmark
// measures the encoder, not clause storage.
type cardCounter struct{ vars, clauses, lits int }

var _ encode.Adder = (*cardCounter)(nil)

func (c *cardCounter) NewVar() int { c.vars++; return c.vars }

func (c *cardCounter) AddClause(lits ...int) {
	c.clauses++
	c.lits += len(lits)
}

// pairwiseMaxN is the largest n pairwise is run on: it is quadratic.
const pairwiseMaxN = 256

// BenchmarkCard encodes "exactly k of n" with every encoding and reports
// its size: vars (auxiliary variables), clauses and lits (literal
// occurrences). At-most-one encodings run only for k = 1 (beyond it they
// are the totalizer), and Native is left out (with no native adder it is
// the totalizer too).
func BenchmarkCard(b *testing.B) {
	for _, e := range card.All {
		if e == card.Native {
			continue
		}
		for _, n := range []int{16, 64, 256, 1024} {
			if e == card.Pairwise && n > pairwiseMaxN {
				continue
			}
			lits := make([]int, n)
			for i := range lits {
				lits[i] = i + 1
			}
			for _, k := range []int{1, n / 8, n / 2} {
				if e.AMOOnly && k > 1 {
					continue
				}
				b.Run(fmt.Sprintf("%s/n=%d/k=%d", e.Name, n, k), func(b *testing.B) {
					var c cardCounter
					for b.Loop() {
						c = cardCounter{vars: n}
						e.Exactly(&c, lits, k)
					}
					b.ReportMetric(float64(c.vars-n), "vars")
					b.ReportMetric(float64(c.clauses), "clauses")
					b.ReportMetric(float64(c.lits), "lits")
				})
			}
		}
	}
}
