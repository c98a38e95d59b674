// Package corpus is for tests only: it loads the Shinro corpus of testdata/
// into the kind's model, through internal/testcorpus, which finds it.
package corpus

import (
	"os"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"

	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
)

// File is the Puzzles corpus below testdata/: playshinro's 40 puzzles,
// each with its solution.
const File = "shinro/playshinro.json"

// Load reads the Puzzles corpus, for callers without a testing.TB
// (examples).
func Load() ([]*shinro.Puzzle, error) {
	data, err := os.ReadFile(testcorpus.Path(File))
	if err != nil {
		return nil, err
	}
	return shinro.Parse(File, data)
}

// Puzzles returns the Puzzles corpus, failing the test when it cannot be
// read.
func Puzzles(t testing.TB) []*shinro.Puzzle {
	t.Helper()
	ps, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}
