package report_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/report"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestRecordAgreesWithCheckAndGrade: the report's JSON record of a puzzle
// holds, under every key it shares with the records of check and grade
// (answer.Check and answer.Grade, as the API asks them: values and band
// included), the same value as they do, its verdict is check's status,
// and its grade's shared keys are grade's (its status and band, and the
// difficulty's figures) — a few puzzles of each grid kind, certified, the
// report's way. Times differ from run to run and are left out.
func TestRecordAgreesWithCheckAndGrade(t *testing.T) {
	ctx := context.Background()
	var items []report.Item
	for _, k := range kinds.Default().List() {
		dir := filepath.Join("..", "testdata", k.Name)
		if _, err := os.Stat(dir); err != nil {
			t.Fatalf("%s: no testdata folder of the kind's puzzles (%v)", k.Name, err)
		}
		all, _ := report.Load(kinds.Default(), []string{dir}, kind.Options{}, k, nil)
		// A few small puzzles, spread over the folder.
		var small []report.Item
		for _, it := range all {
			if it.Puzzle != nil && it.Puzzle.Grid != nil && it.Puzzle.Grid.Rows()*it.Puzzle.Grid.Cols() <= 100 {
				small = append(small, it)
			}
		}
		const per = 4
		for i := 0; i < per && i < len(small); i++ {
			it := small[i*len(small)/per]
			it.Index = len(items)
			items = append(items, it)
		}
		if len(small) == 0 {
			t.Errorf("%s: no puzzle of at most 100 cells in %s", k.Name, dir)
		}
	}
	recs, err := report.Gather(ctx, items, report.Options{EntryOptions: answer.EntryOptions{Kinds: kinds.Default(), Solver: gini.NewSolver, Certify: true}})
	if err != nil {
		t.Fatal(err)
	}
	verdicts := map[string]int{}
	for i, r := range recs {
		inst := items[i].Puzzle.Grid
		t.Run(r.Label(), func(t *testing.T) {
			if r.Error != "" || r.TimedOut {
				t.Fatalf("the report has %q (timed out %v), want a whole record", r.Error, r.TimedOut)
			}
			verdicts[r.Verdict]++
			opt := answer.Options{Solver: gini.NewSolver, Values: true, Certify: true}
			check, err := answer.Check(ctx, inst, opt)
			if err != nil {
				t.Fatal(err)
			}
			opt.Steps, opt.Bands = -1, kinds.Default()
			grade, err := answer.Grade(ctx, inst, opt)
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != check.Status {
				t.Errorf("verdict %q, check's status %q", r.Verdict, check.Status)
			}
			rec, chk := object(t, r), object(t, check)
			shared := sharedKeys(reflect.TypeOf(r), reflect.TypeOf(check))
			for _, key := range []string{"values", "second_values", "differences", "certificate"} {
				if !shared[key] {
					t.Errorf("the report's record and check's share no key %q", key)
				}
			}
			same(t, "", rec, chk, shared)
			if r.Grade == nil {
				t.Fatal("the report has no grade")
			}
			// Grade's view of the same facts: its status and band, and
			// its human report's figures.
			gr := object(t, grade)
			view, _ := gr["report"].(map[string]any)
			for _, key := range []string{"status", "band"} {
				if v, ok := gr[key]; ok {
					view[key] = v
				}
			}
			gShared := map[string]bool{}
			for _, key := range []string{"status", "band", "score", "max_level", "trial_depth", "steps"} {
				gShared[key] = true
			}
			same(t, "grade.", object(t, r.Grade), view, gShared)
		})
	}
	if verdicts[answer.Unique] == 0 || len(verdicts) < 2 {
		t.Errorf("verdicts %v: want unique puzzles and others among them", verdicts)
	}
}

// object is v as JSON decoded into a map, times left out.
func object(t *testing.T, v any) map[string]any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return untimed(m).(map[string]any)
}

// untimed is v without the keys that are times ("ms", "check_ms", ...).
func untimed(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k := range v {
			if k == "ms" || strings.HasSuffix(k, "_ms") {
				delete(v, k)
				continue
			}
			v[k] = untimed(v[k])
		}
	case []any:
		for i := range v {
			v[i] = untimed(v[i])
		}
	}
	return v
}

// sharedKeys are the JSON keys two record types both declare, an
// embedded record's among them (the report's record embeds its entry's).
func sharedKeys(a, b reflect.Type) map[string]bool {
	keys := func(t reflect.Type) map[string]bool {
		out := map[string]bool{}
		for _, f := range reflect.VisibleFields(t) {
			if k, _, _ := strings.Cut(f.Tag.Get("json"), ","); !f.Anonymous && k != "" && k != "-" {
				out[k] = true
			}
		}
		return out
	}
	kb := keys(b)
	out := map[string]bool{}
	for k := range keys(a) {
		if kb[k] {
			out[k] = true
		}
	}
	return out
}

// same holds have to want under the keys given (absent on both sides is
// the same), and under an object's keys the keys both objects have.
func same(t *testing.T, path string, have, want map[string]any, keys map[string]bool) {
	t.Helper()
	for k := range keys {
		h, hok := have[k]
		w, wok := want[k]
		if hok != wok {
			t.Errorf("%s%s: the report has %v (present %v), the question's record %v (present %v)", path, k, h, hok, w, wok)
			continue
		}
		hm, hIsMap := h.(map[string]any)
		wm, wIsMap := w.(map[string]any)
		if hIsMap && wIsMap {
			inner := map[string]bool{}
			for ik := range hm {
				if _, ok := wm[ik]; ok {
					inner[ik] = true
				}
			}
			if len(inner) == 0 {
				t.Errorf("%s%s: no key in common: %v and %v", path, k, hm, wm)
			}
			same(t, path+k+".", hm, wm, inner)
			continue
		}
		if !reflect.DeepEqual(h, w) {
			t.Errorf("%s%s: the report has %v, the question's record %v", path, k, h, w)
		}
	}
}
