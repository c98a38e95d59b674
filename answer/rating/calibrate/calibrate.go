// Package calibrate writes the rating's calibration (answer/rating's
// calibration.json): it grades every puzzle of the corpus's labelled sets
// (kind.Corpus.Labelled) through package answer, as grade does, and fits
// each kind's map from its grade to stars to the sets' labels, anchored
// on a common scale of levels (anchors.json). `make calibrate` runs it;
// its test runs it again and fails when the committed calibration
// differs.
//
// # The fit
//
// A kind's solved, labelled puzzles are ordered by tier (the band their
// solve lands in, answer.Tier) and then by the kind's feature. Each is
// given a target: its label's common level's range of stars [lo, hi]
// (anchors.json), at the puzzle's quantile q within its label (by the
// set's finer rank when it has one, then by that order): lo + (hi−lo)·q.
// The stars are the non-decreasing integer sequence over that order that
// is nearest the targets (least absolute deviations, by dynamic
// programming over 1..10; puzzles with equal tier and value get equal
// stars), so a harder band never gets fewer stars. The feature is the
// candidate (the engine's score, complexity then score, or a number of
// the kind's metrics) whose order agrees best with the labels (Spearman
// ρ, averaged over the kind's sets), the first on a tie. A band no
// labelled puzzle lands in gets one star more than the bands below it,
// but no more than the bands above. Below the easiest labelled puzzle, a
// one-number feature's stars fall linearly to 1 at 0, so that a kind
// whose easiest label is not easy still rates its smallest puzzles low.
package calibrate

import (
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/answer/rating"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

// Anchors map each labelled set's levels to the common levels, and those
// to ranges of stars.
type Anchors struct {
	Levels map[string][2]int            `json:"levels"`
	Sets   map[string]map[string]string `json:"sets"`
}

//go:embed anchors.json
var anchorsJSON []byte

// DefaultAnchors are anchors.json.
func DefaultAnchors() (Anchors, error) {
	var a Anchors
	err := json.Unmarshal(anchorsJSON, &a)
	return a, err
}

// Sample is one graded puzzle of a labelled set.
type Sample struct {
	Kind, Set, Name string
	// Level is its label, Rank its rank in the set (kind.LabelledSet).
	Level string
	Rank  float64
	// Status, Tier (answer.Tier), Band (answer.Band), Report and Metrics
	// are its grade.
	Status  human.Status
	Tier    string
	Band    string
	Report  human.Report
	Metrics map[string]any
}

// Grade grades every puzzle of reg's kinds' labelled sets below the corpus
// folder root, in order (kinds by name, sets and files as declared).
func Grade(ctx context.Context, reg *kinds.Registry, root string) ([]Sample, error) {
	f, err := solvers.Factory("gini")
	if err != nil {
		return nil, err
	}
	var out []Sample
	for _, k := range reg.List() {
		if k.Corpus == nil {
			continue
		}
		for _, set := range k.Corpus.Labelled {
			for _, pattern := range set.Files {
				files, err := filepath.Glob(filepath.Join(root, pattern))
				if err != nil {
					return nil, err
				}
				if len(files) == 0 {
					return nil, fmt.Errorf("%s: set %s: no file matches %s", k.Name, set.Name, pattern)
				}
				for _, file := range files {
					samples, err := gradeFile(ctx, f, reg, k, file, "", func(inst kind.Instance, s *Sample) bool {
						level, rank, ok := set.Label(inst)
						s.Set, s.Level, s.Rank = set.Name, level, rank
						return ok
					})
					if err != nil {
						return nil, err
					}
					out = append(out, samples...)
				}
			}
		}
	}
	return out, nil
}

// GradeSuite grades the puzzles of reg's kinds' suites (kind.Corpus.Suite:
// the corpus beyond the labelled sets) below root, as samples of no set,
// for Measure to look for band/rating contradictions on.
func GradeSuite(ctx context.Context, reg *kinds.Registry, root string) ([]Sample, error) {
	f, err := solvers.Factory("gini")
	if err != nil {
		return nil, err
	}
	var out []Sample
	for _, k := range reg.List() {
		if k.Corpus == nil {
			continue
		}
		for _, pattern := range k.Corpus.Suite {
			pattern, sel, _ := strings.Cut(pattern, "#")
			files, err := filepath.Glob(filepath.Join(root, pattern))
			if err != nil {
				return nil, err
			}
			for _, file := range files {
				if st, err := os.Stat(file); err == nil && st.IsDir() {
					if file = reg.PuzzleFolder(file); file == "" {
						continue
					}
				}
				samples, err := gradeFile(ctx, f, reg, k, file, sel, nil)
				if err != nil {
					return nil, err
				}
				out = append(out, samples...)
			}
		}
	}
	return out, nil
}

// gradeFile grades the puzzles of file (entry sel, "" all) of kind k as
// grade does, a sample each; label, when set, fills a puzzle's set and
// label and leaves out a puzzle it returns false for.
func gradeFile(ctx context.Context, f sat.Factory, reg *kinds.Registry, k *kind.Kind, file, sel string,
	label func(kind.Instance, *Sample) bool) ([]Sample, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	l, err := answer.Load(reg, k.Name, file, data, sel, kind.Options{})
	if err != nil {
		return nil, err
	}
	var out []Sample
	for _, inst := range l.Puzzles {
		s := Sample{Kind: k.Name, Name: inst.Head().Name()}
		if label != nil && !label(inst, &s) {
			continue
		}
		rec, err := answer.Grade(ctx, inst, answer.Options{Solver: f, Bands: reg})
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", file, s.Name, err)
		}
		s.Status = human.Status(rec.Status)
		s.Tier = answer.Tier(reg, inst, s.Status, rec.Report)
		s.Band, s.Report, s.Metrics = rec.Band, rec.Report, rec.Metrics
		out = append(out, s)
	}
	return out, nil
}

// Tiers are a kind's tiers in order: its bands, then rating.Beyond.
func Tiers(k *kind.Kind) []string {
	var out []string
	if k.Generate != nil {
		out = k.Generate.BandNames()
	}
	return append(out, rating.Beyond)
}

// Calibrate fits a scale for every kind of reg with labelled samples.
func Calibrate(reg *kinds.Registry, samples []Sample, a Anchors) (*rating.Calibration, error) {
	c := &rating.Calibration{Kinds: map[string]*rating.Scale{}}
	for _, k := range reg.List() {
		var mine []Sample
		for _, s := range samples {
			if s.Kind == k.Name && s.Set != "" && s.Status == human.StatusSolved && s.Tier != "" {
				mine = append(mine, s)
			}
		}
		if len(mine) == 0 {
			continue
		}
		s, err := Fit(Tiers(k), mine, a)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k.Name, err)
		}
		c.Kinds[k.Name] = s
	}
	return c, nil
}

// Features are the candidate features of samples: the score, complexity
// then score, and each metric every sample has as a number, by name.
func Features(samples []Sample) [][]string {
	out := [][]string{{"score"}, {"complexity", "score"}}
	var names []string
	for name := range samples[0].Metrics {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		f := []string{"metrics." + name}
		all := true
		for _, s := range samples {
			_, ok := rating.Value(f, s.Report, s.Metrics)
			all = all && ok
		}
		if all {
			out = append(out, f)
		}
	}
	return out
}

// point is a sample placed on a kind's order.
type point struct {
	s      *Sample
	tier   int
	v      []float64
	target float64
}

func order(a, b point) int {
	return cmp.Or(cmp.Compare(a.tier, b.tier), compareValues(a.v, b.v))
}

func compareValues(a, b []float64) int {
	for i := range min(len(a), len(b)) {
		if c := cmp.Compare(a[i], b[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

// Fit fits one kind's scale over tiers (its bands easiest first, then
// rating.Beyond) to its solved labelled samples.
func Fit(tiers []string, samples []Sample, a Anchors) (*rating.Scale, error) {
	fs := Features(samples)
	best, bestRho := fs[0], math.Inf(-1)
	for _, f := range fs {
		ps, err := place(tiers, samples, f)
		if err != nil {
			return nil, err
		}
		rho := meanRho(ps, func(i int) float64 { return rankOf(ps, i) })
		if rho > bestRho+1e-9 {
			best, bestRho = f, rho
		}
	}
	ps, err := place(tiers, samples, best)
	if err != nil {
		return nil, err
	}
	if err := targets(ps, a); err != nil {
		return nil, err
	}
	stars := isotonic(ps)
	return scale(tiers, best, ps, stars), nil
}

// place orders samples by tier, then value of feature f.
func place(tiers []string, samples []Sample, f []string) ([]point, error) {
	ps := make([]point, len(samples))
	for i := range samples {
		s := &samples[i]
		t := slices.Index(tiers, s.Tier)
		if t < 0 {
			return nil, fmt.Errorf("%s: tier %q is not one of %v", s.Name, s.Tier, tiers)
		}
		v, ok := rating.Value(f, s.Report, s.Metrics)
		if !ok {
			return nil, fmt.Errorf("%s: no value of %v", s.Name, f)
		}
		ps[i] = point{s: s, tier: t, v: v}
	}
	slices.SortStableFunc(ps, order)
	return ps, nil
}

// rankOf is point i's position in the order, ties sharing the lowest.
func rankOf(ps []point, i int) float64 {
	for i > 0 && order(ps[i-1], ps[i]) == 0 {
		i--
	}
	return float64(i)
}

// meanRho is Spearman's ρ of x (by point index) against the labels' ranks,
// averaged over the sets of ps.
func meanRho(ps []point, x func(i int) float64) float64 {
	rhos := rho(ps, x)
	sum, n := 0.0, 0
	for _, r := range rhos {
		if !math.IsNaN(r) { // a set of one label ranks nothing
			sum += r
			n++
		}
	}
	if n == 0 {
		return math.Inf(-1)
	}
	return sum / float64(n)
}

// rho is Spearman's ρ of x against the labels' ranks, per set.
func rho(ps []point, x func(i int) float64) map[string]float64 {
	xs, ys := map[string][]float64{}, map[string][]float64{}
	for i, p := range ps {
		xs[p.s.Set] = append(xs[p.s.Set], x(i))
		ys[p.s.Set] = append(ys[p.s.Set], p.s.Rank)
	}
	out := map[string]float64{}
	for set := range xs {
		out[set] = human.Spearman(xs[set], ys[set])
	}
	return out
}

// targets sets each point's target stars: its common level's range, at
// its quantile within its label (by the set's rank, then the order).
func targets(ps []point, a Anchors) error {
	groups := map[[2]string][]int{}
	for i, p := range ps {
		k := [2]string{p.s.Set, p.s.Level}
		groups[k] = append(groups[k], i)
	}
	for k, idx := range groups {
		common, ok := a.Sets[k[0]][k[1]]
		if !ok {
			return fmt.Errorf("anchors: set %s has no level %q", k[0], k[1])
		}
		r, ok := a.Levels[common]
		if !ok {
			return fmt.Errorf("anchors: no range of stars for level %q", common)
		}
		sort.SliceStable(idx, func(x, y int) bool { return ps[idx[x]].s.Rank < ps[idx[y]].s.Rank })
		for j, i := range idx {
			q := (float64(j) + 0.5) / float64(len(idx))
			ps[i].target = float64(r[0]) + float64(r[1]-r[0])*q
		}
	}
	return nil
}

// isotonic returns the non-decreasing stars (1..rating.Max) over ps,
// equal for points of equal order, with the least sum of |stars −
// target|; of equally near ones, the lowest stars.
func isotonic(ps []point) []int {
	// Groups of equal order.
	var starts []int
	for i := range ps {
		if i == 0 || order(ps[i-1], ps[i]) != 0 {
			starts = append(starts, i)
		}
	}
	n := len(starts)
	const m = rating.Max
	cost := make([][m + 1]float64, n)
	from := make([][m + 1]int, n)
	for g, st := range starts {
		end := len(ps)
		if g+1 < n {
			end = starts[g+1]
		}
		for s := 1; s <= m; s++ {
			c := 0.0
			for _, p := range ps[st:end] {
				c += math.Abs(float64(s) - p.target)
			}
			if g == 0 {
				cost[g][s] = c
				continue
			}
			// The best predecessor of at most s stars.
			bs := 1
			for t := 2; t <= s; t++ {
				if cost[g-1][t] < cost[g-1][bs]-1e-9 {
					bs = t
				}
			}
			cost[g][s], from[g][s] = c+cost[g-1][bs], bs
		}
	}
	last := 1
	for s := 2; s <= m; s++ {
		if cost[n-1][s] < cost[n-1][last]-1e-9 {
			last = s
		}
	}
	groupStars := make([]int, n)
	for g := n - 1; g >= 0; g-- {
		groupStars[g] = last
		last = from[g][last]
	}
	out := make([]int, len(ps))
	for g, st := range starts {
		end := len(ps)
		if g+1 < n {
			end = starts[g+1]
		}
		for i := st; i < end; i++ {
			out[i] = groupStars[g]
		}
	}
	return out
}

// scale turns the fitted stars into steps per tier; a tier without
// points gets one star more than the tiers below, at most the least of
// the tiers above.
func scale(tiers []string, f []string, ps []point, stars []int) *rating.Scale {
	s := &rating.Scale{Feature: f}
	steps := make([][]rating.Step, len(tiers))
	for i, p := range ps {
		st := &steps[p.tier]
		switch {
		case len(*st) == 0:
			*st = append(*st, rating.Step{Stars: stars[i]})
		case stars[i] > (*st)[len(*st)-1].Stars:
			*st = append(*st, rating.Step{From: threshold(ps[i-1].v, p.v), Stars: stars[i]})
		}
	}
	// Below the easiest labelled puzzle the stars fall to 1 at value 0,
	// linearly, when the feature is one number (a score grows with the
	// work): a kind whose easiest label is not that easy still rates its
	// smallest puzzles low.
	for t := range steps {
		if len(steps[t]) == 0 {
			continue
		}
		if s0, v0 := steps[t][0].Stars, ps[firstOf(ps, t)].v; s0 > 1 && len(v0) == 1 && v0[0] > 0 {
			low := []rating.Step{{Stars: 1}}
			for k := 1; k < s0; k++ {
				low = append(low, rating.Step{From: []float64{math.Round(v0[0]*float64(k)/float64(s0)*1000) / 1000}, Stars: k + 1})
			}
			steps[t] = append(low, steps[t][1:]...)
		}
		break
	}
	below := 0
	for t, name := range tiers {
		if len(steps[t]) == 0 {
			above := rating.Max
			for _, u := range steps[t+1:] {
				if len(u) > 0 {
					above = u[0].Stars
					break
				}
			}
			steps[t] = []rating.Step{{Stars: max(1, below, min(below+1, above))}}
		}
		below = steps[t][len(steps[t])-1].Stars
		s.Tiers = append(s.Tiers, rating.Tier{Band: name, Steps: steps[t]})
	}
	return s
}

// threshold is a short value above prev and at most cur (prev < cur):
// in the last number, the shortest decimal between them when the others
// are equal, else its floor.
func threshold(prev, cur []float64) []float64 {
	out := slices.Clone(cur)
	n := len(cur) - 1
	if !slices.Equal(prev[:n], cur[:n]) {
		out[n] = math.Floor(cur[n])
		return out
	}
	for d := 0; d < 10; d++ {
		p := math.Pow(10, float64(d))
		if x := math.Floor(cur[n]*p) / p; x > prev[n] {
			out[n] = x
			return out
		}
	}
	return out
}

// firstOf is the index of the first point of tier t.
func firstOf(ps []point, t int) int {
	return slices.IndexFunc(ps, func(p point) bool { return p.tier == t })
}

// Marshal writes a calibration as calibration.json holds it: indented,
// ending in a newline.
func Marshal(c *rating.Calibration) ([]byte, error) {
	data, err := json.MarshalIndent(c, "", "  ")
	return append(data, '\n'), err
}

// Measures are how a calibration agrees with the labelled sets.
type Measures struct {
	// Rho and ScoreRho are, per set, Spearman's ρ of the rating and of
	// the engine's raw score against the labels' ranks, and N the
	// puzzles rated.
	Rho, ScoreRho map[string]float64
	N             map[string]int
	// Contradictions are the pairs of puzzles of one kind whose harder
	// tier has fewer stars (none, by construction).
	Contradictions []string
	// Histogram counts, per kind and tier, the puzzles of each number of
	// stars (index 0: unrated).
	Histogram map[string]map[string]*[rating.Max + 1]int
	// Levels are the stars of each set's label levels, "set level" →
	// the stars of its rated puzzles, sorted: how the same label lands
	// across kinds.
	Levels map[string][]int
}

// Measure rates samples with c, as answer does, and measures the result.
func Measure(reg *kinds.Registry, c *rating.Calibration, samples []Sample) Measures {
	m := Measures{Rho: map[string]float64{}, ScoreRho: map[string]float64{}, N: map[string]int{},
		Histogram: map[string]map[string]*[rating.Max + 1]int{}, Levels: map[string][]int{}}
	stars, score, rank := map[string][]float64{}, map[string][]float64{}, map[string][]float64{}
	type rated struct {
		s     *Sample
		tier  int
		stars int
	}
	byKind := map[string][]rated{}
	for i := range samples {
		s := &samples[i]
		if s.Status != human.StatusSolved || s.Tier == "" {
			continue
		}
		n := c.Stars(s.Kind, s.Tier, s.Report, s.Metrics)
		if m.Histogram[s.Kind] == nil {
			m.Histogram[s.Kind] = map[string]*[rating.Max + 1]int{}
		}
		if m.Histogram[s.Kind][s.Tier] == nil {
			m.Histogram[s.Kind][s.Tier] = &[rating.Max + 1]int{}
		}
		m.Histogram[s.Kind][s.Tier][n]++
		if n == 0 {
			continue
		}
		k, _ := reg.Lookup(s.Kind)
		byKind[s.Kind] = append(byKind[s.Kind], rated{s, slices.Index(Tiers(k), s.Tier), n})
		if s.Set == "" { // a puzzle of no labelled set: contradictions only
			continue
		}
		m.Levels[s.Set+" "+s.Level] = append(m.Levels[s.Set+" "+s.Level], n)
		stars[s.Set] = append(stars[s.Set], float64(n))
		score[s.Set] = append(score[s.Set], s.Report.Score)
		rank[s.Set] = append(rank[s.Set], s.Rank)
	}
	for _, l := range m.Levels {
		slices.Sort(l)
	}
	for set := range stars {
		m.Rho[set] = human.Spearman(stars[set], rank[set])
		m.ScoreRho[set] = human.Spearman(score[set], rank[set])
		m.N[set] = len(stars[set])
	}
	for _, k := range slices.Sorted(maps.Keys(byKind)) {
		rs := byKind[k]
		for _, a := range rs {
			for _, b := range rs {
				if a.tier < b.tier && a.stars > b.stars {
					m.Contradictions = append(m.Contradictions, fmt.Sprintf("%s: %s (%s, %d stars) above %s (%s, %d stars)",
						k, a.s.Name, a.s.Tier, a.stars, b.s.Name, b.s.Tier, b.stars))
				}
			}
		}
	}
	return m
}

// Run grades the labelled sets below root, fits the calibration and
// writes it to w, with the measures on log.
func Run(ctx context.Context, reg *kinds.Registry, root string, w, log io.Writer) error {
	a, err := DefaultAnchors()
	if err != nil {
		return fmt.Errorf("anchors.json: %w", err)
	}
	samples, err := Grade(ctx, reg, root)
	if err != nil {
		return err
	}
	c, err := Calibrate(reg, samples, a)
	if err != nil {
		return err
	}
	data, err := Marshal(c)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	Report(log, Measure(reg, c, samples))
	return nil
}

// Report writes the measures as text: per set ρ of the rating and of the
// score, the contradictions, the stars per kind and tier.
func Report(w io.Writer, m Measures) {
	for _, set := range slices.Sorted(maps.Keys(m.Rho)) {
		fmt.Fprintf(w, "%s: %d puzzles rated, Spearman ρ vs labels: rating %.3f, raw score %.3f\n", set, m.N[set], m.Rho[set], m.ScoreRho[set])
	}
	for _, l := range slices.Sorted(maps.Keys(m.Levels)) {
		st := m.Levels[l]
		fmt.Fprintf(w, "%s: stars %d..%d, median %d (%d puzzles)\n", l, st[0], st[len(st)-1], st[len(st)/2], len(st))
	}
	fmt.Fprintf(w, "band/rating contradictions within a kind: %d\n", len(m.Contradictions))
	for _, c := range m.Contradictions {
		fmt.Fprintf(w, "  %s\n", c)
	}
	for _, k := range slices.Sorted(maps.Keys(m.Histogram)) {
		for _, t := range slices.Sorted(maps.Keys(m.Histogram[k])) {
			h := m.Histogram[k][t]
			fmt.Fprintf(w, "%s %s: stars 1..%d %v", k, t, rating.Max, h[1:])
			if h[0] > 0 {
				fmt.Fprintf(w, ", unrated %d", h[0])
			}
			fmt.Fprintln(w)
		}
	}
}
