package cubes

import (
	"bytes"
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	encshift "github.com/puzzlesat/puzzlesat/kinds/shift/cnf"
	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/kinds/shift/search"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/shard"
)

func newGini() (sat.Solver, error) { return gini.New(), nil }

// roundTrip writes f and reads it back.
func roundTrip(t *testing.T, f *File) *File {
	t.Helper()
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	g, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// wholeDepth answers depth k of p at once on one solver, for comparison.
func wholeDepth(t *testing.T, p *shift.Puzzle, k int) sat.Status {
	t.Helper()
	enc, _ := encshift.Lookup("layers")
	s := gini.New()
	d, err := encshift.NewExtended(enc, p, s, encshift.Options{MaxSteps: k}, k)
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.Solve(context.Background(), d.Assume(k)...)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestShardsAgree: for every depth up to the optimum of seeded scrambles,
// the cubes written and read back, solved in 1 and in 3 shards and
// merged, give the one-machine answer (the depth refuted at once exactly
// when every cube is), and the optimum depth is solved with moves of the
// exact search's length.
func TestShardsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("a scale-out run in miniature, every depth sharded, seconds: skipped by -short")
	}
	rng := rand.New(rand.NewPCG(41, 42))
	lo, _ := shift.Loopover(2, 3)
	var ps []*shift.Puzzle
	for _, moves := range []int{3, 4} {
		q, _, err := shift.Scramble(shift.Reborn(), moves, rng)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, q)
	}
	q, _, _ := shift.Scramble(lo, 12, rng)
	ps = append(ps, q)
	enc, _ := encshift.Lookup("layers")
	for _, p := range ps {
		r, err := search.Solve(context.Background(), p, search.Options{Method: "bfs"})
		if err != nil || r.Status != search.Optimal {
			t.Fatalf("%s: exact search %v %v", p.Name, r, err)
		}
		opt := len(r.Moves)
		for k := 0; k <= opt; k++ {
			built, err := Build(p, k, enc)
			if err != nil {
				t.Fatal(err)
			}
			f := roundTrip(t, built)
			want := Refuted
			if wholeDepth(t, p, k) == sat.Sat {
				want = Solved
			}
			if (want == Solved) != (k == opt) {
				t.Fatalf("%s depth %d: one machine says %s, exact optimum %d", p.Name, k, want, opt)
			}
			for _, n := range []int{1, 3} {
				var results []*ShardResult
				for i := range n {
					res, err := SolveShard(context.Background(), f, shard.Shard{Index: i, Count: n}, newGini)
					if err != nil {
						t.Fatal(err)
					}
					results = append(results, res)
				}
				v, err := Merge(f, results)
				if err != nil {
					t.Fatal(err)
				}
				if v.Status != want {
					t.Errorf("%s depth %d, %d shards: %s, one machine %s", p.Name, k, n, v.Status, want)
				}
				if want == Solved && len(v.Moves) != opt {
					t.Errorf("%s depth %d: %d moves", p.Name, k, len(v.Moves))
				}
				if want == Refuted && v.Refuted != len(f.Cubes) {
					t.Errorf("%s depth %d: %d of %d cubes refuted", p.Name, k, v.Refuted, len(f.Cubes))
				}
			}
		}
	}
}

func TestMergeIncompleteAndForeign(t *testing.T) {
	enc, _ := encshift.Lookup("layers")
	p, _, _ := shift.Scramble(shift.Reborn(), 5, rand.New(rand.NewPCG(3, 3)))
	f, err := Build(p, 2, enc)
	if err != nil {
		t.Fatal(err)
	}
	one, err := SolveShard(context.Background(), f, shard.Shard{Index: 0, Count: 2}, newGini)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Merge(f, []*ShardResult{one})
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != Incomplete || len(v.Missing) == 0 || v.Missing[0] != 1 {
		t.Errorf("half the shards: %s, missing %v; want incomplete from cube 1", v.Status, v.Missing)
	}
	other, err := Build(p, 3, enc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Merge(other, []*ShardResult{one}); err == nil {
		t.Error("a shard of depth 2 merged into depth 3")
	}
	lying := *one
	lying.Answers = append([]Answer(nil), one.Answers...)
	lying.Answers[0].Status = sat.Sat.String()
	if _, err := Merge(f, []*ShardResult{one, &lying}); err == nil {
		t.Error("two answers for a cube that disagree were merged")
	}
	if _, err := Merge(f, []*ShardResult{&lying}); err == nil {
		t.Error("a satisfiable cube without a solution was merged")
	}
}

func TestReadRejects(t *testing.T) {
	enc, _ := encshift.Lookup("layers")
	f, err := Build(shift.Reborn(), 2, enc)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	lastCube := strings.LastIndex(good, "\na ")
	tests := []struct {
		name, text, want string
	}{
		{"not a cubes file", "p cnf 1 1\n1 0\n", "not a puzzlesat cubes file"},
		{"a changed literal", strings.Replace(good, "\n1 ", "\n-1 ", 1), "the file was changed"},
		{"truncated", good[:lastCube+1], "truncated"},
		{"another hash", regexp.MustCompile(`(?m)^c fingerprint fnv128a:[0-9a-f]+$`).ReplaceAllString(good, "c fingerprint sha256:00"), "not of the fnv128a scheme"},
		{"no zero", good[:len(good)-3] + "\n", "must end in 0"},
	}
	for _, tt := range tests {
		_, err := Read(strings.NewReader(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}
