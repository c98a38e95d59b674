package generatecmd_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// TestRatingAsGrade: `generate` says a puzzle's rating as `grade` says
// the same puzzle's, of every kind that generates (its first generation
// test's band and size): the text run's line on stderr, the JSON record
// under --out, and the puzzle's file, which ends with the rating as a
// comment and is graded the same by `grade`.
func TestRatingAsGrade(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a puzzle of every kind: skipped by -short")
	}
	for _, k := range kinds.Default().List() {
		if k.Generate == nil || k.Corpus == nil || len(k.Corpus.Generate) == 0 {
			continue
		}
		gc := k.Corpus.Generate[0]
		t.Run(k.Name, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"--kind", k.Name, "--size", fmt.Sprintf("%dx%d", gc.Rows, gc.Cols), "--difficulty", gc.Band, "--seed", "11"}
			code, out, errs := run(t, append(args, "--out", dir)...)
			if code != 0 {
				t.Fatalf("generate --out: exit %d, %s", code, errs)
			}
			var rec struct {
				Rating int      `json:"rating"`
				Band   string   `json:"band"`
				Files  []string `json:"files"`
			}
			if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.Rating < 1 || len(rec.Files) == 0 {
				t.Fatalf("generate --out: %v, record %+v from %s; want a rating and its files", err, rec, out)
			}
			band := "(band " + rec.Band + ")"
			if rec.Band == "" {
				band = "(in no band)"
			}
			stars := fmt.Sprintf("%s%s %d/10 %s", strings.Repeat("★", rec.Rating), strings.Repeat("☆", 10-rec.Rating), rec.Rating, band)
			file := filepath.Join(dir, rec.Files[0])
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(string(data), "# rating: "+stars+"\n") {
				t.Errorf("%s does not end with its rating %q:\n%s", rec.Files[0], stars, data)
			}
			code, graded, errs := clitest.Run("", "grade", file)
			if code != 0 || !strings.Contains(graded, "  rating: "+stars+"\n") {
				t.Errorf("grade %s: exit %d (%s), want the rating %q:\n%s", rec.Files[0], code, errs, stars, graded)
			}
			code, _, errs = run(t, args...)
			if code != 0 || !strings.Contains(errs, ": rating: "+stars+"\n") {
				t.Errorf("generate: exit %d, want the rating %q on stderr:\n%s", code, stars, errs)
			}
		})
	}
}
