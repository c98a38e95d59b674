package kinds_test

import (
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
)

// TestDetect: every kind is told from its first lines, a byte order mark
// or not; input no kind claims is an error at its first character.
func TestDetect(t *testing.T) {
	tests := []struct {
		name, in string
		kind     string // "" when an error is wanted
		err      string
	}{
		{"juosan", "juosan\nsize 1 1\ngrid\na1\n", "juosan", ""},
		{"juosan with a byte order mark", "\uFEFFjuosan\nsize 1 1\ngrid\na1\n", "juosan", ""},
		{"shinro with a byte order mark", "\uFEFFshinro\nsize 1 1\nstones 0\ncols: 0\n0 .\n", "shinro", ""},
		{"arrows with a byte order mark", "\uFEFFarrows 1x1\n↑.\n", "arrows", ""},
		{"linjat with a byte order mark", "\uFEFFlinjat\nsize 1 1\n_\n", "linjat", ""},
		{"unknown, at its first character", "\n  hello\n", "", "in.txt:2:3: cannot tell the puzzle kind"},
		{"empty", "\uFEFF \n\n", "", "in.txt:1:1: empty input"},
	}
	for _, tt := range tests {
		k, err := kinds.Default().Detect("in.txt", []byte(tt.in))
		switch {
		case tt.kind != "" && (err != nil || k.Name != tt.kind):
			t.Errorf("%s: have %v, %v; want kind %s", tt.name, k, err, tt.kind)
		case tt.kind == "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err)):
			t.Errorf("%s: have error %v, want one starting %q", tt.name, err, tt.err)
		}
	}
}
