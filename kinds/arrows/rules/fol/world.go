package fol

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"

	arrows "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
)

// Nil is the value of nil, OOB and of any undefined term. Arithmetic on
// Nil gives Nil, comparisons with it are false, and Nil = Nil is true.
const Nil = math.MinInt32

// World is the fixed geometry of one puzzle, shared by every state of a
// solve. It is immutable after NewWorld and safe for concurrent use.
type World struct {
	P      *arrows.Puzzle
	N, M   int     // cells, values
	rays   [][]int // per cell, the cells it points at, nearest first
	rayIdx []int16 // rayIdx[p*N+q]: index of q on p's ray, or -1
	behind []int
	dir    []int
}

// NewWorld precomputes p's geometry.
func NewWorld(p *arrows.Puzzle) *World {
	n := p.NumRows * p.NumCols
	w := &World{P: p, N: n, M: p.NumValues(), rays: make([][]int, n), rayIdx: make([]int16, n*n),
		behind: make([]int, n), dir: make([]int, n)}
	for i := range w.rayIdx {
		w.rayIdx[i] = -1
	}
	for i := 0; i < n; i++ {
		w.rays[i] = append([]int(nil), p.Ray(i)...)
		for k, q := range w.rays[i] {
			w.rayIdx[i*n+q] = int16(k)
		}
		w.behind[i] = p.Behind(i)
		w.dir[i] = int(p.Dir(i))
	}
	return w
}

// Ray returns the cells cell p points at (shared; do not modify).
func (w *World) Ray(p int) []int { return w.rays[p] }

// State is a candidate grid over a World with per-cell summaries the
// functions read. Build one per evaluation with NewState.
type State struct {
	W *World
	// C[i] bit v: value v is still a candidate of cell i.
	C         []uint64
	val       []int    // single candidate or Nil
	aheadFree []int    // cells on the ray without a value
	seen      []uint64 // values fixed on the ray
	union     []uint64 // union of the candidates on the ray

	// Work bounds (see Limit): bindings made so far, the most allowed,
	// the context polled, and why the evaluation stopped.
	steps  int
	budget int
	ctx    context.Context
	err    error
}

// DefaultBudget bounds the variable bindings one evaluation of a condition
// may make: about a second of interpretation. A hostile condition with six
// free position variables would otherwise run for hours.
const DefaultBudget = 1 << 26

// ErrBudget is the error of an evaluation that went over its budget.
var ErrBudget = errors.New("condition went over its work bound")

// Limit bounds the evaluations on s: they stop, with Err set, when ctx ends
// or after budget variable bindings (≤ 0: no bound). A stopped evaluation
// yields no further witnesses, so nothing is concluded from a part-run.
func (s *State) Limit(ctx context.Context, budget int) {
	s.ctx, s.budget = ctx, budget
}

// Err is why the last evaluation stopped early: the context's error or
// ErrBudget (wrapped with the bound); nil when it ran to the end.
func (s *State) Err() error { return s.err }

// tick counts one binding and reports whether evaluation may go on; the
// context is polled every 1024 bindings, which costs nothing measurable.
func (s *State) tick() bool {
	s.steps++
	if s.steps&1023 != 0 || s.err != nil {
		return s.err == nil
	}
	switch {
	case s.budget > 0 && s.steps > s.budget:
		s.err = fmt.Errorf("%w of %d bindings", ErrBudget, s.budget)
	case s.ctx != nil && s.ctx.Err() != nil:
		s.err = s.ctx.Err()
	}
	return s.err == nil
}

// bind counts a binding and sets e[slot] = v when evaluation may go on
// (see tick); every loop over a variable's values binds through it.
func (s *State) bind(e []int, slot, v int) bool {
	if !s.tick() {
		return false
	}
	e[slot] = v
	return true
}

// Fork returns a state over the same candidates and summaries as s (shared,
// not copied) with its own work bounds, unlimited until Limit: one summary
// serves every rule evaluated on one candidate grid, each evaluation
// counting and stopping on its own, concurrently if need be.
func (s *State) Fork() *State {
	return &State{W: s.W, C: s.C, val: s.val, aheadFree: s.aheadFree, seen: s.seen, union: s.union}
}

// NewState summarises the candidates c (not copied: do not modify c while
// the state is in use).
func NewState(w *World, c []uint64) *State {
	s := &State{W: w, C: c, val: make([]int, w.N), aheadFree: make([]int, w.N),
		seen: make([]uint64, w.N), union: make([]uint64, w.N)}
	for i, x := range c {
		s.val[i] = Nil
		if bits.OnesCount64(x) == 1 {
			s.val[i] = bits.TrailingZeros64(x)
		}
	}
	for p := 0; p < w.N; p++ {
		for _, q := range w.rays[p] {
			if v := s.val[q]; v == Nil {
				s.aheadFree[p]++
			} else {
				s.seen[p] |= 1 << uint(v)
			}
			s.union[p] |= c[q]
		}
	}
	return s
}

func validPos(s *State, p int) bool { return p >= 0 && p < s.W.N }

func candidate(s *State, p, i int) bool {
	return validPos(s, p) && i >= 0 && i < 64 && s.C[p]&(1<<uint(i)) != 0
}

// args are the arguments of a function or relation (at most three),
// passed by value so that a call allocates nothing.
type args [3]int

// function implementations, by name.
var funcImpl = map[string]func(s *State, a args) int{
	"next": func(s *State, a args) int {
		if !validPos(s, a[0]) || len(s.W.rays[a[0]]) == 0 {
			return Nil
		}
		return s.W.rays[a[0]][0]
	},
	"val": func(s *State, a args) int {
		if !validPos(s, a[0]) {
			return Nil
		}
		return s.val[a[0]]
	},
	"dir": func(s *State, a args) int {
		if !validPos(s, a[0]) {
			return Nil
		}
		return s.W.dir[a[0]]
	},
	"ahead": func(s *State, a args) int {
		if !validPos(s, a[0]) {
			return 0
		}
		return len(s.W.rays[a[0]])
	},
	"behind": func(s *State, a args) int {
		if !validPos(s, a[0]) {
			return 0
		}
		return s.W.behind[a[0]]
	},
	"ahead_free": func(s *State, a args) int {
		if !validPos(s, a[0]) {
			return 0
		}
		return s.aheadFree[a[0]]
	},
	"between_free": func(s *State, a args) int {
		p, q := a[0], a[1]
		if !validPos(s, p) || !validPos(s, q) {
			return Nil
		}
		k := s.W.rayIdx[p*s.W.N+q]
		if k < 0 {
			return Nil
		}
		n := 0
		for _, r := range s.W.rays[p][:k] {
			if s.val[r] == Nil {
				n++
			}
		}
		return n
	},
	"sees_distinct": func(s *State, a args) int {
		if !validPos(s, a[0]) {
			return 0
		}
		return bits.OnesCount64(s.seen[a[0]])
	},
	"sees_distinct_candidates": func(s *State, a args) int {
		if !validPos(s, a[0]) {
			return 0
		}
		return bits.OnesCount64(s.union[a[0]])
	},
	"min_candidate": func(s *State, a args) int {
		if !validPos(s, a[0]) || s.C[a[0]] == 0 {
			return Nil
		}
		return bits.TrailingZeros64(s.C[a[0]])
	},
	"max_candidate": func(s *State, a args) int {
		if !validPos(s, a[0]) || s.C[a[0]] == 0 {
			return Nil
		}
		return 63 - bits.LeadingZeros64(s.C[a[0]])
	},
	"num_candidates": func(s *State, a args) int {
		if !validPos(s, a[0]) {
			return 0
		}
		return bits.OnesCount64(s.C[a[0]])
	},
}

// relation implementations, by name.
var relImpl = map[string]func(s *State, a args) bool{
	"points_at": func(s *State, a args) bool {
		return validPos(s, a[0]) && validPos(s, a[1]) && s.W.rayIdx[a[0]*s.W.N+a[1]] >= 0
	},
	"candidate": func(s *State, a args) bool { return candidate(s, a[0], a[1]) },
	"sees_value": func(s *State, a args) bool {
		return validPos(s, a[0]) && a[1] >= 0 && a[1] < 64 && s.seen[a[0]]&(1<<uint(a[1])) != 0
	},
	"may_see": func(s *State, a args) bool {
		return validPos(s, a[0]) && a[1] >= 0 && a[1] < 64 && s.union[a[0]]&(1<<uint(a[1])) != 0
	},
	"may_see_other": func(s *State, a args) bool {
		p, q, i := a[0], a[1], a[2]
		if !validPos(s, p) || i < 0 || i >= 64 {
			return false
		}
		for _, r := range s.W.rays[p] {
			if r != q && s.C[r]&(1<<uint(i)) != 0 {
				return true
			}
		}
		return false
	},
}
