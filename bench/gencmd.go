package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// GenCell is one cell of the generation benchmark (TestGenerateCommand in
// gencmd_test.go): a kind, a band and a size (Rows 0: the band's default).
type GenCell struct {
	Kind, Band string
	Rows, Cols int
}

// Name is the cell's name, kind/band/size ("default" for the band's size).
func (c GenCell) Name() string {
	return c.Kind + "/" + c.Band + "/" + c.Size()
}

// Size is "RxC", or "default".
func (c GenCell) Size() string {
	if c.Rows == 0 {
		return "default"
	}
	return fmt.Sprintf("%dx%d", c.Rows, c.Cols)
}

// GenCells are the generation benchmarks' cells of the kinds of reg
// (kind.Bench.Generate): the slow ones of issue 26 first (Juosan hard,
// Arrows hard 9x9, Linjat medium), then every other band of every kind at
// its default size, then the larger sizes.
func GenCells(reg *kinds.Registry) []GenCell {
	var first, rest, larger []GenCell
	for _, k := range reg.List() {
		if k.Generate == nil {
			continue
		}
		var extra []kind.GenCell
		if k.Corpus != nil && k.Corpus.Bench != nil {
			extra = k.Corpus.Bench.Generate
		}
		for _, x := range extra {
			c := GenCell{Kind: k.Name, Band: x.Band, Rows: x.Rows, Cols: x.Cols}
			if x.First {
				first = append(first, c)
			} else {
				larger = append(larger, c)
			}
		}
		for _, b := range k.Generate.Bands {
			c := GenCell{Kind: k.Name, Band: b.Name}
			if !slices.Contains(first, c) {
				rest = append(rest, c)
			}
		}
	}
	return slices.Concat(first, rest, larger)
}

// GenRun is one `puzzlesat generate` process: one puzzle of one seed.
type GenRun struct {
	Cell string `json:"cell"`
	Seed uint64 `json:"seed"`
	// Wall and CPU are seconds (CPU: the child's user + system time,
	// its own children included); RSS is the peak resident set in MiB.
	Wall float64 `json:"wall_s"`
	CPU  float64 `json:"cpu_s"`
	RSS  float64 `json:"rss_mib"`
	// Attempts are the attempts the puzzle took (its record's attempt + 1).
	Attempts int `json:"attempts"`
	// Miss: no puzzle (the process failed or ran past the timeout).
	Miss   bool   `json:"miss,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Score, TrialDepth, MaxLevel, Depth and Clues are the puzzle's grade.
	Score      float64 `json:"score"`
	TrialDepth int     `json:"trial_depth"`
	MaxLevel   int     `json:"max_level"`
	Depth      int     `json:"depth"`
	Clues      int     `json:"clues"`
	// Load and LoadAfter are the 1-minute load average when the process
	// started and when it ended.
	Load      float64 `json:"load"`
	LoadAfter float64 `json:"load_after"`
}

// GenStat is one cell's summary over its runs.
type GenStat struct {
	Cell           string  `json:"cell"`
	Runs           int     `json:"runs"`
	Misses         int     `json:"misses"`
	WallMedian     float64 `json:"wall_median_s"`
	WallP90        float64 `json:"wall_p90_s"`
	CPUMedian      float64 `json:"cpu_median_s"`
	CPUP90         float64 `json:"cpu_p90_s"`
	AttemptsMedian float64 `json:"attempts_median"`
	AttemptsP90    float64 `json:"attempts_p90"`
	RSSMedian      float64 `json:"rss_median_mib"`
	RSSP90         float64 `json:"rss_p90_mib"`
	ScoreMedian    float64 `json:"score_median"`
	ScoreMean      float64 `json:"score_mean"`
	LoadStart      float64 `json:"load_start"`
	LoadEnd        float64 `json:"load_end"`
}

// Quantile is the q-quantile of xs (0 ≤ q ≤ 1) by linear interpolation
// between the order statistics (the median of an even count is the mean of
// the middle two); NaN for no values.
func Quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	pos := q * float64(len(s)-1)
	lo := int(math.Floor(pos))
	hi := int(math.Ceil(pos))
	return s[lo] + (s[hi]-s[lo])*(pos-float64(lo))
}

// SummarizeGen groups runs by cell (in the order cells first appear) and
// sums each up. A miss counts in wall and CPU at the time it took (for a
// timeout, a lower bound), in attempts and score not at all. The load is
// the first run's at its start and the last run's at its end.
func SummarizeGen(runs []GenRun) []GenStat {
	var order []string
	by := map[string][]GenRun{}
	for _, r := range runs {
		if _, ok := by[r.Cell]; !ok {
			order = append(order, r.Cell)
		}
		by[r.Cell] = append(by[r.Cell], r)
	}
	var out []GenStat
	for _, cell := range order {
		rs := by[cell]
		var wall, cpu, att, rss, score []float64
		st := GenStat{Cell: cell, Runs: len(rs), LoadStart: rs[0].Load, LoadEnd: rs[len(rs)-1].LoadAfter}
		for _, r := range rs {
			wall = append(wall, r.Wall)
			cpu = append(cpu, r.CPU)
			rss = append(rss, r.RSS)
			if r.Miss {
				st.Misses++
				continue
			}
			att = append(att, float64(r.Attempts))
			score = append(score, r.Score)
			st.ScoreMean += r.Score
		}
		if len(score) > 0 {
			st.ScoreMean /= float64(len(score))
		}
		st.WallMedian, st.WallP90 = Quantile(wall, 0.5), Quantile(wall, 0.9)
		st.CPUMedian, st.CPUP90 = Quantile(cpu, 0.5), Quantile(cpu, 0.9)
		st.AttemptsMedian, st.AttemptsP90 = Quantile(att, 0.5), Quantile(att, 0.9)
		st.RSSMedian, st.RSSP90 = Quantile(rss, 0.5), Quantile(rss, 0.9)
		st.ScoreMedian = Quantile(score, 0.5)
		out = append(out, st)
	}
	return out
}

// WriteGenMarkdown writes the summaries as the README's table.
func WriteGenMarkdown(w io.Writer, stats []GenStat) error {
	var b strings.Builder
	b.WriteString("| cell | puzzles | wall s median | wall s p90 | CPU s median | CPU s p90 | attempts median | attempts p90 | peak RSS MiB median | p90 | score median (mean) | load start–end |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
	f := func(x float64) string {
		switch {
		case math.IsNaN(x):
			return "–"
		case x < 10:
			return fmt.Sprintf("%.2f", x)
		}
		return fmt.Sprintf("%.1f", x)
	}
	for _, s := range stats {
		runs := fmt.Sprint(s.Runs)
		if s.Misses > 0 {
			runs = fmt.Sprintf("%d (%d missed)", s.Runs-s.Misses, s.Misses)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %.0f | %.0f | %.0f (%.0f) | %.1f–%.1f |\n",
			s.Cell, runs, f(s.WallMedian), f(s.WallP90), f(s.CPUMedian), f(s.CPUP90),
			f(s.AttemptsMedian), f(s.AttemptsP90), s.RSSMedian, s.RSSP90, s.ScoreMedian, s.ScoreMean, s.LoadStart, s.LoadEnd)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ReadGenRuns reads runs written one JSON object a line.
func ReadGenRuns(r io.Reader) ([]GenRun, error) {
	dec := json.NewDecoder(r)
	var out []GenRun
	for {
		var g GenRun
		if err := dec.Decode(&g); err == io.EOF {
			return out, nil
		} else if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
}
