package reportcmd

import (
	"errors"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/report"
)

// TestRunningLongest: the progress line names the puzzles running
// longest, longest first, with how long, and forgets those done.
func TestRunningLongest(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := t0
	r := newRunning()
	r.now = func() time.Time { return now }
	for i, f := range []string{"a.txt", "b.txt", "c.txt", "d.txt"} {
		now = t0.Add(time.Duration(i) * time.Minute)
		r.start(report.Item{Index: i, File: f, Err: errors.New("malformed")})
	}
	now = t0.Add(10 * time.Minute)
	r.done(0)
	for _, tc := range []struct {
		n    int
		want string
	}{
		{1, "b.txt (9m0s)"},
		{2, "b.txt (9m0s), c.txt (8m0s)"},
		{9, "b.txt (9m0s), c.txt (8m0s), d.txt (7m0s)"},
	} {
		if got := r.longest(tc.n); got != tc.want {
			t.Errorf("longest(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	if got, want := r.line(10), "report: 1 of 10 puzzles done; running longest: b.txt (9m0s), c.txt (8m0s), d.txt (7m0s)"; got != want {
		t.Errorf("line = %q, want %q", got, want)
	}
	for i := 1; i < 4; i++ {
		r.done(i)
	}
	if got := r.longest(3); got != "" {
		t.Errorf("none running: longest %q", got)
	}
}
