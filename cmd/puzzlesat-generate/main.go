// Command puzzlesat-generate makes new puzzles: `puzzlesat generate` runs
// it. It is a binary of its own so that what it links (the generators of
// every kind and a progress bar) costs nothing to every other start of
// puzzlesat. Run `puzzlesat generate --help`.
package main

import (
	"os"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/generatecmd"
)

func main() { os.Exit(app.RunOwn(generatecmd.Command())) }
