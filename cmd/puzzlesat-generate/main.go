// Command puzzlesat-generate makes new puzzles: `puzzlesat generate` runs
// it. It is a binary of its own so that what it links (the generators of
// every kind and a progress bar) costs nothing to every other start of
// puzzlesat. Run `puzzlesat generate --help`.
package main

import (
	"os"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/generatecmd"
	"github.com/puzzlesat/puzzlesat/kinds"
)

func main() {
	reg := kinds.Default()
	os.Exit(app.RunOwn(reg, generatecmd.Command(reg)))
}
