package puzzlecmd_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestShardUnion: check and grade with --shard I/N, over several files,
// give together exactly the records of the single run, each once.
func TestShardUnion(t *testing.T) {
	files := []string{janko, "../../testdata/juosan/janko/6x6_2.in", play + "#4x4_1", shinroF + "#1", shinroF + "#2", linjatF + "#easy/1", linjatF + "#easy/2"}
	// records returns the JSON lines of a run without their times, sorted.
	records := func(t *testing.T, args ...string) []string {
		t.Helper()
		code, out, errs := run(t, "", args...)
		if code != 0 && code != 1 {
			t.Fatalf("%v: exit %d\n%s", args, code, errs)
		}
		var recs []string
		for line := range strings.Lines(out) {
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("%v: %v\n%s", args, err, line)
			}
			delete(m, "ms")
			b, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			recs = append(recs, string(b))
		}
		slices.Sort(recs)
		return recs
	}
	for _, cmd := range []string{"check", "grade"} {
		t.Run(cmd, func(t *testing.T) {
			base := append([]string{cmd, "--format", "json"}, files...)
			want := records(t, base...)
			if len(want) < 6 {
				t.Fatalf("the single run gives %d records, want one per puzzle (≥ 6)", len(want))
			}
			const n = 3
			var have []string
			for i := range n {
				part := records(t, append(slices.Clone(base), "--shard", fmt.Sprintf("%d/%d", i, n))...)
				if len(part) == 0 || len(part) > (len(want)+n-1)/n {
					t.Errorf("shard %d/%d: %d records of %d", i, n, len(part), len(want))
				}
				have = append(have, part...)
			}
			slices.Sort(have)
			if !slices.Equal(have, want) {
				t.Errorf("the union of the shards differs from the single run:\nhave %d records\nwant %d", len(have), len(want))
			}
		})
	}
}

func TestShardFlagErrors(t *testing.T) {
	for _, tc := range []struct{ cmd, shard, want string }{
		{"check", "3/3", "0..2"},
		{"grade", "x", "I/N"},
		{"check", "auto", "JOB_COMPLETION_INDEX"},
	} {
		code, _, errs := run(t, "", tc.cmd, "--shard", tc.shard, janko)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%s --shard %s: exit %d, %q; want 2 with %q", tc.cmd, tc.shard, code, errs, tc.want)
		}
	}
}
