package report

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"

	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/render"
)

// Instance reads back the puzzle of a record from its canonical text, to
// draw it: no solving.
func Instance(reg *kinds.Registry, r *Record) (kind.Instance, error) {
	if r.Puzzle == "" {
		return nil, fmt.Errorf("%s: the record carries no puzzle to draw", r.Label())
	}
	k, err := reg.Lookup(r.Kind)
	if err != nil {
		return nil, err
	}
	insts, err := k.Parse(r.File, []byte(r.Puzzle), kind.Options{Flags: r.Flags})
	if err != nil {
		return nil, fmt.Errorf("%s: reading its puzzle back: %v", r.Label(), err)
	}
	if len(insts) != 1 {
		return nil, fmt.Errorf("%s: its puzzle reads back as %d puzzles", r.Label(), len(insts))
	}
	return insts[0], nil
}

// Pictures are the drawings of one record.
type Pictures struct {
	// Puzzle is the puzzle alone; with the conflicting clues highlighted
	// when it is unsolvable.
	Puzzle *canvas.Canvas
	// Solution is the (first) solution, nil when there is none.
	Solution *canvas.Canvas
	// Both are two solutions side by side, the cells where they differ
	// marked (multiple).
	Both *canvas.Canvas
	// Redundant is the puzzle with its redundant clues highlighted (nil
	// when it has none).
	Redundant *canvas.Canvas
}

// Draw draws a record's pictures with the fonts f (render.LoadFonts; one
// goroutine at a time).
func Draw(reg *kinds.Registry, r *Record, f *render.Fonts) (*Pictures, error) {
	if reg.MovesKind(r.Kind) != nil {
		return drawMoves(reg, r)
	}
	inst, err := Instance(reg, r)
	if err != nil {
		return nil, err
	}
	n := len(inst.Vars())
	for _, a := range []puzzle.Assignment{r.Solution, r.Second} {
		if a != nil && len(a) != n {
			return nil, fmt.Errorf("%s: a solution of %d values for %d unknowns", r.Label(), len(a), n)
		}
	}
	p := &Pictures{}
	plain := answer.Figure{}
	if r.Verdict == Unsolvable && len(r.Conflict) > 0 {
		plain = highlight(n, r.Conflict)
	}
	if p.Puzzle, err = f.Draw(inst, plain); err != nil {
		return nil, err
	}
	if r.Solution != nil {
		if p.Solution, err = f.Draw(inst, answer.Figure{Values: r.Solution}); err != nil {
			return nil, err
		}
	}
	if r.Second != nil {
		if p.Both, err = f.Draw(inst, answer.Figure{Values: r.Solution, Second: r.Second}); err != nil {
			return nil, err
		}
	}
	if len(r.Redundant) > 0 {
		if p.Redundant, err = f.Draw(inst, highlight(n, r.Redundant)); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// highlight is a picture of the puzzle with the clues' cells highlighted
// (drawn as a step that looks at them and eliminates nothing).
func highlight(n int, clues []Clue) answer.Figure {
	step := &human.Step{}
	for _, c := range clues {
		step.Cells = append(step.Cells, c.Cell)
	}
	return answer.Figure{Hint: step, Start: make([]human.Cands, n)}
}

// svgSize matches the size attributes of render's SVG element.
var svgSize = regexp.MustCompile(`^<svg version="1.1" width="([0-9.]+)mm" height="([0-9.]+)mm"`)

// Arrange orders records for a report: the problems first (malformed,
// unsolvable, multiple, timed out), then the rest; within each, by input
// order, or with byDifficulty easiest first (band, then score; puzzles
// in no band last).
func Arrange(reg *kinds.Registry, recs []Record, byDifficulty bool) []*Record {
	out := make([]*Record, len(recs))
	for i := range recs {
		out[i] = &recs[i]
	}
	slices.SortStableFunc(out, func(a, b *Record) int {
		if c := cmp.Compare(a.problemRank(), b.problemRank()); c != 0 {
			return c
		}
		if byDifficulty {
			if c := cmp.Compare(bandRank(reg, a), bandRank(reg, b)); c != 0 {
				return c
			}
			if c := cmp.Compare(score(a), score(b)); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.Index, b.Index)
	})
	return out
}

// bandRank is the place of a record's band among its kind's (easiest
// first); no band comes after every band.
func bandRank(reg *kinds.Registry, r *Record) int {
	if r.Grade == nil || r.Grade.Band == "" {
		return 1 << 20
	}
	if k, err := reg.Lookup(r.Kind); err == nil && k.Generate != nil {
		for i, b := range k.Generate.Bands {
			if b.Name == r.Grade.Band {
				return i
			}
		}
	}
	return 1 << 19
}

func score(r *Record) float64 {
	if r.Grade == nil {
		return 0
	}
	return r.Grade.Score
}
