//go:build unix

package rendercmd_test

import (
	"os"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testfs"
)

// TestFIFO: render reads its input once, so that a named pipe (or the
// /dev/fd/N of bash's <(cmd)) draws: every picture the kinds declare (a
// puzzle folder is no pipe), a kind played by moves among them, which
// render first tries to read as one; and a selection of a file.
func TestFIFO(t *testing.T) {
	pics := pictures(t)
	pics["selection"] = []string{linjatF + "#1"}
	for name, args := range pics {
		file, sel, _ := strings.Cut(args[len(args)-1], "#")
		st, err := os.Stat(file)
		if err != nil {
			t.Fatal(err)
		}
		if st.IsDir() {
			continue // a puzzle folder: no pipe
		}
		t.Run(name, func(t *testing.T) {
			in := testfs.FIFO(t, file)
			if sel != "" {
				in += "#" + sel
			}
			var code int
			var out, errs string
			testfs.Within(t, func() { code, out, errs = run(t, "", append([]string{in}, args[:len(args)-1]...)...) })
			if code != 0 || !strings.HasPrefix(out, "<svg ") {
				t.Errorf("render FIFO: exit %d, stdout %.30q, stderr %q; want 0 and a picture", code, out, errs)
			}
		})
	}
}
