package puzzlecmd

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
)

// TestRecordKeysSorted holds every JSON record to the order of the output
// it replaced: maps, which encoding/json writes sorted by key. The
// records are the answer layer's, which the API writes too.
func TestRecordKeysSorted(t *testing.T) {
	for _, rec := range []any{answer.SolveRecord{}, answer.CheckRecord{}, answer.CertificateRecord{}, answer.DiffRecord{},
		answer.BackboneRecord{}, answer.CountRecord{}, answer.VerifyRecord{}, answer.GradeRecord{}, answer.HintRecord{},
		answer.StepRecord{}, answer.ElimRecord{}} {
		typ := reflect.TypeOf(rec)
		prev := ""
		for i := 0; i < typ.NumField(); i++ {
			if typ.Field(i).Anonymous {
				continue // StepRecord's human.Step, whose keys are its own
			}
			key, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if key == "-" {
				continue // what only the text shows (GradeRecord.Left, HintRecord.SATDifferences), tagged so
			}
			if key == "" {
				t.Errorf("%s.%s: have no JSON key, want one", typ.Name(), typ.Field(i).Name)
				continue
			}
			if key <= prev {
				t.Errorf("%s: have key %q after %q, want keys in sorted order", typ.Name(), key, prev)
			}
			prev = key
		}
	}
}

// TestFiledKeysSorted: the envelope's file, kind and name go among the
// answer's keys in sorted order, and the answer's values are written as
// they are (no HTML escapes, numbers as written).
func TestFiledKeysSorted(t *testing.T) {
	rec := answer.CheckRecord{Status: "multiple", Solution: []string{"<a & b>"}, Ms: 1.25,
		Differences: []answer.DiffRecord{{Row: 1, Col: 2, First: "<", Second: ">"}}}
	data, err := json.Marshal(filed{File: "x.in", Kind: "juosan", Name: "", Answer: rec})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"differences":[{"col":2,"first":"<","row":1,"second":">"}],"file":"x.in","kind":"juosan","ms":1.25,"name":"","second_solution":null,"solution":["<a & b>"],"status":"multiple"}`
	// json.Marshal escapes HTML in what MarshalJSON returns; appio.WriteJSON does not.
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(filed{File: "x.in", Kind: "juosan", Answer: rec}); err != nil {
		t.Fatal(err)
	}
	if have := strings.TrimSpace(sb.String()); have != want {
		t.Errorf("have %s\nwant %s", have, want)
	}
	var keys map[string]any
	if err := json.Unmarshal(data, &keys); err != nil || keys["name"] != "" {
		t.Errorf("have %s (%v), want an object with an empty name", data, err)
	}
}
