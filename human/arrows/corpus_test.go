package arrows

import (
	"path/filepath"
	"testing"

	model "github.com/puzzlesat/puzzlesat/puzzle/arrows"
)

// The SAT-certified solves of the corpus and the audits of the rules
// files are crosscheck's tests (crosscheck/audit_test.go): a SAT oracle
// sits above this package.

func corpus(t testing.TB) []*model.Puzzle {
	t.Helper()
	dirs, _ := filepath.Glob("../../testdata/arrows/20*")
	if len(dirs) != 23 {
		t.Fatalf("have %d corpus puzzles, want 23", len(dirs))
	}
	var ps []*model.Puzzle
	for _, d := range dirs {
		p, err := model.ReadDir(d)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}
