package shift

import "github.com/puzzlesat/puzzlesat/kinds/kind"

// play: the page moves the tokens and asks for the shortest solution,
// proven as shift solve proves it.
var play = &kind.Play{
	Mode:  kind.PlayMoves,
	HowTo: "Click a move (r = row left/right, c = column up/down) or type moves; ask for the shortest solution: the exact search and SAT side by side prove that no shorter one exists.",
}
