package puzzle

import (
	"strings"
	"testing"
)

// TestJoined: each puzzle written, the separator between two and not after
// the last; no puzzles, no bytes.
func TestJoined(t *testing.T) {
	write := Joined(strings.ToUpper, "\n")
	for _, tc := range []struct {
		ps   []string
		want string
	}{
		{nil, ""},
		{[]string{"a\n"}, "A\n"},
		{[]string{"a\n", "b\n", "c\n"}, "A\n\nB\n\nC\n"},
	} {
		have, err := write(tc.ps)
		if err != nil || string(have) != tc.want {
			t.Errorf("Joined(%q) = %q, %v; want %q", tc.ps, have, err, tc.want)
		}
	}
}
