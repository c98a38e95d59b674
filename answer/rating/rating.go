// Package rating is a graded puzzle's difficulty on one scale for every
// grid kind: 1 to 10 stars, read off the human solve's grade through a
// calibration per kind (calibration.json, written by `make calibrate`,
// package answer/rating/calibrate; docs/rating.md).
//
// What a star means in effort, anchored on the published labels of real
// sets (each set's levels mapped to the common levels below, as data in
// calibrate/anchors.json):
//
//   - 1–3 stars, easy: the basic rules of the kind carry the whole solve,
//     with moves to spare at every point; a warm-up of a few minutes.
//   - 3–5, medium: some step needs a rule a level up, or the solve is long
//     with few moves available at a time.
//   - 5–7, hard: the kind's hardest rules, often several times, or a proof
//     by contradiction a step deep.
//   - 7–10, expert: proofs by contradiction several steps deep (or nested),
//     on large boards; what the sets call devious, expert or advanced.
//
// Within a kind the rating never contradicts the generation bands: the
// stars of a harder band are never fewer than an easier one's, so each
// band's stars are a contiguous slice of the scale, in band order. A
// rating orders puzzles by their tier (the band their solve lands in),
// then by the kind's feature (the engine's score, or a metric of the
// kind's own), and maps that order to stars by steps fitted on the
// labelled sets.
//
// The calibration is parsed on first use: nothing is built at start-up.
package rating

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/puzzlesat/puzzlesat/human"
)

// Max is the most stars a puzzle gets; 0 means unrated.
const Max = 10

// Calibration is each kind's scale, by kind name.
type Calibration struct {
	Kinds map[string]*Scale `json:"kinds"`
}

// Scale is one kind's map from a grade to stars.
type Scale struct {
	// Feature names what orders puzzles within a tier, compared in
	// order: "score", "complexity" (of the human report) or
	// "metrics.NAME" (a number of the kind's own metrics).
	Feature []string `json:"feature"`
	// Tiers are the kind's generation bands, easiest first, then
	// "beyond": a solve in no band that goes past all of them (proofs by
	// contradiction in a kind without a band for them).
	Tiers []Tier `json:"tiers"`
}

// Beyond is the tier after every band.
const Beyond = "beyond"

// Tier is the stars of one band: Steps in increasing order, each from its
// From value on (the first one from the bottom).
type Tier struct {
	Band  string `json:"band"`
	Steps []Step `json:"steps"`
}

// Step is a number of stars from a value of the feature on.
type Step struct {
	From  []float64 `json:"from,omitempty"`
	Stars int       `json:"stars"`
}

//go:embed calibration.json
var calibrationJSON []byte

// The committed calibration, parsed on first use: a package-level
// sync.OnceValue would allocate at every start of every binary.
var (
	parseOnce sync.Once
	parsed    *Calibration
)

// Default is the committed calibration (calibration.json), parsed on
// first use; the test of answer/rating/calibrate keeps it parseable.
func Default() *Calibration {
	parseOnce.Do(func() {
		c, err := Parse(calibrationJSON)
		if err != nil {
			panic(fmt.Sprintf("answer/rating: calibration.json: %v", err))
		}
		parsed = c
	})
	return parsed
}

// Parse reads a calibration and checks that every scale is monotone.
func Parse(data []byte) (*Calibration, error) {
	var c Calibration
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	for name, s := range c.Kinds {
		if err := s.check(); err != nil {
			return nil, fmt.Errorf("kind %s: %w", name, err)
		}
	}
	return &c, nil
}

// check: at least one feature, every tier has steps, stars in 1..Max and
// never falling, the From values rising within a tier.
func (s *Scale) check() error {
	if len(s.Feature) == 0 {
		return fmt.Errorf("no feature")
	}
	last := 1
	for _, t := range s.Tiers {
		if len(t.Steps) == 0 {
			return fmt.Errorf("tier %s has no steps", t.Band)
		}
		for i, st := range t.Steps {
			switch {
			case st.Stars < last || st.Stars > Max:
				return fmt.Errorf("tier %s: %d stars after %d (want %d..%d)", t.Band, st.Stars, last, last, Max)
			case i > 0 && (len(st.From) != len(s.Feature) || compare(st.From, t.Steps[i-1].From) <= 0):
				return fmt.Errorf("tier %s: step %d does not start above the one before", t.Band, i)
			}
			last = st.Stars
		}
	}
	return nil
}

// compare orders feature values lexicographically (a missing value is the
// lowest).
func compare(a, b []float64) int {
	for i := range min(len(a), len(b)) {
		if c := cmp.Compare(a[i], b[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

// Value is the feature's value of a grade: the report's score or
// complexity, or a number of the kind's metrics; ok is false when a
// metric is missing.
func Value(feature []string, rep human.Report, metrics map[string]any) (v []float64, ok bool) {
	for _, f := range feature {
		switch {
		case f == "score":
			v = append(v, rep.Score)
		case f == "complexity":
			v = append(v, float64(rep.Complexity))
		case strings.HasPrefix(f, "metrics."):
			x, isNum := number(metrics[strings.TrimPrefix(f, "metrics.")])
			if !isNum {
				return nil, false
			}
			v = append(v, x)
		default:
			return nil, false
		}
	}
	return v, true
}

// number is a metric as a number (the kinds write ints and floats).
func number(x any) (float64, bool) {
	switch x := x.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	}
	return 0, false
}

// Stars is the rating of a solve of a puzzle of the kind called kindName
// that lands in the tier called tier (a band's name, or Beyond), with
// report rep and the kind's metrics: 1..Max, or 0 when the kind has no
// scale, the tier is not in it, or a metric it reads is missing.
func (c *Calibration) Stars(kindName, tier string, rep human.Report, metrics map[string]any) int {
	s := c.Kinds[kindName]
	if s == nil {
		return 0
	}
	v, ok := Value(s.Feature, rep, metrics)
	if !ok {
		return 0
	}
	return s.Stars(tier, v)
}

// Stars is the stars of value v in tier (0: no such tier).
func (s *Scale) Stars(tier string, v []float64) int {
	for _, t := range s.Tiers {
		if t.Band != tier {
			continue
		}
		stars := t.Steps[0].Stars
		for _, st := range t.Steps[1:] {
			if compare(v, st.From) < 0 {
				break
			}
			stars = st.Stars
		}
		return stars
	}
	return 0
}

// Bar draws a rating as stars out of Max: "★★★★☆☆☆☆☆☆ 4/10".
func Bar(stars int) string {
	stars = max(0, min(stars, Max))
	return strings.Repeat("★", stars) + strings.Repeat("☆", Max-stars) + fmt.Sprintf(" %d/%d", stars, Max)
}
