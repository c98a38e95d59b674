package calibrate

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer/rating"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// TestCalibration runs the calibration on the whole labelled corpus (all
// 236 labelled puzzles; a few seconds): the committed calibration.json is
// what it writes, no two puzzles of a kind (of the labelled sets and of
// the suite every kind passes, kind.Corpus.Suite) have their band and
// rating in contradiction, and the rating agrees with every set's labels
// at least as well as the set declares (kind.LabelledSet.MinRho).
func TestCalibration(t *testing.T) {
	reg := kinds.Default()
	a, err := DefaultAnchors()
	if err != nil {
		t.Fatal(err)
	}
	samples, err := Grade(context.Background(), reg, testcorpus.Root())
	if err != nil {
		t.Fatal(err)
	}
	c, err := Calibrate(reg, samples, a)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../calibration.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, committed) {
		t.Errorf("answer/rating/calibration.json differs from what the calibration writes now: run make calibrate and review the diff\nhave:\n%s\nwant:\n%s", committed, out)
	}
	// Contradictions are looked for on the rest of the corpus too.
	suite, err := GradeSuite(context.Background(), reg, testcorpus.Root())
	if err != nil {
		t.Fatal(err)
	}
	m := Measure(reg, c, append(samples, suite...))
	var log bytes.Buffer
	Report(&log, m)
	t.Logf("measures:\n%s", log.String())
	if len(m.Contradictions) > 0 {
		t.Errorf("band/rating contradictions:\n%s", strings.Join(m.Contradictions, "\n"))
	}
	floors := map[string]float64{}
	for _, k := range reg.List() {
		if k.Corpus == nil {
			continue
		}
		for _, set := range k.Corpus.Labelled {
			if set.MinRho <= 0 {
				t.Errorf("%s: labelled set %s declares no least ρ (kind.LabelledSet.MinRho)", k.Name, set.Name)
			}
			floors[set.Name] = set.MinRho
		}
	}
	for set, floor := range floors {
		if !(m.Rho[set] >= floor) {
			t.Errorf("%s: Spearman ρ of the rating vs the labels %.3f, want ≥ %.2f", set, m.Rho[set], floor)
		}
	}
	// The same label lands on comparable stars across kinds: each label
	// of at least 4 rated puzzles has its median stars in its common
	// level's range.
	for l, stars := range m.Levels {
		set, level, _ := strings.Cut(l, " ")
		r := a.Levels[a.Sets[set][level]]
		if med := stars[len(stars)/2]; len(stars) >= 4 && (med < r[0] || med > r[1]) {
			t.Errorf("%s: median %d stars, want %d..%d (%s)", l, med, r[0], r[1], a.Sets[set][level])
		}
	}
	for set := range m.Rho {
		if _, ok := floors[set]; !ok {
			t.Errorf("labelled set %s is measured but no kind declares it", set)
		}
	}
	// Every kind with labelled sets is calibrated, and rating.Default
	// reads the same calibration.
	for _, k := range reg.List() {
		if k.Corpus != nil && len(k.Corpus.Labelled) > 0 && rating.Default().Kinds[k.Name] == nil {
			t.Errorf("%s has labelled sets but no scale in calibration.json", k.Name)
		}
	}
}

// sample is a solved synthetic sample of set "s" with label level, in
// tier, of score.
func sample(level string, rank float64, tier string, score float64) Sample {
	return Sample{Kind: "k", Set: "s", Name: tier + "/" + level, Level: level, Rank: rank, Status: human.StatusSolved,
		Tier: tier, Report: human.Report{Score: score}}
}

var testAnchors = Anchors{
	Levels: map[string][2]int{"easy": {1, 3}, "hard": {5, 7}, "expert": {7, 10}},
	Sets:   map[string]map[string]string{"s": {"E": "easy", "H": "hard", "X": "expert"}},
}

// TestFit: on synthetic samples, the fitted scale is monotone over the
// tiers (Parse accepts it), puzzles of a harder tier never get fewer stars
// even when their labels say easier, a tier without samples gets one star
// more than the tiers below, and stars fall to 1 at 0 below the easiest.
func TestFit(t *testing.T) {
	tiers := []string{"a", "b", "c", rating.Beyond}
	tests := []struct {
		name    string
		samples []Sample
		// want are the stars of (tier, score) pairs.
		want map[string]map[float64]int
	}{
		{"labels agree with the tiers", []Sample{
			sample("E", 0, "a", 10), sample("E", 0, "a", 20), sample("H", 1, "b", 30), sample("H", 1, "b", 40), sample("X", 2, "c", 50),
		}, map[string]map[float64]int{"a": {10: 1, 20: 2}, "b": {30: 5, 40: 6}, "c": {50: 8}, rating.Beyond: {0: 9}}},
		{"an easy label in a harder tier is not rated below the easier tier", []Sample{
			sample("H", 1, "a", 10), sample("H", 1, "a", 20), sample("E", 0, "b", 30),
		}, map[string]map[float64]int{"a": {10: 5, 20: 5}, "b": {30: 5}}},
		{"a tier without samples", []Sample{
			sample("E", 0, "a", 10), sample("X", 2, "c", 50),
		}, map[string]map[float64]int{"a": {1: 1, 10: 2}, "b": {0: 3, 100: 3}, "c": {50: 8}}},
		{"below the easiest label", []Sample{
			sample("H", 1, "a", 100), sample("H", 1, "a", 200),
		}, map[string]map[float64]int{"a": {0: 1, 19: 1, 21: 2, 79: 4, 81: 5, 150: 5, 200: 6}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Fit(tiers, tc.samples, testAnchors)
			if err != nil {
				t.Fatal(err)
			}
			data, err := Marshal(&rating.Calibration{Kinds: map[string]*rating.Scale{"k": s}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := rating.Parse(data); err != nil {
				t.Fatalf("Parse of the fitted scale: %v\n%s", err, data)
			}
			for tier, byScore := range tc.want {
				for score, want := range byScore {
					if have := s.Stars(tier, []float64{score}); have != want {
						t.Errorf("tier %s score %g: %d stars, want %d\n%s", tier, score, have, want, data)
					}
				}
			}
		})
	}
}
