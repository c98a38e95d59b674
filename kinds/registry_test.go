package kinds_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestFlagsDeclaredOneWay: a registry refuses two kinds that declare one
// flag name differently (the command line and the playground take one
// flag of a name for every kind), and takes a flag declared the same way
// twice, listing it once.
func TestFlagsDeclaredOneWay(t *testing.T) {
	base := kinds.Default().MustFind("juosan")
	if len(base.Flags) == 0 {
		t.Fatal("juosan declares no flag to collide with")
	}
	flag := base.Flags[0]
	for _, tc := range []struct {
		name string
		edit func(f *kind.Flag)
		gen  bool // declared as a generation flag rather than the kind's own
		ok   bool
	}{
		{"same", func(*kind.Flag) {}, false, true},
		{"usage", func(f *kind.Flag) { f.Usage += " (otherwise)" }, false, false},
		{"default", func(f *kind.Flag) { f.Default = "other" }, false, false},
		{"values", func(f *kind.Flag) { f.Values = append(slices.Clone(f.Values), "third") }, false, false},
		{"labels", func(f *kind.Flag) { f.Label = "another label" }, false, false},
		{"generation flag", func(f *kind.Flag) { f.Usage += " (otherwise)" }, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			other := *base
			other.Name = "other"
			f := flag
			tc.edit(&f)
			if tc.gen {
				g := *base.Generate
				g.Flags = []kind.Flag{f}
				other.Generate, other.Flags = &g, nil
			} else {
				other.Flags = []kind.Flag{f}
			}
			reg, err := kinds.New(base, &other)
			switch {
			case tc.ok && err != nil:
				t.Fatalf("have %v, want the registry", err)
			case tc.ok:
				n := 0
				for _, g := range reg.Flags() {
					if g.Name == flag.Name {
						n++
					}
				}
				if n != 1 {
					t.Errorf("Flags lists --%s %d times, want once", flag.Name, n)
				}
			case err == nil:
				t.Fatalf("two kinds declare --%s differently: have no error", flag.Name)
			case !strings.Contains(err.Error(), "--"+flag.Name) || !strings.Contains(err.Error(), "other"):
				t.Errorf("have %q, want an error naming --%s and the kind", err, flag.Name)
			}
		})
	}
}

// TestRegistryIsAValue: a registry built with a kind of a test's own
// takes it beside puzzlesat's, and leaves puzzlesat's registry as it was.
func TestRegistryIsAValue(t *testing.T) {
	def := kinds.Default()
	n := len(def.All())
	extra := *def.MustFind("juosan")
	extra.Name = "extra"
	extra.Flags = nil
	reg, err := def.With(&extra)
	if err != nil {
		t.Fatal(err)
	}
	if k, err := reg.Find("extra"); err != nil || k != &extra {
		t.Errorf("the registry with extra: Find = %v, %v", k, err)
	}
	if _, err := def.Find("extra"); err == nil {
		t.Error("puzzlesat's registry took the test's kind")
	}
	if len(def.All()) != n || len(reg.All()) != n+1 {
		t.Errorf("have %d kinds and %d with extra, want %d and %d", len(def.All()), len(reg.All()), n, n+1)
	}
	if _, err := kinds.New(def.MustFind("juosan"), def.MustFind("juosan")); err == nil {
		t.Error("a registry took one kind twice")
	}
}
