package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// permRank numbers the permutations of 0..n-1 (Lehmer code).
func permRank(s []int) int {
	r := 0
	for i := range s {
		smaller := 0
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				smaller++
			}
		}
		r = r*(len(s)-i) + smaller
	}
	return r
}

type godsResult struct {
	dist     []int8
	far      int
	farState []int
}

var (
	godsMu    sync.Mutex
	godsCache = map[string]godsResult{}
)

// godsNumber does a full breadth-first search from the solved Loopover
// (distinct tokens) and returns every state's distance by rank, the
// largest distance and one state at it.
func godsNumber(t *testing.T, p *shift.Puzzle) ([]int8, int, []int) {
	t.Helper()
	godsMu.Lock()
	defer godsMu.Unlock()
	key := shift.Format(p)
	if r, ok := godsCache[key]; ok {
		return r.dist, r.far, r.farState
	}
	n := p.NumCells()
	size := 1
	for i := 2; i <= n; i++ {
		size *= i
	}
	dist := make([]int8, size)
	for i := range dist {
		dist[i] = -1
	}
	dist[permRank(p.Goal.Target)] = 0
	layer := [][]int{p.Goal.Target}
	far, farState := 0, p.Goal.Target
	for d := 1; len(layer) > 0; d++ {
		var next [][]int
		for _, s := range layer {
			for _, m := range p.Moves {
				c := m.Apply(s)
				if r := permRank(c); dist[r] < 0 {
					dist[r] = int8(d)
					next = append(next, c)
					far, farState = d, c
				}
			}
		}
		layer = next
	}
	godsCache[key] = godsResult{dist, far, farState}
	return dist, far, farState
}

func solveAll(t *testing.T, p *shift.Puzzle, opt Options) map[string]*Result {
	t.Helper()
	out := map[string]*Result{}
	for _, m := range []string{"bfs", "ida", "auto"} {
		o := opt
		o.Method = m
		r, err := Solve(context.Background(), p, o)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		out[m] = r
	}
	return out
}

func checkSolution(t *testing.T, p *shift.Puzzle, r *Result) {
	t.Helper()
	s := p.Start
	for _, m := range r.Moves {
		s = p.Moves[m].Apply(s)
	}
	if !p.IsGoal(s) {
		t.Errorf("%s: the moves do not reach a goal", r.Method)
	}
	if r.LowerBound != len(r.Moves) {
		t.Errorf("%s: lower bound %d for %d moves", r.Method, r.LowerBound, len(r.Moves))
	}
}

func TestLoopoverGodsNumbers(t *testing.T) {
	tests := []struct {
		rows, cols int
		want       int
	}{
		{2, 2, 4},
		{2, 3, -1}, // no published figure: the methods must match the full search
		{3, 3, 8},
	}
	for _, tt := range tests {
		p, err := shift.Loopover(tt.rows, tt.cols)
		if err != nil {
			t.Fatal(err)
		}
		_, far, farState := godsNumber(t, p)
		if tt.want >= 0 && far != tt.want {
			t.Errorf("%dx%d: God's number %d, want %d", tt.rows, tt.cols, far, tt.want)
		}
		q := p.Clone()
		q.Start = farState
		for m, r := range solveAll(t, q, Options{}) {
			if r.Status != Optimal || len(r.Moves) != far {
				t.Errorf("%dx%d %s: %v %d moves, want optimal %d", tt.rows, tt.cols, m, r.Status, len(r.Moves), far)
			}
			checkSolution(t, q, r)
		}
	}
}

func TestLoopoverRandomAgainstFullBFS(t *testing.T) {
	p, _ := shift.Loopover(3, 3)
	dist, _, _ := godsNumber(t, p)
	goals := [][]int{p.Goal.Target}
	h, err := NewHeuristic(context.Background(), p, goals, 100_000, 2, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 12; i++ {
		q, _, err := shift.Scramble(p, 4+i, rng)
		if err != nil {
			t.Fatal(err)
		}
		want := int(dist[permRank(q.Start)])
		for m, r := range solveAll(t, q, Options{Goals: goals, Heuristic: h}) {
			if r.Status != Optimal || len(r.Moves) != want {
				t.Errorf("scramble %d %s: %v %d moves, want %d", i, m, r.Status, len(r.Moves), want)
			}
			checkSolution(t, q, r)
		}
	}
}

func TestRebornScramblesMethodsAgree(t *testing.T) {
	p := shift.Reborn()
	goals, _ := p.GoalStates(1000, 10_000_000)
	// A small heuristic keeps the test quick: the best abstraction of at
	// most 300,000 states.
	h, err := NewHeuristic(context.Background(), p, goals, 300_000, 1, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 6; i++ {
		q, moves, err := shift.Scramble(p, 4+i%3, rng)
		if err != nil {
			t.Fatal(err)
		}
		rs := solveAll(t, q, Options{Goals: goals, Heuristic: h})
		for m, r := range rs {
			checkSolution(t, q, r)
			if r.Status != Optimal || len(r.Moves) > len(moves) || len(r.Moves) != len(rs["bfs"].Moves) {
				t.Errorf("scramble %d (%d moves) %s: %v %d moves; bfs %d", i, len(moves), m, r.Status, len(r.Moves), len(rs["bfs"].Moves))
			}
		}
	}
}

func TestMaxStepsAndUnreachable(t *testing.T) {
	p, _ := shift.Loopover(3, 3)
	_, _, far := godsNumber(t, p)
	q := p.Clone()
	q.Start = far
	for m, r := range solveAll(t, q, Options{MaxSteps: 7}) {
		if r.Status != NoSolutionWithin || r.LowerBound != 8 {
			t.Errorf("%s: %v lower bound %d, want no-solution-within, 8", m, r.Status, r.LowerBound)
		}
	}
	// Three tokens and a 3-cycle only: the odd arrangement is unreachable.
	odd, err := shift.Parse("odd", []byte("start\nb a c\ntarget\na b c\nmove rot (r1c1 r1c2 r1c3)\n"))
	if err != nil {
		t.Fatal(err)
	}
	for m, r := range solveAll(t, odd, Options{}) {
		if r.Status != Unreachable {
			t.Errorf("%s: %v, want unreachable", m, r.Status)
		}
	}
	// Already solved.
	for m, r := range solveAll(t, p, Options{}) {
		if r.Status != Optimal || len(r.Moves) != 0 {
			t.Errorf("solved %s: %v %d moves", m, r.Status, len(r.Moves))
		}
	}
}

func TestPDBAdmissible(t *testing.T) {
	p, _ := shift.Loopover(3, 3)
	dist, _, _ := godsNumber(t, p)
	goals := [][]int{p.Goal.Target}
	// Tokens 1..4 kept, the rest blank.
	classOf := []int{1, 2, 3, 4, 0, 0, 0, 0, 0}
	d, err := BuildPDB(context.Background(), p, goals, classOf, 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.Size(), 9*8*7*6; got != want {
		t.Errorf("size %d, want %d", got, want)
	}
	checkAdmissible(t, p, dist, d.H, rand.New(rand.NewPCG(5, 6)), 3000, "the heuristic")
	if _, err := BuildPDB(context.Background(), p, goals, classOf, 1000); err == nil {
		t.Error("limit 1000 not enforced")
	}
}

// checkAdmissible shuffles p's start n times and checks that h never
// exceeds a state's distance (dist, from godsNumber) and that it is exact
// on some state; what names h in the failure.
func checkAdmissible(t *testing.T, p *shift.Puzzle, dist []int8, h func([]int) int, rng *rand.Rand, n int, what string) {
	t.Helper()
	s := append([]int(nil), p.Start...)
	tight := 0
	for i := 0; i < n; i++ {
		rng.Shuffle(len(s), func(a, b int) { s[a], s[b] = s[b], s[a] })
		real := int(dist[permRank(s)])
		if real < 0 {
			continue // odd permutations are unreachable (every Loopover move is a 3-cycle)
		}
		have := h(s)
		if have > real {
			t.Fatalf("h(%v) = %d > distance %d", s, have, real)
		}
		if have == real {
			tight++
		}
	}
	if tight == 0 {
		t.Errorf("%s is never exact", what)
	}
}

func TestRanker(t *testing.T) {
	for _, counts := range [][]int{{3, 2, 2}, {0, 1, 1, 1}, {6, 3, 3}, {2, 1, 1, 1, 1, 2}} {
		r, ok := newRanker(counts)
		if !ok {
			t.Fatal("too big")
		}
		n := 0
		for _, c := range counts {
			n += c
		}
		s := make([]uint8, n)
		for x := uint64(0); x < r.total; x++ {
			r.unrank(x, s)
			if got := r.rank(s); got != x {
				t.Fatalf("%v: unrank %d gives %v, ranked %d", counts, x, s, got)
			}
		}
	}
}

func TestValuePartitions(t *testing.T) {
	p := shift.Reborn()
	goals, _ := p.GoalStates(1000, 10_000_000)
	parts := ValuePartitions(len(p.Values), goals)
	label := func(part [][]int) string {
		s := ""
		for _, o := range part {
			s += "{"
			for i, v := range o {
				if i > 0 {
					s += ","
				}
				s += p.Values[v]
			}
			s += "}"
		}
		return s
	}
	var got []string
	for _, part := range parts {
		got = append(got, label(part))
	}
	want := map[string]bool{
		"{1,9}{2,8}{3,7}{4,6}{5}":     false, // v ↦ 10-v
		"{1,3,7,9}{2,4,6,8}{5}":       false, // the whole group
		"{1}{2}{3}{4}{5}{6}{7}{8}{9}": false,
	}
	for _, g := range got {
		if _, ok := want[g]; ok {
			want[g] = true
		}
	}
	for w, found := range want {
		if !found {
			t.Errorf("partition %s missing from %v", w, got)
		}
	}
	lo, _ := shift.Loopover(2, 3)
	if parts := ValuePartitions(len(lo.Values), [][]int{lo.Goal.Target}); len(parts) != 1 || len(parts[0]) != 6 {
		t.Errorf("loopover: %v, want singletons only", parts)
	}
}

func ExampleSolve() {
	p, _ := shift.Loopover(2, 2)
	q, _, _ := shift.Scramble(p, 3, rand.New(rand.NewPCG(1, 2)))
	r, _ := Solve(context.Background(), q, Options{})
	fmt.Println(r.Status, len(r.Moves))
	// Output: optimal 3
}

// TestBFSBudgetCountsStoredStates: MaxStates bounds the states stored, so
// a budget of exactly the states a search stores lets it finish. The
// budget is looked at every 65,536 states of a frontier; a forward search
// from Loopover 3×3's farthest position has larger frontiers than that,
// and a check that counted the next frontier besides the states stored
// (its states are stored too) stopped it short.
func TestBFSBudgetCountsStoredStates(t *testing.T) {
	p, err := shift.Loopover(3, 3)
	if err != nil {
		t.Fatal(err)
	}
	_, far, farState := godsNumber(t, p)
	p.Start = farState
	ctx := context.Background()
	// No goal states: the search goes forward only, to the solved grid.
	full, err := bfs(ctx, p, Options{MaxSteps: 30, MaxStates: 1 << 30}, nil)
	if err != nil || full.Status != Optimal || len(full.Moves) != far {
		t.Fatalf("unbounded: %v, %v %d moves, want optimal %d", err, full.Status, len(full.Moves), far)
	}
	tight, err := bfs(ctx, p, Options{MaxSteps: 30, MaxStates: full.States}, nil)
	if err != nil || tight.Status != Optimal || tight.States != full.States {
		t.Errorf("MaxStates %d: %v, %v after %d states; want optimal after %d", full.States, err, tight.Status, tight.States, full.States)
	}
}

// TestPairCodec: states of up to 128 bits survive the two-word key,
// values straddling the words included (Loopover 5×5: 25 cells of 5 bits).
func TestPairCodec(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 25))
	for _, tc := range []struct{ base, n int }{{25, 25}, {16, 32}, {9, 18}, {2, 100}, {36, 21}} {
		b, ok := fitsPair(tc.base, tc.n)
		if !ok {
			t.Fatalf("%d cells of %d values do not fit", tc.n, tc.base)
		}
		c := pair{b, tc.n}
		s, back := make([]uint8, tc.n), make([]uint8, tc.n)
		for range 1000 {
			for i := range s {
				s[i] = uint8(rng.IntN(tc.base))
			}
			c.dec(c.enc(s), back)
			if !slices.Equal(s, back) {
				t.Fatalf("%v came back as %v", s, back)
			}
		}
	}
	if _, ok := fitsPair(36, 26); ok {
		t.Error("26 cells of 6 bits fit 128 bits")
	}
}
