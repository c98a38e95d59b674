// Command puzzlesat proves facts about pen-and-paper logic puzzles with SAT
// solvers and grades them the way people solve them. Run `puzzlesat help`.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/puzzlesat/puzzlesat/app"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := app.Run(ctx, os.Stdin, os.Stdout, os.Stderr, os.Args)
	stop()
	os.Exit(code)
}
