// Command puzzlesat-report proves, grades and typesets a collection of
// puzzles: `puzzlesat report` runs it. It is a binary of its own so that
// the graphics library it links costs nothing to every other start of
// puzzlesat. Run `puzzlesat report --help`.
package main

import (
	"os"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/reportcmd"
	"github.com/puzzlesat/puzzlesat/kinds"
)

func main() {
	reg := kinds.Default()
	os.Exit(app.RunOwn(reg, reportcmd.Command(reg)))
}
