// Command puzzlesat-render draws puzzles: `puzzlesat render` runs it. It is
// a binary of its own so that the graphics library it links costs nothing
// to every other start of puzzlesat. Run `puzzlesat render --help`.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/rendercmd"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	args := os.Args
	// Run as `puzzlesat-render render ...` by puzzlesat, or by hand as
	// `puzzlesat-render ...`.
	if len(args) < 2 || args[1] != "render" {
		args = append([]string{args[0], "render"}, args[1:]...)
	}
	args[0] = "puzzlesat"
	code := app.RunWith(ctx, os.Stdin, os.Stdout, os.Stderr, args, []*cli.Command{rendercmd.Command()})
	stop()
	os.Exit(code)
}
