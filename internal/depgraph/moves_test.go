package depgraph

import (
	"strings"
	"testing"
)

// TestShiftIsOneFolder: shift puzzles are a genre like the others (issue
// 34): no production package outside kinds/shift imports the shift
// model, its search, its encodings or its solvers (the registry imports
// the registration, kinds/shift, and nothing below it), and what "played
// by moves" means (kinds/kind) reaches none of them: the front ends ask a
// moves kind through kind.Moves.
func TestShiftIsOneFolder(t *testing.T) {
	const folder = "kinds/shift"
	pkgs := modulePackages(t)
	imports := map[string][]string{}
	for _, p := range pkgs {
		imports[p.Path] = p.Imports
	}
	inFolder := func(p string) bool { return p == folder || strings.HasPrefix(p, folder+"/") }
	for _, p := range pkgs {
		if inFolder(p.Path) {
			continue
		}
		for _, to := range p.Imports {
			switch {
			case to == folder && p.Path == "kinds":
			case inFolder(to):
				t.Errorf("%s imports %s: outside %s, a moves kind is reached through kind.Moves", p.Path, to, folder)
			}
		}
	}
	if _, ok := imports["kinds/kind"]; !ok {
		t.Fatal("go list found no kinds/kind")
	}
	for to, path := range reachable("kinds/kind", imports) {
		if inFolder(to) {
			t.Errorf("kinds/kind reaches %s (%s): what a moves kind is names no kind", to, strings.Join(path, " → "))
		}
	}
}
