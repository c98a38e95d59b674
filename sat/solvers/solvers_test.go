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

// TestFactory: a factory resolves its name once, makes a fresh solver per
// call, and rejects what New rejects when it is made, not at first use.
func TestFactory(t *testing.T) {
	tests := []struct {
		name string
		want string // the solvers' Name(); "" when Factory must fail
	}{
		{"", solvers.Default},
		{"gini", "gini"},
		{"gophersat", "gophersat"},
		{"minisat", ""},
		{"ext:no-such-solver-binary", ""},
		{"ext:/no/such/solver", ""},
	}
	for _, tc := range tests {
		f, err := solvers.Factory(tc.name)
		if tc.want == "" {
			if err == nil {
				t.Errorf("Factory(%q): have no error, want one", tc.name)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Factory(%q): %v", tc.name, err)
		}
		a, err1 := f()
		b, err2 := f()
		if err1 != nil || err2 != nil {
			t.Fatalf("Factory(%q)(): %v, %v", tc.name, err1, err2)
		}
		if a == b {
			t.Errorf("Factory(%q): two calls gave the same solver, want fresh ones", tc.name)
		}
		if a.Name() != tc.want {
			t.Errorf("Factory(%q)().Name() = %q, want %q", tc.name, a.Name(), tc.want)
		}
	}
}
