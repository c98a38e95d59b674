package kinds

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/human"
	ha "github.com/puzzlesat/puzzlesat/human/arrows"
	"github.com/puzzlesat/puzzlesat/human/arrows/fol"
	"github.com/puzzlesat/puzzlesat/puzzle"
	am "github.com/puzzlesat/puzzlesat/puzzle/arrows"
)

// arrowsDraft is a Japanese Arrows puzzle from human/arrows.Generate with
// the solution its engine found. Its clues are the givens.
type arrowsDraft struct {
	p *am.Puzzle
}

var _ Draft = (*arrowsDraft)(nil)

// arrowsLayouts bounds the layouts human/arrows.Generate tries per attempt.
const arrowsLayouts = 20

// startArrows runs human/arrows.Generate with the kind's rules and trial
// depth; it returns nil when no layout worked out.
func startArrows(ctx context.Context, rng *rand.Rand, opt GenOptions) (Draft, error) {
	rs := ha.Default()
	if opt.Kind.Rules != "" {
		var err error
		if rs, err = ha.LoadRules(opt.Kind.Rules); err != nil {
			return nil, err
		}
	}
	rules, err := rs.HumanRules(fol.AllOptimizations)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	eng := &human.Engine{Rules: rules}
	p, err := ha.Generate(ctx, rng, eng, ha.GenOptions{Rows: opt.Rows, Cols: opt.Cols, Attempts: arrowsLayouts})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, nil
	}
	p.Title = opt.Name
	return &arrowsDraft{p: p}, nil
}

func (d *arrowsDraft) Text(withSol bool) string {
	if withSol {
		return d.p.CanonicalText(d.p.Solution)
	}
	return d.p.CanonicalText(nil)
}

func (d *arrowsDraft) Intended() puzzle.Assignment { return d.p.Solution }

// exclude finds nothing: human/arrows.Generate returns puzzles its (sound)
// rules solve, so they are unique already; a second solution means the
// rules are unsound and the attempt is dropped.
func (d *arrowsDraft) Exclude(*rand.Rand, []puzzle.Assignment) (Draft, error) { return nil, nil }

func (d *arrowsDraft) Clues() []int {
	var ids []int
	for r, row := range d.p.Given {
		for c, g := range row {
			if g >= 0 {
				ids = append(ids, r*d.p.NumCols+c)
			}
		}
	}
	return ids
}

func (d *arrowsDraft) Without(id int) (Draft, error) {
	q := *d.p
	q.Given = make([][]int, len(d.p.Given))
	for r := range q.Given {
		q.Given[r] = append([]int(nil), d.p.Given[r]...)
	}
	q.Given[id/q.NumCols][id%q.NumCols] = -1
	q.Prepare()
	return &arrowsDraft{p: &q}, nil
}
