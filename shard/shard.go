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
// "auto" takes the index from the scheduler's environment: $JOB_COMPLETION_INDEX
// (N given as auto/N: a Job does not tell its completions), else
// $SLURM_ARRAY_TASK_ID minus $SLURM_ARRAY_TASK_MIN, with N from
// $SLURM_ARRAY_TASK_COUNT unless given.
// Round-robin rather than contiguous blocks keeps the shards' loads even
// when the cost of the items drifts with the index (puzzles of a file
// ordered by size), and needs no item count in advance.
//
// The package imports nothing of puzzlesat's.
package shard

import (
	"errors"
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

// Parse reads "I/N" with 0 ≤ I < N ≤ MaxCount, or "auto" / "auto/N"
// (I, and N when not given, from getenv: see the package doc); "" is the
// whole job. The index is 0-based, as $JOB_COMPLETION_INDEX and a Slurm
// array of 0-(N-1) give it. getenv is os.Getenv outside tests.
func Parse(s string, getenv func(string) string) (Shard, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Whole, nil
	}
	is, ns, hasN := strings.Cut(s, "/")
	is, ns = strings.TrimSpace(is), strings.TrimSpace(ns)
	n := 0
	if hasN {
		var err error
		if n, err = strconv.Atoi(ns); err != nil || n < 1 || n > MaxCount {
			return Shard{}, fmt.Errorf("bad shard %q: N must be a whole number in 1..%d", s, MaxCount)
		}
	}
	if is != "auto" {
		if !hasN {
			return Shard{}, fmt.Errorf("bad shard %q: want I/N, e.g. 0/4 (0-based index I of N shards), or auto", s)
		}
		i, err := strconv.Atoi(is)
		if err != nil || i < 0 || i >= n {
			return Shard{}, fmt.Errorf("bad shard %q: I must be a whole number in 0..%d (shards are 0-based)", s, n-1)
		}
		return Shard{i, n}, nil
	}
	i, n, err := fromEnv(n, getenv)
	if err != nil {
		return Shard{}, fmt.Errorf("shard %q: %w", s, err)
	}
	if n < 1 || n > MaxCount || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("shard %q: index %d of %d shards is out of range (0-based)", s, i, n)
	}
	return Shard{i, n}, nil
}

// fromEnv reads the index, and the count when n is 0, from a batch
// scheduler's environment.
func fromEnv(n int, getenv func(string) string) (int, int, error) {
	num := func(name string) (int, bool, error) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return 0, false, nil
		}
		x, err := strconv.Atoi(v)
		if err != nil {
			return 0, false, fmt.Errorf("%s=%q is not a whole number", name, v)
		}
		return x, true, nil
	}
	if idx, ok, err := num("JOB_COMPLETION_INDEX"); err != nil || ok {
		if err == nil && n == 0 {
			err = errors.New("with JOB_COMPLETION_INDEX, give the number of shards as auto/N (the Job's completions)")
		}
		return idx, n, err
	}
	id, ok, err := num("SLURM_ARRAY_TASK_ID")
	if err != nil {
		return 0, 0, err
	}
	if !ok {
		return 0, 0, errors.New("auto: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set")
	}
	lo, _, err := num("SLURM_ARRAY_TASK_MIN")
	if err != nil {
		return 0, 0, err
	}
	if n == 0 {
		count, ok, err := num("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return 0, 0, err
		}
		if !ok {
			return 0, 0, errors.New("SLURM_ARRAY_TASK_COUNT is not set; give auto/N")
		}
		n = count
	}
	return id - lo, n, nil
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
