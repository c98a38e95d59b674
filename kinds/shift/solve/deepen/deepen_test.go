package deepen

import (
	"context"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"

	encshift "github.com/puzzlesat/puzzlesat/kinds/shift/cnf"
	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

func newGini() (sat.Solver, error) { return gini.New(), nil }

// oneShot hides gini's incrementality, so Solve takes the rebuild path
// that ext back-ends take.
type oneShot struct{ *gini.Solver }

func (oneShot) Capabilities() sat.Capabilities { return sat.Capabilities{} }
func (oneShot) Name() string                   { return "gini-one-shot" }

func newOneShot() (sat.Solver, error) { return oneShot{gini.New()}, nil }

func TestDeepenMatchesSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("deepens and searches scrambles to their optimum, tens of seconds: skipped by -short")
	}
	rng := rand.New(rand.NewPCG(31, 32))
	var puzzles []*shift.Puzzle
	for i := 0; i < 5; i++ {
		q, _, err := shift.Scramble(shift.Reborn(), 4+i%3, rng)
		if err != nil {
			t.Fatal(err)
		}
		puzzles = append(puzzles, q)
	}
	lo, _ := shift.Loopover(2, 3)
	for i := 0; i < 3; i++ {
		q, _, _ := shift.Scramble(lo, 10, rng)
		puzzles = append(puzzles, q)
	}
	ways := []struct {
		name string
		opt  Options
	}{
		{"incremental, one worker", Options{NewSolver: newGini, Jobs: 1}},
		{"rebuilt per part", Options{NewSolver: newOneShot, Jobs: 1}},
		{"two workers", Options{NewSolver: newGini, Jobs: 2}},
		{"rebuilt per part, three workers", Options{NewSolver: newOneShot, Jobs: 3}},
	}
	for i, p := range puzzles {
		r, err := search.Solve(context.Background(), p, search.Options{Method: "bfs"})
		if err != nil || r.Status != search.Optimal {
			t.Fatalf("puzzle %d: exact search %v %v", i, r, err)
		}
		want := len(r.Moves)
		for _, w := range ways {
			res, err := Solve(context.Background(), p, w.opt)
			if err != nil {
				t.Fatalf("puzzle %d %s: %v", i, w.name, err)
			}
			if res.Status != Optimal || len(res.Moves) != want || res.LowerBound != want {
				t.Errorf("puzzle %d %s: %s, %d moves, bound %d; exact search %d", i, w.name, res.Status, len(res.Moves), res.LowerBound, want)
			}
			if err := Check(p, res.Moves, want); err != nil {
				t.Errorf("puzzle %d %s: %v", i, w.name, err)
			}
			// The proof: one depth per k, all refuted before the optimum.
			if len(res.Depths) != want+1 {
				t.Errorf("puzzle %d %s: %d depths, want %d", i, w.name, len(res.Depths), want+1)
			}
			for k, d := range res.Depths {
				wantSt := "UNSATISFIABLE"
				if k == want {
					wantSt = "SATISFIABLE"
				}
				if d.K != k || d.Status != wantSt {
					t.Errorf("puzzle %d %s: depth %d is %d %s, want %s", i, w.name, k, d.K, d.Status, wantSt)
				}
				// A refuted depth lists every part (the layers encoding
				// splits depth k > 0 into 2k), each refuted.
				if wantSt == "UNSATISFIABLE" {
					wantParts := max(1, 2*k)
					if len(d.Parts) != wantParts {
						t.Errorf("puzzle %d %s: depth %d has %d parts, want %d", i, w.name, k, len(d.Parts), wantParts)
					}
					for _, pt := range d.Parts {
						if pt.Status != wantSt {
							t.Errorf("puzzle %d %s: depth %d part %s is %s", i, w.name, k, pt.Name, pt.Status)
						}
					}
				}
			}
		}
	}
}

// refutedDepth matches a refuted depth's line of the progress log.
var refutedDepth = regexp.MustCompile(`(?m)^depth +\d+: UNSATISFIABLE`)

func TestDeepenBounds(t *testing.T) {
	p := shift.Reborn()
	var log strings.Builder
	var seen []Depth
	res, err := Solve(context.Background(), p, Options{NewSolver: newGini, MaxSteps: 4, Progress: &log,
		OnDepth: func(d Depth) { seen = append(seen, d) }})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(seen, res.Depths) {
		t.Errorf("OnDepth saw %v, want the result's depths %v", seen, res.Depths)
	}
	if res.Status != NoSolutionWithin || res.LowerBound != 5 || len(res.Depths) != 5 {
		t.Errorf("max 4: %s bound %d, %d depths; want no-solution-within, 5, 5", res.Status, res.LowerBound, len(res.Depths))
	}
	// Count the depths' lines only: a part that runs long (a loaded
	// machine) gets a progress line of its own, "depth 4 part L4A …".
	if got := len(refutedDepth.FindAllString(log.String(), -1)); got != 5 {
		t.Errorf("progress has %d refuted depths, want 5:\n%s", got, log.String())
	}
	for _, jobs := range []int{1, 2} {
		// Ended once depth 0 is refuted, not after a fixed time: on a
		// loaded machine a time limit could end the run before any depth.
		ctx, cancel := context.WithCancel(context.Background())
		res, err = Solve(ctx, p, Options{NewSolver: newGini, Jobs: jobs, Progress: cancelOn{"UNSATISFIABLE", cancel}})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Unknown || res.LowerBound < 1 || res.LowerBound > 11 {
			t.Errorf("jobs %d, timeout: %s bound %d; want unknown with a bound in 1..11", jobs, res.Status, res.LowerBound)
		}
	}
	// Start already solved: depth 0 is satisfiable.
	lo, _ := shift.Loopover(2, 2)
	res, err = Solve(context.Background(), lo, Options{NewSolver: newGini})
	if err != nil || res.Status != Optimal || len(res.Moves) != 0 {
		t.Errorf("solved puzzle: %+v %v", res, err)
	}
}

func TestEveryEncodingThroughDeepen(t *testing.T) {
	q, _, err := shift.Scramble(shift.Reborn(), 5, rand.New(rand.NewPCG(9, 9)))
	if err != nil {
		t.Fatal(err)
	}
	want := -1
	for _, enc := range encshift.All {
		res, err := Solve(context.Background(), q, Options{NewSolver: newGini, Encoding: enc})
		if err != nil || res.Status != Optimal {
			t.Fatalf("%s: %v %v", enc.Name, res, err)
		}
		if want < 0 {
			want = len(res.Moves)
		}
		if len(res.Moves) != want || res.Encoding != enc.Name || res.Solver != "gini" {
			t.Errorf("%s: %d moves (want %d), encoding %q solver %q", enc.Name, len(res.Moves), want, res.Encoding, res.Solver)
		}
	}
}

func TestCheck(t *testing.T) {
	p := shift.Reborn()
	var sol []int
	for _, n := range strings.Fields("c3d r1l r2r r3l c3d c5u r1l r1l c5u c4u r1l") {
		m, _ := p.MoveIndex(n)
		sol = append(sol, m)
	}
	if err := Check(p, sol, 11); err != nil {
		t.Errorf("the 11-move solution: %v", err)
	}
	if err := Check(p, sol[:10], 10); err == nil {
		t.Error("10 moves accepted")
	}
	if err := Check(p, sol, 12); err == nil {
		t.Error("wrong length accepted")
	}
	if err := Check(p, []int{99}, 1); err == nil {
		t.Error("bad move index accepted")
	}
}

// cancelOn is a progress writer that cancels a run when a line holds word.
type cancelOn struct {
	word   string
	cancel context.CancelFunc
}

func (c cancelOn) Write(p []byte) (int, error) {
	if strings.Contains(string(p), c.word) {
		c.cancel()
	}
	return len(p), nil
}
