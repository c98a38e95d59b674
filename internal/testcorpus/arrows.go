package testcorpus

import (
	"path/filepath"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle/arrows"
)

// arrowsFolders is how many reference folders testdata/arrows holds: a
// glob that matched fewer would pass the tests on less than the corpus.
const arrowsFolders = 23

// ArrowsDirs returns the reference Arrows folders testdata/arrows/20*,
// each a puzzle.txt with solution.txt and metadata.yaml beside it.
func ArrowsDirs(t testing.TB) []string {
	t.Helper()
	dirs := Glob(t, filepath.Join("arrows", "20*"))
	if len(dirs) != arrowsFolders {
		t.Fatalf("have %d Arrows corpus folders, want %d", len(dirs), arrowsFolders)
	}
	return dirs
}

// Arrows reads every reference Arrows folder, each puzzle with its
// solution and metadata, named after its folder.
func Arrows(t testing.TB) []*arrows.Puzzle {
	t.Helper()
	var ps []*arrows.Puzzle
	for _, dir := range ArrowsDirs(t) {
		ps = append(ps, readArrows(t, dir))
	}
	return ps
}

// ArrowsPuzzle reads the reference folder testdata/arrows/name
// ("2026-01-24").
func ArrowsPuzzle(t testing.TB, name string) *arrows.Puzzle {
	t.Helper()
	return readArrows(t, Path("arrows", name))
}

func readArrows(t testing.TB, dir string) *arrows.Puzzle {
	t.Helper()
	p, err := arrows.ReadDir(dir)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return p
}
