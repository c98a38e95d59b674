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

// TestParts: the walk visits every part in order, Many says whether there
// is more than one, and a fault of the input walks none.
func TestParts(t *testing.T) {
	for _, tc := range []struct {
		all   []string
		fault error
		want  []string
		many  bool
	}{
		{nil, nil, nil, false},
		{[]string{"a"}, nil, []string{"a"}, false},
		{[]string{"a", "b"}, nil, []string{"a", "b"}, true},
		{[]string{"a", "b"}, errors.New("broken"), nil, true},
	} {
		ps := &Parts[string]{All: tc.all, I: -1, Fault: tc.fault}
		var have []string
		for ps.Next() {
			have = append(have, ps.Part())
		}
		if !slices.Equal(have, tc.want) || ps.Many() != tc.many || ps.Err() != tc.fault {
			t.Errorf("Parts%q, fault %v: walked %q, Many %v, Err %v; want %q, %v, %v", tc.all, tc.fault, have, ps.Many(), ps.Err(), tc.want, tc.many, tc.fault)
		}
	}
}
