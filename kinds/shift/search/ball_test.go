package search

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// TestSymmetriesOfReborn: the picture's flips and grid swaps with v ↦ 10−v
// are Reborn's 16 symmetries, each carrying moves onto moves and goals
// onto goals.
func TestSymmetriesOfReborn(t *testing.T) {
	p := shift.Reborn()
	goals, _ := p.GoalStates(1000, 10_000_000)
	syms := symmetries(p, goals)
	if len(syms) != 16 {
		t.Fatalf("%d symmetries, want 16", len(syms))
	}
	for i, sy := range syms {
		if i == 0 && (!isIdentityPerm(sy.cell) || !isIdentityVal(sy.val)) {
			t.Errorf("the first symmetry is not the identity")
		}
		// Moving then mapping equals mapping then moving the image move.
		s := p.Start
		img := apply(sy, s)
		for _, mv := range p.Moves {
			after := apply(sy, mv.Apply(s))
			found := false
			for _, mv2 := range p.Moves {
				if equal(mv2.Apply(img), after) {
					found = true
				}
			}
			if !found {
				t.Errorf("symmetry %d: move %s has no image", i, mv.Name)
			}
		}
	}
	// Loopover 3×3 (tokens 1..9): the half turn with v ↦ 10−v.
	lo, _ := shift.Loopover(3, 3)
	if syms := symmetries(lo, [][]int{lo.Goal.Target}); len(syms) != 2 || !equal(apply(syms[1], lo.Goal.Target), lo.Goal.Target) || syms[1].cell[0] != 8 {
		t.Errorf("Loopover 3×3: %d symmetries, want the identity and the half turn", len(syms))
	}
}

func isIdentityPerm(p []int) bool { return isIdentity(p) }

func apply(sy symmetry, s []int) []int {
	t := make([]int, len(s))
	for c, v := range s {
		t[sy.cell[c]] = int(sy.val[v])
	}
	return t
}

// TestBallDistancesExact: the ball's distance of a state, looked up by its
// canonical key, is its breadth-first distance from the goal set for every
// state within the radius, and states one layer further are outside.
func TestBallDistancesExact(t *testing.T) {
	p := shift.Reborn()
	goals, _ := p.GoalStates(1000, 10_000_000)
	st := newBallSetup(p, goals)
	if !st.canon.mirror || st.canon.ns != 8 {
		t.Errorf("Reborn's keys: %d tracked (mirror %v), want 8 and their complements", st.canon.ns, st.canon.mirror)
	}
	b, err := buildBall(context.Background(), p, goals, st, 2_000)
	if err != nil {
		t.Fatal(err)
	}
	if b.radius != 2 || b.complete {
		t.Fatalf("radius %d (complete %v), want 2 for a budget of 2,000", b.radius, b.complete)
	}
	b = b.repack()
	// Plain breadth-first search from the goals, without symmetries.
	dist := map[string]int{}
	var layer [][]int
	for _, g := range goals {
		if _, ok := dist[key(g)]; !ok {
			dist[key(g)] = 0
			layer = append(layer, g)
		}
	}
	for d := 1; d <= b.radius+1; d++ {
		var next [][]int
		for _, s := range layer {
			for _, mv := range p.Moves {
				c := mv.Apply(s)
				if _, ok := dist[key(c)]; !ok {
					dist[key(c)] = d
					next = append(next, c)
				}
			}
		}
		layer = next
	}
	keys := make([]uint64, st.canon.ns)
	buf := make([]uint8, p.NumCells())
	checked := 0
	for k, d := range dist {
		for i := range buf {
			buf[i] = k[i]
		}
		st.canon.keys(buf, keys)
		got := b.get(st.canon.min(keys))
		want := d
		if d > b.radius {
			want = -1
		}
		if got != want {
			t.Fatalf("state at distance %d: ball says %d", d, got)
		}
		checked++
	}
	if checked < 150_000 {
		t.Errorf("only %d states checked", checked)
	}
}

func key(s []int) string {
	b := make([]byte, len(s))
	for i, v := range s {
		b[i] = byte(v)
	}
	return string(b)
}

// TestBallAgreesWithBFS: the perimeter search's optimum equals the
// bidirectional breadth-first search's (the previous solver) on Reborn
// scrambles of 4 to 9 moves, from a small ball (radius 3, optima up to 7)
// so that IDA* does the rest, and from the default one.
func TestBallAgreesWithBFS(t *testing.T) {
	p := shift.Reborn()
	goals, _ := p.GoalStates(1000, 10_000_000)
	st := newBallSetup(p, goals)
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(36, 5))
	for i := 0; i < 8; i++ {
		q, moves, err := shift.Scramble(p, 4+i%6, rng)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Solve(context.Background(), q, Options{Goals: goals, Method: "bfs"})
		if err != nil || want.Status != Optimal {
			t.Fatalf("bfs: %v %v", want, err)
		}
		for _, budget := range []int{20_000, ballBudget} {
			if budget < ballBudget && len(want.Moves) > 7 {
				continue // radius 3: IDA* would look 5 and more moves out
			}
			r, err := solveBall(context.Background(), q, Options{MaxSteps: 30, TableDir: dir}, goals, st, budget, 0)
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, q, r)
			if r.Status != Optimal || len(r.Moves) != len(want.Moves) {
				t.Errorf("scramble %d (%d moves), ball of %d: %v %d moves, bfs %d", i, len(moves), budget, r.Status, len(r.Moves), len(want.Moves))
			}
		}
	}
	// The embedded default through Solve: the 11-move optimum.
	r, err := Solve(context.Background(), p, Options{TableDir: dir})
	if err != nil || r.Status != Optimal || len(r.Moves) != 11 || r.Method != "ball" {
		t.Fatalf("Reborn: %+v %v, want optimal in 11 moves by the ball", r, err)
	}
	checkSolution(t, p, r)
	// Max steps below the optimum: the bound is proved, nothing found.
	for _, steps := range []int{3, 9} {
		r, err = Solve(context.Background(), p, Options{TableDir: dir, MaxSteps: steps})
		if err != nil || r.Status != NoSolutionWithin || r.LowerBound != steps+1 {
			t.Errorf("Reborn within %d: %+v %v, want no solution, lower bound %d", steps, r, err, steps+1)
		}
	}
}

// TestBallTableDamaged: a damaged ball file is rebuilt, and a payload of
// another layout is refused rather than read.
func TestBallTableDamaged(t *testing.T) {
	p := shift.Reborn()
	goals, _ := p.GoalStates(1000, 10_000_000)
	st := newBallSetup(p, goals)
	dir := t.TempDir()
	first, err := loadBall(context.Background(), p, goals, st, 20_000, dir)
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("%d files in the cache, want 1", len(entries))
	}
	path := dir + "/" + entries[0].Name()
	data, _ := os.ReadFile(path)
	data[len(data)-5] ^= 0x40
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := loadBall(context.Background(), p, goals, st, 20_000, dir)
	if err != nil || again.count != first.count || again.radius != first.radius {
		t.Fatalf("after damage: %v, %d keys radius %d; want %d keys radius %d", err, again.count, again.radius, first.count, first.radius)
	}
	payload := first.marshal()
	for _, bad := range [][]byte{nil, payload[:15], payload[:len(payload)-8], append(payload[:len(payload):len(payload)], 0)} {
		if _, err := unmarshalBall(bad); err == nil {
			t.Errorf("a payload of %d bytes (of %d) was read", len(bad), len(payload))
		}
	}
	if b, err := unmarshalBall(payload); err != nil || b.count != first.count {
		t.Errorf("the good payload: %v", err)
	}
}

// TestBallWholeSpace: a ball that takes in every state reachable from
// the goals proves the others unreachable, the goal itself needs no move,
// and the rest get their distance.
func TestBallWholeSpace(t *testing.T) {
	const moves = "move rot (r1c1 r1c2 r1c3)\nmove tor (r1c3 r1c2 r1c1)\n"
	tests := []struct {
		start  string
		status Status
		length int
	}{
		{"2 1 3", Unreachable, 0}, // odd: 3-cycles cannot reach it
		{"1 2 3", Optimal, 0},
		{"3 1 2", Optimal, 1},
	}
	for _, tt := range tests {
		p, err := shift.Parse("line", []byte("start\n"+tt.start+"\ntarget\n1 2 3\n"+moves))
		if err != nil {
			t.Fatal(err)
		}
		goals := [][]int{p.Goal.Target}
		// Reverse the line and map v to 4−v: the goal is its own image.
		if n := len(symmetries(p, goals)); n != 2 {
			t.Fatalf("%d symmetries, want 2", n)
		}
		r, err := Solve(context.Background(), p, Options{TableDir: t.TempDir()})
		if err != nil || r.Method != "ball" || r.Status != tt.status || len(r.Moves) != tt.length {
			t.Errorf("start %s: %+v %v, want %v in %d moves by the ball", tt.start, r, err, tt.status, tt.length)
		}
		if r != nil && r.Status == Optimal {
			checkSolution(t, p, r)
		}
	}
}
