// Package testfs is for tests only: the files and folders tests make and
// look at (a folder's entries, a named pipe written once), for the tests of
// every layer, so it imports nothing of ours.
package testfs

import (
	"os"
	"testing"
)

// Names lists dir's entries, sorted by name (os.ReadDir).
func Names(t testing.TB, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}
