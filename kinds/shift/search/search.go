// Package search finds shortest move sequences of shift puzzles by exact
// search, as the baseline that cross-checks the SAT optima.
//
// Two methods: a bidirectional breadth-first search from the start and
// from every goal arrangement (when the goal arrangements can be
// enumerated; forward only otherwise), and IDA* with pattern databases.
// The breadth-first search expands whole layers, smaller frontier first,
// so the first layer that meets the other side gives the optimum, and a
// search that stops after depths f and b without meeting proves that no
// solution has f+b moves or fewer. IDA* bounds g+h with h the maximum of
// pattern databases over abstractions that keep some classes of values
// (see ValueOrbits), and skips the move words shift.Canon excludes.
//
// The default ("auto") runs IDA* with walking distances straight away
// where they apply (Loopover up to 5×5, whose 22 million count matrices
// are ranked perfectly, a byte each; with a tile database beside them,
// tiles.go, carried in the program for Loopover 4×4, and for the other
// boards up to 16 cells when `shift tables` has built it);
// else, for a puzzle with symmetries (cell maps of its picture
// with value maps that carry moves onto moves and goals onto goals:
// Reborn has 16), IDA* over a ball of exact goal distances kept up to
// symmetry (ball.go; Reborn: radius 5, 1.5 million keys for 23 million
// states, 0.6 s of CPU a process); otherwise the breadth-first search up
// to a state budget, continuing with IDA* from the lower bound it proved.
//
// The walking distances' tables and the ball are built once per machine
// and kept in the user's cache folder (package tablecache: checksummed,
// rebuilt when missing or damaged), so a process reads them (Loopover 4×4:
// two files of 91 KB; Reborn's ball: 17.6 MB) instead of building them.
package search

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"time"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search/tablecache"
)

// Status is the outcome of a search.
type Status int

const (
	// Unknown: the search stopped (state budget or context) before an
	// answer; LowerBound still holds.
	Unknown Status = iota
	// Optimal: Moves is a shortest solution.
	Optimal
	// NoSolutionWithin: no solution has MaxSteps moves or fewer.
	NoSolutionWithin
	// Unreachable: the whole reachable state space was explored and no
	// goal state is in it.
	Unreachable
)

func (s Status) String() string {
	switch s {
	case Optimal:
		return "optimal"
	case NoSolutionWithin:
		return "no-solution-within"
	case Unreachable:
		return "unreachable"
	}
	return "unknown"
}

// Options bound a search. Zero values mean the defaults.
type Options struct {
	// MaxSteps is the longest solution looked for (default 30).
	MaxSteps int
	// MaxStates caps the states stored on both sides (default 1.5e8,
	// roughly 3 GB).
	MaxStates int
	// Goals are the goal arrangements, when the caller has them already;
	// otherwise Solve enumerates them (up to 100000) or searches forward
	// only.
	Goals [][]int
	// Method is "bfs", "ida", "ball" or "auto" (default): IDA* with
	// walking distances where they apply, else IDA* over the ball of goal
	// distances for a puzzle with symmetries, else breadth-first up to
	// BFSStates stored states, then IDA*.
	Method string
	// BFSStates is the state budget of the breadth-first phase of "auto"
	// (default 10,000,000, about 650 MB, when a state fits one word;
	// 2,000,000 when it takes two, as Loopover 5×5's do, else 1,000,000;
	// with the garbage collector's headroom, 4M two-word states peaked at
	// 515 MB):
	// Reborn's bidirectional search meets after 8.2 million states in
	// 4.3 s, where IDA* after 3 million took 20 s, most of it building its
	// pattern databases.
	BFSStates int
	// Heuristic is reused when set; otherwise IDA* builds one with up to
	// MaxPDBs (default 2) pattern databases of up to PDBStates (default
	// 4,000,000) states each.
	Heuristic *Heuristic
	MaxPDBs   int
	PDBStates int
	// Workers is the number of threads IDA* with walking distances
	// searches on (≤ 1: one; see idapar.go). "auto" runs two where the
	// walking distances are ranked (Loopover 5×5) and there are two CPUs.
	Workers int
	// TableDir is where the heuristic's tables are cached between
	// processes (see package tablecache); "" is the user's cache folder
	// (tablecache.DefaultDir).
	TableDir string
	// OnLowerBound, when set, is called from the search's goroutine with
	// every lower bound IDA* proves as it deepens (every solution has at
	// least that many moves), in increasing order: what lets a side
	// beside it (SAT deepening in package hybrid) see that it is behind.
	OnLowerBound func(int)
	// childByChild: IDA* reads each child's walking distances as it
	// visits it, not a node's children in one batch (see expand); for
	// the test that the two search alike.
	childByChild bool
}

// provedBound tells opt.OnLowerBound of a bound proven, when it is set
// and the bound is a real one.
func (opt Options) provedBound(b int) {
	if opt.OnLowerBound != nil && b > 0 && b < unreachable {
		opt.OnLowerBound(b)
	}
}

// wdStates is the most count matrices a walking distance of "auto" has
// (Loopover 5×5: 22,069,251, one byte each, built once per machine).
const wdStates = 32_000_000

// ballBudget is the most canonical keys the perimeter search's ball holds
// (72 MB of table while it is built; Reborn's radius 5 holds 1.5 million).
const ballBudget = 4_000_000

// tableDir is the cache folder of opt.
func (opt Options) tableDir() string {
	if opt.TableDir != "" {
		return opt.TableDir
	}
	return tablecache.DefaultDir()
}

// Result is a search's answer.
type Result struct {
	Status Status
	// Moves are move indices of an optimal solution (Status Optimal).
	Moves []int
	// LowerBound: every solution has at least this many moves.
	LowerBound int
	// States is the number of states stored, Forward and Backward the
	// depths reached on each side.
	States            int
	Forward, Backward int
	// Nodes is the number of IDA* nodes.
	Nodes   int
	Method  string
	Elapsed time.Duration
}

// Solve searches p for a shortest solution.
func Solve(ctx context.Context, p *shift.Puzzle, opt Options) (*Result, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if len(p.Moves) >= 255 {
		return nil, fmt.Errorf("search: %d moves (at most 254)", len(p.Moves))
	}
	// A run past its deadline (or stopped) before it starts gives no
	// answer, however quick the search would be: a small puzzle whose
	// tables are cached could otherwise finish without ever looking.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if opt.MaxSteps <= 0 {
		opt.MaxSteps = 30
	}
	if opt.MaxStates <= 0 {
		opt.MaxStates = 150_000_000
	}
	goals := opt.Goals
	if goals == nil {
		if gs, ok := p.GoalStates(100000, 20_000_000); ok {
			goals = gs
		}
	}
	switch opt.Method {
	case "bfs":
		return bfs(ctx, p, opt, goals)
	case "ida":
		return ida0(ctx, p, opt, goals, 0)
	case "ball":
		if goals == nil || !fitsBall(len(p.Values), p.NumCells()) {
			return nil, fmt.Errorf("search: method ball needs enumerable goals and states of 58 bits")
		}
		return solveBall(ctx, p, opt, goals, newBallSetup(p, goals), ballBudget, 0)
	case "", "auto":
	default:
		return nil, fmt.Errorf("search: unknown method %q (want bfs, ida, ball or auto)", opt.Method)
	}
	if opt.Heuristic == nil && goals != nil {
		// Walking distances are cheap and strong where they apply: the
		// breadth-first phase would only spend its budget (Loopover 4×4:
		// 3 million states reach 10 moves of the 14 a scramble needs).
		wds, err := NewWalkingDistances(ctx, p, wdStates, opt.tableDir())
		if err != nil {
			return nil, err
		}
		if wds != nil {
			opt.Heuristic = &Heuristic{WDs: wds, Tiles: CachedTileDB(p, opt.tableDir())}
		}
	}
	if h := opt.Heuristic; h != nil && len(h.WDs) > 0 && len(h.PDBs) == 0 && goals != nil {
		// Walking distances, built here or handed in (the shortest
		// solution's proof reads them once for this search and the
		// best-found search beside it).
		if h.WDs[0].rk != nil && opt.Workers == 0 {
			opt.Workers = min(2, runtime.GOMAXPROCS(0))
		}
		return ida0(ctx, p, opt, goals, 0)
	}
	if opt.Heuristic == nil && goals != nil && fitsBall(len(p.Values), p.NumCells()) {
		// Symmetric puzzles (Reborn: 16 symmetries) keep a ball of
		// distances 16 times the states it stores; see ball.go.
		if st := newBallSetup(p, goals); len(st.syms) > 1 {
			return solveBall(ctx, p, opt, goals, st, ballBudget, 0)
		}
	}
	t0 := time.Now()
	bo := opt
	bo.MaxStates = opt.BFSStates
	if bo.MaxStates <= 0 {
		bo.MaxStates = 1_000_000
		if _, ok := fitsPair(len(p.Values), p.NumCells()); ok {
			bo.MaxStates = 2_000_000
		}
		if fitsRadix(len(p.Values), p.NumCells()) {
			bo.MaxStates = 10_000_000
		}
	}
	r, err := bfs(ctx, p, bo, goals)
	if err != nil || r.Status != Unknown || goals == nil {
		return r, err
	}
	r2, err := ida0(ctx, p, opt, goals, r.LowerBound)
	if r2 == nil {
		// Stopped while building the heuristic: the breadth-first bound
		// stands.
		r.Elapsed = time.Since(t0)
		return r, err
	}
	r2.Method = "bfs+ida"
	r2.States = r.States
	r2.Forward, r2.Backward = r.Forward, r.Backward
	if r2.Status == Unknown {
		r2.LowerBound = max(r2.LowerBound, r.LowerBound)
	}
	r2.Elapsed = time.Since(t0)
	return r2, err
}

func ida0(ctx context.Context, p *shift.Puzzle, opt Options, goals [][]int, lb int) (*Result, error) {
	h := opt.Heuristic
	if h == nil {
		if goals == nil {
			h = &Heuristic{}
		} else {
			limit, maxPDBs := opt.PDBStates, opt.MaxPDBs
			if limit <= 0 {
				limit = 4_000_000
			}
			if maxPDBs <= 0 {
				maxPDBs = 2
			}
			var err error
			if h, err = NewHeuristic(ctx, p, goals, limit, maxPDBs, opt.tableDir()); err != nil {
				return nil, err
			}
		}
	}
	return runIDA(ctx, p, opt, goals, h, lb)
}

func bfs(ctx context.Context, p *shift.Puzzle, opt Options, goals [][]int) (*Result, error) {
	n := p.NumCells()
	if fitsRadix(len(p.Values), n) {
		return run[uint64](ctx, p, opt, goals, radix{uint64(len(p.Values)), n})
	}
	if b, ok := fitsPair(len(p.Values), n); ok {
		return run[[2]uint64](ctx, p, opt, goals, pair{b, n})
	}
	return run[string](ctx, p, opt, goals, bytesCodec{})
}

// root marks a state stored without a parent move.
const root = 255

type side[K comparable] struct {
	seen     map[K]uint8 // state → the move that reached it (root: none)
	frontier []K
	depth    int
	inverse  bool // backward side: children are predecessors
}

func run[K comparable](ctx context.Context, p *shift.Puzzle, opt Options, goals [][]int, cd codec[K]) (*Result, error) {
	t0 := time.Now()
	n := p.NumCells()
	nm := len(p.Moves)
	fwdSrc := make([][]int, nm) // forward move m: new[c] = old[src[c]]
	invSrc := make([][]int, nm) // its inverse
	for m, mv := range p.Moves {
		fwdSrc[m] = mv.Src
		invSrc[m] = mv.Inverse()
	}
	// skip[a][b]: the word a·b equals the identity or one move, so the
	// child it gives is already stored one layer up or in this layer.
	skip := make([][]bool, nm)
	for a := range skip {
		skip[a] = make([]bool, nm)
		for b := 0; b < nm; b++ {
			prod := make([]int, n)
			for c := range prod {
				prod[c] = fwdSrc[a][fwdSrc[b][c]]
			}
			if isIdentity(prod) {
				skip[a][b] = true
				continue
			}
			for m := 0; m < nm; m++ {
				if equal(prod, fwdSrc[m]) {
					skip[a][b] = true
				}
			}
		}
	}
	res := &Result{Method: "bfs"}
	buf := make([]uint8, n)
	enc := func(s []int) K {
		for i, v := range s {
			buf[i] = uint8(v)
		}
		return cd.enc(buf)
	}
	fw := &side[K]{seen: map[K]uint8{}}
	startKey := enc(p.Start)
	fw.seen[startKey] = root
	fw.frontier = []K{startKey}
	var bw *side[K]
	if goals != nil {
		bw = &side[K]{seen: map[K]uint8{}, inverse: true}
		for _, g := range goals {
			k := enc(g)
			if _, dup := bw.seen[k]; !dup {
				bw.seen[k] = root
				bw.frontier = append(bw.frontier, k)
			}
		}
		if len(goals) == 0 {
			res.Status, res.LowerBound = Unreachable, 0
			res.Elapsed = time.Since(t0)
			return res, nil
		}
	}
	isGoal := func(k K) bool {
		if bw != nil {
			_, ok := bw.seen[k]
			return ok
		}
		st := make([]int, n)
		cd.dec(k, buf)
		for i := range st {
			st[i] = int(buf[i])
		}
		return p.IsGoal(st)
	}
	done := func() *Result {
		res.States = len(fw.seen)
		res.Forward = fw.depth
		if bw != nil {
			res.States += len(bw.seen)
			res.Backward = bw.depth
		}
		res.Elapsed = time.Since(t0)
		return res
	}
	finish := func(meet K) *Result {
		st := make([]uint8, n)
		tmp := make([]uint8, n)
		// walk follows the moves seen stores from meet until root,
		// undoing each by src (its move's inverse or the move itself),
		// and returns them in the order met.
		walk := func(seen map[K]uint8, src [][]int, moves []int) []int {
			for k := meet; ; {
				m := seen[k]
				if m == root {
					return moves
				}
				moves = append(moves, int(m))
				cd.dec(k, st)
				for c := range tmp {
					tmp[c] = st[src[m][c]]
				}
				k = cd.enc(tmp)
			}
		}
		// Forward half: walk back to the start.
		pre := walk(fw.seen, invSrc, nil)
		slices.Reverse(pre)
		// Backward half: follow the stored moves to a goal.
		if bw != nil {
			pre = walk(bw.seen, fwdSrc, pre)
		}
		res.Status = Optimal
		res.Moves = pre
		res.LowerBound = len(pre)
		return done()
	}
	if isGoal(startKey) {
		res.Status, res.Moves = Optimal, []int{}
		return done(), nil
	}
	for {
		reached := fw.depth
		if bw != nil {
			reached += bw.depth
		}
		res.LowerBound = reached + 1
		if reached >= opt.MaxSteps {
			res.Status = NoSolutionWithin
			return done(), nil
		}
		// Expand the smaller frontier (forward only without goals).
		s, other := fw, bw
		if bw != nil && len(bw.frontier) < len(fw.frontier) {
			s, other = bw, fw
		}
		if len(s.frontier) == 0 {
			res.Status = Unreachable
			res.LowerBound = 0
			return done(), nil
		}
		last := reached+1 >= opt.MaxSteps // no need to store the last layer
		srcs := fwdSrc
		if s.inverse {
			srcs = invSrc
		}
		cur := make([]uint8, n)
		child := make([]uint8, n)
		var next []K
		for i, k := range s.frontier {
			// Every 4096 states (some milliseconds): an interrupt stops
			// the run well within a second even on a busy machine.
			if i&0xfff == 0 {
				if err := ctx.Err(); err != nil {
					return done(), err
				}
				if len(fw.seen)+lenSeen(bw) > opt.MaxStates {
					return done(), nil
				}
			}
			cd.dec(k, cur)
			pm := s.seen[k]
			for m := 0; m < nm; m++ {
				if pm != root {
					if !s.inverse && skip[pm][m] || s.inverse && skip[m][pm] {
						continue
					}
				}
				src := srcs[m]
				for c := range child {
					child[c] = cur[src[c]]
				}
				ck := cd.enc(child)
				if _, ok := s.seen[ck]; ok {
					continue
				}
				hit := false
				if other != nil {
					_, hit = other.seen[ck]
				} else {
					hit = isGoal(ck)
				}
				if hit || !last {
					s.seen[ck] = uint8(m)
				}
				if hit {
					s.depth++
					return finish(ck), nil
				}
				if !last {
					next = append(next, ck)
				}
			}
		}
		s.frontier = next
		s.depth++
		if last {
			res.LowerBound = opt.MaxSteps + 1
			res.Status = NoSolutionWithin
			r := done()
			return r, nil
		}
	}
}

func lenSeen[K comparable](s *side[K]) int {
	if s == nil {
		return 0
	}
	return len(s.seen)
}

func isIdentity(p []int) bool {
	for i, x := range p {
		if i != x {
			return false
		}
	}
	return true
}

func equal(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
