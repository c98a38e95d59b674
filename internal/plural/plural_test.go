package plural

import "testing"

func TestN(t *testing.T) {
	for _, tc := range []struct {
		n      int
		noun   string
		plural []string
		want   string
	}{
		{0, "move", nil, "0 moves"},
		{1, "move", nil, "1 move"},
		{2, "move", nil, "2 moves"},
		{-1, "step", nil, "-1 step"},
		{1, "territory", []string{"territories"}, "1 territory"},
		{3, "territory", []string{"territories"}, "3 territories"},
	} {
		if have := N(tc.n, tc.noun, tc.plural...); have != tc.want {
			t.Errorf("N(%d, %q, %q): have %q, want %q", tc.n, tc.noun, tc.plural, have, tc.want)
		}
	}
}
