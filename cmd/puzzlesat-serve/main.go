// Command puzzlesat-serve is the web playground: `puzzlesat serve` runs it.
// It is a binary of its own so that the HTTP stack it links (net/http and
// the crypto packages under it, about 7 MB of binary) costs nothing to
// every other start of puzzlesat. Run `puzzlesat serve --help`.
package main

import (
	"os"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/servecmd"
	"github.com/puzzlesat/puzzlesat/kinds"
)

func main() {
	reg := kinds.Default()
	os.Exit(app.RunOwn(reg, servecmd.Command()))
}
