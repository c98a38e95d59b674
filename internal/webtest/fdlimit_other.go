//go:build !unix

package webtest

import "testing"

// FileLimit: there is no open-file limit to raise here.
func FileLimit(t testing.TB, n uint64) {}
