package shard_test

import (
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/shard"
)

func TestParse(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	tests := []struct {
		in      string
		env     func(string) string
		want    shard.Shard
		wantErr bool
	}{
		{"", env(), shard.Whole, false},
		{"0/1", env(), shard.Shard{Index: 0, Count: 1}, false},
		{"3/4", env(), shard.Shard{Index: 3, Count: 4}, false},
		{" 2 / 5 ", env(), shard.Shard{Index: 2, Count: 5}, false},
		{"4/4", env(), shard.Shard{}, true},
		{"-1/4", env(), shard.Shard{}, true},
		{"1/0", env(), shard.Shard{}, true},
		{"1", env(), shard.Shard{}, true},
		{"a/b", env(), shard.Shard{}, true},
		{"1/2000000", env(), shard.Shard{}, true},
		// A plain I/N ignores the environment.
		{"1/3", env("JOB_COMPLETION_INDEX", "2"), shard.Shard{Index: 1, Count: 3}, false},
		{"auto/8", env("JOB_COMPLETION_INDEX", "5"), shard.Shard{Index: 5, Count: 8}, false},
		{"auto", env("JOB_COMPLETION_INDEX", "5"), shard.Shard{}, true},
		{"auto/4", env("JOB_COMPLETION_INDEX", "5"), shard.Shard{}, true},
		{"auto", env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_COUNT", "4"), shard.Shard{Index: 3, Count: 4}, false},
		{"auto", env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_COUNT", "4"), shard.Shard{Index: 3, Count: 4}, false},
		{"auto/2", env("SLURM_ARRAY_TASK_ID", "1"), shard.Shard{Index: 1, Count: 2}, false},
		{"auto", env("SLURM_ARRAY_TASK_ID", "1"), shard.Shard{}, true},
		{"auto", env(), shard.Shard{}, true},
		{"auto/2", env("JOB_COMPLETION_INDEX", "x"), shard.Shard{}, true},
		{"auto/2", env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_MIN", "y"), shard.Shard{}, true},
	}
	for _, tc := range tests {
		have, err := shard.Parse(tc.in, tc.env)
		if (err != nil) != tc.wantErr || (err == nil && have != tc.want) {
			t.Errorf("Parse(%q) = %v, %v; want %v, error %v", tc.in, have, err, tc.want, tc.wantErr)
		}
	}
}

// The shards of a job partition it: every item in exactly one shard, and
// Items, Size and Has agree.
func TestPartition(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7} {
		for _, total := range []int{0, 1, 5, 23} {
			seen := make([]int, total)
			for i := range n {
				s := shard.Shard{Index: i, Count: n}
				items := s.Items(total)
				if len(items) != s.Size(total) {
					t.Errorf("%v of %d: %d items, Size %d", s, total, len(items), s.Size(total))
				}
				if !slices.IsSorted(items) {
					t.Errorf("%v of %d: items %v not ascending", s, total, items)
				}
				for _, it := range items {
					if !s.Has(it) {
						t.Errorf("%v: Items has %d, Has says no", s, it)
					}
					seen[it]++
				}
			}
			for it, k := range seen {
				if k != 1 {
					t.Errorf("%d shards of %d: item %d in %d shards", n, total, it, k)
				}
			}
		}
	}
}

func TestZeroIsWhole(t *testing.T) {
	var s shard.Shard
	if !s.IsWhole() || !s.Has(5) || s.String() != "0/1" || s.Size(3) != 3 {
		t.Errorf("zero Shard: IsWhole %v Has(5) %v String %q Size(3) %d", s.IsWhole(), s.Has(5), s.String(), s.Size(3))
	}
}
