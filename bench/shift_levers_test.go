package bench

// BenchmarkShiftRebornLevers/<lever>: one depth of Reborn (SHIFT_DEPTH,
// default 10) refuted on one solver, part after part, each lever on its
// own: how much each one brings to the hardest refutation of the proof.
// Metrics: cpu-ms (this process and its solver subprocesses: comparable
// on a loaded machine, unlike wall time), ms (wall), solves.
//
//	parts       every part at once (the split of the layers encoding)
//	middle      every part case by case by its middle cases (the default)
//	cubes       every part cube by cube (its start-side layer fixed, as
//	            shift cubes writes them), on one incremental solver
//	cubes+pdb   cubes whose start-side state the pattern databases
//	            (search.NewHeuristic, pdb-ms to build) put beyond the
//	            moves left are refuted without the solver
//	gophersat   every part at once on gophersat (a fresh solver per part)
//	cadical     every part at once on "ext:cadical --sat"
//
// gini is the solver unless named. Run one lever at a time with
// -bench 'ShiftRebornLevers/middle$'.

import (
	"context"
	"os"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/proctest"
	encshift "github.com/puzzlesat/puzzlesat/kinds/shift/cnf"
	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

// cpuTime is the CPU time of this process, of its reaped children and of
// its live children (gophersat's pooled workers, read from /proc where
// there is one).
func cpuTime() time.Duration {
	var self, kids syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	tv := func(r syscall.Rusage) time.Duration {
		return time.Duration(r.Utime.Nano() + r.Stime.Nano())
	}
	return tv(self) + tv(kids) + liveChildren()
}

// liveChildren adds up the user and system time of the running children.
func liveChildren() time.Duration {
	var sum time.Duration
	for _, kid := range proctest.Children(os.Getpid()) {
		sum += kid.CPU
	}
	return sum
}

func shiftDepth(b *testing.B) int {
	if s := os.Getenv("SHIFT_DEPTH"); s != "" {
		k, err := strconv.Atoi(s)
		if err != nil || k < 0 {
			b.Fatalf("SHIFT_DEPTH=%q", s)
		}
		return k
	}
	return 10
}

func BenchmarkShiftRebornLevers(b *testing.B) {
	k := shiftDepth(b)
	levers := []struct {
		name, solver string
		middle       bool
		split        string // "parts", "middle" or "cubes"
		pdb          bool
	}{
		{"parts", "gini", false, "parts", false},
		{"middle", "gini", true, "middle", false},
		{"cubes", "gini", false, "cubes", false},
		{"cubes+pdb", "gini", false, "cubes", true},
		{"gophersat", "gophersat", false, "parts", false},
		{"cadical", "ext:cadical --sat", false, "parts", false},
	}
	for _, lv := range levers {
		b.Run(lv.name, func(b *testing.B) {
			if _, err := solvers.New(lv.solver); err != nil {
				b.Skipf("%s: %v", lv.solver, err)
			}
			for i := 0; i < b.N; i++ {
				p := shift.Reborn()
				var h *search.Heuristic
				if lv.pdb {
					goals, _ := p.GoalStates(1000, 10_000_000)
					t0 := time.Now()
					var err error
					if h, err = search.NewHeuristic(context.Background(), p, goals, 4_000_000, 2, tablecache.DefaultDir()); err != nil {
						b.Fatal(err)
					}
					b.ReportMetric(float64(time.Since(t0).Milliseconds()), "pdb-ms")
				}
				cpu0, t0 := cpuTime(), time.Now()
				solves, pruned := refuteDepth(b, p, k, lv.solver, lv.middle, lv.split, h)
				b.ReportMetric(float64((cpuTime() - cpu0).Milliseconds()), "cpu-ms")
				b.ReportMetric(float64(time.Since(t0).Milliseconds()), "ms")
				b.ReportMetric(float64(solves), "solves")
				if lv.pdb {
					b.ReportMetric(float64(pruned), "pruned")
				}
			}
		})
	}
}

// refuteDepth refutes depth k of p on one solver (an incremental one
// keeps its encoding and learnt clauses throughout; others get a fresh
// solver per call) and fails unless every call is unsatisfiable.
func refuteDepth(b *testing.B, p *shift.Puzzle, k int, solver string, middle bool, split string, h *search.Heuristic) (solves, pruned int) {
	enc, _ := encshift.Lookup("layers")
	opt := encshift.Options{MaxSteps: k, NoMiddle: !middle}
	fresh := func() (sat.Solver, encshift.Deepener) {
		s, err := solvers.New(solver)
		if err != nil {
			b.Fatal(err)
		}
		d, err := encshift.NewExtended(enc, p, s, opt, k)
		if err != nil {
			b.Fatal(err)
		}
		d.Parts(k) // the start's clauses come with the depth's assumptions
		return s, d
	}
	s, d := fresh()
	var calls [][]int
	switch split {
	case "parts":
		for _, pt := range d.Parts(k) {
			calls = append(calls, pt.Assume)
		}
	case "middle":
		for _, pt := range d.Parts(k) {
			if len(pt.Middle) == 0 {
				calls = append(calls, pt.Assume)
			}
			for _, c := range pt.Middle {
				calls = append(calls, slices.Concat(pt.Assume, c))
			}
		}
	case "cubes":
		for _, c := range d.(encshift.Cuber).Cubes(k) {
			if h != nil {
				st := p.Start
				for _, m := range c.Word {
					st = p.Moves[m].Apply(st)
				}
				if h.H(st) > k-len(c.Word) { // Word is a shortest word: its length is its cost
					pruned++
					continue
				}
			}
			calls = append(calls, c.Assume)
		}
	}
	incremental := s.Capabilities().Incremental
	for i, as := range calls {
		if i > 0 && !incremental {
			s, _ = fresh()
		}
		st, err := s.Solve(context.Background(), as...)
		if err != nil || st != sat.Unsat {
			b.Fatalf("depth %d call %d: %v %v; want UNSATISFIABLE", k, i, st, err)
		}
		solves++
	}
	return solves, pruned
}
