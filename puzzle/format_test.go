package puzzle

import (
	"errors"
	"slices"
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

// TestParts: the walk visits every part Cut cuts, in order; Many says,
// from the first part on, whether there is more than one; a fault ends the
// walk where Cut meets it, after the parts before it.
func TestParts(t *testing.T) {
	for _, tc := range []struct {
		all     []string
		faultAt int // Cut's call that meets the fault; 0: none
		want    []string
		many    bool
	}{
		{nil, 0, nil, false},
		{[]string{"a"}, 0, []string{"a"}, false},
		{[]string{"a", "b"}, 0, []string{"a", "b"}, true},
		{[]string{"a", "b"}, 1, nil, false},
		{[]string{"a", "b", "c"}, 3, []string{"a", "b"}, true},
	} {
		broken := errors.New("broken")
		calls := 0
		ps := &Parts[string]{}
		ps.Cut = func() (string, bool) {
			calls++
			if calls == tc.faultAt {
				ps.Fault = broken
				return "", false
			}
			if calls > len(tc.all) {
				return "", false
			}
			return tc.all[calls-1], true
		}
		var have []string
		for ps.Next() {
			if i := len(have); ps.Many() != tc.many && i == 0 {
				t.Errorf("Parts%q: Many at the first part %v, want %v", tc.all, ps.Many(), tc.many)
			}
			have = append(have, ps.Part())
		}
		wantErr := error(nil)
		if tc.faultAt > 0 {
			wantErr = broken
		}
		if !slices.Equal(have, tc.want) || ps.Many() != tc.many || ps.Err() != wantErr {
			t.Errorf("Parts%q, fault at %d: walked %q, Many %v, Err %v; want %q, %v, %v", tc.all, tc.faultAt, have, ps.Many(), ps.Err(), tc.want, tc.many, wantErr)
		}
	}
}
