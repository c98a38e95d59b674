// Package testcorpus is for tests only: the one place that finds the
// corpus in testdata/, so that tests of every package read the same files
// the same way. Each kind's loader (kinds/<kind>/corpus) reads its part of
// the corpus into the kind's model through it; it imports nothing of ours,
// so that the tests of every layer may use it.
package testcorpus

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Root is the repository's testdata folder.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// Path joins parts below testdata/.
func Path(parts ...string) string {
	return filepath.Join(append([]string{Root()}, parts...)...)
}

// Read returns the file at testdata/parts..., failing the test when it
// cannot be read.
func Read(t testing.TB, parts ...string) []byte {
	t.Helper()
	data, err := os.ReadFile(Path(parts...))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Glob returns the files below testdata/ matching pattern, failing the test
// when there are none.
func Glob(t testing.TB, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(Path(pattern))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no corpus files match testdata/%s", pattern)
	}
	return files
}

// Golden returns the golden file's content for a test to compare have
// with. With update (the tests' -update flag) it first writes have there,
// making the folder if need be; a golden file that cannot be read fails
// the test, saying how to create it.
func Golden(t testing.TB, file string, have []byte, update bool) []byte {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, have, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	return want
}
