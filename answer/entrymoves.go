package answer

import (
	"context"
	"fmt"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// movesEntry is the entry of p, a puzzle of the moves kind k: its
// shortest solution by its kind's default method, on the puzzle's budget.
func movesEntry(ctx context.Context, k *kind.Kind, p kind.MovesPuzzle, opt EntryOptions) (EntryRecord, error) {
	r := EntryRecord{Kind: k.Name, Name: p.Title(), Entry: 1, Puzzle: p.Text()}
	method := Methods(k)[0]
	sopt := ShortestOptions{Method: method, Jobs: 1}
	if method != MethodSearch {
		sopt.NewSolver = opt.Solver
	}
	sctx, cancel := budget(ctx, opt.PuzzleTimeout)
	defer cancel()
	t0 := time.Now()
	res, err := ShortestSolution(sctx, k, p, sopt)
	if res == nil {
		if timedOut(sctx, err) {
			r.Verdict, r.TimedOut = Timeout, true
			r.Error = "the time limit ran out before the shortest solution's proof"
			return r, nil
		}
		r.Verdict = Malformed
		return r, err
	}
	rec := Record(res, p, method, sopt.MaxSteps, time.Since(t0))
	rec.States = nil // the pictures draw them, from the moves
	r.Shortest = &rec
	switch res.Status {
	case kind.Optimal:
		r.Verdict = Optimal
	case kind.NoSolutionWithin:
		r.Verdict = NoSolution
	default:
		r.Verdict, r.TimedOut = Timeout, true
		r.Error = fmt.Sprintf("stopped before the shortest solution's proof: no solution has fewer than %s", plural.N(res.LowerBound, "move"))
		if err != nil && !timedOut(sctx, err) {
			r.Error += ": " + err.Error()
		}
	}
	return r, nil
}
