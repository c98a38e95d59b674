package clitest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
)

// Puzzle is a puzzle of a MixedFolder: its kind's name and its file,
// relative to the folder.
type Puzzle struct {
	Kind, File string
}

// MixedFolder writes to dir a folder as collections come: the example
// of every grid kind of reg (kind.Corpus.Example) in a file of its own,
// one kind's in a folder of the kind's name and the next's at the top,
// and a file of no kind (notes.md). It returns the puzzles written, one
// a kind, in reg.List's order, so that a test walking the folder expects
// every kind of the registry and a new kind is in the folder by being
// added to it. A kind that names no example fails the test: a folder
// without it would leave the kind out unseen.
func MixedFolder(t testing.TB, reg *kinds.Registry, dir string) []Puzzle {
	t.Helper()
	var out []Puzzle
	for i, k := range reg.List() {
		name, data, err := k.ExampleFile()
		if err != nil {
			t.Fatal(err)
		}
		if name == "" {
			t.Fatalf("kind %s names no example (kind.Corpus.Example) for a folder of every kind", k.Name)
		}
		rel := filepath.Join(k.Name, filepath.Base(name))
		if i%2 == 1 {
			rel = k.Name + "-" + filepath.Base(name)
		}
		write(t, filepath.Join(dir, rel), data)
		out = append(out, Puzzle{Kind: k.Name, File: filepath.ToSlash(rel)})
	}
	write(t, filepath.Join(dir, "notes.md"), []byte("# my puzzles\n"))
	return out
}

// write writes data to path, making its folder.
func write(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
