package human

import (
	"fmt"
	"math/bits"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// MaxDomain is the largest domain a Cands can hold.
const MaxDomain = 64

// Count is the number of candidates.
func (c Cands) Count() int { return bits.OnesCount64(uint64(c)) }

// Single returns the only candidate, if there is exactly one.
func (c Cands) Single() (int, bool) {
	if c.Count() != 1 {
		return -1, false
	}
	return bits.TrailingZeros64(uint64(c)), true
}

// Without returns c with value j removed.
func (c Cands) Without(j int) Cands { return c &^ (1 << uint(j)) }

// Values lists the candidates in ascending order.
func (c Cands) Values() []int {
	var vs []int
	for x := uint64(c); x != 0; x &= x - 1 {
		vs = append(vs, bits.TrailingZeros64(x))
	}
	return vs
}

// Only is the candidate set holding value j alone.
func Only(j int) Cands { return 1 << uint(j) }

// Full returns the starting candidates for unknowns with the given domain
// sizes: every value possible.
func Full(sizes []int) ([]Cands, error) {
	cs := make([]Cands, len(sizes))
	for i, n := range sizes {
		if n < 1 || n > MaxDomain {
			return nil, fmt.Errorf("human: unknown %d: domain size %d outside 1..%d", i, n, MaxDomain)
		}
		if n == MaxDomain {
			cs[i] = ^Cands(0)
		} else {
			cs[i] = Cands(1)<<uint(n) - 1
		}
	}
	return cs, nil
}

// FullFor returns the starting candidates of a problem's unknowns.
func FullFor(p puzzle.Problem) ([]Cands, error) {
	vars := p.Vars()
	sizes := make([]int, len(vars))
	for i, v := range vars {
		sizes[i] = len(v.Domain)
	}
	return Full(sizes)
}

// Values returns, for each unknown, its value if it has exactly one
// candidate and -1 otherwise.
func Values(cs []Cands) puzzle.Assignment {
	a := make(puzzle.Assignment, len(cs))
	for i, c := range cs {
		a[i], _ = c.Single()
	}
	return a
}
