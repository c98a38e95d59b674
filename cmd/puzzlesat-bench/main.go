// Command puzzlesat-bench benchmarks the encodings: `puzzlesat bench` runs
// it. It is a binary of its own so that what it links (a plotting library
// with fonts, the Go benchmark format and statistics, a progress bar)
// costs nothing to every other start of puzzlesat, gophersat's workers
// included. Run `puzzlesat bench --help`.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/app/benchcmd"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	args := os.Args
	// Run as `puzzlesat-bench bench ...` by puzzlesat, or by hand as
	// `puzzlesat-bench ...`.
	if len(args) < 2 || args[1] != "bench" {
		args = append([]string{args[0], "bench"}, args[1:]...)
	}
	args[0] = "puzzlesat"
	code := app.RunWith(ctx, os.Stdin, os.Stdout, os.Stderr, args, []*cli.Command{benchcmd.Command()})
	stop()
	os.Exit(code)
}
