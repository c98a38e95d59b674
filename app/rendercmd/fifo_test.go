//go:build unix

package rendercmd_test

import (
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testfs"
)

// TestFIFO: render reads its input once, so that a named pipe (or the
// /dev/fd/N of bash's <(cmd)) draws: a puzzle of a kind, and a shift
// puzzle, which render first tries to read as one.
func TestFIFO(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		args       []string
	}{
		{"linjat", linjatF + "#1", nil},
		{"juosan", janko, []string{"--solution"}},
		{"shift", swap, nil},
		{"shift --solution", swap, []string{"--solution"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file, sel, _ := strings.Cut(tc.file, "#")
			in := testfs.FIFO(t, file)
			if sel != "" {
				in += "#" + sel
			}
			var code int
			var out, errs string
			testfs.Within(t, func() { code, out, errs = run(t, "", append([]string{in}, tc.args...)...) })
			if code != 0 || !strings.HasPrefix(out, "<svg ") {
				t.Errorf("render FIFO: exit %d, stdout %.30q, stderr %q; want 0 and a picture", code, out, errs)
			}
		})
	}
}
