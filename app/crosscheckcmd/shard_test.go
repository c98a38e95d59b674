package crosscheckcmd

import "testing"

func TestParseShard(t *testing.T) {
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
		i, n    int
		wantErr bool
	}{
		{"", env(), 0, 1, false},
		{"0/1", env(), 0, 1, false},
		{"3/4", env(), 3, 4, false},
		{"4/4", env(), 0, 0, true},
		{"-1/4", env(), 0, 0, true},
		{"1", env(), 0, 0, true},
		{"1/0", env(), 0, 0, true},
		{"a/b", env(), 0, 0, true},
		{"auto/8", env("JOB_COMPLETION_INDEX", "5"), 5, 8, false},
		{"auto", env("JOB_COMPLETION_INDEX", "5"), 0, 0, true},
		{"auto/4", env("JOB_COMPLETION_INDEX", "5"), 0, 0, true},
		{"auto", env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_COUNT", "4"), 3, 4, false},
		{"auto", env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_COUNT", "4"), 3, 4, false},
		{"auto/2", env("SLURM_ARRAY_TASK_ID", "1"), 1, 2, false},
		{"auto", env("SLURM_ARRAY_TASK_ID", "1"), 0, 0, true},
		{"auto", env(), 0, 0, true},
		{"auto/2", env("JOB_COMPLETION_INDEX", "x"), 0, 0, true},
	}
	for _, tc := range tests {
		i, n, err := parseShard(tc.in, tc.env)
		if (err != nil) != tc.wantErr || (err == nil && (i != tc.i || n != tc.n)) {
			t.Errorf("parseShard(%q) = %d, %d, %v; want %d, %d (error: %v)", tc.in, i, n, err, tc.i, tc.n, tc.wantErr)
		}
	}
}
