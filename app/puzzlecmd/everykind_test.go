package puzzlecmd_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/toykind"
	"github.com/puzzlesat/puzzlesat/kinds/toymoves"
)

// TestEveryKind: every kind of puzzlesat's registry through the commands,
// from its own declarations (kind.Corpus.Sample): listed by `kinds`, and
// each puzzle of its sample (one puzzle each) checked as that kind, unique
// (exit 0) or not (exit 1).
func TestEveryKind(t *testing.T) { everyKind(t, kinds.Default()) }

// TestEveryKindToy: a registry of the toy kinds alone, each added by one
// line, through the same table.
func TestEveryKindToy(t *testing.T) {
	reg, err := kinds.New(toykind.Kind, toymoves.Kind)
	if err != nil {
		t.Fatal(err)
	}
	everyKind(t, reg)
}

func everyKind(t *testing.T, reg *kinds.Registry) {
	code, out, errs := clitest.RunIn(reg, nil, "", "kinds")
	if code != 0 {
		t.Fatalf("kinds: exit %d: %s", code, errs)
	}
	for _, k := range reg.All() {
		if !strings.Contains(out, "\n"+k.Name+":") && !strings.HasPrefix(out, k.Name+":") && !strings.Contains(out, k.Name+" (played by moves") {
			t.Errorf("kinds lists no %s:\n%s", k.Name, out)
		}
	}
	for _, k := range reg.List() {
		if k.Corpus == nil || len(k.Corpus.Sample) == 0 {
			t.Errorf("%s names no sample (kind.Corpus.Sample)", k.Name)
			continue
		}
		for _, rel := range k.Corpus.Sample {
			t.Run(k.Name+"/"+rel, func(t *testing.T) {
				code, out, errs := clitest.RunIn(reg, nil, "", "check", "--format", "json", testcorpus.Path(rel))
				var rec struct{ Kind, Status string }
				if err := json.Unmarshal([]byte(out), &rec); err != nil {
					t.Fatalf("check: %v in %q (exit %d: %s); want one record", err, out, code, errs)
				}
				want := map[string]int{"unique": 0, "multiple": 1}
				if w, ok := want[rec.Status]; rec.Kind != k.Name || !ok || code != w {
					t.Errorf("check: kind %s, status %s, exit %d (%s); want %s, unique (exit 0) or multiple (exit 1)", rec.Kind, rec.Status, code, errs, k.Name)
				}
			})
		}
	}
}
