//go:build unix

package puzzlecmd_test

import (
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testfs"
)

// TestCheckFIFO: check reads a named pipe once, whole; a second open
// would wait for a writer forever, so the run has a minute to answer.
func TestCheckFIFO(t *testing.T) {
	name := testfs.FIFO(t, janko)
	var code int
	var out, errs string
	testfs.Within(t, func() { code, out, errs = run(t, "", "check", name) })
	if code != 0 || !strings.Contains(out, name+": unique") {
		t.Errorf("check FIFO: exit %d, stdout %q, stderr %q; want unique", code, out, errs)
	}
}
