package puzzlecmd

import (
	"reflect"
	"strings"
	"testing"
)

// TestRecordKeysSorted holds every JSON record to the order of the output
// it replaced: maps, which encoding/json writes sorted by key.
func TestRecordKeysSorted(t *testing.T) {
	for _, rec := range []any{solveRecord{}, checkRecord{}, certificateRecord{}, backboneRecord{},
		countRecord{}, verifyRecord{}, gradeRecord{}, hintRecord{}} {
		typ := reflect.TypeOf(rec)
		prev := ""
		for i := 0; i < typ.NumField(); i++ {
			key, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if key == "" || key == "-" {
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
