package deepen

import (
	"context"
	"errors"
	"fmt"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// outOfTime is gini that answers every search with a deadline error of its
// own (as a back-end with a timer of its own does), while the run's
// context is still live.
type outOfTime struct{ *gini.Solver }

func (outOfTime) Solve(context.Context, ...int) (sat.Status, error) {
	return sat.Unknown, fmt.Errorf("back-end: %w", context.DeadlineExceeded)
}

// TestDeepenWrapsPartErrors: a part's error is wrapped, not flattened to
// text, so that a caller (serve's 503) can tell a timeout from a fault.
func TestDeepenWrapsPartErrors(t *testing.T) {
	res, err := Solve(context.Background(), shift.Reborn(), Options{
		NewSolver: func() (sat.Solver, error) { return outOfTime{gini.New()}, nil }})
	if err == nil || res == nil || res.Status != Unknown {
		t.Fatalf("have %+v, %v; want unknown and an error", res, err)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("errors.Is(%q, context.DeadlineExceeded) is false: the part's error is not wrapped", err)
	}
}
