// Package shard splits a numbered job among machines with no coordinator:
// shard I of N (0 ≤ I < N) takes the items whose index is I modulo N, so
// N independent runs, each given its own I, together do exactly what one
// run does, and any batch scheduler that hands out an index can run them:
// Kubernetes Indexed Jobs ($JOB_COMPLETION_INDEX), Slurm job arrays
// ($SLURM_ARRAY_TASK_ID, $SLURM_ARRAY_TASK_COUNT), GNU parallel ({%} or
// a sequence).
//
// Every command with --shard (generate, check, grade, crosscheck) reads it
// with Parse and selects with Has, so they all split a job the same way.
// Round-robin rather than contiguous blocks keeps the shards' loads even
// when the cost of the items drifts with the index (puzzles of a file
// ordered by size), and needs no item count in advance.
//
// The package imports nothing of puzzlesat's.
package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is shard Index of Count. The zero value is the whole job (0 of 1).
type Shard struct {
	Index, Count int
}

// Whole is the whole job: one shard that takes every item.
var Whole = Shard{0, 1}

// MaxCount bounds the number of shards (a typo such as "3/1000000000000"
// is more likely than a million machines).
const MaxCount = 1 << 20

// Parse reads "I/N" with 0 ≤ I < N ≤ MaxCount; "" is the whole job.
// The index is 0-based, as $JOB_COMPLETION_INDEX and a Slurm array of
// 0-(N-1) give it.
func Parse(s string) (Shard, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Whole, nil
	}
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("bad shard %q: want I/N, e.g. 0/4 (0-based index I of N shards)", s)
	}
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	switch {
	case err1 != nil || err2 != nil:
		return Shard{}, fmt.Errorf("bad shard %q: want I/N with whole numbers, e.g. 0/4", s)
	case n < 1 || n > MaxCount:
		return Shard{}, fmt.Errorf("bad shard %q: the shard count must be 1..%d", s, MaxCount)
	case i < 0 || i >= n:
		return Shard{}, fmt.Errorf("bad shard %q: the index must be 0..%d (0-based)", s, n-1)
	}
	return Shard{i, n}, nil
}

// norm maps the zero value to Whole.
func (s Shard) norm() Shard {
	if s.Count <= 0 {
		return Whole
	}
	return s
}

// Has reports whether item i (0-based) belongs to the shard.
func (s Shard) Has(i int) bool {
	s = s.norm()
	return i >= 0 && i%s.Count == s.Index
}

// IsWhole reports whether the shard takes every item.
func (s Shard) IsWhole() bool { return s.norm().Count == 1 }

// Size is the number of items of 0..total-1 the shard takes.
func (s Shard) Size(total int) int {
	s = s.norm()
	if total <= s.Index {
		return 0
	}
	return (total-s.Index-1)/s.Count + 1
}

// Items returns the items of 0..total-1 the shard takes, ascending.
func (s Shard) Items(total int) []int {
	s = s.norm()
	out := make([]int, 0, s.Size(total))
	for i := s.Index; i < total; i += s.Count {
		out = append(out, i)
	}
	return out
}

// String is "I/N".
func (s Shard) String() string {
	s = s.norm()
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}
