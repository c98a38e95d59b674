package search

import (
	"os"
	"testing"
)

// TestMain keeps the tables this package's tests build (through
// Options' default, the user's cache folder) out of the user's cache.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "search-tables-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
