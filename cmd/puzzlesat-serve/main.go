// Command puzzlesat-serve is the web playground: `puzzlesat serve` runs it.
// It is a binary of its own so that the HTTP stack it links (net/http and
// the crypto packages under it, about 7 MB of binary) costs nothing to
// every other start of puzzlesat. Run `puzzlesat serve --help`.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/servecmd"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	args := os.Args
	// Run as `puzzlesat-serve serve ...` by puzzlesat, or by hand as
	// `puzzlesat-serve ...`.
	if len(args) < 2 || args[1] != "serve" {
		args = append([]string{args[0], "serve"}, args[1:]...)
	}
	args[0] = "puzzlesat"
	code := app.RunWith(ctx, os.Stdin, os.Stdout, os.Stderr, args, []*cli.Command{servecmd.Command()})
	stop()
	os.Exit(code)
}
