//go:build unix

package webtest

import (
	"syscall"
	"testing"
)

// FileLimit raises the process's soft limit on open files to at least n
// until the test ends; a test holding n connections skips, saying so, only
// where the hard limit is below n.
func FileLimit(t testing.TB, n uint64) {
	t.Helper()
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatalf("reading the open-file limit: %v", err)
	}
	if lim.Cur >= n {
		return
	}
	if lim.Max < n {
		t.Skipf("this test holds %d open files, and the hard limit is %d (ulimit -Hn): raise it to run the test", n, lim.Max)
	}
	old := lim
	lim.Cur = n
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatalf("raising the open-file limit to %d: %v", n, err)
	}
	t.Cleanup(func() { syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old) })
}
