package appio

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// PuzzleBar returns the progress bar of the commands that work through a
// batch of puzzles (generate, report): total puzzles on w, with the count,
// the rate and the time left, described as desc; nil when w is not a
// terminal (Progress says why).
func PuzzleBar(w io.Writer, total int, desc string) *progressbar.ProgressBar {
	if !IsTerminal(w) {
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
