package rating

import (
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/human"
)

// TestParse: a calibration whose stars fall, leave 1..Max or whose steps
// do not rise is refused, naming the kind and the tier.
func TestParse(t *testing.T) {
	tests := []struct {
		name, json, err string
	}{
		{"monotone", `{"kinds":{"k":{"feature":["score"],"tiers":[{"band":"easy","steps":[{"stars":1},{"from":[10],"stars":3}]},{"band":"hard","steps":[{"stars":3},{"from":[5],"stars":7}]}]}}}`, ""},
		{"falling across tiers", `{"kinds":{"k":{"feature":["score"],"tiers":[{"band":"easy","steps":[{"stars":4}]},{"band":"hard","steps":[{"stars":3}]}]}}}`, "kind k: tier hard: 3 stars after 4"},
		{"falling within a tier", `{"kinds":{"k":{"feature":["score"],"tiers":[{"band":"easy","steps":[{"stars":4},{"from":[3],"stars":2}]}]}}}`, "tier easy: 2 stars after 4"},
		{"above the scale", `{"kinds":{"k":{"feature":["score"],"tiers":[{"band":"easy","steps":[{"stars":11}]}]}}}`, "11 stars"},
		{"steps not rising", `{"kinds":{"k":{"feature":["score"],"tiers":[{"band":"easy","steps":[{"stars":1},{"from":[5],"stars":2},{"from":[5],"stars":3}]}]}}}`, "step 2 does not start above"},
		{"a tier without steps", `{"kinds":{"k":{"feature":["score"],"tiers":[{"band":"easy","steps":[]}]}}}`, "tier easy has no steps"},
		{"no feature", `{"kinds":{"k":{"tiers":[]}}}`, "no feature"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.json))
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("Parse: %v, want %q", err, tc.err)
			}
		})
	}
}

// TestStars: a value gets the stars of the last step it reaches in its
// tier; a feature read from the kind's metrics; unknown kinds, tiers and
// missing metrics are unrated.
func TestStars(t *testing.T) {
	c, err := Parse([]byte(`{"kinds":{
		"k":{"feature":["complexity","score"],"tiers":[{"band":"easy","steps":[{"stars":1},{"from":[2,50],"stars":2}]},{"band":"beyond","steps":[{"stars":9}]}]},
		"m":{"feature":["metrics.level"],"tiers":[{"band":"easy","steps":[{"stars":2},{"from":[0.5],"stars":4}]}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		kind, tier string
		rep        human.Report
		metrics    map[string]any
		want       int
	}{
		{"k", "easy", human.Report{Complexity: 2, Score: 49}, nil, 1},
		{"k", "easy", human.Report{Complexity: 2, Score: 50}, nil, 2},
		{"k", "easy", human.Report{Complexity: 1, Score: 900}, nil, 1},
		{"k", "easy", human.Report{Complexity: 3, Score: 0}, nil, 2},
		{"k", Beyond, human.Report{}, nil, 9},
		{"k", "hard", human.Report{}, nil, 0},
		{"x", "easy", human.Report{}, nil, 0},
		{"m", "easy", human.Report{}, map[string]any{"level": 0.49}, 2},
		{"m", "easy", human.Report{}, map[string]any{"level": 0.5}, 4},
		{"m", "easy", human.Report{}, map[string]any{"level": 1}, 4},
		{"m", "easy", human.Report{}, map[string]any{"class": "Easy"}, 0},
	}
	for _, tc := range tests {
		if have := c.Stars(tc.kind, tc.tier, tc.rep, tc.metrics); have != tc.want {
			t.Errorf("Stars(%s, %s, %+v, %v) = %d, want %d", tc.kind, tc.tier, tc.rep, tc.metrics, have, tc.want)
		}
	}
}

// TestDefault: the committed calibration parses, and every scale rates
// its tiers with stars in 1..Max that never fall (Parse's check).
func TestDefault(t *testing.T) {
	c := Default()
	if len(c.Kinds) == 0 {
		t.Fatal("calibration.json has no kind")
	}
	for name, s := range c.Kinds {
		if len(s.Tiers) == 0 || s.Tiers[len(s.Tiers)-1].Band != Beyond {
			t.Errorf("%s: tiers %v, want the kind's bands then %s", name, s.Tiers, Beyond)
		}
	}
}

func TestBar(t *testing.T) {
	for stars, want := range map[int]string{0: "☆☆☆☆☆☆☆☆☆☆ 0/10", 4: "★★★★☆☆☆☆☆☆ 4/10", 10: "★★★★★★★★★★ 10/10", 12: "★★★★★★★★★★ 10/10"} {
		if have := Bar(stars); have != want {
			t.Errorf("Bar(%d) = %q, want %q", stars, have, want)
		}
	}
}
