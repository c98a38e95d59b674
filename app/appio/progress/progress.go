// Package progress is the progress bar of the commands that work through a
// batch of puzzles (generate, report). It lives apart from appio because
// the bar library links net/http (and with it crypto/x509 and TLS), which
// the main puzzlesat binary must not load at every start: only the
// binaries of their own (puzzlesat-generate, puzzlesat-report) import it.
package progress

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/puzzlesat/puzzlesat/app/appio"
)

// Puzzles returns the progress bar of the commands that work through a
// batch of puzzles (generate, report): total puzzles on w, with the count,
// the rate and the time left, described as desc; nil when w is not a
// terminal (Progress says why).
func Puzzles(w io.Writer, total int, desc string) *progressbar.ProgressBar {
	if !appio.IsTerminal(w) {
		return nil
	}
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetItsString("puzzles"),
		progressbar.OptionShowIts(),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetWidth(24),
		progressbar.OptionSetDescription(desc),
	)
}
