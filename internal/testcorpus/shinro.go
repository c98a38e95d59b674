package testcorpus

import (
	"os"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle/shinro"
)

// ShinroFile is the Shinro corpus below testdata/: playshinro's 40 puzzles,
// each with its solution.
const ShinroFile = "shinro/playshinro.json"

// LoadShinro reads the Shinro corpus, for callers without a testing.TB
// (examples).
func LoadShinro() ([]*shinro.Puzzle, error) {
	data, err := os.ReadFile(Path(ShinroFile))
	if err != nil {
		return nil, err
	}
	return shinro.Parse(ShinroFile, data)
}

// Shinro returns the Shinro corpus, failing the test when it cannot be
// read.
func Shinro(t testing.TB) []*shinro.Puzzle {
	t.Helper()
	ps, err := LoadShinro()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}
