package text

import (
	"slices"
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Line
	}{
		{"plain", "a b\n\n  c\n", []Line{
			{1, "a b", []Token{{"a", 1, 1}, {"b", 1, 3}}},
			{3, "c", []Token{{"c", 3, 3}}}}},
		{"bom and crlf", "\ufeffab\r\ncd\r\n", []Line{
			{1, "ab", []Token{{"ab", 1, 1}}},
			{2, "cd", []Token{{"cd", 2, 1}}}}},
		{"columns in runes", "é → x", []Line{
			{1, "é → x", []Token{{"é", 1, 1}, {"→", 1, 3}, {"x", 1, 5}}}}},
		// An ideographic space is not a separator: it is a token, and the
		// line's Text holds it (Text once trimmed it away while Toks kept
		// it, and a reader indexing Text[0] panicked; found by fuzzing).
		{"ideographic space", "\u3000", []Line{
			{1, "\u3000", []Token{{"\u3000", 1, 1}}}}},
		{"no-break space separates", "a\u00a0b", []Line{
			{1, "a\u00a0b", []Token{{"a", 1, 1}, {"b", 1, 3}}}}},
	}
	for _, tt := range tests {
		have := Lines([]byte(tt.in), false)
		if !slices.EqualFunc(have, tt.want, func(a, b Line) bool {
			return a.Num == b.Num && a.Text == b.Text && slices.Equal(a.Toks, b.Toks)
		}) {
			t.Errorf("%s: Lines(%q)\nhave %+v\nwant %+v", tt.name, tt.in, have, tt.want)
		}
		for _, l := range have {
			if l.Text == "" {
				t.Errorf("%s: line %d has tokens but an empty Text", tt.name, l.Num)
			}
		}
	}
}

func TestComments(t *testing.T) {
	have := Lines([]byte("# all comment\nx # y\n"), true)
	if len(have) != 1 || have[0].Text != "x" || len(have[0].Toks) != 1 {
		t.Errorf("have %+v, want one line \"x\"", have)
	}
}

func TestHeader(t *testing.T) {
	for _, tc := range []struct {
		kind, title, want string
	}{
		{"shinro", "", "shinro\n"},
		{"linjat", "easy/3", "linjat\nname easy/3\n"},
		{"linjat", "two\nlines", "linjat\nname two lines\n"},
	} {
		var b strings.Builder
		Header(&b, tc.kind, tc.title)
		if have := b.String(); have != tc.want {
			t.Errorf("Header(%q, %q) = %q, want %q", tc.kind, tc.title, have, tc.want)
		}
	}
}

// TestFirstIs: the first line with a token names the format; blank lines
// and '#' comments before it are passed over, and a byte order mark.
func TestFirstIs(t *testing.T) {
	for _, tc := range []struct {
		data string
		want bool
	}{
		{"linjat\nsize 2 2\n", true},
		{"\ufeff\n  # a comment\n\t linjat \r\n", true},
		{"linjat x\n", false},
		{"#linjat\n", false},
		{"", false},
		{"  \n\n", false},
		{`{"puzzle": ["linjat"]}`, false},
	} {
		if have := FirstIs([]byte(tc.data), "linjat"); have != tc.want {
			t.Errorf("FirstIs(%q): have %v, want %v", tc.data, have, tc.want)
		}
	}
}
