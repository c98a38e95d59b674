package cnfcmd

import (
	"slices"
	"testing"
)

// FuzzParseVars: a --vars list gives sorted, distinct variables within
// 1..maxVar, or an error; never a panic or a runaway allocation past
// maxVar.
func FuzzParseVars(f *testing.F) {
	for _, s := range []string{"1-20,25", " 3 , 1-2", "", "5-4", "0", "x"} {
		f.Add(s, 30)
	}
	f.Fuzz(func(t *testing.T, spec string, maxVar int) {
		if maxVar < 0 || maxVar > 1<<16 {
			return
		}
		vs, err := parseVars(spec, maxVar)
		if err != nil {
			return
		}
		if !slices.IsSorted(vs) || len(slices.Compact(slices.Clone(vs))) != len(vs) {
			t.Fatalf("parseVars(%q): %v is not sorted and distinct", spec, vs)
		}
		for _, v := range vs {
			if v < 1 || v > maxVar {
				t.Fatalf("parseVars(%q, %d): variable %d out of range", spec, maxVar, v)
			}
		}
	})
}

// FuzzExportedPrimary: the "c lit" comments of any input give variables
// ≥ 1 without repeats; never a panic.
func FuzzExportedPrimary(f *testing.F) {
	f.Add([]byte("c lit 1 = r1c1 is -\nc lit 2 = r1c1 is |\np cnf 2 1\n1 2 0\n"))
	f.Add([]byte("c lit -3 = x\nc lit 99999999999999999999 = y\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		vs := exportedPrimary(data)
		seen := map[int]bool{}
		for _, v := range vs {
			if v < 1 || seen[v] {
				t.Fatalf("exportedPrimary: %v has %d", vs, v)
			}
			seen[v] = true
		}
	})
}
