// Command puzzlesat-bench benchmarks the encodings: `puzzlesat bench` runs
// it. It is a binary of its own so that what it links (a plotting library
// with fonts, the Go benchmark format and statistics, a progress bar)
// costs nothing to every other start of puzzlesat, gophersat's workers
// included. Run `puzzlesat bench --help`.
package main

import (
	"os"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/benchcmd"
	"github.com/puzzlesat/puzzlesat/kinds"
)

func main() {
	reg := kinds.Default()
	os.Exit(app.RunOwn(reg, benchcmd.Command(reg)))
}
