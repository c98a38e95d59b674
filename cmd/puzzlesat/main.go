// Command puzzlesat proves facts about pen-and-paper logic puzzles with SAT
// solvers and grades them the way people solve them. Run `puzzlesat help`.
package main

import (
	"os"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/kinds"
)

func main() { os.Exit(app.Main(kinds.Default())) }
