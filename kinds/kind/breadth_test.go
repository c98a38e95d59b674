package kind_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/kinds/toymoves"
)

func rotor(t *testing.T, start string) kind.MovesPuzzle {
	t.Helper()
	p, err := toymoves.Parse("test", []byte("rotor\nstart "+start+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBreadthFirst: the optimum, the bound it proves when there is none
// within maxSteps, and what a cancelled run has proven.
func TestBreadthFirst(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name     string
		ctx      context.Context
		start    string
		maxSteps int
		status   kind.Status
		length   int // of the solution, when optimal
		lb       int
		err      error
	}{
		{"solved", context.Background(), "1 2 3", 5, kind.Optimal, 0, 0, nil},
		{"one swap", context.Background(), "2 1 3", 5, kind.Optimal, 1, 1, nil},
		{"one rotation", context.Background(), "3 1 2", 5, kind.Optimal, 1, 1, nil},
		{"none within 1", context.Background(), "1 3 2", 1, kind.NoSolutionWithin, 0, 2, nil},
		{"cancelled", cancelled, "1 3 2", 5, kind.Unknown, 0, 1, context.Canceled},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := rotor(t, tc.start)
			res, err := kind.BreadthFirst(tc.ctx, p, tc.maxSteps)
			if !errors.Is(err, tc.err) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			if res.Status != tc.status || res.LowerBound != tc.lb {
				t.Fatalf("%s with lower bound %d, want %s with %d", res.Status, res.LowerBound, tc.status, tc.lb)
			}
			if res.Status != kind.Optimal {
				return
			}
			if len(res.Moves) != tc.length || res.Proof != kind.ProofSearch {
				t.Fatalf("%d moves proven by %q, want %d by the search", len(res.Moves), res.Proof, tc.length)
			}
			s := p.Start()
			for _, m := range res.Moves {
				s = p.Apply(s, m)
			}
			if !p.IsGoal(s) {
				t.Errorf("the moves %v end in %v, not the goal", res.Moves, s)
			}
		})
	}
}

// TestScramble: the walk replays from the start to the scramble's start,
// and no move undoes the one before.
func TestScramble(t *testing.T) {
	p := rotor(t, "1 2 3 4 5")
	for seed := range uint64(20) {
		q, walk, err := kind.Scramble(p, 8, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		states, err := p.Replay(walk)
		if err != nil || len(walk) != 8 {
			t.Fatalf("seed %d: walk %v (%v), want 8 moves", seed, walk, err)
		}
		if !slices.Equal(states[len(states)-1], q.Start()) {
			t.Errorf("seed %d: the walk ends in %v, the scramble starts at %v", seed, states[len(states)-1], q.Start())
		}
		for i := 2; i < len(states); i++ {
			if slices.Equal(states[i], states[i-2]) {
				t.Errorf("seed %d: move %d (%s) undoes the one before", seed, i, walk[i-1])
			}
		}
	}
}
