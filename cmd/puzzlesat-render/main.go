// Command puzzlesat-render draws puzzles: `puzzlesat render` runs it. It is
// a binary of its own so that the graphics library it links costs nothing
// to every other start of puzzlesat. Run `puzzlesat render --help`.
package main

import (
	"os"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/rendercmd"
	"github.com/puzzlesat/puzzlesat/kinds"
)

func main() {
	reg := kinds.Default()
	os.Exit(app.RunOwn(reg, rendercmd.Command(reg)))
}
