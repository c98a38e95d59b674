package solvers_test

import (
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

func TestRegistry(t *testing.T) {
	var names []string
	for _, b := range solvers.List() {
		names = append(names, b.Name)
		if b.Doc == "" {
			t.Errorf("%s: no Doc", b.Name)
		}
	}
	if want := []string{"gini", "gophersat"}; !slices.Equal(names, want) {
		t.Fatalf("List() names = %v, want %v", names, want)
	}
	tests := []struct{ name, want string }{
		{"", solvers.Default},
		{"gini", "gini"},
		{"gophersat", "gophersat"},
	}
	for _, tc := range tests {
		s, err := solvers.New(tc.name)
		if err != nil {
			t.Fatalf("New(%q): %v", tc.name, err)
		}
		if have := s.Name(); have != tc.want {
			t.Errorf("New(%q).Name() = %q, want %q", tc.name, have, tc.want)
		}
	}
	if _, err := solvers.New("minisat"); err == nil {
		t.Fatal(`New("minisat"): no error`)
	}
}
