package bench

// Shift-puzzle benchmarks (kinds/shift/model, kinds/shift/cnf, kinds/shift/solve/deepen):
//
//	BenchmarkShiftReborn/<encoding>/<solver>: deepening on the Reborn magic
//	shifter up to its optimum, 11 moves, two workers. Metrics: ms-optimum
//	(wall time to the optimal sequence, the whole run), ms-bound (wall
//	time until depths 0..10 were all refuted, i.e. 10 moves proven
//	impossible), cpu-ms-bound (the solvers' time on those depths, added
//	up), ms-find (solver time on the satisfiable depth 11), vars/step and
//	clauses/step (of the depth-11 encoding, per move). The published SAT
//	attempt needed 145 s of Kissat to find an 18-move solution and did not
//	finish 12 states in 4,644 s; ratio-145s and ratio-4644s are our times
//	over those. The default is layers on "ext:cadical --sat" (about 20 s),
//	or on gini without cadical (about 2 min); SHIFT_BENCH=full runs every
//	encoding on cadical, cadical --sat and gini (over an hour: the
//	one-state-per-move encodings do not split a depth into parts).
//	BenchmarkShiftRebornDepth8/<encoding>/<solver>: depths 0..8 only, all
//	refuted: a quick comparison of the encodings.
//	BenchmarkShiftScrambles and BenchmarkShiftLoopover: see
//	shift_random_test.go.

import (
	"context"
	"os"
	"testing"
	"time"

	encshift "github.com/puzzlesat/puzzlesat/kinds/shift/cnf"
	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/deepen"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

// shiftSolvers lists the back-ends to run: gini, and cadical (always in
// stable mode, --sat, which refutes Reborn's parts about 1.7× faster, and
// with its defaults) when the binary is there.
func shiftSolvers(b *testing.B) []string {
	out := []string{"gini"}
	if _, err := solvers.New("ext:cadical"); err == nil {
		out = append([]string{"ext:cadical --sat", "ext:cadical"}, out...)
	} else {
		b.Logf("ext:cadical not available (%v): gini only", err)
	}
	return out
}

func newSolverFunc(name string) func() (sat.Solver, error) {
	return func() (sat.Solver, error) { return solvers.New(name) }
}

// benchJobs: two workers, as on the 2-core machine the targets are set for.
const benchJobs = 2

func rebornRun(b *testing.B, enc *encshift.Encoding, solver string, maxSteps int) *deepen.Result {
	res, err := deepen.Solve(context.Background(), shift.Reborn(), deepen.Options{
		Encoding: enc, MaxSteps: maxSteps, NewSolver: newSolverFunc(solver), Jobs: benchJobs})
	if err != nil {
		b.Fatal(err)
	}
	return res
}

func BenchmarkShiftReborn(b *testing.B) {
	encs := []*encshift.Encoding{mustEnc(b, "layers")}
	solverNames := shiftSolvers(b)[:1]
	if full() {
		encs = encshift.All
		solverNames = shiftSolvers(b)
	}
	for _, enc := range encs {
		for _, solver := range solverNames {
			b.Run(enc.Name+"/"+solver, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					res := rebornRun(b, enc, solver, 11)
					if res.Status != deepen.Optimal || len(res.Moves) != 11 || res.LowerBound != 11 {
						b.Fatalf("%s, %d moves, bound %d; want optimal 11", res.Status, len(res.Moves), res.LowerBound)
					}
					if err := deepen.Check(shift.Reborn(), res.Moves, 11); err != nil {
						b.Fatal(err)
					}
					var cpuBound, bound, find time.Duration
					for _, d := range res.Depths {
						if d.K < 11 {
							cpuBound += d.Elapsed
							bound = d.At
						} else {
							find = d.Elapsed
						}
					}
					last := res.Depths[len(res.Depths)-1]
					b.ReportMetric(float64(res.Elapsed.Milliseconds()), "ms-optimum")
					b.ReportMetric(float64(bound.Milliseconds()), "ms-bound")
					b.ReportMetric(float64(cpuBound.Milliseconds()), "cpu-ms-bound")
					b.ReportMetric(float64(find.Milliseconds()), "ms-find")
					b.ReportMetric(float64(last.Vars)/11, "vars/step")
					b.ReportMetric(float64(last.Clauses)/11, "clauses/step")
					b.ReportMetric(res.Elapsed.Seconds()/145, "ratio-145s")
					b.ReportMetric(res.Elapsed.Seconds()/4644, "ratio-4644s")
					b.Logf("%s/%s: optimum in %v (refutations %v, depth 11 %v): %v", enc.Name, solver,
						res.Elapsed.Round(time.Millisecond), bound.Round(time.Millisecond), find.Round(time.Millisecond), moveNames(res.Moves))
				}
			})
		}
	}
}

// full reports whether SHIFT_BENCH=full asks for the long runs.
func full() bool { return os.Getenv("SHIFT_BENCH") == "full" }

func BenchmarkShiftRebornDepth8(b *testing.B) {
	for _, enc := range encshift.All {
		for _, solver := range shiftSolvers(b) {
			b.Run(enc.Name+"/"+solver, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					res := rebornRun(b, enc, solver, 8)
					if res.Status != deepen.NoSolutionWithin || res.LowerBound != 9 {
						b.Fatalf("%s bound %d; want no-solution-within, 9", res.Status, res.LowerBound)
					}
					last := res.Depths[len(res.Depths)-1]
					b.ReportMetric(float64(res.Elapsed.Milliseconds()), "ms-bound")
					b.ReportMetric(float64(last.Vars)/8, "vars/step")
					b.ReportMetric(float64(last.Clauses)/8, "clauses/step")
				}
			})
		}
	}
}

func moveNames(moves []int) []string {
	p := shift.Reborn()
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.Moves[m].Name
	}
	return out
}

func mustEnc(b *testing.B, name string) *encshift.Encoding {
	e, err := encshift.Lookup(name)
	if err != nil {
		b.Fatal(err)
	}
	return e
}
