package report_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer/rating"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/report"
)

// TestRating: a solved puzzle's record carries its rating (stars on the
// scale every kind shares, answer/rating), its JSON line has "rating" and
// keeps it through --from, and its section of the HTML shows the stars;
// an unsolved one is unrated.
func TestRating(t *testing.T) {
	recs := gather(t, []string{"../testdata/shinro/playshinro-1.txt", "../testdata/linjat/easy-3.txt", "../testdata/arrows/2026-03-07",
		"../testdata/juosan/janko_instances.json#4x4_1"}, kind.Options{})
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4", len(recs))
	}
	for _, r := range recs {
		solved := r.Grade != nil && r.Grade.Status == "solved"
		switch {
		case solved && (r.Grade.Rating < 1 || r.Grade.Rating > rating.Max):
			t.Errorf("%s: solved, rating %d, want 1..%d", r.Label(), r.Grade.Rating, rating.Max)
		case !solved && r.Grade != nil && r.Grade.Rating != 0:
			t.Errorf("%s: %s, rating %d, want none", r.Label(), r.Grade.Status, r.Grade.Rating)
		}
	}
	var js bytes.Buffer
	if err := report.WriteJSON(&js, recs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"rating":`) {
		t.Errorf("no rating in the JSON lines:\n%s", js.String())
	}
	f := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(f, js.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	back, err := report.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := report.WriteHTML(&page, back, report.Meta{Kinds: kinds.Default(), Title: "rating"}); err != nil {
		t.Fatal(err)
	}
	for i, r := range back {
		if r.Grade == nil || recs[i].Grade == nil || r.Grade.Rating != recs[i].Grade.Rating {
			t.Errorf("%s: the rating read back differs", r.Label())
			continue
		}
		if r.Grade.Rating > 0 && !strings.Contains(page.String(), `<span class="stars">`+rating.Bar(r.Grade.Rating)+`</span>`) {
			t.Errorf("%s: the page does not show %s", r.Label(), rating.Bar(r.Grade.Rating))
		}
	}
}
