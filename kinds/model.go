package kinds

import (
	jm "github.com/puzzlesat/puzzlesat/puzzle/juosan"
	lm "github.com/puzzlesat/puzzlesat/puzzle/linjat"
	sm "github.com/puzzlesat/puzzlesat/puzzle/shinro"
)

// The Model methods give code that draws a puzzle (package render) the
// kind's own model behind an Instance: territories, arrows and dots are not
// part of the kind-independent view. arrowsInstance has had one since rules
// audit needed it.

// Model returns the Juosan model behind the instance.
func (x *juosanInstance) Model() *jm.Puzzle { return x.Puzzle }

// Model returns the Shinro model behind the instance.
func (x *shinroInstance) Model() *sm.Puzzle { return x.Puzzle }

// Model returns the Linjat model behind the instance.
func (x *linjatInstance) Model() *lm.Puzzle { return x.Puzzle }
