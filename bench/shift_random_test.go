package bench

// Random shift instances by method: median and worst time to an optimum
// with its proof, each method's optimum checked against the exact search.
//
//	BenchmarkShiftScrambles/<method>: 100 Reborn scrambles, scramble i
//	taking 5 + i%8 random moves from a random goal state (seed 1000+i).
//	BenchmarkShiftLoopover/<R>x<C>/<method>: 100 Loopover scrambles of
//	100 random moves (seed i).
//
// Methods: ida (IDA* with the heuristic built once for all instances,
// its time in ms-heuristic: pattern databases for Reborn, walking
// distances for Loopover), search (the exact search as `shift solve
// --method search` runs it, heuristic included), sat (deepening on gini,
// two workers), sat-cadical ("ext:cadical --sat", when installed), auto
// (the hybrid, as `shift solve --method auto`). Metrics: median-ms,
// mean-ms, max-ms (wall), median-cpu-ms (this process and its solver
// subprocesses), timeouts, mean-length; every instance's log line names
// its optimum. SHIFT_SCRAMBLES=N runs the first N instances;
// SHIFT_TIMEOUT (a duration, default none; 120s for SAT on Loopover 4×4,
// which is also cut to its first 10 instances) bounds each instance.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/deepen"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/hybrid"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

// instanceCount is SHIFT_SCRAMBLES, else def.
func instanceCount(b *testing.B, def int) int {
	if s := os.Getenv("SHIFT_SCRAMBLES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("SHIFT_SCRAMBLES=%q", s)
		}
		return min(n, def)
	}
	return def
}

// instanceTimeout is SHIFT_TIMEOUT, else def.
func instanceTimeout(b *testing.B, def time.Duration) time.Duration {
	if s := os.Getenv("SHIFT_TIMEOUT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			b.Fatalf("SHIFT_TIMEOUT=%q", s)
		}
		return d
	}
	return def
}

// outcome is one method's answer on one instance.
type outcome struct {
	length   int // -1: no answer in time
	wall     time.Duration
	cpu      time.Duration
	proof    string
	timedOut bool
}

// method solves one instance.
type method func(ctx context.Context, p *shift.Puzzle) (length int, proof string, err error)

func satMethod(solver string) method {
	return func(ctx context.Context, p *shift.Puzzle) (int, string, error) {
		res, err := deepen.Solve(ctx, p, deepen.Options{MaxSteps: 30, Jobs: benchJobs,
			NewSolver: func() (sat.Solver, error) { return solvers.New(solver) }})
		if err != nil || res.Status != deepen.Optimal {
			return -1, "", err
		}
		return len(res.Moves), hybrid.ProofSAT, nil
	}
}

func searchMethod(opt search.Options) method {
	return func(ctx context.Context, p *shift.Puzzle) (int, string, error) {
		r, err := search.Solve(ctx, p, opt)
		if err != nil || r.Status != search.Optimal {
			return -1, "", err
		}
		return len(r.Moves), hybrid.ProofSearch, nil
	}
}

func autoMethod(ctx context.Context, p *shift.Puzzle) (int, string, error) {
	h, err := hybrid.Solve(ctx, p, hybrid.Options{Deepen: deepen.Options{
		NewSolver: func() (sat.Solver, error) { return solvers.New("gini") }}})
	if err != nil || h.Status != deepen.Optimal {
		return -1, "", err
	}
	return len(h.Moves), h.Proof, nil
}

// runMethod solves every instance with m and checks its optima against
// want (-1: not known), then reports the metrics.
func runMethod(b *testing.B, ps []*shift.Puzzle, want []int, m method, timeout time.Duration) []outcome {
	var out []outcome
	for i, p := range ps {
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if timeout > 0 {
			ctx, cancel = context.WithTimeout(ctx, timeout)
		}
		c0, t0 := cpuTime(), time.Now()
		length, proof, err := m(ctx, p)
		o := outcome{length: length, wall: time.Since(t0), cpu: cpuTime() - c0, proof: proof}
		timedOut := ctx.Err() != nil
		cancel()
		switch {
		case timedOut:
			o.timedOut, o.length = true, -1
		case err != nil || length < 0:
			b.Fatalf("%s: %v (no optimum)", p.Name, err)
		case want != nil && want[i] >= 0 && length != want[i]:
			b.Errorf("%s: optimum %d, exact search %d", p.Name, length, want[i])
		}
		b.Logf("%s: optimum %d, %v (cpu %v) %s", p.Name, o.length, o.wall.Round(time.Millisecond), o.cpu.Round(time.Millisecond), o.proof)
		out = append(out, o)
	}
	report(b, out)
	return out
}

// report sets the metrics of a method's outcomes. Timed-out instances
// count at their time limit in the median and the maximum.
func report(b *testing.B, out []outcome) {
	var walls, cpus []float64
	sum, n, timeouts, total := 0.0, 0, 0, 0
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	for _, o := range out {
		walls = append(walls, ms(o.wall))
		cpus = append(cpus, ms(o.cpu))
		sum += ms(o.wall)
		if o.timedOut {
			timeouts++
			continue
		}
		n++
		total += o.length
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	b.ReportMetric(walls[len(walls)/2], "median-ms")
	b.ReportMetric(sum/float64(len(walls)), "mean-ms")
	b.ReportMetric(walls[len(walls)-1], "max-ms")
	b.ReportMetric(cpus[len(cpus)/2], "median-cpu-ms")
	b.ReportMetric(float64(timeouts), "timeouts")
	if n > 0 {
		b.ReportMetric(float64(total)/float64(n), "mean-length")
	}
}

// scrambles returns n instances of p: the start moved by moves(i) random
// moves with seed seed(i).
func scrambles(b *testing.B, p *shift.Puzzle, n int, moves func(int) int, seed func(int) uint64) []*shift.Puzzle {
	var out []*shift.Puzzle
	for i := 0; i < n; i++ {
		q, _, err := shift.Scramble(p, moves(i), rand.New(rand.NewPCG(seed(i), 0x5eed)))
		if err != nil {
			b.Fatal(err)
		}
		q.Name = fmt.Sprintf("%s-%d", p.Name, i)
		out = append(out, q)
	}
	return out
}

// exactOptima solves every instance with IDA* and the shared heuristic.
func exactOptima(b *testing.B, ps []*shift.Puzzle, goals [][]int, h *search.Heuristic) []int {
	var want []int
	for _, p := range ps {
		r, err := search.Solve(context.Background(), p, search.Options{Goals: goals, Heuristic: h, Method: "ida"})
		if err != nil || r.Status != search.Optimal {
			b.Fatalf("%s: exact search %v %v", p.Name, r, err)
		}
		want = append(want, len(r.Moves))
	}
	return want
}

// exactReference is the exact search's answer on a set of scrambles,
// built on first use: the heuristic (pattern databases or walking
// distances) and the IDA* optimum of every instance, which every method
// must equal.
type exactReference struct {
	p     *shift.Puzzle
	ps    []*shift.Puzzle
	goals [][]int
	h     *search.Heuristic
	want  []int
}

func (r *exactReference) prepare(b *testing.B) {
	if r.h != nil {
		return
	}
	t0 := time.Now()
	var err error
	if r.h, err = search.NewHeuristic(context.Background(), r.p, r.goals, 4_000_000, 2, tablecache.DefaultDir()); err != nil {
		b.Fatal(err)
	}
	b.Logf("heuristic %v", time.Since(t0).Round(time.Millisecond))
	r.want = exactOptima(b, r.ps, r.goals, r.h)
	hist := map[int]int{}
	for _, w := range r.want {
		hist[w]++
	}
	b.Logf("optima: %v", hist)
}

// shiftMethod is one way of solving the scrambles; slow ones run on a
// subset of the larger puzzles.
type shiftMethod struct {
	name   string
	m      func() method
	slow   bool
	solver string // the back-end it needs, if any
}

// methods are the ways every scramble benchmark compares.
func (r *exactReference) methods() []shiftMethod {
	return []shiftMethod{
		{"ida", func() method { return searchMethod(search.Options{Goals: r.goals, Heuristic: r.h, Method: "ida"}) }, false, ""},
		{"search", func() method { return searchMethod(search.Options{}) }, false, ""},
		{"sat", func() method { return satMethod("gini") }, true, "gini"},
		{"sat-cadical", func() method { return satMethod("ext:cadical --sat") }, true, "ext:cadical --sat"},
		{"auto", func() method { return autoMethod }, false, "gini"},
	}
}

// start skips a method whose back-end is missing and prepares r.
func (r *exactReference) start(b *testing.B, mt shiftMethod) {
	if mt.solver != "" {
		if _, err := solvers.New(mt.solver); err != nil {
			b.Skipf("%s: %v", mt.solver, err)
		}
	}
	r.prepare(b)
}

func BenchmarkShiftScrambles(b *testing.B) {
	reborn := shift.Reborn()
	goals, _ := reborn.GoalStates(1000, 10_000_000)
	ref := &exactReference{p: reborn, goals: goals, ps: scrambles(b, reborn, instanceCount(b, 100),
		func(i int) int { return 5 + i%8 }, func(i int) uint64 { return uint64(1000 + i) })}
	timeout := instanceTimeout(b, 0)
	for _, mt := range ref.methods() {
		b.Run(mt.name, func(b *testing.B) {
			ref.start(b, mt)
			for i := 0; i < b.N; i++ {
				runMethod(b, ref.ps, ref.want, mt.m(), timeout)
			}
		})
	}
}

func BenchmarkShiftLoopover(b *testing.B) {
	for _, size := range [][2]int{{3, 3}, {4, 4}} {
		lo, err := shift.Loopover(size[0], size[1])
		if err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		ref := &exactReference{p: lo, goals: [][]int{lo.Goal.Target},
			ps: scrambles(b, lo, instanceCount(b, 100), func(int) int { return 100 }, func(i int) uint64 { return uint64(i) })}
		for _, mt := range ref.methods() {
			b.Run(name+"/"+mt.name, func(b *testing.B) {
				ref.start(b, mt)
				// On 4×4 the SAT methods take the first 10 instances, 120 s each.
				set, timeout := ref.ps, instanceTimeout(b, 0)
				if mt.slow && size[0]*size[1] >= 16 {
					set = ref.ps[:min(10, len(ref.ps))]
					timeout = instanceTimeout(b, 120*time.Second)
				}
				for i := 0; i < b.N; i++ {
					runMethod(b, set, ref.want[:len(set)], mt.m(), timeout)
				}
			})
		}
	}
}
