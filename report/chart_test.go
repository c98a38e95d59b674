package report_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/report"
)

// TestChartDotsApart: the difficulty chart's dots do not overlap (no two
// centres closer than a dot's diameter) at 500 puzzles, whether the
// scores spread as a collection's do, pile up in one kind, or repeat
// (scores of equal puzzles), and each dot stays in its kind's column.
func TestChartDotsApart(t *testing.T) {
	spread := func(rng *rand.Rand, mid float64) float64 { return mid * math.Exp(rng.NormFloat64()*0.6) }
	// The kinds are the registry's, whichever they are: each puzzle i
	// goes to kind i mod their number.
	names := kinds.Default().Names()
	if len(names) < 2 {
		t.Fatalf("the registry has %d grid kinds; the chart's cases need two", len(names))
	}
	mids := []float64{120, 400, 300, 150} // each kind's typical score, in turn
	for _, tc := range []struct {
		name  string
		kinds []string
		score func(rng *rand.Rand, i int) float64
	}{
		{"every kind, a collection's spread", names,
			func(rng *rand.Rand, i int) float64 { return spread(rng, mids[i%len(names)%len(mids)]) }},
		{"one kind, clustered", names[:1], func(rng *rand.Rand, i int) float64 { return spread(rng, 400) }},
		{"two kinds, 25 scores repeated 20 times", names[:2],
			func(rng *rand.Rand, i int) float64 { return float64(100 + 37*(i%25)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			recs := make([]report.Record, 500)
			for i := range recs {
				recs[i] = report.Record{Index: i, EntryRecord: answer.EntryRecord{Kind: tc.kinds[i%len(tc.kinds)], Name: fmt.Sprint("p", i),
					Verdict: report.Unique, Grade: &report.Grade{Status: "solved", Band: "easy", Score: tc.score(rng, i)}}}
			}
			var b strings.Builder
			if err := report.WriteHTML(&b, recs, report.Meta{Kinds: kinds.Default(), Title: "chart"}); err != nil {
				t.Fatal(err)
			}
			page := b.String()
			chart := page[strings.Index(page, `<svg class="chart"`):]
			chart = chart[:strings.Index(chart, "</svg>")]
			dots := regexp.MustCompile(`<a href="#p(\d+)"><circle cx="([0-9.]+)" cy="([0-9.]+)" r="([0-9.]+)"`).FindAllStringSubmatch(chart, -1)
			if len(dots) != len(recs) {
				t.Fatalf("%d dots for %d puzzles", len(dots), len(recs))
			}
			type dot struct {
				n       int
				x, y, r float64
			}
			var ds []dot
			for _, m := range dots {
				n, _ := strconv.Atoi(m[1])
				x, _ := strconv.ParseFloat(m[2], 64)
				y, _ := strconv.ParseFloat(m[3], 64)
				r, _ := strconv.ParseFloat(m[4], 64)
				ds = append(ds, dot{n, x, y, r})
			}
			overlaps := 0
			for i := range ds {
				for j := i + 1; j < len(ds); j++ {
					// Centres are written to 0.01 px.
					if math.Hypot(ds[i].x-ds[j].x, ds[i].y-ds[j].y) < ds[i].r+ds[j].r-0.02 {
						overlaps++
					}
				}
			}
			if overlaps > 0 {
				t.Errorf("%d pairs of dots overlap (radius %g)", overlaps, ds[0].r)
			}
			// Each kind's dots stay in its column: the chart's 720 px
			// less 68 of margins, split evenly.
			col := (720.0 - 68) / float64(len(tc.kinds))
			for i, d := range ds {
				k := slices.Index(tc.kinds, recs[d.n-1].Kind)
				lo, hi := 56+col*float64(k), 56+col*float64(k+1)
				if d.x-d.r < lo-0.01 || d.x+d.r > hi+0.01 {
					t.Errorf("dot %d at x %g (radius %g) is outside its column %g..%g", i, d.x, d.r, lo, hi)
					break
				}
			}
		})
	}
}
