package srcpos

import (
	"errors"
	"fmt"
	"testing"
)

func TestPositioned(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"error", &Error{File: "f", Line: 2, Col: 3, Msg: "x"}, true},
		{"wrapped", fmt.Errorf("reading: %w", &Error{File: "f", Line: 1, Col: 1}), true},
		{"no column", &Error{File: "f", Line: 2}, false},
		{"list", ErrorList{{File: "f", Line: 1, Col: 1}, {File: "f", Line: 3, Col: 2}}, true},
		{"list with one unplaced", ErrorList{{File: "f", Line: 1, Col: 1}, {File: "f"}}, false},
		{"empty list", ErrorList{}, false},
		{"plain", errors.New("x"), false},
	} {
		if have := Positioned(tc.err); have != tc.want {
			t.Errorf("%s: have %v, want %v", tc.name, have, tc.want)
		}
	}
}

func TestErrorListCount(t *testing.T) {
	two := ErrorList{{File: "f", Line: 1, Col: 1, Msg: "a"}, {File: "f", Line: 2, Col: 1, Msg: "b"}}
	if have, want := two.Error(), "f:1:1: a (and 1 more error)"; have != want {
		t.Errorf("have %q, want %q", have, want)
	}
}
