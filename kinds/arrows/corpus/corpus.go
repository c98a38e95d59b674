// Package corpus is for tests only: it loads the Arrows corpus of testdata/
// into the kind's model, through internal/testcorpus, which finds it.
package corpus

import (
	"path/filepath"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"

	arrows "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
)

// folders is how many reference folders testdata/arrows holds: a
// glob that matched fewer would pass the tests on less than the corpus.
const folders = 23

// Dirs returns the reference Puzzles folders testdata/arrows/20*,
// each a puzzle.txt with solution.txt and metadata.yaml beside it.
func Dirs(t testing.TB) []string {
	t.Helper()
	dirs := testcorpus.Glob(t, filepath.Join("arrows", "20*"))
	if len(dirs) != folders {
		t.Fatalf("have %d Puzzles corpus folders, want %d", len(dirs), folders)
	}
	return dirs
}

// Puzzles reads every reference Puzzles folder, each puzzle with its
// solution and metadata, named after its folder.
func Puzzles(t testing.TB) []*arrows.Puzzle {
	t.Helper()
	var ps []*arrows.Puzzle
	for _, dir := range Dirs(t) {
		ps = append(ps, read(t, dir))
	}
	return ps
}

// Puzzle reads the reference folder testdata/arrows/name
// ("2026-01-24").
func Puzzle(t testing.TB, name string) *arrows.Puzzle {
	t.Helper()
	return read(t, testcorpus.Path("arrows", name))
}

func read(t testing.TB, dir string) *arrows.Puzzle {
	t.Helper()
	p, err := arrows.ReadDir(dir)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return p
}
