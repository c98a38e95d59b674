package report

import (
	"fmt"
	"strings"

	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/render"
)

// A puzzle played by moves (a shift puzzle) has no cells to fill: its
// record is its shortest solution and the proof that none is shorter,
// what `shift solve` answers (answer.Entry asks answer.ShortestSolution),
// its verdict Optimal or NoSolution (or Timeout), and its pictures the
// puzzle and the strip of that solution.

// movesPuzzle reads back the puzzle of a moves record from its text.
func movesPuzzle(reg *kinds.Registry, r *Record) (*kind.Kind, kind.MovesPuzzle, error) {
	k := reg.MovesKind(r.Kind)
	if k == nil {
		return nil, nil, fmt.Errorf("%s: %s is no kind played by moves", r.Label(), r.Kind)
	}
	p, err := k.Moves.Parse(r.File, []byte(r.Puzzle))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: reading its puzzle back: %v", r.Label(), err)
	}
	return k, p, nil
}

// drawMoves draws a moves record: the puzzle (its start, and its target
// when it has one) and, when proven, the strip of its shortest solution.
func drawMoves(reg *kinds.Registry, r *Record) (*Pictures, error) {
	k, p, err := movesPuzzle(reg, r)
	if err != nil {
		return nil, err
	}
	pics := &Pictures{}
	if pics.Puzzle, err = render.DrawShift(p, render.ShiftPlain(k.Name, p)); err != nil {
		return nil, err
	}
	if s := r.Shortest; s != nil && r.Verdict == Optimal {
		pic := render.ShiftPlain(k.Name, p)
		pic.Title += " — shortest solution, " + plural.N(s.Length, "move")
		pic.Moves, pic.Caption = s.Moves, proofNote(s)
		if len(s.Moves) == 0 {
			pic.Moves = []string{} // the start alone, already solved
		}
		var c *canvas.Canvas
		if c, err = render.DrawShift(p, pic); err != nil {
			return nil, err
		}
		pics.Solution = c
	}
	return pics, nil
}

// Extent is what a list of the puzzles says of a record's size: "RxC",
// or of a puzzle played by moves the length of its proven shortest
// solution ("11 moves").
func (r *Record) Extent() string {
	if r.Shortest != nil && r.Verdict == Optimal {
		return plural.N(r.Shortest.Length, "move")
	}
	return r.Size()
}

// MovesNote says what a moves record proved, for the page and the
// booklet: "optimal, 11 moves: c3d r1l …", "no solution within 20
// moves", "unknown: no solution has fewer than 9 moves".
func (r *Record) MovesNote() string {
	s := r.Shortest
	if s == nil {
		return r.Verdict
	}
	switch r.Verdict {
	case Optimal:
		if s.Length == 0 {
			return "optimal: the start is solved already"
		}
		return fmt.Sprintf("optimal, %s: %s", plural.N(s.Length, "move"), strings.Join(s.Moves, " "))
	case NoSolution:
		return fmt.Sprintf("no solution within %s", plural.N(s.ProvedLowerBound, "move"))
	}
	return fmt.Sprintf("unknown: no solution has fewer than %s", plural.N(s.ProvedLowerBound, "move"))
}

// proofNote says how a moves record's optimum is proven, as the picture
// of `render --solution` says it: "no solution has fewer than 11 moves:
// proven by the exact search".
func proofNote(s *answer.ShortestRecord) string {
	n := plural.N(s.ProvedLowerBound, "move")
	switch {
	case s.ProvedLowerBound == 0:
		return "the start is solved already"
	case s.Proof == kind.ProofBound:
		return fmt.Sprintf("no solution has fewer than %s: the proven lower bound, met by a solution found", n)
	case s.Proof == kind.ProofSearch:
		return fmt.Sprintf("no solution has fewer than %s: proven by the exact search", n)
	}
	return fmt.Sprintf("no solution has fewer than %s: depths 0..%d refuted with %s, %s encoding", n, s.ProvedLowerBound-1, s.Solver, s.Encoding)
}
