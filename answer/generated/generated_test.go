package generated

import (
	"encoding/json"
	"testing"

	"github.com/puzzlesat/puzzlesat/generate"
)

// TestSeedJSON: a seed is written as a string of digits, so that no digit
// is lost in JavaScript, and read as a string or a number.
func TestSeedJSON(t *testing.T) {
	data, err := json.Marshal(struct{ Seed Seed }{18446744073709551557})
	if err != nil || string(data) != `{"Seed":"18446744073709551557"}` {
		t.Errorf("have %s %v, want the seed as a string", data, err)
	}
	tests := []struct {
		in   string
		want Seed
		ok   bool
	}{
		{`"18446744073709551557"`, 18446744073709551557, true},
		{`7`, 7, true},
		{`""`, 0, true},
		{`null`, 0, true},
		{`"-1"`, 0, false},
		{`"18446744073709551616"`, 0, false}, // 2^64
		{`"7x"`, 0, false},
		{`1.5`, 0, false},
	}
	for _, tc := range tests {
		var s Seed
		err := json.Unmarshal([]byte(tc.in), &s)
		if (err == nil) != tc.ok || s != tc.want {
			t.Errorf("%s: have %d %v, want %d (ok %v)", tc.in, s, err, tc.want, tc.ok)
		}
	}
}

// TestStem: the name of a puzzle without one, and generate --out's file
// stem, with "any" for no band.
func TestStem(t *testing.T) {
	for _, tc := range []struct {
		band generate.Band
		want string
	}{
		{"hard", "juosan-hard-s42-000007"},
		{"", "juosan-any-s42-000007"},
	} {
		if have := Stem("juosan", tc.band, 42, 7); have != tc.want {
			t.Errorf("band %q: have %s, want %s", tc.band, have, tc.want)
		}
	}
}
